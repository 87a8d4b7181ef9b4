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

export const VariantInput = Schema.Struct({
  sku: nonEmpty(100),
  price: MinorAmount,
  sale_price: optionalNullable(MinorAmount),
  stock: Count,
  threshold: optionalNullable(Count),
  last_restocked: optionalNullable(CalendarDate),
  variant_name: Schema.optional(text(200)),
  variant_attributes: Schema.optional(Attributes),
  is_default: Schema.optional(Schema.Boolean),
}).annotations({ identifier: "VariantInput" });
export type VariantInput = typeof VariantInput.Type;

export const VariantPatch = Schema.partial(VariantInput).annotations({ identifier: "VariantPatch" });
export type VariantPatch = typeof VariantPatch.Type;

export const MediaInput = Schema.Struct({
  url: Url,
  type: Schema.optional(Schema.Literal("image", "video")),
  alt_text: optionalNullable(text(300)),
  is_primary: Schema.optional(Schema.Boolean),
});

export const ShippingInfoInput = Schema.Struct({
  weight_grams: Schema.optional(Count),
  length_cm: Schema.optional(Count),
  width_cm: Schema.optional(Count),
  height_cm: Schema.optional(Count),
});

const productFields = {
  name: nonEmpty(200),
  description: optionalNullable(text(20_000)),
  category_id: optionalNullable(Schema.UUID),
  subcategory_id: optionalNullable(Schema.UUID),
  brand: optionalNullable(text(200)),
  thumbnail_url: optionalNullable(Url),
  media: Schema.optional(Schema.Array(MediaInput).pipe(Schema.maxItems(50))),
  slug: Schema.optional(Slug),
  seo_title: optionalNullable(text(300)),
  seo_description: optionalNullable(text(2_000)),
  seo_keywords: optionalNullable(text(500)),
  featured: Schema.optional(Schema.Boolean),
  featured_order: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000))),
  tags: optionalNullable(Schema.Array(nonEmpty(50)).pipe(Schema.maxItems(50))),
  attributes: Schema.optional(Attributes),
  shipping_info: Schema.optional(ShippingInfoInput),
  is_active: Schema.optional(Schema.Boolean),
};

export const ProductInput = Schema.Struct({
  ...productFields,
  variants: Schema.Array(VariantInput).pipe(Schema.minItems(1), Schema.maxItems(100)),
}).annotations({ identifier: "ProductInput" });
export type ProductInput = typeof ProductInput.Type;

export const ProductPatch = Schema.partial(Schema.Struct(productFields)).annotations({ identifier: "ProductPatch" });
export type ProductPatch = typeof ProductPatch.Type;

const categoryFields = {
  name: nonEmpty(200),
  description: optionalNullable(text(5_000)),
  image: optionalNullable(Url),
  active: Schema.optional(Schema.Boolean),
};
export const CategoryInput = Schema.Struct(categoryFields).annotations({ identifier: "CategoryInput" });
export type CategoryInput = typeof CategoryInput.Type;
export const CategoryPatch = Schema.partial(CategoryInput).annotations({ identifier: "CategoryPatch" });
export type CategoryPatch = typeof CategoryPatch.Type;

export const SubcategoryInput = Schema.Struct({ ...categoryFields, category_id: Schema.UUID }).annotations({ identifier: "SubcategoryInput" });
export type SubcategoryInput = typeof SubcategoryInput.Type;
export const SubcategoryPatch = Schema.partial(SubcategoryInput).annotations({ identifier: "SubcategoryPatch" });
export type SubcategoryPatch = typeof SubcategoryPatch.Type;

export const CollectionInput = Schema.Struct({
  name: nonEmpty(200),
  slug: Schema.optional(Slug),
  type: Schema.optional(nonEmpty(50)),
  description: optionalNullable(text(5_000)),
  is_active: Schema.optional(Schema.Boolean),
  show_on_homepage: Schema.optional(Schema.Boolean),
  display_priority: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(-1_000_000, 1_000_000))),
}).annotations({ identifier: "CollectionInput" });
export type CollectionInput = typeof CollectionInput.Type;
export const CollectionPatch = Schema.partial(CollectionInput).annotations({ identifier: "CollectionPatch" });
export type CollectionPatch = typeof CollectionPatch.Type;

export const CollectionItemsInput = Schema.Struct({
  items: Schema.Array(
    Schema.Struct({
      product_id: Schema.UUID,
      sort_order: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000))),
    }),
  ).pipe(Schema.maxItems(500)),
}).annotations({ identifier: "CollectionItemsInput" });
export type CollectionItemsInput = typeof CollectionItemsInput.Type;
