// Media of the admin API (docs/staff.md, "Media"): upload an image (its bytes, or a multipart
// form's `file`), list the store's images, read one, delete one. Each answer gives the public
// URLs of the original and of the resized variants, which a product's `media[].url` or
// `thumbnail_url` takes as they are.
import { UploadMedia } from "../../../application/media/upload-media.js";
import { ListMedia } from "../../../application/media/list-media.js";
import { GetMedia } from "../../../application/media/get-media.js";
import { DeleteMedia } from "../../../application/media/delete-media.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { MediaTooLarge } from "../../../application/errors/media-errors.js";
import { MEDIA_MAX_BYTES, mediaPath, type Media } from "../../../domain/media/media.js";
import { adminMediaExamples } from "./media-examples.js";
import { multipartFile } from "../multipart-file.js";
import { cursorParam, integerParam, textParam } from "../query-params.js";
import { defineRoute, type AnyRoute, type RouteContext } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";

const TAG = "Media";

/** Where the media URLs point: the configured public URL of the site, else the origin the request came to. */
export interface MediaUrls {
  readonly publicUrl: string | undefined;
}
export const MediaUrls = Symbol.for("storefront.MediaUrls");

const MediaVariantRecord = Schema.Struct({
  name: Schema.String.annotations({ description: "The variant's name: its nominal width in pixels (`200`, `600`, `1200`)." }),
  url: Schema.String.annotations({ description: "Where it is served (public, cached for a year)." }),
  content_type: Schema.String.annotations({ description: "Always `image/webp`." }),
  width: Schema.Number.annotations({ description: "Its width in pixels: the nominal width, or the original's when that is narrower (images are not enlarged)." }),
  height: Schema.Number.annotations({ description: "Its height in pixels, in the original's proportions." }),
  bytes: Schema.Number.annotations({ description: "Its size in bytes." }),
}).annotations({ identifier: "MediaVariant" });

export const MediaRecord = Schema.Struct({
  id: Schema.String.annotations({ description: "The media item's id." }),
  url: Schema.String.annotations({ description: "The original's URL (public, cached for a year): usable as a product's `media[].url` or `thumbnail_url`." }),
  content_type: Schema.String.annotations({ description: "The original's type, as its bytes decoded: image/jpeg, image/png, image/webp, image/gif or image/avif." }),
  width: Schema.Number.annotations({ description: "The original's width in pixels (upright)." }),
  height: Schema.Number.annotations({ description: "The original's height in pixels (upright)." }),
  bytes: Schema.Number.annotations({ description: "The original's size in bytes as kept (written again without its metadata)." }),
  file_name: Schema.NullOr(Schema.String).annotations({ description: "The name the file was sent with, or null." }),
  variants: Schema.Array(MediaVariantRecord).annotations({ description: "The resized copies, narrowest first." }),
  created_by: Schema.Struct({
    type: Schema.String.annotations({ description: "`staff` or `api_key`." }),
    id: Schema.NullOr(Schema.String).annotations({ description: "The member's or the key's id." }),
    label: Schema.String.annotations({ description: "The member's email or the key's name." }),
  }).annotations({ description: "Who uploaded it." }),
  created_at: Schema.String.annotations({ description: "When it was uploaded (ISO 8601)." }),
}).annotations({ identifier: "MediaFile" });

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The media item's id." }) });

/** The types a body may declare; whatever it declares, its bytes decide. */
const UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "multipart/form-data", "application/octet-stream"];

/** The file's bytes and name: a multipart form's `file` part, or the whole body. */
const uploadOf = (ctx: RouteContext, fileName: string | undefined): { bytes: Buffer; fileName: string | undefined } => {
  const body = ctx.state.rawBody ?? Buffer.alloc(0);
  if (ctx.request.is("multipart/form-data") !== false) {
    const file = multipartFile(body, ctx.get("Content-Type"));
    return { bytes: file.bytes, fileName: fileName ?? file.fileName };
  }
  return { bytes: body, fileName };
};

@injectable()
export class MediaRoutes implements RouteModule {
  constructor(
    @inject(UploadMedia) private readonly uploadMedia: UploadMedia,
    @inject(ListMedia) private readonly listMedia: ListMedia,
    @inject(GetMedia) private readonly getMedia: GetMedia,
    @inject(DeleteMedia) private readonly deleteMedia: DeleteMedia,
    @inject(MediaUrls) private readonly urls: MediaUrls,
  ) {}

