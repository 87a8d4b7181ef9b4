// Errors of media uploads (docs/staff.md, "Media"): the file is not an image the store serves, or
// it is larger than an upload may be. Nothing of a refused upload is kept.
import { Data } from "effect";

/** 415: the bytes do not decode as an image (`media_not_image`), or as one of the formats served (`media_format_unsupported`). */
export class MediaNotImage extends Data.TaggedError("MediaNotImage")<{
  readonly code: "media_not_image" | "media_format_unsupported";
  readonly message: string;
  readonly param?: string;
}> {}

/** 413 `media_too_large`: the file is larger than 10 MiB. */
export class MediaTooLarge extends Data.TaggedError("MediaTooLarge")<{
  readonly message: string;
  readonly param?: string;
}> {}
