// The fast path in front of Koa for answers already in the answer cache: a plain GET (no Origin,
// not over TLS) with a valid key whose answer is current is written straight from the cached
// bytes, with the headers the full middleware chain sent for it, a new Request-Id and the per-key
// rate limit spent as the middleware would. A cacheable read the cache cannot answer goes by the
// direct path (direct-reads.ts) when one is given. Anything else (or any doubt) goes on to Koa.
//
// A key the key cache holds and a budget with points held by this process are answered without
// a promise: the whole answer is written in the request's own turn of the event loop.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import type { Principal } from "../../application/access/principal.js";
import type { RateLimitStatus } from "../../application/ports/rate-limiter.js";
import { rememberAuthentication } from "./authentication-outcomes.js";
import { matchesEtag, type AnswerCache, type CachedAnswer } from "./answer-cache.js";
import type { DirectReads, MatchedRead } from "./direct-reads.js";
import { RATE_LIMIT_HEADER_NAMES, spendsOnlyKeyBudget, type GlobalRateLimits } from "./middleware/rate-limits.js";
import { newRequestId } from "./middleware/request-id.js";
import type { RequestLog } from "./request-log.js";

export interface FastAnswerOptions {
  /** The answer cache; none when it is off (then only the direct path answers here). */
  readonly answers?: AnswerCache | undefined;
  /** The direct path of cacheable reads the cache does not hold; none: those go to Koa. */
  readonly reads?: DirectReads | undefined;
  readonly authenticate: AuthenticateApiKey;
  readonly rateLimits?: GlobalRateLimits;
  /** As the Koa app's `proxy`: X-Forwarded-Proto may then make a request secure (HSTS), so it goes to Koa. */
  readonly trustProxy: boolean;
  /** The request log, when on (request-log.ts): each answer written here is one line, as in Koa. */
  readonly log?: RequestLog | undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key of an Authorization header, as the API key middleware reads it; undefined when it is not a bearer key. */
const bearerOf = (authorization: string): string | undefined => {
  // The common form, `Bearer <key>` with one space and nothing after, without a regular expression.
  if (authorization.startsWith("Bearer ")) {
    const key = authorization.slice(7);
    if (key !== "" && !/\s/.test(key)) return key;
  }
  return BEARER.exec(authorization)?.[1];
};

/**
 * Answers the request from the cache and returns true, or returns false having written nothing;
 * a promise of that when it had to wait (a key or a budget not held in memory).
 */
export type FastAnswer = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/**
 * An entry's headers as flat `[name, value, ...]` lists for `writeHead`, made once: the captured
 * ones, then the per-request slots (Request-Id, RateLimit-*) filled in just before each write
 * (writeHead turns the list into the header block at once and keeps no reference to it).
 */
interface HeaderBlocks {
  readonly ok: unknown[];
  /** Where the Request-Id value sits in `ok`; the RateLimit-* values follow at +2, +4, +6. */
  readonly okSlot: number;
  /** The same less content-type, for a 304. */
  readonly notModified: unknown[];
  readonly notModifiedSlot: number;
}

const headerList = (wire: OutgoingHttpHeaders, skipContentType: boolean): unknown[] => {
  const list: unknown[] = [];
  for (const name of Object.keys(wire)) {
    if (skipContentType && name === "content-type") continue;
    list.push(name, wire[name]);
  }
  return list;
};

export const fastAnswers = (options: FastAnswerOptions): FastAnswer => {
  const { answers, reads, authenticate, rateLimits, trustProxy, log } = options;
  const blocks = new WeakMap<CachedAnswer, HeaderBlocks>();

  const blocksOf = (entry: CachedAnswer, wire: OutgoingHttpHeaders): HeaderBlocks => {
    let found = blocks.get(entry);
    if (found !== undefined) return found;
    const perRequest = rateLimits === undefined ? ["request-id", ""] : ["request-id", "", ...RATE_LIMIT_HEADER_NAMES.flatMap((name) => [name.toLowerCase(), ""])];
    const ok = headerList(wire, false);
    const okSlot = ok.length + 1;
    ok.push(...perRequest, "content-length", entry.body.length);
    const notModified = headerList(wire, true);
    const notModifiedSlot = notModified.length + 1;
    notModified.push(...perRequest);
    found = { ok, okSlot, notModified, notModifiedSlot };
    blocks.set(entry, found);
    return found;
  };

  const write = (
    request: IncomingMessage,
    response: ServerResponse,
    entry: CachedAnswer,
    wire: OutgoingHttpHeaders,
    status: RateLimitStatus | undefined,
    principal: Principal,
    startedAt: number,
    /** False for an entry the direct path just found or made (its lookup counted it already). */
    hit = true,
  ): true => {
    if (hit) answers!.hits++;
    const found = blocksOf(entry, wire);
    const notModifiedAnswer = matchesEtag(request.headers["if-none-match"], entry.etag);
    const list = notModifiedAnswer ? found.notModified : found.ok;
    const at = notModifiedAnswer ? found.notModifiedSlot : found.okSlot;
    const requestId = newRequestId();
    list[at] = requestId;
    if (status !== undefined) {
      // The values of `rateLimitHeaders` (middleware/rate-limits.ts), in RATE_LIMIT_HEADER_NAMES' order.
      list[at + 2] = String(status.limit);
      list[at + 4] = String(status.remaining);
      list[at + 6] = String(status.resetSeconds);
    }
    // Typed for objects; node takes a flat [name, value, ...] list as well.
    response.writeHead(notModifiedAnswer ? 304 : 200, list as unknown as OutgoingHttpHeaders);
    if (notModifiedAnswer) response.end();
    else response.end(entry.body);
    log?.({ requestId, method: "GET", route: entry.route === "" ? null : entry.route, status: notModifiedAnswer ? 304 : 200, startedAt, principal });
    return true;
  };

  /** A read by the direct path: the answer cache's entry it found or kept, else its answer or error, written here. */
  const direct = async (
    response: ServerResponse,
    request: IncomingMessage,
    matched: MatchedRead & { readonly query: string },
    principal: Principal,
    url: string,
    status: RateLimitStatus | undefined,
    startedAt: number,
  ): Promise<true> => {
    const route = matched.direct.route.path;
    let outcome;
    try {
      outcome = await reads!.read(matched, principal, url);
    } catch (error) {
      const requestId = newRequestId();
      const code = reads!.writeError(response, requestId, status, error, url.split("?")[0]!);
      log?.({ requestId, method: "GET", route, status: code, startedAt, principal });
      return true;
    }
    const entry = outcome.entry;
    if (entry !== undefined) {
      // Its wire is what the chain sends, so the fast path answers the next hit on its own.
      entry.wire ??= reads!.wireOf(entry);
      return write(request, response, entry, entry.wire, status, principal, startedAt, false);
    }
    const requestId = newRequestId();
    const answer = outcome.answer;
    reads!.writePlain(response, requestId, status, answer.status, answer.headers, outcome.json ?? JSON.stringify(answer.body));
    log?.({ requestId, method: "GET", route, status: answer.status, startedAt, principal });
    return true;
  };

  /** The answer once the principal is known: written now when the budget allows it without a wait. */
  const answer = (request: IncomingMessage, response: ServerResponse, principal: Principal, url: string, startedAt: number): boolean | Promise<boolean> => {
    const key = answers?.keyFor(principal, url);
    let entry = key === undefined ? undefined : answers!.lookup(key, principal.storeId, false);
    const wire = entry?.wire;
    let matched: (MatchedRead & { readonly query: string }) | undefined;
    // A confirmed answer is checked against the database first, which Koa's path does.
    if (entry === undefined || wire === undefined || entry.confirmed) {
      entry = undefined;
      matched = reads?.match(url, principal);
      if (matched === undefined) return false;
    }
    const go = (status: RateLimitStatus | undefined): true | Promise<true> =>
      entry !== undefined ? write(request, response, entry, wire!, status, principal, startedAt) : direct(response, request, matched!, principal, url, status, startedAt);
    if (rateLimits === undefined) return go(undefined);
    const now = rateLimits.limiter.consumeNow?.(rateLimits.perKey, principal.keyId);
    if (now !== undefined) return go(now);
    return rateLimits.limiter.consume(rateLimits.perKey, principal.keyId).then(
      go,
      () => false, // a spent budget (or a limiter failure): Koa answers it with the error body
    );
  };

  return (request, response) => {
    const headers = request.headers;
    const url = request.url;
    if (request.method !== "GET" || url === undefined || !url.startsWith("/v1/") || !spendsOnlyKeyBudget(url) || (reads === undefined && (answers === undefined || answers.size === 0))) return false;
    if (headers.origin !== undefined || (request.socket as TLSSocket).encrypted === true) return false;
    if (trustProxy && headers["x-forwarded-proto"] !== undefined) return false;
    const authorization = headers.authorization;
    if (authorization === undefined) return false;
    const bearer = bearerOf(authorization);
    if (bearer === undefined) return false;
    // The clock is read only when the request log is on: the fast path is the hot path.
    const startedAt = log === undefined ? 0 : performance.now();
    const principal = authenticate.cached(bearer);
    if (principal !== undefined) return answer(request, response, principal, url, startedAt);
    const outcome = authenticate.execute(bearer);
    // Koa reuses this lookup rather than making its own (an unknown key, a database down).
    rememberAuthentication(request, outcome);
    return outcome.then(
      (found) => answer(request, response, found, url, startedAt),
      () => false, // Koa answers the 401 (or the 503) in its own words
    );
  };
};
