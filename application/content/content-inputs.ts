// The payloads of the post and lookbook writes as Schemas. Links to products and lookbooks are
// lists of ids in display order; a lookbook's images are replaced as a whole.
import { Schema } from "effect";
import { PostStatus } from "../../domain/content/post.js";
import { Slug } from "../catalog/catalog-inputs.js";

const text = (max: number) => Schema.String.pipe(Schema.maxLength(max));
const nonEmpty = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max));
const optionalNullable = <S extends Schema.Schema.Any>(schema: S) => Schema.optional(Schema.NullOr(schema));

const Url = Schema.String.pipe(Schema.maxLength(2048), Schema.pattern(/^https?:\/\/\S+$/)).annotations({
  message: () => ({ message: "must be an http(s) URL", override: true }),
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with an offset, stored and answered in UTC with milliseconds. */
const DateTime = Schema.transform(
  Schema.String.pipe(Schema.filter((s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)))).annotations({
    message: () => ({ message: "must be an ISO 8601 date-time with an offset, such as 2026-11-22T08:00:00Z", override: true }),
  }),
  Schema.String,
  { strict: true, decode: (s) => new Date(Date.parse(s)).toISOString(), encode: (s) => s },
);

const Status = PostStatus.annotations({
  message: () => ({ message: "must be one of published, draft, archived", override: true }),
});

const postFields = {
  title: Schema.propertySignature(nonEmpty(300)).annotations({ description: "The post's title." }),
  slug: Schema.optional(Slug).annotations({ description: "URL-safe unique name; generated from the title when absent at creation." }),
  excerpt: optionalNullable(text(2_000)).annotations({ description: "A short summary." }),
  content: Schema.optional(text(500_000)).annotations({ description: "The post's body." }),
  featured_image: optionalNullable(Url).annotations({ description: "URL of the post's cover image." }),
  category_id: optionalNullable(Schema.UUID).annotations({ description: "The post's category." }),
  author_name: optionalNullable(text(200)).annotations({ description: "The author's name." }),
  author_avatar: optionalNullable(Url).annotations({ description: "URL of the author's picture." }),
  status: Schema.optional(Status).annotations({ description: "published, draft or archived." }),
  published_at: optionalNullable(DateTime).annotations({ description: "Publication time (ISO 8601 with an offset, answered in UTC)." }),
  seo_title: optionalNullable(text(300)).annotations({ description: "Title for search engines." }),
  seo_description: optionalNullable(text(2_000)).annotations({ description: "Description for search engines." }),
  /** Products shown with the post, in this order. */
  product_ids: Schema.optional(Schema.Array(Schema.UUID).pipe(Schema.maxItems(100))).annotations({ description: "Products shown with the post, in this order (replaces the old list)." }),
  /** Lookbooks shown with the post, in this order. */
  lookbook_ids: Schema.optional(Schema.Array(Schema.UUID).pipe(Schema.maxItems(20))).annotations({ description: "Lookbooks shown with the post, in this order (replaces the old list)." }),
};

export const PostInput = Schema.Struct(postFields).annotations({ identifier: "PostInput" });
export type PostInput = typeof PostInput.Type;
export const PostPatch = Schema.partial(PostInput).annotations({ identifier: "PostPatch" });
export type PostPatch = typeof PostPatch.Type;

const Percent = Schema.Number.pipe(Schema.int(), Schema.between(0, 100)).annotations({
  message: () => ({ message: "must be a whole percent from 0 to 100", override: true }),
});

export const HotspotInput = Schema.Struct({
  product_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The product shown at this point." }),
  x: Schema.propertySignature(Percent).annotations({ description: "Whole percent of the image's width, from the left." }),
  y: Schema.propertySignature(Percent).annotations({ description: "Whole percent of the image's height, from the top." }),
});

export const LookbookImageInput = Schema.Struct({
  url: Schema.propertySignature(Url).annotations({ description: "The image's http(s) URL." }),
  alt_text: optionalNullable(text(300)).annotations({ description: "Text describing the image." }),
  caption: optionalNullable(text(1_000)).annotations({ description: "The image's caption." }),
  hotspots: Schema.optional(Schema.Array(HotspotInput).pipe(Schema.maxItems(20))).annotations({ description: "Points on the image linked to products." }),
});

const lookbookFields = {
  title: Schema.propertySignature(nonEmpty(300)).annotations({ description: "The lookbook's title." }),
  slug: Schema.optional(Slug).annotations({ description: "URL-safe unique name; generated from the title when absent at creation." }),
  description: optionalNullable(text(5_000)).annotations({ description: "The lookbook's description." }),
  featured_image: optionalNullable(Url).annotations({ description: "URL of the lookbook's cover image." }),
  collection_id: optionalNullable(Schema.UUID).annotations({ description: "The product collection it presents." }),
  /** Absent on creation: published now. Null: unpublished. A future time schedules it. */
  published_at: optionalNullable(DateTime).annotations({ description: "Publication time (ISO 8601 with an offset): absent at creation publishes now, null unpublishes, a future time schedules it." }),
  /** In display order. */
  images: Schema.optional(Schema.Array(LookbookImageInput).pipe(Schema.maxItems(100))).annotations({ description: "The lookbook's images in display order (replaces the old ones)." }),
};

export const LookbookInput = Schema.Struct(lookbookFields).annotations({ identifier: "LookbookInput" });
export type LookbookInput = typeof LookbookInput.Type;
export const LookbookPatch = Schema.partial(LookbookInput).annotations({ identifier: "LookbookPatch" });
export type LookbookPatch = typeof LookbookPatch.Type;
