// Search over the database's own text index (SQLite FTS5 or InnoDB FULLTEXT on
// search_documents), shared by every server process and current at each commit: the SQL half of
// search. It reads a store's vocabulary (kept per store, read again in the background), the
// candidates (words matched by a few hundred documents ranked whole by the engine; commoner ones
// the documents holding the most query words, from each word's bitmaps in search_bitmaps) and
// their stored vectors, and stores the vectors it had to make. What a query's words become and
// how candidates rank is pure code in adapters/search/ (search-vocabulary.ts, search-ranking.ts,
// doc-bitmaps.ts). Per process a store costs its vocabulary (capped) and a sample's mean vector,
// whatever the size of its catalog.
import type { Embedder } from "../../../application/ports/embedder.js";
import type { ProductSearchIndex, SearchHit, SearchOptions, SimilarProduct } from "../../../application/ports/product-search-index.js";
import { embeddingText, queryTerms, SEARCH_FIELDS } from "../../search/search-text.js";
import { chooseDocuments, type BitmapRow } from "../../search/doc-bitmaps.js";
import { blendByMeaning, centredCosines, meanOf, rankLexical, rankSimilar, type LexicalHit } from "../../search/search-ranking.js";
import {
  alternativesOf,
  documentsWith,
  dot,
  MAX_COMPLETIONS,
  matches,
  neighbours as nearestWords,
  plainWord,
  postedDocuments,
  termVectorsOf,
  VOCABULARY_CAP,
  vocabularyOf,
  widen,
  type QueryWord,
  type TermRow,
  type Vocabulary,
} from "../../search/search-vocabulary.js";
import { inList, type Database } from "../database.js";
import { dequantize, quantize, readStoredWords, sha256, storedWords, termKey, wordsOf } from "../search-documents.js";

export interface DatabaseSearchSettings {
  /** How old a store's vocabulary may grow before it is read again (in the background). */
  readonly vocabularyMaxAgeMs: number;
  /**
   * A store with at most this many searchable products has every one scored by meaning (a few
   * thousand vectors read); above it, the text candidates and the vocabulary's nearest words'.
   */
  readonly scoreAllBelow?: number;
  /**
   * A query whose words (with their completions and corrections) the vocabulary counts in more
   * documents than this takes its candidates from the postings, each word's best documents read
   * as an index range; up to it, the engine ranks every match (its cost grows with the matches).
   */
  readonly engineMatchesUpTo?: number;
  readonly onError?: (error: unknown, context: string) => void;
}

/** How many refresh intervals old a vocabulary may be and still answer while the next is read. */
const STALE_VOCABULARY_AGES = 3;
/** Documents read to estimate field lengths and the catalog's mean vector. */
const SAMPLE = 2_000;
/** Candidates the engine answers for ranking. */
const TEXT_CANDIDATES = 300;
const NEIGHBOUR_CANDIDATES = 300;
/**
 * Above this many matches a query's candidates come from the postings (see the setting). The
 * engine's cost grows with the matches it ranks (15-50 ms at 500-3,000 on MariaDB with 100,000
 * products); the postings' does not, and rank as well there (docs/decisions/search.md, search-05).
 */
const ENGINE_MATCHES_UP_TO = 300;
/** A word found only in descriptions is asked of the engine (newest documents) when it matches up to this many. */
const DESCRIBED_ONLY_UP_TO = 3_000;
/**
 * Candidates chosen from the bitmaps for ranking: the documents holding the most query words,
 * in the best fields (docs/decisions/search.md, search-15). Reading and ranking the candidates is most
 * of a search's cost in both processes; 200 was measured against larger windows in "Large
 * catalogs, fourth part" (the top five's DCG at 1,000,000 products 0.943 of a 3,000 window, when
 * candidates were the newest postings).
 */
const CANDIDATE_WINDOW = 100;
/** Candidates a word found only in descriptions adds beside words with bitmaps (the engine's newest). */
const DESCRIBED_ONLY_CANDIDATES = 20;
/** Alternatives of one query word read from the postings, the most common ones. */
const POSTING_ALTERNATIVES = 8;

interface StoreVocabulary {
  current: Vocabulary | undefined;
  loading: Promise<Vocabulary> | undefined;
}

