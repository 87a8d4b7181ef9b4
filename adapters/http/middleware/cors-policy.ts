// Cross-origin access, before authentication so a browser's preflight OPTIONS is answered without
// an API key. Keys travel in the Authorization header, never in cookies, so credentials are never
// allowed and any origin may call by default (publishable keys are meant for browsers);
// STOREFRONT_CORS_ORIGINS narrows it to a list. `corsAnswer` is the one statement of the policy:
// the middleware sends what it says, and the direct path of cacheable reads (direct-reads.ts)
// sends what it says for a request without Origin, the only kind that path takes.
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

const ALLOWED_METHODS = "GET,HEAD,POST,PUT,PATCH,DELETE";
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

/** What the policy reads of a request: its method, its Origin, and a preflight's two headers ("" when absent). */
export interface CorsRequest {
  readonly method: string;
  readonly origin: string;
  readonly requestMethod: string;
  readonly requestHeaders: string;
}

/**
 * What the policy answers: `Vary: Origin` always (`vary`, added to any Vary already set); then,
 * for an origin it allows, the allow and expose headers on the answer, or, for a preflight
 * (OPTIONS with Access-Control-Request-Method), the preflight's headers and a 204 with no body.
 * An origin outside the list gets no CORS headers, so the browser refuses the answer.
 */
export type CorsAnswer =
  | { readonly kind: "pass"; readonly headers: Readonly<Record<string, string>> }
  | { readonly kind: "preflight"; readonly headers: Readonly<Record<string, string>> };

const NONE: Readonly<Record<string, string>> = Object.freeze({});

export const corsAnswer = (origins: CorsOrigins, request: CorsRequest): CorsAnswer => {
  const origin = origins === "*" ? "*" : origins.includes(request.origin) ? request.origin : "";
  if (origin === "") return { kind: "pass", headers: NONE };
  if (request.method !== "OPTIONS") {
    return { kind: "pass", headers: { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSED_HEADERS.join(",") } };
  }
  // An OPTIONS that is not a preflight goes on to the router (which answers its Allow).
  if (request.requestMethod === "") return { kind: "pass", headers: NONE };
  const headers: Record<string, string> = {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
  };
  // The headers a preflight asks for are allowed (no cookies to protect).
  if (request.requestHeaders !== "") headers["Access-Control-Allow-Headers"] = request.requestHeaders;
  return { kind: "preflight", headers };
};

export const corsPolicy = (origins: CorsOrigins): Middleware => {
  // Under "*" every request that is not a preflight gets the same headers: made once.
  const everyOrigin = origins === "*" ? corsAnswer("*", { method: "GET", origin: "", requestMethod: "", requestHeaders: "" }) : undefined;
  return async (ctx, next) => {
    ctx.vary("Origin");
    const answer =
      everyOrigin !== undefined && ctx.method !== "OPTIONS"
        ? everyOrigin
        : corsAnswer(origins, { method: ctx.method, origin: ctx.get("Origin"), requestMethod: ctx.get("Access-Control-Request-Method"), requestHeaders: ctx.get("Access-Control-Request-Headers") });
    if (answer.headers !== NONE) ctx.set(answer.headers);
    if (answer.kind === "preflight") {
      ctx.status = 204;
      return;
    }
    await next();
  };
};

/**
 * What the policy adds to the answer of a request that sends no Origin (not a browser's
 * cross-origin call): `Vary: Origin` always; under "*" the allow and expose headers too, while a
 * list of origins has none to echo. The direct path of cacheable reads (direct-reads.ts) sends
 * these; they are `corsAnswer`'s, so the two paths cannot differ.
 */
export const corsHeadersWithoutOrigin = (origins: CorsOrigins): Readonly<Record<string, string>> => ({
  Vary: "Origin",
  ...corsAnswer(origins, { method: "GET", origin: "", requestMethod: "", requestHeaders: "" }).headers,
});
