// The payloads of catalog writes as Schemas: the HTTP routes and the bulk import decode with
// the same descriptions, so both accept and refuse exactly the same things.
import { Schema } from "effect";
import { SLUG_PATTERN } from "../../domain/catalog/slug.js";

const text = (max: number) => Schema.String.pipe(Schema.maxLength(max));
const nonEmpty = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max));
const optionalNullable = <S extends Schema.Schema.Any>(schema: S) => Schema.optional(Schema.NullOr(schema));

/** Integer minor units (cents) of the store currency. */
export const MinorAmount = Schema.Number.pipe(Schema.int(), Schema.between(0, 1e13)).annotations({
  message: () => ({ message: "must be a whole number of minor units (cents) from 0", override: true }),
});
const Count = Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000_000)).annotations({
  message: () => ({ message: "must be a whole number from 0", override: true }),
});
const CalendarDate = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)).annotations({
  message: () => ({ message: "must be a date YYYY-MM-DD", override: true }),
});
const Url = Schema.String.pipe(Schema.maxLength(2048), Schema.pattern(/^https?:\/\/\S+$/)).annotations({
  message: () => ({ message: "must be an http(s) URL", override: true }),
});
const Attributes = Schema.Record({ key: text(50), value: text(200) });
export const Slug = Schema.String.pipe(Schema.pattern(SLUG_PATTERN)).annotations({
  message: () => ({ message: "must be 1-200 lowercase letters, digits and hyphens, starting with a letter or digit", override: true }),
});

/** A tax class name (docs/taxes.md, "Tax classes"); it must have a rate in every tax zone of the store, unless `zero` or `exempt`. */
const TaxClassName = Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_-]{0,39}$/)).annotations({
  message: () => ({ message: "must be a tax class: 1 to 40 lower-case letters, digits, '_' or '-', starting with a letter", override: true }),
});

export const VariantInput = Schema.Struct({
  sku: Schema.propertySignature(nonEmpty(100)).annotations({ description: "Stock-keeping unit, unique in the store." }),
  price: Schema.propertySignature(MinorAmount).annotations({ description: "Regular price in integer minor units of the store's base currency (e.g. 150000 = 1,500.00 KES)." }),
  sale_price: optionalNullable(MinorAmount).annotations({ description: "Sale price in integer minor units of the store's base currency; null or absent when not on sale." }),
  stock: Schema.propertySignature(Count).annotations({ description: "Units in stock." }),
  threshold: optionalNullable(Count).annotations({ description: "Stock level at or below which the variant is low on stock (emits product.stock_low); null for none." }),
  last_restocked: optionalNullable(CalendarDate).annotations({ description: "Date of the last restock (YYYY-MM-DD)." }),
  variant_name: Schema.optional(text(200)).annotations({ description: "The variant's name." }),
  variant_attributes: Schema.optional(Attributes).annotations({ description: "The variant's attributes by name (for example size and colour)." }),
  is_default: Schema.optional(Schema.Boolean).annotations({ description: "True for the variant lists show; the first variant when none is marked." }),
  tax_class: optionalNullable(TaxClassName).annotations({
    description: "The variant's own tax class (standard, reduced, zero, exempt or one the store names), overriding the product's; null or absent to use the product's. Every tax zone must rate it (422 tax_rate_missing otherwise).",
  }),
}).annotations({ identifier: "VariantInput" });
export type VariantInput = typeof VariantInput.Type;

export const VariantPatch = Schema.partial(VariantInput).annotations({ identifier: "VariantPatch" });
export type VariantPatch = typeof VariantPatch.Type;

export const MediaInput = Schema.Struct({
  url: Schema.propertySignature(Url).annotations({ description: "The file's http(s) URL." }),
  type: Schema.optional(Schema.Literal("image", "video")).annotations({ description: "Whether it is an image or a video." }),
  alt_text: optionalNullable(text(300)).annotations({ description: "Text describing the image." }),
  is_primary: Schema.optional(Schema.Boolean).annotations({ description: "True for the product's main image." }),
});

export const ShippingInfoInput = Schema.Struct({
  weight_grams: Schema.optional(Count).annotations({ description: "Packed weight in grams." }),
  length_cm: Schema.optional(Count).annotations({ description: "Packed length in centimetres." }),
  width_cm: Schema.optional(Count).annotations({ description: "Packed width in centimetres." }),
  height_cm: Schema.optional(Count).annotations({ description: "Packed height in centimetres." }),
});