interface CandidateRow {
  doc_id: number;
  product_id: string;
  content_hash: string;
  name: string;
  sku: string;
  brand: string;
  tags: string;
  category: string;
  attributes: string;
  description: string;
  description_spaces: number | string | null;
  vector: Uint8Array | null;
  vector_model: string | null;
  vector_hash: string | null;
}

/**
 * The spaces of the description, counted by the database (its longest field: counting them in
 * process was a third of ranking a candidate), for its length in words (`score`).
 */
const DESCRIPTION_SPACES = "length(d.description) - length(replace(d.description, ' ', '')) as description_spaces";
const CANDIDATE_COLUMNS = `d.doc_id, d.product_id, d.content_hash, d.name, d.sku, d.brand, d.tags, d.category, d.attributes, d.description, ${DESCRIPTION_SPACES}, d.vector, d.vector_model, d.vector_hash`;
/** What ranking by text reads: the words, not the vector and its hashes (reading those cost 40 % more a row on SQLite). */
const TEXT_COLUMNS = `d.doc_id, d.product_id, d.name, d.sku, d.brand, d.tags, d.category, d.attributes, d.description, ${DESCRIPTION_SPACES}`;

/** Which columns a candidate read takes: `text` rows have no vector (and no content hash), so only ranking by text may use them. */
type Columns = "text" | "all";
const columnsOf = (columns: Columns): string => (columns === "text" ? TEXT_COLUMNS : CANDIDATE_COLUMNS);

export class DatabaseSearchIndex implements ProductSearchIndex {
  private readonly vocabularies = new Map<string, StoreVocabulary>();

  constructor(
    private readonly db: Database,
    private readonly embedder: Embedder,
    private readonly settings: DatabaseSearchSettings,
  ) {}

  async text(storeId: string, query: string, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number; estimated: boolean }> {
    const vocabulary = await this.vocabulary(storeId);
    const { hits, total, estimated } = await this.lexical(storeId, vocabulary, query, options.categoryId, "text");
    return { hits: hits.slice(0, options.limit).map((h) => ({ productId: h.productId, score: h.score, matchReason: h.matchReason })), total, estimated };
  }

  async semantic(storeId: string, query: string, options: SearchOptions): Promise<{ hits: SearchHit[]; total: number; estimated: boolean }> {
    const vocabulary = await this.vocabulary(storeId);
    const lexical = await this.lexical(storeId, vocabulary, query, options.categoryId, "all");
    let queryVector: Float32Array | undefined;
    let cosines: Map<string, number>;
    try {
      [queryVector] = await this.embedder.embed([query]);
      if (queryVector === undefined || dot(queryVector, queryVector) === 0) throw new Error("the query has no vector");
      const more = await this.meaningCandidates(storeId, vocabulary, queryVector, new Set(queryTerms(query)), options.categoryId);
      const rows = new Map<string, CandidateRow>();
      for (const row of [...lexical.rows, ...more.rows]) rows.set(row.product_id, row);
      cosines = await this.cosines(vocabulary, queryVector, [...rows.values()], more.centre);
    } catch (error) {
      // Without vectors (a model server that is away, or a query of unknown words) the text ranking answers.
      if (queryVector !== undefined && dot(queryVector, queryVector) !== 0) this.settings.onError?.(error, "semantic search fell back to text ranking");
      return { hits: lexical.hits.slice(0, options.limit).map(({ exactSku: _, ...hit }) => hit), total: lexical.total, estimated: lexical.estimated };
    }
    return blendByMeaning(lexical, cosines, options.limit);
  }

