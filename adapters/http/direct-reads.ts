// The direct path of cacheable reads: a plain GET (the fast path's kind, fast-answers.ts) that the
// answer cache cannot answer, to a catalog or price read, is answered by the route's own code
// (mount-route.ts: decoding, the handler, `fields`, the answer cache's keeping) without Koa's
// middleware chain and router, whose per-request cost (a context, nine middleware, the router's
// matching, header by header setting) was about a fifth of the CPU of an uncached product page.
//
// What the chain would add is added here from the same sources: the security headers, what the
// CORS policy sends a request without Origin, the Request-Id, the per-key rate limit (spent by
// the fast path before the read) and the error body of the one error table. The test
// (test/adapters/http/cached-uncached-answers.test.ts) compares every such route's answers,
// errors included, with Koa's under both CORS policies, with and without the answer cache.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Principal } from "../../application/access/principal.js";
import type { RateLimitStatus } from "../../application/ports/rate-limiter.js";
import { keyPermits } from "../../domain/access/api-key.js";
import { JSON_CONTENT_TYPE, type CachedAnswer } from "./answer-cache.js";
import { logErrorAnswer, toErrorResponse } from "./error-response.js";
import { corsHeadersWithoutOrigin, type CorsOrigins } from "./middleware/cors-policy.js";
import { rateLimitHeaders } from "./middleware/rate-limits.js";
import { SECURITY_HEADERS } from "./middleware/security-headers.js";
import type { DirectRoute, ReadOutcome } from "./mount-route.js";
import type { AnyRoute } from "./route-definition.js";
import { NO_KOA_CONTEXT } from "./route-definition.js";
import { MAX_URL_BYTES } from "./request-size.js";

/** A GET route's path as segments: a literal, or null for a `{name}` parameter (one whole segment). */
interface RoutePath {
  readonly segments: readonly (string | null)[];
  readonly names: readonly string[];
  /** The route's direct reading; undefined when a request to it must go to Koa. */
  readonly direct: DirectRoute | undefined;
}

/** A request the direct path can answer: its route and the path's values. */
export interface MatchedRead {
  readonly direct: DirectRoute;
  readonly params: Record<string, string>;
}

