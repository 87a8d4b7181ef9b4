// Decodes an uploaded file by its bytes and renders what is kept of it (docs/staff.md, "Media"):
// the original upright and without its metadata, and the resized variants.
import type { ServiceIdentifier } from "inversify";
import type { MediaFormat } from "../../domain/media/media.js";

export interface RenderedImage {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  /** The SHA-256 of `bytes`, hex: the file's strong validator. */
  readonly digest: string;
}

export interface ProcessedImage {
  readonly format: MediaFormat;
  readonly original: RenderedImage;
  /** One per width asked for, in the same order (never wider than the original). */
  readonly variants: readonly RenderedImage[];
}

/** Why a file was not taken: not an image at all, an image of a format not served, or too many pixels. */
export type ImageRefusal =
  | { readonly refused: "not_image"; readonly detail: string }
  | { readonly refused: "unsupported_format"; readonly format: string }
  | { readonly refused: "too_many_pixels"; readonly width: number; readonly height: number };

export interface ImageProcessor {
  /** Decodes `bytes` whole and renders the original and one variant per width, or says why not. */
  process(bytes: Uint8Array, widths: readonly number[]): Promise<ProcessedImage | ImageRefusal>;
}
export const ImageProcessor: ServiceIdentifier<ImageProcessor> = Symbol.for("storefront.ImageProcessor");