  async similar(storeId: string, productIds: readonly string[], limit: number): Promise<SimilarProduct[]> {
    if (productIds.length === 0) return [];
    const vocabulary = await this.vocabulary(storeId);
    const ids = [...new Set(productIds)];
    const seeds = await this.db.select<CandidateRow>(
      `select ${CANDIDATE_COLUMNS} from search_documents d${this.db.indexHint("search_documents_product_unique")} where +d.store_id = ? and +d.searchable = 1 and d.product_id in (${ids.map(() => "?").join(", ")})`,
      [storeId, ...ids],
    );
    if (seeds.length === 0) return [];
    let seedVectors: Map<string, Float32Array>;
    try {
      seedVectors = await this.vectorsOf(seeds);
    } catch (error) {
      this.settings.onError?.(error, "similar products left out: no vectors");
      return [];
    }
    const dims = [...seedVectors.values()][0]?.length ?? 0;
    if (dims === 0) return [];
    const mean = new Float32Array(dims);
    for (const v of seedVectors.values()) for (let i = 0; i < dims; i++) mean[i]! += v[i]! / seedVectors.size;
    // Candidates: products sharing the seeds' most telling words, and words near their meaning.
    const seedWords = new Set<string>();
    for (const seed of seeds) for (const field of ["name", "category", "tags"] as const) for (const w of readStoredWords(seed[field])) seedWords.add(w);
    const telling = [...seedWords].sort((a, b) => documentsWith(vocabulary, a) - documentsWith(vocabulary, b)).slice(0, 12);
    const tellingWords = telling.map(plainWord);
    const rows = [
      ...(matches(vocabulary, tellingWords) > this.engineMatchesUpTo
        ? await this.postingDocuments(storeId, telling.map((t) => ({ terms: [t], limit: Math.ceil(NEIGHBOUR_CANDIDATES / telling.length) })))
        : await this.candidates(storeId, tellingWords, undefined, NEIGHBOUR_CANDIDATES)),
      ...(await this.meaningCandidates(storeId, vocabulary, mean, seedWords, undefined)).rows,
    ];
    const excluded = new Set(productIds);
    return rankSimilar(await this.cosines(vocabulary, mean, rows.filter((r) => !excluded.has(r.product_id))), limit);
  }

  /** Text hits ranked (search-ranking.ts), with the candidates they were ranked from. */
  private async lexical(
    storeId: string,
    vocabulary: Vocabulary,
    query: string,
    categoryId: string | undefined,
    columns: Columns,
  ): Promise<{ hits: LexicalHit[]; total: number; estimated: boolean; rows: CandidateRow[] }> {
    const queryWords = queryTerms(query).map((term) => widen(vocabulary, term));
    const exact = await this.exactSku(storeId, query.trim(), categoryId);
    if (queryWords.length === 0 && exact === undefined) return { hits: [], total: 0, estimated: false, rows: [] };
    const candidates =
      queryWords.length > 0 && categoryId === undefined && matches(vocabulary, queryWords) > this.engineMatchesUpTo
        ? await this.bitmapCandidates(storeId, vocabulary, queryWords, columns)
        : await this.engineCandidates(storeId, queryWords, categoryId, columns);
    return { ...rankLexical(vocabulary, query, queryWords, candidates.rows, exact, candidates), rows: candidates.rows };
  }

  private get engineMatchesUpTo(): number {
    return this.settings.engineMatchesUpTo ?? ENGINE_MATCHES_UP_TO;
  }

  /**
   * The engine's candidates, ranked by it: documents holding every word first (cheap for the
   * engine, and they rank first), documents holding any word only when those are too few; the
   * total exact (the engine counts the matches when the candidates do not hold them all).
   */
  private async engineCandidates(
    storeId: string,
    queryWords: readonly QueryWord[],
    categoryId: string | undefined,
    columns: Columns,
  ): Promise<{ rows: CandidateRow[]; total: number; estimated: boolean }> {
    if (queryWords.length === 0) return { rows: [], total: 0, estimated: false };
    let rows = await this.candidates(storeId, queryWords, categoryId, TEXT_CANDIDATES, "rank", "all", columns);
    let everyMatch = false;
    if (queryWords.length === 1) everyMatch = true;
    else if (rows.length < TEXT_CANDIDATES) {
      const seen = new Set(rows.map((r) => r.product_id));
      const any = await this.candidates(storeId, queryWords, categoryId, TEXT_CANDIDATES, "rank", "any", columns);
      rows = [...rows, ...any.filter((r) => !seen.has(r.product_id))].slice(0, TEXT_CANDIDATES);
      everyMatch = any.length < TEXT_CANDIDATES;
    }
    const total = everyMatch && rows.length < TEXT_CANDIDATES ? rows.length : await this.count(storeId, queryWords, categoryId);
    return { rows, total, estimated: false };
  }