const productFields = {
  name: Schema.propertySignature(nonEmpty(200)).annotations({ description: "The product's name." }),
  description: optionalNullable(text(20_000)).annotations({ description: "The product's description." }),
  category_id: optionalNullable(Schema.UUID).annotations({ description: "The product's category." }),
  subcategory_id: optionalNullable(Schema.UUID).annotations({ description: "The product's subcategory (of its category)." }),
  brand: optionalNullable(text(200)).annotations({ description: "The brand." }),
  thumbnail_url: optionalNullable(Url).annotations({ description: "URL of the product's thumbnail image." }),
  media: Schema.optional(Schema.Array(MediaInput).pipe(Schema.maxItems(50))).annotations({ description: "The product's images and videos, in display order (replaces the old list)." }),
  slug: Schema.optional(Slug).annotations({ description: "URL-safe unique name; generated from the name when absent at creation." }),
  seo_title: optionalNullable(text(300)).annotations({ description: "Title for search engines." }),
  seo_description: optionalNullable(text(2_000)).annotations({ description: "Description for search engines." }),
  seo_keywords: optionalNullable(text(500)).annotations({ description: "Keywords for search engines." }),
  featured: Schema.optional(Schema.Boolean).annotations({ description: "True to feature the product." }),
  featured_order: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000))).annotations({ description: "Place among featured products (lowest first)." }),
  tags: optionalNullable(Schema.Array(nonEmpty(50)).pipe(Schema.maxItems(50))).annotations({ description: "Free-form tags." }),
  attributes: Schema.optional(Attributes).annotations({ description: "Product attributes by name (for example material)." }),
  shipping_info: Schema.optional(ShippingInfoInput).annotations({ description: "Packed weight and size, for shipping." }),
  is_active: Schema.optional(Schema.Boolean).annotations({ description: "False to retire the product (it is then not sold)." }),
  tax_class: optionalNullable(TaxClassName).annotations({
    description: "The product's tax class (standard, reduced, zero, exempt or one the store names); null or absent for standard. Every tax zone must rate it (422 tax_rate_missing otherwise).",
  }),
};

export const ProductInput = Schema.Struct({
  ...productFields,
  variants: Schema.propertySignature(Schema.Array(VariantInput).pipe(Schema.minItems(1), Schema.maxItems(100))).annotations({ description: "The product's variants (one for a simple product)." }),
}).annotations({ identifier: "ProductInput" });
export type ProductInput = typeof ProductInput.Type;

export const ProductPatch = Schema.partial(Schema.Struct(productFields)).annotations({ identifier: "ProductPatch" });
export type ProductPatch = typeof ProductPatch.Type;

/** A category's or subcategory's name (the bulk import names them by it). */
export const CategoryName = nonEmpty(200);

const categoryFields = {
  name: Schema.propertySignature(CategoryName).annotations({ description: "The name." }),
  description: optionalNullable(text(5_000)).annotations({ description: "The description." }),
  image: optionalNullable(Url).annotations({ description: "URL of an image." }),
  active: Schema.optional(Schema.Boolean).annotations({ description: "False to hide it from shoppers." }),
};
export const CategoryInput = Schema.Struct(categoryFields).annotations({ identifier: "CategoryInput" });
export type CategoryInput = typeof CategoryInput.Type;
export const CategoryPatch = Schema.partial(CategoryInput).annotations({ identifier: "CategoryPatch" });
export type CategoryPatch = typeof CategoryPatch.Type;

export const SubcategoryInput = Schema.Struct({
  ...categoryFields,
  category_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The category this subcategory belongs to." }),
}).annotations({ identifier: "SubcategoryInput" });
export type SubcategoryInput = typeof SubcategoryInput.Type;
export const SubcategoryPatch = Schema.partial(SubcategoryInput).annotations({ identifier: "SubcategoryPatch" });
export type SubcategoryPatch = typeof SubcategoryPatch.Type;

export const CollectionInput = Schema.Struct({
  name: Schema.propertySignature(nonEmpty(200)).annotations({ description: "The collection's name." }),
  slug: Schema.optional(Slug).annotations({ description: "URL-safe unique name; generated from the name when absent at creation." }),
  type: Schema.optional(nonEmpty(50)).annotations({ description: "The collection's kind, free text (default manual)." }),
  description: optionalNullable(text(5_000)).annotations({ description: "The collection's description." }),
  is_active: Schema.optional(Schema.Boolean).annotations({ description: "False to hide the collection from shoppers." }),
  show_on_homepage: Schema.optional(Schema.Boolean).annotations({ description: "True to show the collection on the home page." }),
  display_priority: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(-1_000_000, 1_000_000))).annotations({ description: "Order among collections (highest first)." }),
}).annotations({ identifier: "CollectionInput" });
export type CollectionInput = typeof CollectionInput.Type;
export const CollectionPatch = Schema.partial(CollectionInput).annotations({ identifier: "CollectionPatch" });
export type CollectionPatch = typeof CollectionPatch.Type;

export const CollectionItemsInput = Schema.Struct({
  items: Schema.propertySignature(Schema.Array(
    Schema.Struct({
      product_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The product." }),
      sort_order: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000))).annotations({ description: "Place in the collection (lowest first)." }),
    }),
  ).pipe(Schema.maxItems(500))).annotations({ description: "The collection's products in order (replaces the old list)." }),
}).annotations({ identifier: "CollectionItemsInput" });
export type CollectionItemsInput = typeof CollectionItemsInput.Type;
