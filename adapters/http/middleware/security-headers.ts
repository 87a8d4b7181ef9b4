// Headers every answer carries, errors included (this runs outside the error handler): no MIME
// sniffing, no framing, no referrer, a Content-Security-Policy that lets a JSON answer load
// nothing, and no caching unless a route says otherwise (answers are per key and often private).
import type { Middleware } from "koa";

/** The policy of JSON answers: a browser that renders one may load and run nothing. */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What every answer carries (the direct path of cacheable reads, direct-reads.ts, sends the same). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": JSON_CONTENT_SECURITY_POLICY,
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Cache-Control": "no-store",
};

export const securityHeaders = (): Middleware => async (ctx, next) => {
  ctx.set(SECURITY_HEADERS);
  // Only over TLS (directly, or through a trusted proxy's X-Forwarded-Proto): HSTS over plain
  // HTTP is ignored by browsers and would only mislead.
  if (ctx.secure) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  await next();
  ctx.remove("X-Powered-By");
};