  /**
   * Candidates from the words' bitmaps (docs/decisions/search.md, search-15): the documents holding the
   * most query words (each word with its alternatives), in the best fields, worked out over every
   * document holding any of them, so that age decides only between equals; then read by key. The
   * total is the exact count of documents holding any query word in a field with bitmaps (every
   * field but the description), plus, marked as an estimate, those the vocabulary shows must hold
   * a word in their description alone.
   */
  private async bitmapCandidates(
    storeId: string,
    vocabulary: Vocabulary,
    queryWords: readonly QueryWord[],
    columns: Columns,
  ): Promise<{ rows: CandidateRow[]; total: number; estimated: boolean }> {
    const groups = await Promise.all(queryWords.map((q) => this.alternatives(storeId, vocabulary, q)));
    const held = groups.map((alternatives) => alternatives.reduce((sum, t) => sum + documentsWith(vocabulary, t), 0));
    const unposted = queryWords.map((_, i) => groups[i]!.every((t) => postedDocuments(vocabulary, t) === 0) && held[i]! > 0);
    const keyed = groups.filter((_, i) => !unposted[i]).map((terms) => terms.map((t) => termKey(storeId, t)));
    const chosen = chooseDocuments(keyed, await this.bitmapRows(keyed.flat()), CANDIDATE_WINDOW);
    const rows = await this.documentsByKey(storeId, chosen.docIds, columns);
    // Words found only in descriptions have no bitmaps: the engine's newest documents holding
    // them. A common one beside words with bitmaps is left to the ranking (which reads the
    // descriptions of the other words' candidates): InnoDB collects every match of a word before
    // its limit, 140 ms for `comfortable` in `comfortable shoes for running` at 1,000,000 products.
    const allUnposted = unposted.every(Boolean);
    const describedOnly = queryWords.filter((_, i) => unposted[i]! && (allUnposted || held[i]! <= DESCRIBED_ONLY_UP_TO));
    if (describedOnly.length > 0) {
      const seen = new Set(rows.map((r) => r.product_id));
      const more = await this.candidates(storeId, describedOnly, undefined, describedOnly.length === queryWords.length ? CANDIDATE_WINDOW : DESCRIBED_ONLY_CANDIDATES, "newest", "any", columns);
      rows.push(...more.filter((r) => !seen.has(r.product_id)));
    }
    // Documents holding a word only in their description are not in the bitmaps: at least the
    // documents of the word's commonest alternative (by the vocabulary, descriptions included)
    // less those the bitmaps found for the word, added as an estimate (some of them may hold
    // another query word in a field with bitmaps).
    let describedOnlyAtLeast = 0;
    let posted = 0;
    queryWords.forEach((q, i) => {
      const documents = Math.max(0, ...groups[i]!.map((t) => vocabulary.terms.get(t)?.[0] ?? 0));
      // An alternative held by more documents than its fields with bitmaps count is held by some in descriptions alone.
      const described = Math.max(0, ...groups[i]!.map((t) => (vocabulary.terms.get(t)?.[0] ?? 0) - postedDocuments(vocabulary, t)));
      describedOnlyAtLeast += Math.max(described, documents - (unposted[i] ? 0 : chosen.holdingEach[posted] ?? 0));
      if (!unposted[i]) posted++;
    });
    const total = Math.min(vocabulary.documents, chosen.holdingAny + describedOnlyAtLeast);
    // Estimated also when a word stands for more completions than were read.
    const cut = queryWords.some((q) => (q.completions?.length ?? 0) >= MAX_COMPLETIONS) || groups.some((g) => g.length >= POSTING_ALTERNATIVES);
    return { rows, total, estimated: describedOnlyAtLeast > 0 || cut };
  }

  /** The stored bitmap rows of these word keys (every tier and chunk). */
  private async bitmapRows(keys: readonly number[]): Promise<BitmapRow[]> {
    if (keys.length === 0) return [];
    const list = inList([...new Set(keys)]);
    const rows = await this.db.select<{ term_key: number | string; tier: number; chunk: number; bits: Uint8Array }>(
      `select term_key, tier, chunk, bits from search_bitmaps where term_key in (${list.sql})`,
      list.values,
    );
    return rows.map((r) => ({ termKey: Number(r.term_key), tier: Number(r.tier), chunk: Number(r.chunk), bits: r.bits }));
  }

