// Cross-origin access through @koa/cors, before authentication so a browser's preflight OPTIONS
// is answered without an API key. Keys travel in the Authorization header, never in cookies, so
// credentials are never allowed and any origin may call by default (publishable keys are meant
// for browsers); STOREFRONT_CORS_ORIGINS narrows it to a list.
import cors from "@koa/cors";
import type { Middleware } from "koa";

export type CorsOrigins = "*" | readonly string[];

/** Headers a browser script may read from an answer. */
export const EXPOSED_HEADERS = [
  "Request-Id",
  "Idempotent-Replayed",
  "Retry-After",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Allow",
  "Location",
] as const;

export const corsPolicy = (origins: CorsOrigins): Middleware => {
  const allowed = origins === "*" ? undefined : new Set(origins);
  return cors({
    // A listed origin is echoed; any other gets no CORS headers, so the browser refuses it.
    origin: allowed === undefined ? "*" : (ctx) => (allowed.has(ctx.get("Origin")) ? ctx.get("Origin") : ""),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposeHeaders: [...EXPOSED_HEADERS],
    // allowHeaders unset: the headers a preflight asks for are allowed (no cookies to protect).
    credentials: false,
    maxAge: 600,
    keepHeadersOnError: true,
  });
};

/**
 * What the policy adds to the answer of a request that sends no Origin (not a browser's
 * cross-origin call): `Vary: Origin` always; under "*" the allow and expose headers too, while a
 * list of origins has none to echo. The direct path of cacheable reads (direct-reads.ts) sends
 * these itself; its test compares them with what the middleware sends under both policies.
 */
export const corsHeadersWithoutOrigin = (origins: CorsOrigins): Readonly<Record<string, string>> =>
  origins === "*" ? { Vary: "Origin", "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED_HEADERS.join(",") } : { Vary: "Origin" };
