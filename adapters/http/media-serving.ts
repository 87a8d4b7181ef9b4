// Serves media files (docs/staff.md, "Media"): GET /media/{store_id}/{id}/{variant}, with no key,
// since images go in <img> tags. A file never changes under its URL (a new upload is a new id), so
// it is cached for a year by browsers and CDNs (`immutable`), validated by a strong ETag (the
// hash of its bytes: 304 on If-None-Match without reading the file), with its own Content-Type
// and `nosniff`. An unknown store, id or variant, or a deleted item, is a 404 JSON error.
import type Router from "@koa/router";
import { ResourceMissing } from "../../application/errors/resource-errors.js";
import type { FindMediaVariant } from "../../application/media/find-media-variant.js";
import type { ReadMediaFile } from "../../application/media/read-media-file.js";
import type { StoredFile } from "../../application/ports/media-storage.js";
import type { MediaVariant } from "../../domain/media/media.js";
import { matchesEtag } from "./answer-cache.js";
import type { StorefrontState } from "./state.js";

/** What the serving route reads: a variant's record, then its file (FindMediaVariant, ReadMediaFile). */
export interface MediaFiles {
  variant(storeId: string, id: string, name: string): Promise<MediaVariant | undefined>;
  file(variant: MediaVariant): Promise<StoredFile | undefined>;
}

/** The serving route's reads, made of the two use cases. */
export const mediaFiles = (find: FindMediaVariant, read: ReadMediaFile): MediaFiles => ({
  variant: (storeId, id, name) => find.execute(storeId, id, name),
  file: (variant) => read.execute(variant),
});

export const MEDIA_ROUTE = "/media/{store_id}/{id}/{variant}";

/** Paths of the serving route, public: any three segments under /media (a bad one is then a 404, not a 401). */
export const isMediaPath = (method: string, path: string): boolean => (method === "GET" || method === "HEAD") && /^\/media\/[^/]+\/[^/]+\/[^/]+$/.test(path);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "media", message: "No such media file." });

export const mountMediaServing = (router: Router<StorefrontState>, files: MediaFiles): void => {
  router.get("/media/:storeId/:id/:variant", async (ctx) => {
    ctx.state.route = MEDIA_ROUTE;
    const { storeId, id, variant: name } = ctx.params as { storeId: string; id: string; variant: string };
    if (!UUID.test(storeId) || !UUID.test(id)) throw missing();
    const variant = await files.variant(storeId, id, name);
    if (variant === undefined) throw missing();
    const etag = `"${variant.etag}"`;
    if (matchesEtag(ctx.get("If-None-Match"), etag)) {
      ctx.set({ "Cache-Control": MEDIA_CACHE_CONTROL, ETag: etag });
      ctx.status = 304;
      return;
    }
    const file = await files.file(variant);
    if (file === undefined) throw missing();
    ctx.set({ "Cache-Control": MEDIA_CACHE_CONTROL, ETag: etag, "X-Content-Type-Options": "nosniff" });
    ctx.type = variant.contentType;
    ctx.body = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  });
};
