// The catalog's answers as Schemas (docs/api/catalog.md, "Product shapes" and "Collections"), for
// the OpenAPI document and for tests that check answers against it.
import { Schema } from "effect";
import type { AllowedFields } from "../fields-projection.js";
import { leaves } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);
const StringRecord = Schema.Record({ key: Schema.String, value: Schema.String });

export const Media = Schema.Struct({
  id: Schema.String.annotations({ description: "The media item's id." }),
  url: Schema.String.annotations({ description: "The file's URL." }),
  type: Schema.Literal("image", "video").annotations({ description: "Whether it is an image or a video." }),
  position: Schema.Number.annotations({ description: "Order among the product's media (lowest first)." }),
  alt_text: NullableString.annotations({ description: "Text describing the image, or null." }),
  is_primary: Schema.Boolean.annotations({ description: "True for the product's main image." }),
}).annotations({ identifier: "Media" });

export const ShippingInfo = Schema.Struct({
  weight_grams: Schema.optional(Schema.Number).annotations({ description: "Packed weight in grams." }),
  length_cm: Schema.optional(Schema.Number).annotations({ description: "Packed length in centimetres." }),
  width_cm: Schema.optional(Schema.Number).annotations({ description: "Packed width in centimetres." }),
  height_cm: Schema.optional(Schema.Number).annotations({ description: "Packed height in centimetres." }),
}).annotations({ identifier: "ShippingInfo" });

export const PriceRange = Schema.Struct({
  min: Schema.Number.annotations({ description: "Lowest selling_price over the variants, in integer minor units of the store's base currency." }),
  max: Schema.Number.annotations({ description: "Highest selling_price over the variants, in integer minor units of the store's base currency." }),
}).annotations({ identifier: "PriceRange" });

/** Fields a product record and a collection's product share, in this order. */
const PRODUCT_META_FIELDS = {
  seo_title: NullableString.annotations({ description: "Title for search engines, or null." }),
  seo_description: NullableString.annotations({ description: "Description for search engines, or null." }),
  seo_keywords: NullableString.annotations({ description: "Keywords for search engines, or null." }),
  featured: Schema.Boolean.annotations({ description: "True when the product is featured." }),
  featured_order: Schema.Number.annotations({ description: "Place among featured products (lowest first)." }),
  online_category: NullableString.annotations({ description: "Category and subcategory names joined as `Category > Subcategory`, or null." }),
  tags: Schema.NullOr(Schema.Array(Schema.String)).annotations({ description: "Free-form tags, or null." }),
  attributes: StringRecord.annotations({ description: "Product attributes by name (for example material)." }),
  shipping_info: Schema.propertySignature(ShippingInfo).annotations({ description: "Packed weight and size, for shipping." }),
  created_at: Schema.String.annotations({ description: "When the product was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When the product was last changed (ISO 8601, UTC)." }),
};

const productLevel = {
  product_id: Schema.String.annotations({ description: "The product's id." }),
  name: Schema.String.annotations({ description: "The product's name." }),
  description: NullableString.annotations({ description: "The product's description, or null." }),
  category_id: NullableString.annotations({ description: "The product's category, or null." }),
  category_name: NullableString.annotations({ description: "The category's name, or null." }),
  subcategory_id: NullableString.annotations({ description: "The product's subcategory, or null." }),
  subcategory_name: NullableString.annotations({ description: "The subcategory's name, or null." }),
  brand: NullableString.annotations({ description: "The brand, or null." }),
  thumbnail_url: NullableString.annotations({ description: "URL of the product's thumbnail image, or null." }),
  media: Schema.Array(Media).annotations({ description: "The product's images and videos, in display order." }),
  product_slug: Schema.String.annotations({ description: "URL-safe unique name of the product (lower case, hyphens)." }),
  ...PRODUCT_META_FIELDS,
  is_active: Schema.Boolean.annotations({ description: "False once the product is retired: it is then not sold." }),
  tax_class: Schema.String.annotations({ description: "The product's tax class: standard, reduced, zero, exempt or one the store names (standard unless set). A variant's variant_tax_class overrides it." }),
  display_currency: Schema.String.annotations({ description: "Currency of the catalog prices (ISO 4217): the store's base currency." }),
  currency_symbol: Schema.String.annotations({ description: "Symbol of display_currency (for example KSh)." }),
};

const variantLevel = {
  variant_id: Schema.String.annotations({ description: "The variant's id." }),
  sku: Schema.String.annotations({ description: "The variant's stock-keeping unit, unique in the store." }),
  price: Schema.Number.annotations({ description: "Regular price in integer minor units of the store's base currency (e.g. 150000 = 1,500.00 KES)." }),
  sale_price: Schema.NullOr(Schema.Number).annotations({ description: "Sale price in integer minor units of the store's base currency, or null when not on sale." }),
  selling_price: Schema.Number.annotations({ description: "Price a customer pays before price rules, in integer minor units of the store's base currency: sale_price when on sale, else price." }),
  stock: Schema.Number.annotations({ description: "Units in stock." }),
  threshold: Schema.NullOr(Schema.Number).annotations({ description: "Stock level at or below which the variant is low on stock (product.stock_low), or null." }),
  last_restocked: NullableString.annotations({ description: "Date of the last restock (YYYY-MM-DD), or null." }),
  variant_attributes: StringRecord.annotations({ description: "The variant's attributes by name (for example size and colour)." }),
  variant_name: Schema.String.annotations({ description: "The variant's name." }),
  is_default: Schema.Boolean.annotations({ description: "True for the variant a list shows (a simple product's only variant)." }),
  variant_tax_class: NullableString.annotations({ description: "The variant's own tax class, overriding the product's tax_class, or null when it has none." }),
};

