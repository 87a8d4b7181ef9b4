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
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ImageProcessor, type RenderedImage } from "../ports/image-processor.js";
import { MediaRepository } from "../ports/media-repository.js";
import { MediaStorage } from "../ports/media-storage.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { auditActorOf } from "../staff/audit-actor.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { type MediaUpload, FORMATS_TAKEN, audited } from "./media-records.js";

@injectable()
export class UploadMedia {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
    @inject(MediaStorage) private readonly storage: MediaStorage,
    @inject(ImageProcessor) private readonly images: ImageProcessor,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, upload: MediaUpload): Promise<Media> {
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
}