/** As @koa/router: a value that is not valid percent-encoding is kept as it came. */
const decodeSegment = (text: string): string => {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** As Koa's `ctx.query` (URLSearchParams; a name given twice is a list). */
const parseQuery = (text: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  if (text === "") return out;
  const search = new URLSearchParams(text);
  for (const name of search.keys()) {
    if (Object.hasOwn(out, name)) continue;
    const values = search.getAll(name);
    Object.defineProperty(out, name, { value: values.length <= 1 ? values[0] : values, writable: true, enumerable: true, configurable: true });
  }
  return out;
};

/** Headers as a flat `[name, value, ...]` list for writeHead, names in lower case. */
const flat = (headers: Readonly<Record<string, string | number>>, into: unknown[] = []): unknown[] => {
  for (const name of Object.keys(headers)) into.push(name.toLowerCase(), headers[name]);
  return into;
};

export interface DirectReadOptions {
  /** Every route in the order they are mounted (the router's order decides which route a path reaches). */
  readonly routes: readonly AnyRoute[];
  /** The routes that may go direct, as mount-route.ts made them. */
  readonly directs: ReadonlyMap<AnyRoute, DirectRoute>;
  /** Paths the app routes before the route table (the document, probes): never direct. */
  readonly reservedPaths: ReadonlySet<string>;
  readonly corsOrigins: CorsOrigins;
  /** Unexpected errors are logged as the error middleware logs them. */
  readonly logger: Logger;
}

/** The part of a path that picks its candidate routes: its first two segments (`v1/products`). */
const prefixOf = (parts: readonly (string | null)[]): string => `${parts[1]}/${parts[2]}`;

export class DirectReads {
  /** GET routes in the router's order, by their first two segments; all in one list if a route has a parameter there. */
  private readonly paths = new Map<string, RoutePath[]>();
  private readonly linear: RoutePath[] | undefined;
  /** Headers every direct answer carries before its own (security, CORS), names in lower case; an answer cache entry's `wire` starts from them. */
  private readonly baseWire: Readonly<Record<string, string>>;

  constructor(private readonly options: DirectReadOptions) {
    const all: RoutePath[] = [];
    for (const route of options.routes) {
      if (route.method !== "GET") continue;
      const segments = route.path.split("/").map((segment) => (/^\{\w+\}$/.test(segment) ? null : segment));
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      all.push({ segments, names, direct: options.directs.get(route) });
    }
    // Each list keeps the router's order, so the first route a path matches is still the router's.
    this.linear = all.some((r) => r.segments.length < 3 || r.segments[1] === null || r.segments[2] === null) ? all : undefined;
    if (this.linear === undefined) {
      for (const route of all) {
        const prefix = prefixOf(route.segments);
        const list = this.paths.get(prefix);
        if (list === undefined) this.paths.set(prefix, [route]);
        else list.push(route);
      }
    }
    const common = { ...SECURITY_HEADERS, ...corsHeadersWithoutOrigin(options.corsOrigins) };
    this.baseWire = Object.fromEntries(Object.entries(common).map(([name, value]) => [name.toLowerCase(), value]));
  }

  /**
   * The direct read a GET of `url` reaches, or undefined when Koa must answer it: no route, a
   * route that does not go direct, a key the route refuses, a URL Koa would refuse (too long) or
   * read differently (a fragment, a character its URL parser does not take fast).
   */
  match(url: string, principal: Principal): (MatchedRead & { readonly query: string }) | undefined {
    if (url.length > MAX_URL_BYTES || /[#\s\u00a0\ufeff]/.test(url)) return undefined;
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    if (this.options.reservedPaths.has(path)) return undefined;
    const parts = path.split("/");
    for (const route of this.linear ?? this.paths.get(prefixOf(parts)) ?? []) {
      const segments = route.segments;
      if (segments.length !== parts.length) continue;
      let matches = true;
      for (let i = 0; i < segments.length && matches; i++) {
        const literal = segments[i];
        matches = literal === null ? parts[i] !== "" : literal === parts[i];
      }
      if (!matches) continue;
      // The first route that matches is the one the router runs.
      const direct = route.direct;
      if (direct === undefined || !keyPermits(principal.keyType, direct.route.access)) return undefined;
      const params: Record<string, string> = {};
      let n = 0;
      for (let i = 0; i < segments.length; i++) if (segments[i] === null) params[route.names[n++]!] = decodeSegment(parts[i]!);
      return { direct, params, query: q < 0 ? "" : url.slice(q + 1) };
    }
    return undefined;
  }

  /** Runs the read; the answer cache's entry when it keeps one, else the answer written here. */
  read(matched: MatchedRead & { readonly query: string }, principal: Principal, url: string): Promise<ReadOutcome> {
    return matched.direct.read({ params: matched.params, query: parseQuery(matched.query), principal, ctx: NO_KOA_CONTEXT }, url);
  }

  /** What Koa's chain would have sent with this entry, less the per-request headers: for the fast path. */
  wireOf(entry: CachedAnswer): OutgoingHttpHeaders {
    const wire: OutgoingHttpHeaders = { ...this.baseWire };
    for (const name of Object.keys(entry.headers)) wire[name.toLowerCase()] = entry.headers[name];
    wire.etag = entry.etag;
    wire["content-type"] = JSON_CONTENT_TYPE;
    return wire;
  }

  /** Writes an answer that is not a cache entry: a computed one without the cache, or the error of a failed read. */
  writePlain(
    response: ServerResponse,
    requestId: string,
    limit: RateLimitStatus | undefined,
    status: number,
    own: Readonly<Record<string, string>>,
    body: string,
  ): void {
    // As ctx.set does: a header the answer names itself (an error's Retry-After) replaces the chain's.
    const headers: Record<string, string | number> = { "request-id": requestId, ...this.baseWire };
    if (limit !== undefined) for (const [name, value] of Object.entries(rateLimitHeaders(limit))) headers[name.toLowerCase()] = value;
    for (const name of Object.keys(own)) headers[name.toLowerCase()] = own[name]!;
    headers["content-type"] = JSON_CONTENT_TYPE;
    headers["content-length"] = Buffer.byteLength(body);
    const list = flat(headers);
    response.writeHead(status, list as unknown as OutgoingHttpHeaders);
    response.end(body);
  }

  /** The error answer of a read that threw, as the error middleware makes it and logs it. */
  writeError(response: ServerResponse, requestId: string, limit: RateLimitStatus | undefined, error: unknown, path: string): number {
    const answer = toErrorResponse(error, requestId);
    logErrorAnswer(this.options.logger, error, answer, { requestId, method: "GET", path });
    this.writePlain(response, requestId, limit, answer.status, answer.headers, JSON.stringify(answer.body));
    return answer.status;
  }
}
