// The environment variables of media storage (docs/configuration.md, "Settings"; docs/staff.md
// "Media"): their Schema fields, spread into config.ts's Environment, and the settings the storage
// adapter is built from. Files go to a folder on the local disk (by default `media` beside the
// SQLite file); with the S3 variables set, to an S3-compatible bucket instead. A half-configured
// bucket stops start-up naming what is missing.
import { dirname, join } from "node:path";
import { Schema } from "effect";
import type { DatabaseSettings } from "../adapters/persistence/database-settings.js";
import type { S3Settings } from "../adapters/media/s3-media-storage.js";

const optionalMatching = (pattern: RegExp, message: string) =>
  Schema.optional(Schema.String.pipe(Schema.pattern(pattern)).annotations({ message: () => ({ message, override: true }) }));

export const MEDIA_ENVIRONMENT = {
  STOREFRONT_MEDIA_DIR: optionalMatching(/^\S.*$/, "must be a folder path"),
  STOREFRONT_MEDIA_S3_ENDPOINT: optionalMatching(/^https?:\/\/[^\s/?#]+\/?$/, "must be an http(s) URL of the store's host, without a path (the bucket is addressed path-style)"),
  STOREFRONT_MEDIA_S3_BUCKET: optionalMatching(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens"),
  STOREFRONT_MEDIA_S3_REGION: optionalMatching(/^[a-z0-9-]{1,32}$/, "must be a region name such as us-east-1 or auto"),
  STOREFRONT_MEDIA_S3_ACCESS_KEY_ID: optionalMatching(/^\S{1,128}$/, "must be an access key id without spaces"),
  STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY: optionalMatching(/^\S{1,256}$/, "must be a secret access key without spaces"),
};

const MediaEnvironment = Schema.Struct(MEDIA_ENVIRONMENT);
type MediaEnvironment = typeof MediaEnvironment.Type;

export type MediaStorageSettings = { readonly kind: "disk"; readonly directory: string } | ({ readonly kind: "s3" } & S3Settings);

/** The folder media go to by default: `media` beside the SQLite file (`data/media` for the default file, or with MySQL). */
export const defaultMediaDirectory = (database: DatabaseSettings): string =>
  database.dialect === "sqlite" && database.filename !== ":memory:" ? join(dirname(database.filename), "media") : join("data", "media");

export const mediaStorageSettings = (e: MediaEnvironment, database: DatabaseSettings, fail: (message: string) => never): MediaStorageSettings => {
  const s3 = ["STOREFRONT_MEDIA_S3_ENDPOINT", "STOREFRONT_MEDIA_S3_BUCKET", "STOREFRONT_MEDIA_S3_ACCESS_KEY_ID", "STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY"] as const;
  const set = s3.filter((name) => e[name] !== undefined);
  if (set.length === 0) {
    if (e.STOREFRONT_MEDIA_S3_REGION !== undefined) fail("Configuration error: STOREFRONT_MEDIA_S3_REGION is set but STOREFRONT_MEDIA_S3_ENDPOINT is not");
    return { kind: "disk", directory: e.STOREFRONT_MEDIA_DIR ?? defaultMediaDirectory(database) };
  }
  const missing = s3.find((name) => e[name] === undefined);
  if (missing !== undefined) fail(`Configuration error: ${missing} is required when ${set[0]} is set`);
  if (e.STOREFRONT_MEDIA_DIR !== undefined) fail("Configuration error: set either STOREFRONT_MEDIA_DIR or the STOREFRONT_MEDIA_S3_* variables, not both");
  return {
    kind: "s3",
    endpoint: e.STOREFRONT_MEDIA_S3_ENDPOINT!,
    bucket: e.STOREFRONT_MEDIA_S3_BUCKET!,
    region: e.STOREFRONT_MEDIA_S3_REGION ?? "us-east-1",
    accessKeyId: e.STOREFRONT_MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY!,
  };
};
