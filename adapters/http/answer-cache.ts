// Serialized answers of the public catalog and price reads, kept in memory: the JSON bytes and
// their ETag, keyed by store, key type and mode, and the normalised request URL, and stamped with
// the store's catalog generation when the answer was computed. A write to the store's catalog
// (this process at once; another within about a second, see catalog-versions.ts) changes the
// stamp, so a stale answer is never served. A route that names what its answer shows (its
// `scope`: the products, and whether search decides its members) keeps it under the store-wide
// stamp and those products' buckets instead, so stock taken at checkout or a variant's new price
// drops only the answers that show that product. Bounded by bytes, least recently used out first.
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Principal } from "../../application/access/principal.js";

/** What a computation starts under (see CatalogStamps.mark): opaque here. */
export interface ScopeMark {
  readonly stamp: string;
}

/** The store's catalog generation as this process knows it, and whether other processes' writes are known. */
export interface CatalogStamps {
  /** Moves on with every change of the store's catalog. */
  stamp(storeId: string): string;
  /** Moves on only with store-wide changes (not with a change of some products' own records). */
  structuralStamp(storeId: string): string;
  /** Taken before an answer is computed, for `bucketsSince`. */
  mark(storeId: string): ScopeMark;
  /** The buckets of these products (and of text search, with `search`), each once. */
  bucketsOf(productIds: readonly string[], search: boolean): number[];
  /** The buckets' generations when `mark` was taken, or undefined when a store-wide change landed since. */
  bucketsSince(storeId: string, mark: ScopeMark, buckets: readonly number[]): Uint32Array | undefined;
  /** Whether each bucket is still at its generation. */
  bucketsCurrent(storeId: string, buckets: Uint16Array, generations: Uint32Array): boolean;
  /** Reads the store's version from the database now, so another process's write is known at once (see `confirmed`). */
  confirm?(storeId: string): Promise<void>;
  /** False while polls for other processes' writes fail or have not run yet: answers are then not cached. */
  isFresh(maxAgeMs: number): boolean;
}

export interface CachedAnswer {
  readonly storeId: string;
  /** The store's stamp it was made under: the structural one when `buckets` is set, else the all-changes one. */
  readonly stamp: string;
  /** The buckets of the products it shows (and of search, when it depends on what search matches), or undefined. */
  readonly buckets: Uint16Array | undefined;
  /** Each bucket's generation when it was made. */
  readonly generations: Uint32Array | undefined;
  readonly body: Buffer;
  readonly etag: string;
  /** Headers the route added to this answer (e.g. Deprecation). */
  readonly headers: Readonly<Record<string, string>>;
  /** The path template of the route that made it, for the request log of the fast path. */
  readonly route: string;
  /** Made by a route whose answers are confirmed against the database on every read (never served by the fast path). */
  readonly confirmed: boolean;
  /**
   * Every header the full middleware chain sent with this answer to a plain request (no Origin,
   * not over TLS), less the per-request ones: what the fast path answers with. Set once served.
   */
  wire: OutgoingHttpHeaders | undefined;
  readonly bytes: number;
  /** The cache's use count when the entry last moved to the recent end of the LRU order. */
  used: number;
}

/** What an answer shows: it stays current until a store-wide change or a change of these products. */
export interface AnswerScope {
  /** The ids of the products whose records the answer shows (none for a category list, say). */
  readonly products: readonly string[];
  /** True when its members depend on what text search matches (a search, a list filtered by `search`). */
  readonly search: boolean;
}

/** Whether a route's answer may be cached, and which query parameters make it personal (never cached). */
export interface AnswerCachePolicy<R = any, Q = any> {
  readonly personalParams?: readonly string[];
  /**
   * Every read of a kept answer first reads the store's catalog version (one small query), so a
   * write through another process shows at once rather than within the poll interval: for
   * answers that promise that (search), where the query saved is far dearer than the one made.
   */
  readonly confirmed?: boolean;
  /**
   * What the answer (before any `fields` projection) shows, for invalidation scoped to it: a write
   * that changes only some products' records (stock at checkout, a variant's price) then drops it
   * only when it shows one of them. Absent: any change of the store's catalog drops it.
   */
  readonly scope?: (answer: R, query: Q) => AnswerScope;
}

/** Where an answer's computation started: the stamps to keep it under (see `AnswerCache.begin`). */
export interface AnswerStart {
  readonly stamp: string;
  readonly mark: ScopeMark;
}

