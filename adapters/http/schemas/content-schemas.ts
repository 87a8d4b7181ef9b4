// Posts and lookbooks as Schemas (docs/api/content-search-messaging.md, "Posts and lookbooks"), for
// the OpenAPI document and for tests that check answers against it, with the names each `fields`
// parameter allows.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { PRODUCT_FIELDS, ProductListRecord } from "./catalog-schemas.js";

const NullableString = Schema.NullOr(Schema.String);

export const LookbookSummary = Schema.Struct({
  id: Schema.String.annotations({ description: "The lookbook's id." }),
  title: Schema.String.annotations({ description: "The lookbook's title." }),
  slug: Schema.String.annotations({ description: "URL-safe unique name of the lookbook." }),
  description: NullableString.annotations({ description: "The lookbook's description, or null." }),
  featured_image: NullableString.annotations({ description: "URL of the lookbook's cover image, or null." }),
  collection_id: NullableString.annotations({ description: "The product collection it presents, or null." }),
  published_at: NullableString.annotations({ description: "When it was or will be published (ISO 8601, UTC), or null when unpublished." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
}).annotations({ identifier: "LookbookSummary", description: "A lookbook without its images (lists, and the lookbooks of a post)." });

export const Hotspot = Schema.Struct({
  product_id: Schema.String.annotations({ description: "The product shown at this point." }),
  product_name: Schema.String.annotations({ description: "The product's name." }),
  product_slug: Schema.String.annotations({ description: "The product's slug." }),
  x: Schema.Number.annotations({ description: "Whole percent of the image's width, from the left." }),
  y: Schema.Number.annotations({ description: "Whole percent of the image's height, from the top." }),
}).annotations({ identifier: "LookbookHotspot" });

export const LookbookImage = Schema.Struct({
  id: Schema.String.annotations({ description: "The image's id." }),
  url: Schema.String.annotations({ description: "The image's URL." }),
  alt_text: NullableString.annotations({ description: "Text describing the image, or null." }),
  caption: NullableString.annotations({ description: "The image's caption, or null." }),
  position: Schema.Number.annotations({ description: "Order among the lookbook's images (lowest first)." }),
  hotspots: Schema.Array(Hotspot).annotations({ description: "Points on the image linked to products." }),
}).annotations({ identifier: "LookbookImage" });

export const Lookbook = Schema.Struct({
  ...LookbookSummary.fields,
  images: Schema.Array(LookbookImage).annotations({ description: "The lookbook's images, in display order." }),
}).annotations({
  identifier: "Lookbook",
});

export const PostSummary = Schema.Struct({
  id: Schema.String.annotations({ description: "The post's id." }),
  title: Schema.String.annotations({ description: "The post's title." }),
  slug: Schema.String.annotations({ description: "URL-safe unique name of the post." }),
  excerpt: NullableString.annotations({ description: "A short summary, or null." }),
  featured_image: NullableString.annotations({ description: "URL of the post's cover image, or null." }),
  category_id: NullableString.annotations({ description: "The post's category, or null." }),
  category_name: NullableString.annotations({ description: "The category's name, or null." }),
  category_slug: NullableString.annotations({ description: "The category's slug, or null." }),
  category_icon: NullableString.annotations({ description: "The category's icon, or null." }),
  author_name: NullableString.annotations({ description: "The author's name, or null." }),
  author_avatar: NullableString.annotations({ description: "URL of the author's picture, or null." }),
  status: Schema.Literal("published", "draft", "archived").annotations({ description: "published, draft or archived." }),
  published_at: NullableString.annotations({ description: "When it was or will be published (ISO 8601, UTC), or null." }),
  view_count: Schema.Number.annotations({ description: "Number of times the post was read." }),
  product_count: Schema.Number.annotations({ description: "Number of products shown with the post." }),
  seo_title: NullableString.annotations({ description: "Title for search engines, or null." }),
  seo_description: NullableString.annotations({ description: "Description for search engines, or null." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "PostSummary", description: "A post without its content, products and lookbooks (lists)." });

export const Post = Schema.Struct({
  ...PostSummary.fields,
  content: Schema.String.annotations({ description: "The post's body." }),
  products: Schema.Array(ProductListRecord).annotations({ description: "The products shown with the post, in display order." }),
  lookbooks: Schema.Array(LookbookSummary).annotations({ description: "The lookbooks shown with the post, in display order." }),
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