  /** The searchable documents of these ids in the store, read by key. */
  private async documentsByKey(storeId: string, docIds: readonly number[], columns: Columns): Promise<CandidateRow[]> {
    if (docIds.length === 0) return [];
    const list = inList(docIds);
    return this.db.select<CandidateRow>(
      `select ${columnsOf(columns)} from search_documents d${this.db.indexHint("primary")} where d.doc_id in (${list.sql}) and +d.store_id = ? and +d.searchable = 1`,
      [...list.values, storeId],
    );
  }

  /** The words a query word stands for in the postings: itself, its completions and corrections, the commonest first. */
  private async alternatives(storeId: string, vocabulary: Vocabulary, q: QueryWord): Promise<string[]> {
    const found: string[] = [];
    if (q.prefix && q.completions === undefined) {
      // A beginning the vocabulary in memory does not hold (a part of a SKU held by one product).
      const last = q.term.codePointAt(q.term.length - 1)!;
      const upper = q.term.slice(0, -1) + String.fromCodePoint(last + 1);
      const rows = await this.db.select<{ term: string }>(
        `select term from search_terms where store_id = ? and term >= ? and term < ? and docs > 0 limit ${POSTING_ALTERNATIVES}`,
        [storeId, q.term, upper],
      );
      for (const row of rows) found.push(String(row.term));
    }
    return [...alternativesOf(q, found)].sort((a, b) => documentsWith(vocabulary, b) - documentsWith(vocabulary, a)).slice(0, POSTING_ALTERNATIVES);
  }

  /**
   * The documents the postings rank best for each group of words (tier, then newest; a group's
   * alternatives merged, each document at its best tier), `limit` a group, read in one statement:
   * each alternative's postings an index range read in the index's order, each group's few hundred
   * rows sorted, and the documents of all groups joined by key. A document in several groups is
   * answered once (the groups' limits count it in each).
   *
   * The documents are read by their key, the chosen ids leading the join: with the store's terms
   * beside the key, both engines preferred the store's (store, searchable, doc_id) index and
   * walked every document of the store (38 ms for 300 candidates at 200,000 products on MariaDB,
   * against 2 ms by key). SQLite leaves a term written `+column` off its indexes and keeps the
   * order of a `cross join`; MariaDB reads the `+` as nothing, and is told the index
   * (`Database.indexHint`) and the order (`straight_join`).
   */
  private async postingDocuments(
    storeId: string,
    groups: ReadonlyArray<{ readonly terms: readonly string[]; readonly limit: number }>,
    columns: Columns = "all",
  ): Promise<CandidateRow[]> {
    const chosen: string[] = [];
    const bindings: unknown[] = [];
    let alias = 0;
    for (const { terms, limit } of groups) {
      if (terms.length === 0) continue;
      const ranges = terms.map((term) => {
        bindings.push(termKey(storeId, term));
        return `select tier, doc_id from (select tier, doc_id from search_postings where term_key = ? order by tier desc, doc_id desc limit ${Number(limit)}) p${alias++}`;
      });
      chosen.push(
        ranges.length === 1
          ? `select doc_id from (${ranges[0]!}) g${alias++}`
          : `select doc_id from (select doc_id, max(tier) as best from (${ranges.join(" union all ")}) a${alias++} group by doc_id order by best desc, doc_id desc limit ${Number(limit)}) g${alias++}`,
      );
    }
    if (chosen.length === 0) return [];
    const join = this.db.dialect === "mysql" ? "straight_join" : "cross join";
    return this.db.select<CandidateRow>(
      `select ${columnsOf(columns)} from (${chosen.join(" union ")}) c ${join} search_documents d${this.db.indexHint("primary")} on d.doc_id = c.doc_id where +d.store_id = ? and +d.searchable = 1`,
      [...bindings, storeId],
    );
  }

  /** The product whose SKU is the whole query, as typed or in either case, when it is searchable (and in the category). */
  private async exactSku(storeId: string, query: string, categoryId: string | undefined): Promise<string | undefined> {
    if (query === "" || query.length > 100) return undefined;
    const [row] = await this.db.select<{ product_id: string }>(
      "select v.product_id from variants v join search_documents d on d.product_id = v.product_id " +
        "where v.store_id = ? and v.sku in (?, ?, ?) and d.searchable = 1" +
        (categoryId === undefined ? "" : " and (d.category_id = ? or d.subcategory_id = ?)") +
        " order by v.product_id limit 1",
      [storeId, query, query.toUpperCase(), query.toLowerCase(), ...(categoryId === undefined ? [] : [categoryId, categoryId])],
    );
    return row?.product_id;
  }

