// Posts and lookbooks as Schemas (spec 2.11), for the OpenAPI document and for tests that check
// answers against it, with the names each `fields` parameter allows (spec 4.9).
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { PRODUCT_FIELDS, ProductListRecord } from "./catalog-schemas.js";

const NullableString = Schema.NullOr(Schema.String);

export const LookbookSummary = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  description: NullableString,
  featured_image: NullableString,
  collection_id: NullableString,
  published_at: NullableString,
  created_at: Schema.String,
}).annotations({ identifier: "LookbookSummary", description: "A lookbook without its images (lists, and the lookbooks of a post)." });

export const Hotspot = Schema.Struct({
  product_id: Schema.String,
  product_name: Schema.String,
  product_slug: Schema.String,
  x: Schema.Number.annotations({ description: "Whole percent of the image's width, from the left." }),
  y: Schema.Number.annotations({ description: "Whole percent of the image's height, from the top." }),
}).annotations({ identifier: "LookbookHotspot" });

export const LookbookImage = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  alt_text: NullableString,
  caption: NullableString,
  position: Schema.Number,
  hotspots: Schema.Array(Hotspot),
}).annotations({ identifier: "LookbookImage" });

export const Lookbook = Schema.Struct({ ...LookbookSummary.fields, images: Schema.Array(LookbookImage) }).annotations({
  identifier: "Lookbook",
});

export const PostSummary = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  excerpt: NullableString,
  featured_image: NullableString,
  category_id: NullableString,
  category_name: NullableString,
  category_slug: NullableString,
  category_icon: NullableString,
  author_name: NullableString,
  author_avatar: NullableString,
  status: Schema.Literal("published", "draft", "archived"),
  published_at: NullableString,
  view_count: Schema.Number,
  product_count: Schema.Number,
  seo_title: NullableString,
  seo_description: NullableString,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "PostSummary", description: "A post without its content, products and lookbooks (lists)." });

export const Post = Schema.Struct({
  ...PostSummary.fields,
  content: Schema.String,
  products: Schema.Array(ProductListRecord),
  lookbooks: Schema.Array(LookbookSummary),
}).annotations({ identifier: "Post" });

const { variants: _variants, ...PRODUCT_LIST_FIELDS } = PRODUCT_FIELDS;

export const POST_SUMMARY_FIELDS: AllowedFields = leaves(...Object.keys(PostSummary.fields));
export const POST_FIELDS: AllowedFields = {
  ...POST_SUMMARY_FIELDS,
  content: true,
  products: PRODUCT_LIST_FIELDS,
  lookbooks: leaves(...Object.keys(LookbookSummary.fields)),
};

export const LOOKBOOK_SUMMARY_FIELDS: AllowedFields = leaves(...Object.keys(LookbookSummary.fields));
export const LOOKBOOK_FIELDS: AllowedFields = {
  ...LOOKBOOK_SUMMARY_FIELDS,
  images: { ...leaves("id", "url", "alt_text", "caption", "position"), hotspots: leaves(...Object.keys(Hotspot.fields)) },
};
