// Where media files are kept (docs/staff.md, "Media"): bytes by key, with their content type. A
// folder on the local disk by default; any S3-compatible object store when configured.
import type { ServiceIdentifier } from "inversify";

export interface StoredFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

export interface MediaStorage {
  /** Keeps `bytes` under `key`, whole or not at all (a reader never sees part of a file). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under `key`; no file there is no error. */
  delete(key: string): Promise<void>;
}
export const MediaStorage: ServiceIdentifier<MediaStorage> = Symbol.for("storefront.MediaStorage");
