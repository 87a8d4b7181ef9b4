// The catalog's answers as Schemas (spec 2.3 and 2.10), for the OpenAPI document and for
// tests that check answers against it.
import { Schema } from "effect";
import type { AllowedFields } from "../fields-projection.js";
import { leaves } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);
const StringRecord = Schema.Record({ key: Schema.String, value: Schema.String });

export const Media = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  type: Schema.Literal("image", "video"),
  position: Schema.Number,
  alt_text: NullableString,
  is_primary: Schema.Boolean,
}).annotations({ identifier: "Media" });

export const ShippingInfo = Schema.Struct({
  weight_grams: Schema.optional(Schema.Number),
  length_cm: Schema.optional(Schema.Number),
  width_cm: Schema.optional(Schema.Number),
  height_cm: Schema.optional(Schema.Number),
}).annotations({ identifier: "ShippingInfo" });

export const PriceRange = Schema.Struct({ min: Schema.Number, max: Schema.Number }).annotations({ identifier: "PriceRange" });

const productLevel = {
  product_id: Schema.String,
  name: Schema.String,
  description: NullableString,
  category_id: NullableString,
  category_name: NullableString,
  subcategory_id: NullableString,
  subcategory_name: NullableString,
  brand: NullableString,
  thumbnail_url: NullableString,
  media: Schema.Array(Media),
  product_slug: Schema.String,
  seo_title: NullableString,
  seo_description: NullableString,
  seo_keywords: NullableString,
  featured: Schema.Boolean,
  featured_order: Schema.Number,
  online_category: NullableString,
  tags: Schema.NullOr(Schema.Array(Schema.String)),
  attributes: StringRecord,
  shipping_info: ShippingInfo,
  created_at: Schema.String,
  updated_at: Schema.String,
  is_active: Schema.Boolean,
  display_currency: Schema.String,
  currency_symbol: Schema.String,
};

const variantLevel = {
  variant_id: Schema.String,
  sku: Schema.String,
  price: Schema.Number,
  sale_price: Schema.NullOr(Schema.Number),
  selling_price: Schema.Number,
  stock: Schema.Number,
  threshold: Schema.NullOr(Schema.Number),
  last_restocked: NullableString,
  variant_attributes: StringRecord,
  variant_name: Schema.String,
  is_default: Schema.Boolean,
};

const aggregates = {
  has_variants: Schema.Boolean,
  variant_count: Schema.NullOr(Schema.Number),
  total_stock: Schema.NullOr(Schema.Number),
  price_range: Schema.NullOr(PriceRange),
};

export const VariantRecord = Schema.Struct(variantLevel).annotations({ identifier: "Variant" });

export const ProductListRecord = Schema.Struct({ ...productLevel, ...variantLevel, ...aggregates }).annotations({
  identifier: "ProductListItem",
  description: "A flat product record with its default variant's data (spec 2.3 rule 1).",
});

export const ProductDetailRecord = Schema.Union(
  ProductListRecord,
  Schema.Struct({
    ...productLevel,
    has_variants: Schema.Literal(true),
    variant_count: Schema.Number,
    total_stock: Schema.Number,
    price_range: PriceRange,
    variants: Schema.Array(VariantRecord),
  }).annotations({ identifier: "MultiVariantProduct" }),
).annotations({
  identifier: "ProductDetail",
  description: "A simple product is flat; a multi-variant product has a `variants` array (spec 2.3 rules 2 and 3).",
});

const variantFieldNames = Object.keys(variantLevel);
export const PRODUCT_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(productLevel), ...variantFieldNames, "has_variants", "variant_count", "total_stock"),
  price_range: leaves("min", "max"),
  variants: leaves(...variantFieldNames),
};

export const Category = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: NullableString,
  image: NullableString,
  active: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "Category" });

export const Subcategory = Schema.Struct({ ...Category.fields, category_id: Schema.String }).annotations({ identifier: "Subcategory" });

export const CATEGORY_FIELDS = leaves(...Object.keys(Category.fields));
export const SUBCATEGORY_FIELDS = leaves(...Object.keys(Subcategory.fields));

export const Collection = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  type: Schema.String,
  description: NullableString,
  is_active: Schema.Boolean,
  show_on_homepage: Schema.Boolean,
  display_priority: Schema.Number,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "ProductCollection" });

export const CollectionProduct = Schema.Struct({
  id: Schema.String,
  inventory_id: Schema.String,
  online_name: Schema.String,
  online_description: NullableString,
  online_images: Schema.Array(Schema.String),
  online_price: Schema.Number,
  online_sale_price: Schema.NullOr(Schema.Number),
  online_stock: Schema.Number,
  is_online_enabled: Schema.Boolean,
  seo_title: NullableString,
  seo_description: NullableString,
  seo_keywords: NullableString,
  featured: Schema.Boolean,
  featured_order: Schema.Number,
  online_category: NullableString,
  tags: Schema.NullOr(Schema.Array(Schema.String)),
  attributes: StringRecord,
  shipping_info: ShippingInfo,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "CollectionProduct" });

export const CollectionItem = Schema.Struct({
  online_product_id: Schema.String,
  sort_order: Schema.Number,
  product: CollectionProduct,
}).annotations({ identifier: "CollectionItem" });
