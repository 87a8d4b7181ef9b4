// GET /admin and every client-side route under it (not /admin/v1, the API): the staff's web app
// (adapters/back-office), served from its built files by this process, no CDN. Hashed assets are
// cached for a year; index.html is revalidated on every load so a new build is picked up at once.
// The app's own Content-Security-Policy: scripts, styles, images and API calls from this origin only.
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { Middleware } from "koa";

export const BACK_OFFICE_PATH = "/admin";
const ASSETS_PREFIX = `${BACK_OFFICE_PATH}/assets/`;

/** React sets style properties through the CSSOM, which style-src does not govern; nothing inline is allowed. */
export const BACK_OFFICE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: for the preview of an image the member chose, before it is uploaded (made by the page).
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};

/** Whether a path is the web app's (its pages and assets) rather than the admin API's. */
export const isBackOfficePath = (path: string): boolean =>
  path === BACK_OFFICE_PATH || (path.startsWith(`${BACK_OFFICE_PATH}/`) && path !== `${BACK_OFFICE_PATH}/v1` && !path.startsWith(`${BACK_OFFICE_PATH}/v1/`));

const NOT_BUILT = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Back office not built</title></head>
<body><h1>The back office is not built</h1><p>Run <code>npm run build:admin</code> (or <code>npm ci</code>, which builds it), then reload.</p></body></html>
`;

/**
 * Serves the built app from `directory` (its index.html and assets/). Files are read once and
 * kept: a build replaces them under new hashed names, and index.html is read again when it changes
 * on disk only after a restart, which is when a new build is deployed.
 */
export const backOfficePage = (directory: string): Middleware => {
  // Only files that exist are kept: a miss is not, so requests for made-up names cannot grow the map.
  const cache = new Map<string, Buffer>();
  const read = (file: string): Buffer | null => {
    const kept = cache.get(file);
    if (kept !== undefined) return kept;
    if (!existsSync(file)) return null;
    const bytes = readFileSync(file);
    cache.set(file, bytes);
    return bytes;
  };
  const root = normalize(directory + sep);
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || !isBackOfficePath(ctx.path)) return next();
    if (ctx.path.startsWith(ASSETS_PREFIX)) {
      const name = ctx.path.slice(ASSETS_PREFIX.length);
      const type = CONTENT_TYPES[extname(name)];
      const file = normalize(join(root, "assets", name));
      const bytes = type !== undefined && /^[A-Za-z0-9._-]+$/.test(name) && file.startsWith(root) ? read(file) : null;
      if (bytes === null) {
        ctx.status = 404;
        ctx.body = { error: { type: "not_found_error", code: "route_not_found", message: `No back office asset ${name}: reload /admin (a new build renames its files).`, request_id: ctx.state.requestId } };
        return;
      }
      // Names carry a hash of their content: a changed file is a new name.
      ctx.set("Cache-Control", "public, max-age=31536000, immutable");
      ctx.type = type!;
      ctx.body = bytes;
      return;
    }
    const index = read(join(root, "index.html"));
    ctx.set("Content-Security-Policy", BACK_OFFICE_CONTENT_SECURITY_POLICY);
    ctx.set("Cache-Control", "no-cache");
    ctx.type = "text/html; charset=utf-8";
    if (index === null) {
      ctx.status = 503;
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.body = index;
  };
};
