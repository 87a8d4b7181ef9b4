// The search index of every store this process has searched: a MiniSearch text index and the
// product vectors, built from the database on first use and kept fresh incrementally. Before a
// search, at most once per refresh interval, it reads the store's change marker; when that
// moved (or moved recently) it re-reads only the products changed since, so a write made by any
// process sharing the database is searchable here within the interval.
import { createHash } from "node:crypto";
import MiniSearch, { type SearchResult } from "minisearch";
import type { Embedder } from "../../application/ports/embedder.js";
import type {
  ProductSearchIndex,
  SearchHit,
  SearchOptions,
  SimilarProduct,
} from "../../application/ports/product-search-index.js";
import type { CatalogMarker, ProductVectorStore, SearchCatalogSource, SearchSourceProduct } from "./search-catalog-source.js";

export interface SearchEngineSettings {
  /** How often, at most, a search checks the store's change marker. */
  readonly refreshIntervalMs: number;
  /** How far back changes are re-read, for writes that commit after a later one (and clock skew). */
  readonly changeWindowMs: number;
  readonly onError?: (error: unknown, context: string) => void;
}

const FIELDS = ["name", "sku", "brand", "tags", "category", "attributes", "description"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Readonly<Record<Field, number>> = { name: 5, sku: 4, brand: 2.5, tags: 2.5, category: 2.5, attributes: 1.5, description: 1 };

/** Weights of the semantic blend, and the cosine below which a product without words in common is left out. */
const SEMANTIC_WEIGHT = 0.6;
const LEXICAL_WEIGHT = 0.4;
const MIN_COSINE = 0.3;
const EMBED_BATCH = 256;

const STOP_WORDS = new Set(["a", "an", "and", "for", "in", "of", "on", "or", "the", "to", "with", "by", "at", "is", "my", "me", "i"]);
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

const normaliseTerm = (term: string): string | null => {
  const t = term.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  return t === "" || STOP_WORDS.has(t) ? null : t;
};

/** SKUs are indexed whole and by their parts, so `SOF-KIL-3S` and `KIL` both find them. */
const tokenize = (text: string, field?: string): string[] => {
  if (field !== "sku") return text.split(SPACE_OR_PUNCTUATION);
  return text.split(/\s+/).flatMap((sku) => [sku, ...sku.split(/[-_./]+/)]).filter((t) => t !== "");
};

interface IndexedProduct {
  readonly indexHash: string;
  readonly vectorHash: string;
  readonly vectorText: string;
  readonly categoryId: string | null;
  readonly subcategoryId: string | null;
  readonly skus: readonly string[];
}

interface StoreState {
  readonly mini: MiniSearch;
  /** Active products in the index. */
  readonly products: Map<string, IndexedProduct>;
  /** Every product of the store, active or not, with its number of variants. */
  readonly variantCounts: Map<string, number>;
  readonly skus: Map<string, string>;
  /** Unit vectors of active products, once a semantic search asked for them. */
  vectors: Map<string, Float32Array> | undefined;
  /** Products whose vector is missing or stale. */
  readonly staleVectors: Set<string>;
  marker: CatalogMarker;
  checkedAt: number;
  changedAt: number;
  refreshing: Promise<void> | undefined;
  vectorsLoading: Promise<void> | undefined;
}

/** An exact SKU match is ranked apart but answered as `sku`. */
const publicReason = (hit: SearchHit): SearchHit => (hit.matchReason === "sku_exact" ? { ...hit, matchReason: "sku" } : hit);

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** What a product's vector is made from: its name twice, then where it sits and what it is. */
export const embeddingText = (p: SearchSourceProduct): string =>
  [p.name, p.name, p.category, p.tags.join(", "), p.attributes, p.brand, p.description.split(/\s+/).slice(0, 40).join(" ")]
    .filter((part) => part.trim() !== "")
    .join(". ");

const sameMarker = (a: CatalogMarker, b: CatalogMarker): boolean =>
  a.products === b.products &&
  a.variants === b.variants &&
  a.productsUpdatedAt === b.productsUpdatedAt &&
  a.variantsUpdatedAt === b.variantsUpdatedAt &&
  a.categoriesUpdatedAt === b.categoriesUpdatedAt;

const latest = (marker: CatalogMarker): string | null => {
  const times = [marker.productsUpdatedAt, marker.variantsUpdatedAt].filter((t): t is string => t !== null);
  return times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b));
};

