// Media of the admin API (docs/staff.md, "Media"): upload an image, list the store's images,
// delete one; and the public read of a file for /media/{store_id}/{id}/{variant}.
// An upload is decoded whole before anything is written; its files are written before its row,
// and removed again when the row cannot be written, so a refused or failed upload keeps nothing.
// This module holds what the use cases UploadMedia, ListMedia, GetMedia, DeleteMedia,
// FindMediaVariant and ReadMediaFile share (one class a file, docs/architecture.md, the
// application/ ring).
import {
  type Media,
} from "../../domain/media/media.js";
import { ResourceMissing } from "../errors/resource-errors.js";

export interface MediaUpload {
  readonly bytes: Uint8Array;
  /** The name the file was sent with (multipart `filename`), if any. */
  readonly fileName?: string | undefined;
}

export const mediaMissing = (): ResourceMissing => new ResourceMissing({ resource: "media", message: "No such media item." });

export const FORMATS_TAKEN = "JPEG, PNG, WebP, GIF or AVIF";

/** What the audit log keeps of a media item: its fields, without the storage keys. */
export const audited = (media: Media): Record<string, unknown> => ({
  content_type: media.contentType,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  file_name: media.fileName,
  variants: media.variants.map((v) => v.name),
});