  /**
   * The engine's best candidates for any of the words (or their prefixes and corrections). On
   * SQLite `cross join` keeps the full-text match the outer loop: left to itself the planner
   * walked the store's documents and ran the match once per document (194 s at 200,000).
   */
  private async candidates(
    storeId: string,
    queryWords: readonly QueryWord[],
    categoryId: string | undefined,
    limit: number,
    order: "rank" | "newest" = "rank",
    words: "all" | "any" = "any",
    columns: Columns = "all",
  ): Promise<CandidateRow[]> {
    const match = this.matchExpression(queryWords, words);
    const category = categoryId === undefined ? "" : " and (d.category_id = ? or d.subcategory_id = ?)";
    const categoryBindings = categoryId === undefined ? [] : [categoryId, categoryId];
    if (this.db.dialect === "sqlite") {
      return this.db.select<CandidateRow>(
        `select ${columnsOf(columns)} from search_fts f cross join search_documents d on d.doc_id = f.rowid ` +
          `where search_fts match ? and d.store_id = ? and d.searchable = 1${category} order by ${order === "rank" ? "f.rank" : "f.rowid desc"} limit ?`,
        [match, storeId, ...categoryBindings, limit],
      );
    }
    return this.db.select<CandidateRow>(
      `select ${columnsOf(columns)}, match (${SEARCH_FIELDS.join(", ")}) against (? in boolean mode) as relevance from search_documents d ` +
        `where match (${SEARCH_FIELDS.join(", ")}) against (? in boolean mode) and d.store_id = ? and d.searchable = 1${category}${order === "rank" ? " order by relevance desc" : ""} limit ${Number(limit)}`,
      [match, match, storeId, ...categoryBindings],
    );
  }

  private async count(storeId: string, queryWords: readonly QueryWord[], categoryId: string | undefined): Promise<number> {
    const match = this.matchExpression(queryWords);
    const category = categoryId === undefined ? "" : " and (d.category_id = ? or d.subcategory_id = ?)";
    const categoryBindings = categoryId === undefined ? [] : [categoryId, categoryId];
    const [row] =
      this.db.dialect === "sqlite"
        ? await this.db.select<{ n: number }>(
            `select count(*) as n from search_fts f cross join search_documents d on d.doc_id = f.rowid where search_fts match ? and d.store_id = ? and d.searchable = 1${category}`,
            [match, storeId, ...categoryBindings],
          )
        : await this.db.select<{ n: number }>(
            `select count(*) as n from search_documents d where match (${SEARCH_FIELDS.join(", ")}) against (? in boolean mode) and d.store_id = ? and d.searchable = 1${category}`,
            [match, storeId, ...categoryBindings],
          );
    return Number(row?.n ?? 0);
  }

  /**
   * The engine's query: each word with its completions and corrections as alternatives, the
   * words joined by AND (`all`) or OR (`any`). Words are letters and digits only (see `words`),
   * so they need no escaping beyond quotes.
   */
  private matchExpression(queryWords: readonly QueryWord[], words: "all" | "any" = "any"): string {
    const sqlite = this.db.dialect === "sqlite";
    const groups = queryWords.map((q) => {
      const parts = new Set<string>();
      if (q.completions !== undefined) for (const c of q.completions) parts.add(sqlite ? `"${c}"` : storedWords("mysql", [c]));
      else if (q.prefix) parts.add(sqlite ? `"${q.term}"*` : `${q.term}*`);
      if (!q.prefix || q.completions !== undefined) parts.add(sqlite ? `"${q.term}"` : storedWords("mysql", [q.term]));
      for (const f of q.fuzzy.keys()) parts.add(sqlite ? `"${f}"` : storedWords("mysql", [f]));
      return [...parts];
    });
    if (words === "any") return [...new Set(groups.flat())].join(sqlite ? " OR " : " ");
    return groups.map((g) => (sqlite ? `(${g.join(" OR ")})` : `+(${g.join(" ")})`)).join(sqlite ? " AND " : " ");
  }

