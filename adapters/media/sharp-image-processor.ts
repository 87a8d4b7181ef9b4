// The ImageProcessor on sharp (libvips, whose binary comes inside the npm registry's
// @img/sharp-* packages): the upload's bytes are decoded, never its name or declared type
// trusted. Only raster formats browsers show in <img> are taken (SVG, which can carry script, is
// refused like any other format). The original is written again in its own format, upright and
// without its metadata (a phone photo's EXIF names where it was taken); the variants are WebP.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Metadata, Sharp } from "sharp";
import type { ImageProcessor, ImageRefusal, ProcessedImage, RenderedImage } from "../../application/ports/image-processor.js";
import { CONTENT_TYPE_OF_FORMAT, MEDIA_MAX_PIXELS, type MediaFormat } from "../../domain/media/media.js";
import { onFirstUse } from "../system/on-first-use.js";

/** sharp (and libvips) load on the first upload, not at start-up (operations-23). */
const sharpPackage = onFirstUse(async () => {
  const { default: sharp } = await import("sharp");
  // Pipelines keep no decoded images between uploads: memory stays bounded by the uploads under way.
  sharp.cache(false);
  return sharp;
});

const formatOf = (metadata: Metadata): MediaFormat | undefined => {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
    case "gif":
      return metadata.format;
    case "heif":
      // HEIF holds AVIF (AV1) or HEIC (HEVC, which browsers do not show and libvips here does not decode).
      return metadata.compression === "av1" ? "avif" : undefined;
    default:
      return undefined;
  }
};

const FORMAT_NAMES: Readonly<Record<string, string>> = { heif: "HEIC", svg: "SVG", tiff: "TIFF", pdf: "PDF", jp2: "JPEG 2000", jxl: "JPEG XL", raw: "raw", magick: "other" };

const rendered = async (pipeline: Sharp, contentType: string, pages: number): Promise<RenderedImage> => {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  // An animation's frames are stacked: its height is one frame's.
  const height = pages > 1 ? (info.pageHeight ?? Math.round(info.height / pages)) : info.height;
  return { bytes: data, contentType, width: info.width, height, digest: createHash("sha256").update(data).digest("hex") };
};

export interface SharpImageProcessorOptions {
  /** The most pixels an image may have (all frames of an animation together); default MEDIA_MAX_PIXELS. */
  readonly maxPixels?: number;
  /** Images processed at once; default half the cores (at least one). */
  readonly concurrency?: number;
}

export class SharpImageProcessor implements ImageProcessor {
  private readonly maxPixels: number;
  private readonly concurrency: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: SharpImageProcessorOptions = {}) {
    this.maxPixels = options.maxPixels ?? MEDIA_MAX_PIXELS;
    this.concurrency = options.concurrency ?? Math.max(1, Math.floor(availableParallelism() / 2));
  }

  /**
   * Decoding and resizing run on libuv's thread pool, which password hashing and file reads share:
   * a few uploads at once must not take every thread, so images beyond `concurrency` wait their turn.
   */
  async process(bytes: Uint8Array, widths: readonly number[]): Promise<ProcessedImage | ImageRefusal> {
    // A finished image hands its slot straight to the next waiting one.
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await this.processNow(bytes, widths);
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.running--;
    }
  }

  private async processNow(bytes: Uint8Array, widths: readonly number[]): Promise<ProcessedImage | ImageRefusal> {
    const sharp = await sharpPackage();
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return { refused: "not_image", detail: "its bytes are no image format" };
    }
    const format = formatOf(metadata);
    if (format === undefined) return { refused: "unsupported_format", format: FORMAT_NAMES[metadata.format] ?? String(metadata.format).toUpperCase() };
    const pages = format === "gif" || format === "webp" ? (metadata.pages ?? 1) : 1;
    const frameHeight = pages > 1 ? (metadata.pageHeight ?? metadata.height) : metadata.height;
    if (metadata.width * frameHeight * pages > this.maxPixels) {
      return { refused: "too_many_pixels", width: metadata.width, height: frameHeight };
    }
    // Decoded whole, and refused when the data is damaged or cut short ('error' also fails on truncation).
    const input = (): Sharp =>
      sharp(bytes, { animated: pages > 1, limitInputPixels: this.maxPixels, failOn: "error" }).autoOrient();
    try {
      const original = await rendered(this.encodeOriginal(input().keepIccProfile(), format), CONTENT_TYPE_OF_FORMAT[format], pages);
      const variants: RenderedImage[] = [];
      for (const width of widths) {
        variants.push(
          await rendered(input().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }), CONTENT_TYPE_OF_FORMAT.webp, pages),
        );
      }
      return { format, original, variants };
    } catch (error) {
      return { refused: "not_image", detail: `its image data is damaged or cut short: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
    }
  }

  private encodeOriginal(pipeline: Sharp, format: MediaFormat): Sharp {
    switch (format) {
      case "jpeg":
        // libjpeg-turbo, not mozjpeg: mozjpeg's trellis search took 13 s on a noisy 12-megapixel photo here, libjpeg-turbo 0.7 s.
        return pipeline.jpeg({ quality: 90 });
      case "png":
        return pipeline.png({ compressionLevel: 6 });
      case "webp":
        return pipeline.webp({ quality: 90 });
      case "gif":
        return pipeline.gif();
      case "avif":
        return pipeline.avif({ quality: 60 });
    }
  }
}
