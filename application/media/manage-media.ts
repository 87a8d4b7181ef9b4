// Media of the admin API (docs/staff.md, "Media"): upload an image, list the store's images,
// delete one; and the public read of a file for /media/{store_id}/{id}/{variant}.
// An upload is decoded whole before anything is written; its files are written before its row,
// and removed again when the row cannot be written, so a refused or failed upload keeps nothing.
import { inject, injectable } from "inversify";
import {
  EXTENSION_OF_FORMAT,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  MEDIA_VARIANT_WIDTHS,
  cleanFileName,
  mediaKey,
  type Media,
  type MediaVariant,
  type MediaVariantName,
} from "../../domain/media/media.js";
import type { Principal } from "../access/principal.js";
import { MediaNotImage, MediaTooLarge } from "../errors/media-errors.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ImageProcessor, type RenderedImage } from "../ports/image-processor.js";
import { MediaRepository } from "../ports/media-repository.js";
import { MediaStorage, type StoredFile } from "../ports/media-storage.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { auditActorOf } from "../staff/audit-actor.js";
import { AuditTrail } from "../staff/audit-trail.js";

export interface MediaUpload {
  readonly bytes: Uint8Array;
  /** The name the file was sent with (multipart `filename`), if any. */
  readonly fileName?: string | undefined;
}

export const mediaMissing = (): ResourceMissing => new ResourceMissing({ resource: "media", message: "No such media item." });

const FORMATS_TAKEN = "JPEG, PNG, WebP, GIF or AVIF";

/** What the audit log keeps of a media item: its fields, without the storage keys. */
const audited = (media: Media): Record<string, unknown> => ({
  content_type: media.contentType,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  file_name: media.fileName,
  variants: media.variants.map((v) => v.name),
});

@injectable()
export class ManageMedia {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
    @inject(MediaStorage) private readonly storage: MediaStorage,
    @inject(ImageProcessor) private readonly images: ImageProcessor,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async upload(principal: Principal, upload: MediaUpload): Promise<Media> {
    const storeId = principal.storeId;
    if (upload.bytes.length > MEDIA_MAX_BYTES) {
      throw new MediaTooLarge({ param: "file", message: `The file is ${upload.bytes.length} bytes; an upload may be at most ${MEDIA_MAX_BYTES} bytes (10 MiB).` });
    }
    if (upload.bytes.length === 0) throw new MediaNotImage({ code: "media_not_image", param: "file", message: "The upload is empty: send the image's bytes." });
    const outcome = await this.images.process(upload.bytes, MEDIA_VARIANT_WIDTHS);
    if ("refused" in outcome) {
      switch (outcome.refused) {
        case "not_image":
          throw new MediaNotImage({ code: "media_not_image", param: "file", message: `The file is not an image (${outcome.detail}); upload a ${FORMATS_TAKEN} image.` });
        case "unsupported_format":
          throw new MediaNotImage({ code: "media_format_unsupported", param: "file", message: `The file is a ${outcome.format} image, which is not served; upload a ${FORMATS_TAKEN} image.` });
        case "too_many_pixels":
          throw new BusinessRuleViolation({
            code: "media_dimensions_too_large",
            param: "file",
            message: `The image is ${outcome.width}×${outcome.height} pixels; an upload may have at most ${MEDIA_MAX_PIXELS} pixels.`,
          });
      }
    }
    const id = this.ids.newId();
    const originalExtension = EXTENSION_OF_FORMAT[outcome.format];
    const files: ReadonlyArray<readonly [MediaVariantName, RenderedImage, string]> = [
      ["original", outcome.original, originalExtension],
      ...MEDIA_VARIANT_WIDTHS.map((width, i) => [`${width}` as MediaVariantName, outcome.variants[i]!, "webp"] as const),
    ];
    const variants: MediaVariant[] = files.map(([name, image, extension]) => ({
      name,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
      key: mediaKey(storeId, id, name, extension),
      etag: image.digest.slice(0, 32),
    }));
    const media: Media = {
      id,
      storeId,
      contentType: outcome.original.contentType,
      width: outcome.original.width,
      height: outcome.original.height,
      bytes: outcome.original.bytes.length,
      fileName: cleanFileName(upload.fileName),
      variants,
      createdBy: auditActorOf(principal),
      createdAt: this.clock.now().toISOString(),
    };
    const written: string[] = [];
    try {
      for (const [i, [, image]] of files.entries()) {
        const variant = variants[i]!;
        await this.storage.put(variant.key, image.bytes, variant.contentType);
        written.push(variant.key);
      }
      await this.uow.run(async () => {
        await this.media.insert(media);
        await this.audit.record(principal, storeId, { operation: "media.upload", resourceType: "media", resourceId: id, before: null, after: audited(media) });
      });
    } catch (error) {
      // Nothing of a failed upload is kept: the files written so far go again.
      await Promise.allSettled(written.map((key) => this.storage.delete(key)));
      throw error;
    }
    return media;
  }

  list(principal: Principal, page: PageRequest): Promise<Page<Media>> {
    return this.media.listPage(principal.storeId, page);
  }

  async get(principal: Principal, id: string): Promise<Media> {
    const found = await this.media.find(principal.storeId, id);
    if (found === undefined) throw mediaMissing();
    return found;
  }

  /** Removes the row (with its audit record), then the files: once the row is gone no URL serves them. */
  async delete(principal: Principal, id: string): Promise<void> {
    const storeId = principal.storeId;
    const removed = await this.uow.run(async () => {
      const current = await this.media.find(storeId, id);
      if (current === undefined || !(await this.media.delete(storeId, id))) throw mediaMissing();
      await this.audit.record(principal, storeId, { operation: "media.delete", resourceType: "media", resourceId: id, before: audited(current), after: null });
      return current;
    });
    // A file whose removal fails is left behind unreachable: no row names it any more.
    await Promise.allSettled(removed.variants.map((v) => this.storage.delete(v.key)));
  }

  /** The public read: a file of a store's media item by the variant's name, or undefined. */
  async variant(storeId: string, id: string, name: string): Promise<MediaVariant | undefined> {
    const found = await this.media.find(storeId, id);
    return found?.variants.find((v) => v.name === name);
  }

  /** The bytes of a variant found by `variant`, or undefined when its file is gone. */
  file(variant: MediaVariant): Promise<StoredFile | undefined> {
    return this.storage.get(variant.key);
  }
}