  /** Centred cosines of candidates to `vector` (search-ranking.ts), their vectors read or made here. */
  private async cosines(
    vocabulary: Vocabulary,
    vector: Float32Array,
    rows: readonly CandidateRow[],
    wholeStore?: readonly CandidateRow[],
  ): Promise<Map<string, number>> {
    const vectors = await this.vectorsOf(wholeStore === undefined ? rows : [...new Map([...rows, ...wholeStore].map((r) => [r.product_id, r])).values()]);
    const dims = vector.length;
    // Given every document of a small store: its mean direction from them, exact and current,
    // rather than from the vocabulary's sample, which may predate the latest writes.
    const mean =
      wholeStore !== undefined ? meanOf(vectors.values(), dims) : vocabulary.mean !== undefined && vocabulary.mean.length === dims ? vocabulary.mean : new Float32Array(dims);
    return centredCosines(vector, vectors, mean, new Set(rows.map((r) => r.product_id)));
  }

  /**
   * Stored vectors of the current model; those missing are made now (bounded by the candidates)
   * and stored. A stored vector is of the document's current text: every write of a document
   * either stores the vector of its new text or clears it (search-documents.ts), so the text is
   * not hashed again here (that was a fifth of a semantic search's CPU on SQLite).
   */
  private async vectorsOf(rows: readonly CandidateRow[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    const missing: Array<{ row: CandidateRow; text: string; hash: string }> = [];
    for (const row of rows) {
      if (row.vector !== null && row.vector_model === this.embedder.model && row.vector_hash !== null) {
        out.set(row.product_id, dequantize(row.vector));
        continue;
      }
      const text = embeddingText(wordsOf(row));
      missing.push({ row, text, hash: sha256(text) });
    }
    if (missing.length === 0) return out;
    const made = await this.embedder.embed(missing.map((m) => m.text));
    for (let i = 0; i < missing.length; i++) {
      const { row, hash } = missing[i]!;
      const bytes = quantize(made[i]!);
      out.set(row.product_id, dequantize(bytes));
      // Kept for every process, unless the document changed meanwhile.
      await this.db
        .execute("update search_documents set vector = ?, vector_model = ?, vector_hash = ? where doc_id = ? and content_hash = ?", [
          bytes,
          this.embedder.model,
          hash,
          row.doc_id,
          row.content_hash,
        ])
        .catch((error: unknown) => this.settings.onError?.(error, "a made vector was not stored"));
    }
    return out;
  }

  /** Candidates by meaning: every product of a small store, else those holding the vocabulary words nearest `vector`. */
  private async meaningCandidates(
    storeId: string,
    vocabulary: Vocabulary,
    vector: Float32Array,
    leaveOut: ReadonlySet<string>,
    categoryId: string | undefined,
  ): Promise<{ rows: CandidateRow[]; wholeStore: boolean; centre: readonly CandidateRow[] | undefined }> {
    const category = categoryId === undefined ? "" : " and (d.category_id = ? or d.subcategory_id = ?)";
    const categoryBindings = categoryId === undefined ? [] : [categoryId, categoryId];
    const all = this.settings.scoreAllBelow ?? 0;
    if (vocabulary.documents <= all) {
      // Every document, also with a category (only those in it are candidates): the store's mean
      // direction is then taken from all of them (see cosines).
      const every = await this.db.select<CandidateRow & { in_category: number | boolean }>(
        `select ${CANDIDATE_COLUMNS}, ${categoryId === undefined ? "1" : "(d.category_id = ? or d.subcategory_id = ?)"} as in_category ` +
          `from search_documents d where d.store_id = ? and d.searchable = 1 order by d.doc_id limit ${Number(all)}`,
        [...categoryBindings, storeId],
      );
      const wholeStore = every.length < all;
      if (!wholeStore && categoryId !== undefined) {
        const rows = await this.db.select<CandidateRow>(
          `select ${CANDIDATE_COLUMNS} from search_documents d where d.store_id = ? and d.searchable = 1${category} order by d.doc_id limit ${Number(all)}`,
          [storeId, ...categoryBindings],
        );
        return { rows, wholeStore: false, centre: undefined };
      }
      return { rows: every.filter((r) => Number(r.in_category) === 1 || r.in_category === true), wholeStore, centre: wholeStore ? every : undefined };
    }
    if (vocabulary.termVectors === undefined && vocabulary.wordsForVectors !== undefined) {
      const words = vocabulary.wordsForVectors;
      vocabulary.termVectorsLoading ??= termVectorsOf(words, (texts) => this.embedder.embed(texts)).then((made) => {
        vocabulary.termVectors = made;
      });
      await vocabulary.termVectorsLoading;
    }
    const neighbours = nearestWords(vocabulary, vector, leaveOut);
    if (neighbours.length === 0) return { rows: [], wholeStore: false, centre: undefined };
    if (categoryId === undefined && neighbours.reduce((sum, t) => sum + (vocabulary.terms.get(t)?.[0] ?? 0), 0) > this.engineMatchesUpTo) {
      const limit = Math.ceil(NEIGHBOUR_CANDIDATES / neighbours.length);
      return { rows: await this.postingDocuments(storeId, neighbours.map((t) => ({ terms: [t], limit }))), wholeStore: false, centre: undefined };
    }
    // Not ranked by the engine (its rank scores every match of common words): the newest
    // documents holding the words on SQLite, the first the index gives on InnoDB (sorting every
    // match by id took 2-3 s at 200,000), whose vectors then rank them.
    const rows = await this.candidates(storeId, neighbours.map(plainWord), categoryId, NEIGHBOUR_CANDIDATES, "newest");
    return { rows, wholeStore: false, centre: undefined };
  }

  /** The store's vocabulary: read on first use, then again in the background once it is older than the setting. */
  private async vocabulary(storeId: string): Promise<Vocabulary> {
    let entry = this.vocabularies.get(storeId);
    if (entry === undefined) this.vocabularies.set(storeId, (entry = { current: undefined, loading: undefined }));
    const current = entry.current;
    if (current !== undefined && Date.now() - current.loadedAt < this.settings.vocabularyMaxAgeMs) return current;
    const store = entry;
    store.loading ??= this.loadVocabulary(storeId)
      .then((loaded) => (store.current = loaded))
      .finally(() => {
        store.loading = undefined;
      });
    // A vocabulary a little out of date answers while the new one is read; one much older (the
    // store's searches were all answered from the answer cache for a while, so nothing asked)
    // is not used: its counts and mean vector may be from a catalog that has since changed.
    if (current !== undefined && Date.now() - current.loadedAt < STALE_VOCABULARY_AGES * this.settings.vocabularyMaxAgeMs) {
      store.loading.catch((error: unknown) => this.settings.onError?.(error, "the search vocabulary was not read again"));
      return current;
    }
    return store.loading;
  }

  private async loadVocabulary(storeId: string): Promise<Vocabulary> {
    // Words of the text, and words held by two documents or more (see `vocabularyOf`).
    const columns = `term, docs, ${SEARCH_FIELDS.map((f) => `in_${f}`).join(", ")}`;
    const textWords = await this.db.select<TermRow>(
      `select ${columns} from search_terms where store_id = ? and in_sku = 0 and docs > 0 order by docs desc limit ${VOCABULARY_CAP}`,
      [storeId],
    );
    const shared = await this.db.select<TermRow>(
      `select ${columns} from search_terms where store_id = ? and docs >= 2 order by docs desc limit ${VOCABULARY_CAP}`,
      [storeId],
    );
    const [counted] = await this.db.select<{ n: number }>("select documents as n from search_counts where store_id = ?", [storeId]);
    const sample = await this.db.select<CandidateRow>(
      `select ${CANDIDATE_COLUMNS} from search_documents d where d.store_id = ? and d.searchable = 1 order by d.doc_id desc limit ${SAMPLE}`,
      [storeId],
    );
    const sampleVectors: Float32Array[] = [];
    for (const row of sample) if (row.vector !== null && row.vector_model === this.embedder.model) sampleVectors.push(dequantize(row.vector));
    return vocabularyOf({
      textWords,
      shared,
      documents: Number(counted?.n ?? 0),
      sample,
      sampleVectors,
      model: this.embedder.model,
      localEmbedder: this.embedder.local === true,
      loadedAt: Date.now(),
    });
  }

}