  private record(media: Media, ctx: RouteContext) {
    const base = this.urls.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    const urlOf = (name: Media["variants"][number]["name"]): string => `${base}${mediaPath(media.storeId, media.id, name)}`;
    return {
      id: media.id,
      url: urlOf("original"),
      content_type: media.contentType,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      file_name: media.fileName,
      variants: media.variants
        .filter((v) => v.name !== "original")
        .map((v) => ({ name: v.name, url: urlOf(v.name), content_type: v.contentType, width: v.width, height: v.height, bytes: v.bytes })),
      created_by: { type: media.createdBy.type, id: media.createdBy.id, label: media.createdBy.label },
      created_at: media.createdAt,
    };
  }

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminUploadMedia",
        method: "POST",
        path: "/admin/v1/media",
        summary: "Upload an image: kept as its original and resized variants (200, 600, 1200 px wide)",
        description:
          "Permission `catalog.write`. The body is the image's bytes (Content-Type image/png, image/jpeg, image/webp, image/gif, image/avif or application/octet-stream), or a multipart/form-data form whose part `file` is the image. At most 10 MiB. What the file is, is decided by decoding its bytes, never by its name or declared type: bytes that decode as no image are a 415 `media_not_image`, an image of a format not served (SVG, TIFF, HEIC...) a 415 `media_format_unsupported`, more than 10 MiB a 413 `media_too_large`, more than 50 million pixels a 422 `media_dimensions_too_large`; nothing of a refused upload is kept. The original is kept upright and without its metadata (EXIF, GPS) in its own format; the variants are WebP, never wider than the original. Answers the public URLs, which a product's `media[].url` takes. Recorded in the audit log as `media.upload`.",
        tag: TAG,
        example: adminMediaExamples.adminUploadMedia,
        access: "secret",
        permission: "catalog.write",
        query: Schema.Struct({
          file_name: Schema.optional(textParam(255)).annotations({ description: "The file's name, for display (a multipart part's own `filename` otherwise)." }),
        }),
        rawBody: {
          contentTypes: UPLOAD_TYPES,
          // The image itself may be 10 MiB; a multipart form's boundaries and headers come on top.
          maxBytes: MEDIA_MAX_BYTES + 64 * 1024,
          tooLarge: () => new MediaTooLarge({ param: "file", message: `The upload is larger than ${MEDIA_MAX_BYTES} bytes (10 MiB).` }),
          description: "The image's bytes, or a multipart/form-data form with the image as its part `file`.",
        },
        errors: [404, 413, 415, 422],
        success: { status: 201, description: "The media item, with the URLs of its files.", schema: MediaRecord },
        handle: async ({ principal, query, ctx }) => this.record(await this.uploadMedia.execute(principal, uploadOf(ctx, query.file_name)), ctx),
      }),
      defineRoute({
        operationId: "adminListMedia",
        method: "GET",
        path: "/admin/v1/media",
        summary: "The store's images, newest first",
        description: "Permission `catalog.read`. The store's media items, newest first, with the URLs of each one's original and variants. Cursor pagination.",
        tag: TAG,
        example: adminMediaExamples.adminListMedia,
        access: "secret",
        permission: "catalog.read",
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        success: { status: 200, description: "A page of media items.", schema: Schema.Struct({ media: Schema.Array(MediaRecord), pagination: Pagination }) },
        handle: async ({ principal, query, ctx }) => {
          const page = await this.listMedia.execute(principal, { limit: query.limit, cursor: query.cursor });
          return { media: page.items.map((m) => this.record(m, ctx)), pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminGetMedia",
        method: "GET",
        path: "/admin/v1/media/{id}",
        summary: "One image, with the URLs of its files",
        description: "Permission `catalog.read`. One media item of the store (another store's id is a 404).",
        tag: TAG,
        example: adminMediaExamples.adminGetMedia,
        access: "secret",
        permission: "catalog.read",
        params: ById,
        success: { status: 200, description: "The media item.", schema: MediaRecord },
        handle: async ({ principal, params, ctx }) => this.record(await this.getMedia.execute(principal, params.id), ctx),
      }),
      defineRoute({
        operationId: "adminDeleteMedia",
        method: "DELETE",
        path: "/admin/v1/media/{id}",
        summary: "Delete an image and its files",
        description:
          "Permission `catalog.write`. Removes the media item and its files; its URLs then answer 404 (copies a CDN or browser kept may live on until they expire). Products that still name its URL keep the URL: remove it from them too. Another store's id is a 404. Recorded in the audit log as `media.delete`.",
        tag: TAG,
        example: adminMediaExamples.adminDeleteMedia,
        access: "secret",
        permission: "catalog.write",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteMedia.execute(principal, params.id);
          return undefined;
        },
      }),
    ];
  }
}
