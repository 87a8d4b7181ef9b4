// The fast path in front of Koa for answers already in the answer cache: a plain GET (no Origin,
// not over TLS) with a valid key whose answer is current is written straight from the cached
// bytes, with the headers the full middleware chain sent for it, a new Request-Id and the per-key
// rate limit spent as the middleware would. Anything else (or any doubt) goes on to Koa.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import { matchesEtag, type AnswerCache } from "./answer-cache.js";
import { rateLimitHeaders, type GlobalRateLimits } from "./middleware/rate-limits.js";
import { newRequestId } from "./middleware/request-id.js";

export interface FastAnswerOptions {
  readonly answers: AnswerCache;
  readonly authenticate: AuthenticateApiKey;
  readonly rateLimits?: GlobalRateLimits;
  /** As the Koa app's `proxy`: X-Forwarded-Proto may then make a request secure (HSTS), so it goes to Koa. */
  readonly trustProxy: boolean;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Answers the request from the cache and returns true, or returns false having written nothing. */
export type FastAnswer = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

export const fastAnswers = (options: FastAnswerOptions): FastAnswer => {
  const { answers, authenticate, rateLimits, trustProxy } = options;
  return async (request, response) => {
    const headers = request.headers;
    const url = request.url;
    if (request.method !== "GET" || url === undefined || !url.startsWith("/v1/") || answers.size === 0) return false;
    if (headers.origin !== undefined || (request.socket as TLSSocket).encrypted === true) return false;
    if (trustProxy && headers["x-forwarded-proto"] !== undefined) return false;
    const bearer = BEARER.exec(headers.authorization ?? "")?.[1];
    if (bearer === undefined) return false;

    let principal;
    try {
      principal = await authenticate.execute(bearer);
    } catch {
      return false; // Koa answers the 401 in its own words
    }
    const key = answers.keyFor(principal, url);
    const entry = key === undefined ? undefined : answers.lookup(key, principal.storeId);
    if (entry === undefined || entry.wire === undefined) return false;

    const out: OutgoingHttpHeaders = { ...entry.wire, "request-id": newRequestId() };
    if (rateLimits !== undefined) {
      try {
        Object.assign(out, rateLimitHeaders(await rateLimits.limiter.consume(rateLimits.perKey, principal.keyId)));
      } catch {
        return false; // a spent budget (or a limiter failure): Koa answers it with the error body
      }
    }
    if (matchesEtag(headers["if-none-match"], entry.etag)) {
      delete out["content-type"];
      response.writeHead(304, out);
      response.end();
    } else {
      out["content-length"] = entry.body.length;
      response.writeHead(200, out);
      response.end(entry.body);
    }
    return true;
  };
};