/** Headers that differ per request, so the fast path makes them anew. */
const PER_REQUEST_HEADERS = new Set([
  "request-id",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** Bytes an entry costs besides its body and key (the object, its headers, the map slot). */
const ENTRY_OVERHEAD = 512;

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** The request URL with its query parameters in a fixed order, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
export const normaliseUrl = (url: string): string => {
  const q = url.indexOf("?");
  if (q < 0 || url.indexOf("&", q) < 0) return url;
  return `${url.slice(0, q)}?${url
    .slice(q + 1)
    .split("&")
    .filter((pair) => pair !== "")
    .sort()
    .join("&")}`;
};

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (ifNoneMatch === undefined || ifNoneMatch === "") return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
};

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Lookups that found a current answer, and that did not (for the metrics). */
  hits = 0;
  misses = 0;
  private totalBytes = 0;
  /** Counts moves to the recent end of the LRU order (and new entries). */
  private uses = 0;
  /** The key prefix of each principal seen (principals of cached keys are reused objects). */
  private readonly prefixes = new WeakMap<Principal, string>();

  constructor(
    private readonly stamps: CatalogStamps,
    /** The most bytes kept; 0 keeps nothing. */
    readonly maxBytes: number,
    /** How recent the last successful check for other processes' writes must be for the cache to be used. */
    private readonly freshWithinMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The key of a request, or undefined when it carries a personal parameter (never cached). */
  keyFor(principal: Principal, url: string, policy?: AnswerCachePolicy): string | undefined {
    if (policy?.personalParams !== undefined && url.includes("?")) {
      const query = new URLSearchParams(url.slice(url.indexOf("?") + 1));
      if (policy.personalParams.some((name) => query.has(name))) return undefined;
    }
    let prefix = this.prefixes.get(principal);
    if (prefix === undefined) this.prefixes.set(principal, (prefix = `${principal.storeId} ${principal.mode} ${principal.keyType} `));
    return prefix + normaliseUrl(url);
  }

  /** The stamp a computation starting now would be stored under, or undefined when the cache may not be used. */
  stampNow(storeId: string): string | undefined {
    if (this.maxBytes === 0 || !this.stamps.isFresh(this.freshWithinMs)) return undefined;
    return this.stamps.stamp(storeId);
  }

  /** The stamps a computation starting now is kept under, or undefined when the cache may not be used. */
  begin(storeId: string): AnswerStart | undefined {
    if (this.maxBytes === 0 || !this.stamps.isFresh(this.freshWithinMs)) return undefined;
    return { stamp: this.stamps.stamp(storeId), mark: this.stamps.mark(storeId) };
  }

  /** Whether a kept answer is current: the cache may be used, and nothing it depends on changed since it was made. */
  private isCurrent(entry: CachedAnswer, storeId: string): boolean {
    if (entry.buckets === undefined) return entry.stamp === this.stampNow(storeId);
    if (this.maxBytes === 0 || !this.stamps.isFresh(this.freshWithinMs)) return false;
    return entry.stamp === this.stamps.structuralStamp(storeId) && this.stamps.bucketsCurrent(storeId, entry.buckets, entry.generations!);
  }

  /**
   * A current answer for the key, or undefined. Counted as a hit or a miss unless `counted` is
   * false (the fast path's look, which Koa's path repeats when it cannot answer).
   */
  lookup(key: string, storeId: string, counted = true): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || !this.isCurrent(entry, storeId)) {
      if (entry !== undefined) this.drop(key, entry);
      if (counted) this.misses++;
      return undefined;
    }
    if (counted) this.hits++;
    // Most recently used last: re-inserting moves it to the end of the map's order. An entry among
    // the most recent quarter is left where it is (the LRU order is that coarse), which spares the
    // map a delete and an insert on most hits of a hot entry.
    if (this.uses - entry.used > this.entries.size >> 2) {
      entry.used = ++this.uses;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * As `lookup`, for a route whose answers are confirmed: the store's version is read first, also
   * before a miss, so the answer then computed is kept under the stamp of what the database holds.
   */
  async lookupConfirmed(key: string, storeId: string): Promise<CachedAnswer | undefined> {
    if (this.maxBytes === 0) return undefined;
    await this.stamps.confirm?.(storeId);
    return this.lookup(key, storeId);
  }

  /**
   * Serialises an answer and keeps it under the stamps taken before it was computed (so a write
   * that landed meanwhile makes it stale at once): with a scope, under the store-wide stamp and the
   * generations of the buckets of what it shows; else under the all-changes stamp. Returns the
   * entry, kept or not.
   */
  store(
    key: string | undefined,
    storeId: string,
    start: AnswerStart | undefined,
    body: unknown,
    headers: Readonly<Record<string, string>>,
    route = "",
    confirmed = false,
    scope?: AnswerScope,
    /** The answer's JSON when already made (answer-json.ts); else made here. */
    json?: string,
  ): CachedAnswer {
    const bytes = Buffer.from(json ?? JSON.stringify(body));
    const etag = `W/"${createHash("sha1").update(bytes).digest("base64url").slice(0, 22)}"`;
    let stamp = start?.stamp;
    let buckets: Uint16Array | undefined;
    let generations: Uint32Array | undefined;
    if (start !== undefined && scope !== undefined) {
      const wanted = this.stamps.bucketsOf(scope.products, scope.search);
      generations = this.stamps.bucketsSince(storeId, start.mark, wanted);
      // A store-wide change landed meanwhile: keep nothing.
      if (generations === undefined) stamp = undefined;
      else {
        buckets = Uint16Array.from(wanted);
        stamp = start.mark.stamp;
      }
    }
    const entry: CachedAnswer = {
      storeId,
      stamp: stamp ?? "",
      buckets,
      generations,
      body: bytes,
      etag,
      headers,
      route,
      confirmed,
      wire: undefined,
      bytes: bytes.length + (key?.length ?? 0) + ENTRY_OVERHEAD + (buckets?.length ?? 0) * 6,
      used: ++this.uses,
    };
    if (key === undefined || stamp === undefined || entry.bytes > this.maxBytes / 4) return entry;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.drop(key, previous);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.drop(oldKey, old);
    }
    return entry;
  }

  /**
   * Remembers, once the answer has gone out, the headers the full chain sent with it, for the fast
   * path; only for a plain request, since CORS and HSTS headers depend on Origin and TLS.
   */
  noteServed(entry: CachedAnswer, request: IncomingMessage, response: ServerResponse, plain: boolean): void {
    if (entry.wire !== undefined || !plain || request.headers.origin !== undefined) return;
    response.once("finish", () => {
      if (response.statusCode !== 200 || entry.wire !== undefined) return;
      const wire: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.getHeaders())) {
        if (!PER_REQUEST_HEADERS.has(name) && value !== undefined) wire[name] = value;
      }
      entry.wire = wire;
    });
  }

  private drop(key: string, entry: CachedAnswer): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