const dot = (a: Float32Array, b: Float32Array | Float64Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

const unit = (v: Float32Array): Float32Array => {
  const norm = Math.sqrt(dot(v, v));
  if (norm === 0) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
};

export class CatalogSearchEngine implements ProductSearchIndex {
  private readonly stores = new Map<string, Promise<StoreState>>();

  constructor(
    private readonly source: SearchCatalogSource,
    private readonly vectorStore: ProductVectorStore,
    private readonly embedder: Embedder,
    private readonly settings: SearchEngineSettings,
  ) {}

  async text(storeId: string, query: string, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
    const state = await this.state(storeId);
    const hits = this.lexical(state, query, options.categoryId);
    return { hits: hits.slice(0, options.limit).map(publicReason), total: hits.length };
  }

  async semantic(storeId: string, query: string, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
    const state = await this.state(storeId);
    const lexical = this.lexical(state, query, options.categoryId);
    let queryVector: Float32Array | undefined;
    try {
      await this.ensureVectors(storeId, state);
      [queryVector] = await this.embedder.embed([query]);
    } catch (error) {
      // Without vectors (a model server that is away) the text ranking still answers.
      this.settings.onError?.(error, "semantic search fell back to text ranking");
      return { hits: lexical.slice(0, options.limit).map(publicReason), total: lexical.length };
    }
    const cosines = this.cosines(state, queryVector, options.categoryId);
    const blended = new Map<string, SearchHit & { readonly semantic: number; readonly lexical: number }>();
    for (const hit of lexical) {
      const semantic = Math.max(0, cosines.get(hit.productId) ?? 0);
      const score = hit.matchReason === "sku_exact" ? 2 : SEMANTIC_WEIGHT * semantic + LEXICAL_WEIGHT * hit.score;
      blended.set(hit.productId, { ...hit, score, semantic, lexical: hit.score });
    }
    for (const [productId, cosine] of cosines) {
      if (blended.has(productId) || cosine < MIN_COSINE) continue;
      blended.set(productId, { productId, score: SEMANTIC_WEIGHT * cosine, matchReason: "semantic", semantic: cosine, lexical: 0 });
    }
    const ranked = [...blended.values()]
      .sort((a, b) => b.score - a.score || a.productId.localeCompare(b.productId))
      .map((h) => ({
        productId: h.productId,
        score: Math.min(1, h.score),
        matchReason: h.matchReason === "sku_exact" ? "sku" : SEMANTIC_WEIGHT * h.semantic > LEXICAL_WEIGHT * h.lexical ? "semantic" : h.matchReason,
      }));
    return { hits: ranked.slice(0, options.limit), total: ranked.length };
  }

  async similar(storeId: string, productIds: readonly string[], limit: number): Promise<SimilarProduct[]> {
    const state = await this.state(storeId);
    try {
      await this.ensureVectors(storeId, state);
    } catch (error) {
      this.settings.onError?.(error, "similar products left out: no vectors");
      return [];
    }
    const vectors = state.vectors!;
    const seeds = productIds.map((id) => vectors.get(id)).filter((v): v is Float32Array => v !== undefined);
    if (seeds.length === 0) return [];
    const mean = new Float32Array(seeds[0]!.length);
    for (const v of seeds) for (let i = 0; i < v.length; i++) mean[i]! += v[i]! / seeds.length;
    const excluded = new Set(productIds);
    return [...this.cosines(state, mean, undefined)]
      .filter(([id, cosine]) => !excluded.has(id) && cosine > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([productId, cosine]) => ({ productId, score: Math.min(1, cosine) }));
  }

  /** Text hits with scores scaled to the best one; an exact SKU comes first whatever its score. */
  private lexical(state: StoreState, query: string, categoryId: string | undefined): SearchHit[] {
    const inCategory = (id: string): boolean => {
      if (categoryId === undefined) return true;
      const p = state.products.get(id);
      return p !== undefined && (p.categoryId === categoryId || p.subcategoryId === categoryId);
    };
    const exact = state.skus.get(query.trim().toLowerCase());
    const results: SearchResult[] = state.mini.search(query, { filter: (r) => inCategory(String(r.id)) });
    const top = results[0]?.score ?? 1;
    const hits: SearchHit[] = [];
    if (exact !== undefined && inCategory(exact)) hits.push({ productId: exact, score: 1, matchReason: "sku_exact" });
    for (const r of results) {
      const id = String(r.id);
      if (id === exact) continue;
      hits.push({ productId: id, score: r.score / top, matchReason: this.reason(r) });
    }
    return hits;
  }

  /** The most telling field among those that matched: the one with the highest boost. */
  private reason(result: SearchResult): string {
    let best: Field = "description";
    for (const fields of Object.values(result.match)) {
      for (const field of fields as Field[]) if (BOOST[field] > BOOST[best]) best = field;
    }
    return best;
  }

  /** Cosines to the query over the store's active products, after removing the catalog's mean direction. */
  private cosines(state: StoreState, query: Float32Array | undefined, categoryId: string | undefined): Map<string, number> {
    const out = new Map<string, number>();
    const vectors = state.vectors;
    if (query === undefined || vectors === undefined || vectors.size === 0 || dot(query, query) === 0) return out;
    const dims = query.length;
    const mean = new Float64Array(dims);
    for (const v of vectors.values()) if (v.length === dims) for (let i = 0; i < dims; i++) mean[i]! += v[i]! / vectors.size;
    const meanNorm2 = dot(new Float32Array(mean), mean);
    const centered = new Float32Array(dims);
    for (let i = 0; i < dims; i++) centered[i] = query[i]! - mean[i]!;
    const q = unit(centered);
    const qMean = dot(q, mean);
    for (const [id, v] of vectors) {
      if (v.length !== dims) continue;
      if (categoryId !== undefined) {
        const p = state.products.get(id);
        if (p === undefined || (p.categoryId !== categoryId && p.subcategoryId !== categoryId)) continue;
      }
      const vMean = dot(v, mean);
      const norm = Math.sqrt(Math.max(1e-12, dot(v, v) - 2 * vMean + meanNorm2));
      out.set(id, (dot(v, q) - qMean) / norm);
    }
    return out;
  }

  private async state(storeId: string): Promise<StoreState> {
    let pending = this.stores.get(storeId);
    if (pending === undefined) {
      pending = this.build(storeId);
      this.stores.set(storeId, pending);
      pending.catch(() => this.stores.delete(storeId));
    }
    const state = await pending;
    if (Date.now() - state.checkedAt >= this.settings.refreshIntervalMs) {
      state.refreshing ??= this.refresh(storeId, state).finally(() => {
        state.refreshing = undefined;
      });
      await state.refreshing;
    }
    return state;
  }

  private async build(storeId: string): Promise<StoreState> {
    const marker = await this.source.marker(storeId);
    const state: StoreState = {
      mini: new MiniSearch({
        fields: [...FIELDS],
        tokenize,
        processTerm: normaliseTerm,
        searchOptions: {
          boost: { ...BOOST },
          fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
          prefix: (term) => term.length >= 2,
          combineWith: "OR",
        },
      }),
      products: new Map(),
      variantCounts: new Map(),
      skus: new Map(),
      vectors: undefined,
      staleVectors: new Set(),
      marker,
      checkedAt: Date.now(),
      changedAt: 0,
      refreshing: undefined,
      vectorsLoading: undefined,
    };
    this.apply(state, await this.source.all(storeId));
    return state;
  }

  private async refresh(storeId: string, state: StoreState): Promise<void> {
    const marker = await this.source.marker(storeId);
    const now = Date.now();
    const before = state.marker;
    if (!sameMarker(marker, before)) state.changedAt = now;
    if (now - state.changedAt < this.settings.changeWindowMs) {
      if (marker.categoriesUpdatedAt !== before.categoriesUpdatedAt) {
        this.apply(state, await this.source.all(storeId)); // a renamed category changes many products; rare
      } else {
        const since = latest(before);
        const from = since === null ? "0000" : new Date(Date.parse(since) - this.settings.changeWindowMs).toISOString();
        this.apply(state, await this.source.changedSince(storeId, from));
      }
      let variants = 0;
      for (const n of state.variantCounts.values()) variants += n;
      if (marker.products !== state.variantCounts.size || marker.variants !== variants) await this.reconcile(storeId, state);
      state.marker = marker;
    }
    state.checkedAt = Date.now();
  }

  /** Finds erased products and removed variants, which leave no newer timestamp behind. */
  private async reconcile(storeId: string, state: StoreState): Promise<void> {
    const counts = await this.source.variantCounts(storeId);
    const differing: string[] = [];
    for (const [id, n] of counts) if (state.variantCounts.get(id) !== n) differing.push(id);
    for (const id of [...state.variantCounts.keys()]) {
      if (!counts.has(id)) {
        this.remove(state, id);
        state.variantCounts.delete(id);
      }
    }
    if (differing.length > 0) this.apply(state, await this.source.byIds(storeId, differing));
  }

  private apply(state: StoreState, products: readonly SearchSourceProduct[]): void {
    for (const p of products) {
      state.variantCounts.set(p.id, p.variantCount);
      if (!p.isActive || p.variantCount === 0) {
        this.remove(state, p.id);
        continue;
      }
      const fields: Record<Field, string> = {
        name: p.name,
        sku: p.skus.join(" "),
        brand: p.brand,
        tags: p.tags.join(" "),
        category: p.category,
        attributes: p.attributes,
        description: p.description,
      };
      const vectorText = embeddingText(p);
      const indexHash = sha256(JSON.stringify([fields, p.categoryId, p.subcategoryId]));
      const current = state.products.get(p.id);
      if (current?.indexHash === indexHash) continue;
      const keptVector = state.vectors?.get(p.id);
      this.remove(state, p.id);
      state.mini.add({ id: p.id, ...fields });
      const vectorHash = sha256(vectorText);
      state.products.set(p.id, { indexHash, vectorHash, vectorText, categoryId: p.categoryId, subcategoryId: p.subcategoryId, skus: p.skus });
      for (const sku of p.skus) state.skus.set(sku.toLowerCase(), p.id);
      if (current?.vectorHash === vectorHash && keptVector !== undefined) state.vectors!.set(p.id, keptVector);
      else state.staleVectors.add(p.id);
    }
  }

  private remove(state: StoreState, productId: string): void {
    const current = state.products.get(productId);
    if (current === undefined) return;
    state.mini.discard(productId);
    state.products.delete(productId);
    for (const sku of current.skus) if (state.skus.get(sku.toLowerCase()) === productId) state.skus.delete(sku.toLowerCase());
    state.vectors?.delete(productId);
    state.staleVectors.delete(productId);
  }

  /** Loads stored vectors, embeds what is missing or stale and stores it for every process. */
  private async ensureVectors(storeId: string, state: StoreState): Promise<void> {
    while (state.vectors === undefined || state.staleVectors.size > 0) {
      state.vectorsLoading ??= this.loadVectors(storeId, state).finally(() => {
        state.vectorsLoading = undefined;
      });
      await state.vectorsLoading;
    }
  }

  private async loadVectors(storeId: string, state: StoreState): Promise<void> {
    const first = state.vectors === undefined;
    const wanted = first ? [...state.products.keys()] : [...state.staleVectors];
    const vectors = state.vectors ?? new Map<string, Float32Array>();
    const stored = await this.vectorStore.load(storeId, this.embedder.model, first ? undefined : wanted);
    const storedById = new Map(stored.map((s) => [s.productId, s]));
    const missing: string[] = [];
    const madeFrom = new Map<string, string>();
    for (const id of wanted) {
      const product = state.products.get(id);
      if (product === undefined) continue;
      const found = storedById.get(id);
      if (found !== undefined && found.contentHash === product.vectorHash) {
        vectors.set(id, unit(found.vector));
        madeFrom.set(id, found.contentHash);
      } else {
        missing.push(id);
      }
    }
    for (let i = 0; i < missing.length; i += EMBED_BATCH) {
      const batch = missing.slice(i, i + EMBED_BATCH).filter((id) => state.products.has(id));
      const hashes = batch.map((id) => state.products.get(id)!.vectorHash);
      const made = await this.embedder.embed(batch.map((id) => state.products.get(id)!.vectorText));
      const rows = batch.map((productId, k) => ({ productId, contentHash: hashes[k]!, vector: made[k]! }));
      await this.vectorStore.save(storeId, this.embedder.model, rows, new Date().toISOString());
      rows.forEach((row) => {
        if (state.products.get(row.productId)?.vectorHash === row.contentHash) {
          vectors.set(row.productId, unit(row.vector));
          madeFrom.set(row.productId, row.contentHash);
        }
      });
    }
    // A product changed again meanwhile stays stale for the next round.
    for (const id of wanted) {
      const product = state.products.get(id);
      if (product === undefined || madeFrom.get(id) === product.vectorHash) state.staleVectors.delete(id);
    }
    state.vectors = vectors;
  }
}
