// Media: the images a store uploads (docs/staff.md, "Media"). An upload is kept as its original
// (upright, without its metadata, in its own format) and as resized variants of fixed widths in
// WebP, each served at /media/{store_id}/{id}/{variant}. Pure rules: the size limit, the formats
// taken, the variants' names and widths, and where each file lives.

/** The largest image an upload may carry: 10 MiB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The most pixels an image may decode to (a small file can decode to gigabytes: a decompression bomb). */
export const MEDIA_MAX_PIXELS = 50_000_000;

/** The widths of the resized variants, in pixels; each is named by its width. */
export const MEDIA_VARIANT_WIDTHS = [200, 600, 1200] as const;

/** The formats an upload may be, by what its bytes decode as; each is served as what browsers show in <img>. */
export const MEDIA_FORMATS = ["jpeg", "png", "webp", "gif", "avif"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const CONTENT_TYPE_OF_FORMAT: Readonly<Record<MediaFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

export const EXTENSION_OF_FORMAT: Readonly<Record<MediaFormat, string>> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
};

/** `original`, or a variant's width as text (`200`, `600`, `1200`). */
export type MediaVariantName = "original" | `${(typeof MEDIA_VARIANT_WIDTHS)[number]}`;
export const MEDIA_VARIANT_NAMES: readonly MediaVariantName[] = ["original", ...MEDIA_VARIANT_WIDTHS.map((w) => `${w}` as MediaVariantName)];

/** One stored file of a media item. */
export interface MediaVariant {
  readonly name: MediaVariantName;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** The storage key of the file (mediaKey). */
  readonly key: string;
  /** A strong validator of the file's bytes (a hash), served as its ETag. */
  readonly etag: string;
}

/** A staff member (`staff`, their id and email) or an API key (`api_key`, its id and name). */
export interface MediaCreator {
  readonly type: string;
  readonly id: string | null;
  readonly label: string;
}

export interface Media {
  readonly id: string;
  readonly storeId: string;
  /** The original's content type and size. */
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** The name the file was sent with, when it had one (shown, never used as a path). */
  readonly fileName: string | null;
  readonly variants: readonly MediaVariant[];
  /** Who uploaded it, as the audit log names them. */
  readonly createdBy: MediaCreator;
  readonly createdAt: string;
}

/** The storage key of one file: `{store_id}/{media_id}/{variant}.{ext}`; ids are UUIDs, so keys never leave their folder. */
export const mediaKey = (storeId: string, mediaId: string, variant: MediaVariantName, extension: string): string =>
  `${storeId}/${mediaId}/${variant}.${extension}`;

/** The public path a file is served at (the HTTP layer puts the site's origin before it). */
export const mediaPath = (storeId: string, mediaId: string, variant: MediaVariantName): string => `/media/${storeId}/${mediaId}/${variant}`;

/** The width of a variant: its nominal width, never wider than the original (images are not enlarged). */
export const variantWidth = (nominal: number, originalWidth: number): number => Math.min(nominal, originalWidth);

/** The height that keeps the original's proportions at `width` (at least one pixel). */
export const scaledHeight = (width: number, originalWidth: number, originalHeight: number): number =>
  Math.max(1, Math.round((originalHeight * width) / originalWidth));

/** A file name as sent, kept only for display: no folders, no control characters, at most 255 characters. */
export const cleanFileName = (name: string | undefined): string | null => {
  if (name === undefined) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return cleaned === "" ? null : cleaned;
};