const aggregates = {
  has_variants: Schema.Boolean.annotations({ description: "True when the product has several variants (fetch it by id to see them)." }),
  variant_count: Schema.NullOr(Schema.Number).annotations({ description: "Number of variants, or null for a simple product." }),
  total_stock: Schema.NullOr(Schema.Number).annotations({ description: "Units in stock over all variants, or null for a simple product." }),
  price_range: Schema.NullOr(PriceRange).annotations({ description: "Lowest and highest selling_price over the variants, or null for a simple product." }),
};

export const VariantRecord = Schema.Struct(variantLevel).annotations({ identifier: "Variant" });

export const ProductListRecord = Schema.Struct({ ...productLevel, ...variantLevel, ...aggregates }).annotations({
  identifier: "ProductListItem",
  description: "A flat product record with its default variant's data.",
});

export const ProductDetailRecord = Schema.Union(
  ProductListRecord,
  Schema.Struct({
    ...productLevel,
    has_variants: Schema.Literal(true).annotations({ description: "Always true here: the product has several variants." }),
    variant_count: Schema.Number.annotations({ description: "Number of variants." }),
    total_stock: Schema.Number.annotations({ description: "Units in stock over all variants." }),
    price_range: Schema.propertySignature(PriceRange).annotations({ description: "Lowest and highest selling_price over the variants." }),
    variants: Schema.Array(VariantRecord).annotations({ description: "The product's variants, with their variant-level fields." }),
  }).annotations({ identifier: "MultiVariantProduct" }),
).annotations({
  identifier: "ProductDetail",
  description: "A simple product is flat; a multi-variant product has a `variants` array.",
});

const variantFieldNames = Object.keys(variantLevel);
export const PRODUCT_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(productLevel), ...variantFieldNames, "has_variants", "variant_count", "total_stock"),
  price_range: leaves("min", "max"),
  variants: leaves(...variantFieldNames),
};

export const Category = Schema.Struct({
  id: Schema.String.annotations({ description: "The category's id." }),
  name: Schema.String.annotations({ description: "The category's name." }),
  description: NullableString.annotations({ description: "The category's description, or null." }),
  image: NullableString.annotations({ description: "URL of the category's image, or null." }),
  active: Schema.Boolean.annotations({ description: "False when the category is hidden from shoppers." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "Category" });

export const Subcategory = Schema.Struct({
  ...Category.fields,
  id: Schema.String.annotations({ description: "The subcategory's id." }),
  name: Schema.String.annotations({ description: "The subcategory's name." }),
  description: NullableString.annotations({ description: "The subcategory's description, or null." }),
  image: NullableString.annotations({ description: "URL of the subcategory's image, or null." }),
  active: Schema.Boolean.annotations({ description: "False when the subcategory is hidden from shoppers." }),
  category_id: Schema.String.annotations({ description: "The category this subcategory belongs to." }),
}).annotations({ identifier: "Subcategory" });

export const CATEGORY_FIELDS = leaves(...Object.keys(Category.fields));
export const SUBCATEGORY_FIELDS = leaves(...Object.keys(Subcategory.fields));

export const Collection = Schema.Struct({
  id: Schema.String.annotations({ description: "The collection's id." }),
  name: Schema.String.annotations({ description: "The collection's name." }),
  slug: Schema.String.annotations({ description: "URL-safe unique name of the collection." }),
  type: Schema.String.annotations({ description: "The collection's kind, free text (default manual); the list filters on it." }),
  description: NullableString.annotations({ description: "The collection's description, or null." }),
  is_active: Schema.Boolean.annotations({ description: "False when the collection is hidden from shoppers." }),
  show_on_homepage: Schema.Boolean.annotations({ description: "True when the collection is shown on the home page." }),
  display_priority: Schema.Number.annotations({ description: "Order among collections (highest first)." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "ProductCollection" });

export const CollectionProduct = Schema.Struct({
  id: Schema.String.annotations({ description: "The product's id." }),
  inventory_id: Schema.String.annotations({ description: "The product's default variant." }),
  online_name: Schema.String.annotations({ description: "The product's name." }),
  online_description: NullableString.annotations({ description: "The product's description, or null." }),
  online_images: Schema.Array(Schema.String).annotations({ description: "URLs of the product's images, in display order." }),
  online_price: Schema.Number.annotations({ description: "Regular price of the default variant in integer minor units of the store's base currency." }),
  online_sale_price: Schema.NullOr(Schema.Number).annotations({ description: "Sale price of the default variant in integer minor units of the store's base currency, or null when not on sale." }),
  online_stock: Schema.Number.annotations({ description: "Units in stock over all variants." }),
  is_online_enabled: Schema.Boolean.annotations({ description: "False once the product is retired." }),
  ...PRODUCT_META_FIELDS,
}).annotations({ identifier: "CollectionProduct" });

export const CollectionItem = Schema.Struct({
  online_product_id: Schema.String.annotations({ description: "The product's id." }),
  sort_order: Schema.Number.annotations({ description: "Place in the collection (lowest first)." }),
  product: Schema.propertySignature(CollectionProduct).annotations({ description: "The product." }),
}).annotations({ identifier: "CollectionItem" });
