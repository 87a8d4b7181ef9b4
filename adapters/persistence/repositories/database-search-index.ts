// Search over the database's own text index (SQLite FTS5 or InnoDB FULLTEXT on
// search_documents), shared by every server process and current at each commit. A query's words
// are widened against the store's vocabulary (typos within a fifth of a word's length, and for
// meaning, the vocabulary words nearest the query's vector). Words matched by a few hundred
// documents are ranked whole by the engine; commoner ones take as candidates the documents holding
// the most query words, worked out from each word's bitmaps (search_bitmaps, whatever the
// documents' age). The candidates are ranked here by BM25 over the fields with their boosts
// (a product named exactly as asked first, exact words above prefixes above corrections, more of
// the query's words first), then, for meaning, blended with the cosine of their stored vectors.
// Per process a store costs its vocabulary (capped) and a sample's mean vector, whatever the size
// of its catalog.
import SearchableMap from "minisearch/SearchableMap";
import type { Embedder } from "../../../application/ports/embedder.js";
import type { ProductSearchIndex, SearchHit, SearchOptions, SimilarProduct } from "../../../application/ports/product-search-index.js";
import {
  embeddingText,
  FIELD_BOOST,
  isStopWord,
  matchesPrefixes,
  maxEditDistance,
  queryTerms,
  SEARCH_FIELDS,
  type SearchField,
  words,
} from "../../search/search-text.js";
import { chooseDocuments, type BitmapRow } from "../../search/doc-bitmaps.js";
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

/** Words kept in memory per store for corrections and word weights: the most common ones. */
const VOCABULARY_CAP = 250_000;
/** How many refresh intervals old a vocabulary may be and still answer while the next is read. */
const STALE_VOCABULARY_AGES = 3;
/** Query words kept widened per vocabulary (it is read again every few seconds, and they with it). */
const WIDENED_KEPT = 10_000;
/** Vocabulary words given vectors (for meaning), the most common ones. */
const TERM_VECTOR_CAP = 60_000;
/** Documents read to estimate field lengths and the catalog's mean vector. */
const SAMPLE = 2_000;
/** Candidates the engine answers for ranking. */
const TEXT_CANDIDATES = 300;
const NEIGHBOUR_CANDIDATES = 300;
/**
 * Above this many matches a query's candidates come from the postings (see the setting). The
 * engine's cost grows with the matches it ranks (15-50 ms at 500-3,000 on MariaDB with 100,000
 * products); the postings' does not, and rank as well there (docs/decisions.md, issue 17).
 */
const ENGINE_MATCHES_UP_TO = 300;
/** A word found only in descriptions is asked of the engine (newest documents) when it matches up to this many. */
const DESCRIBED_ONLY_UP_TO = 3_000;
/**
 * Candidates chosen from the bitmaps for ranking: the documents holding the most query words,
 * in the best fields (docs/decisions.md, Search 10). Reading and ranking the candidates is most
 * of a search's cost in both processes; 200 was measured against larger windows in "Large
 * catalogs, fourth part" (the top five's DCG at 1,000,000 products 0.943 of a 3,000 window, when
 * candidates were the newest postings).
 */
const CANDIDATE_WINDOW = 100;
/** Candidates a word found only in descriptions adds beside words with bitmaps (the engine's newest). */
const DESCRIBED_ONLY_CANDIDATES = 20;
/** Alternatives of one query word read from the postings, the most common ones. */
const POSTING_ALTERNATIVES = 8;
/** Completions of a query word asked of the engine by name, the most common ones. */
const MAX_COMPLETIONS = 12;
/** Vocabulary words nearest a query's meaning that also widen its candidates. */
const NEIGHBOURS = 10;
const MIN_NEIGHBOUR_COSINE = 0.45;

const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const SEMANTIC_WEIGHT = 0.6;
const LEXICAL_WEIGHT = 0.4;
const MIN_COSINE = 0.3;

/** A word's counts of searchable documents: in any field, then in each of SEARCH_FIELDS. */
type TermCounts = Int32Array;

interface Vocabulary {
  readonly terms: SearchableMap<TermCounts>;
  /** Words looked up in `terms` so far, with what was found (the vocabulary is read again every few seconds, and this with it). */
  readonly looked: Map<string, TermCounts | undefined>;
  /** Query words widened against this vocabulary so far (a shop's searches repeat their words), up to WIDENED_KEPT. */
  readonly widened: Map<string, QueryWord>;
  /** Documents holding the least common word kept: the count assumed for words left out. */
  readonly floor: number;
  readonly documents: number;
  readonly averageLength: Readonly<Record<SearchField, number>>;
  /** Mean of a sample of the store's vectors (of `model`), for centring cosines. */
  readonly mean: Float32Array | undefined;
  readonly model: string;
  /** Unit vectors of the most common words the embedder knows (float32 rows: a few MB at the cap). */
  termVectors: { readonly words: readonly string[]; readonly rows: Float32Array; readonly dims: number } | undefined;
  /** The words to give vectors to on the first search by meaning. */
  wordsForVectors: readonly string[] | undefined;
  termVectorsLoading: Promise<void> | undefined;
  readonly loadedAt: number;
}

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

interface QueryWord {
  readonly term: string;
  /** Corrections from the vocabulary with their edit distance (not the word itself). */
  readonly fuzzy: ReadonlyMap<string, number>;
  readonly prefix: boolean;
  /**
   * Words of the vocabulary the term begins, most common first, asked for by name (an engine
   * wildcard ranks every word it covers: 0.37 s for `linen* shirt*` on InnoDB at 200,000); undefined
   * when the vocabulary in memory has none, and the engine's own prefix search is used.
   */
  readonly completions: readonly string[] | undefined;
}

/** A stored word as the query sees it: the word (padding off) and its weight for each query word it meets. */
interface Meeting {
  readonly token: string;
  readonly weights: ReadonlyArray<number | undefined>;
  /** The word's idf in each of SEARCH_FIELDS, worked out on first use (NaN until then). */
  readonly idf: Float64Array;
}

/** The meetings of one query's words, worked out once per distinct stored word. */
type Meetings = (raw: string) => Meeting | null;

interface Scored {
  readonly row: CandidateRow;
  readonly score: number;
  readonly reason: SearchField;
  /**
   * The name is what was asked for: every query word meets a word of the name and every word of
   * the name is met (in any order, as prefixes or corrections too); see `lexical`.
   */
  readonly exactName: boolean;
}

/** The mean of vectors of `dims` components (others left out); zeros when there are none. */
const meanOf = (vectors: Iterable<Float32Array>, dims: number): Float32Array => {
  const mean = new Float32Array(dims);
  let n = 0;
  for (const v of vectors) {
    if (v.length !== dims) continue;
    for (let i = 0; i < dims; i++) mean[i]! += v[i]!;
    n++;
  }
  if (n > 0) for (let i = 0; i < dims; i++) mean[i]! /= n;
  return mean;
};

const SPACE = 32;
const DESCRIPTION = SEARCH_FIELDS.indexOf("description");
const NAME = SEARCH_FIELDS.indexOf("name");
/** FIELD_BOOST in SEARCH_FIELDS order. */
const FIELD_BOOSTS: readonly number[] = SEARCH_FIELDS.map((field) => FIELD_BOOST[field]);

/**
 * A stored field's length for BM25: its number of words, repeats and stop words included (as
 * BM25 counts a document's length), the spaces between them counted without splitting the text.
 */
const wordCount = (text: string): number => {
  if (text === "") return 0;
  let n = 1;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) n++;
  return n;
};

/**
 * The words of a stored field (space-separated) that meet the query, each with its number of
 * occurrences, in the order first found; undefined when none does. Every word meeting a query word
 * begins with one of the `needles`, so the field is searched for them at word starts and only the
 * words found there are given to `meet` (a word beginning with two needles counts once).
 */
export const fieldHits = <M>(text: string, needles: readonly string[], meet: (raw: string) => M | null): Array<{ meeting: M; frequency: number }> | undefined => {
  let hits: Array<{ meeting: M; frequency: number }> | undefined;
  // Where words already counted begin.
  let counted: number[] | undefined;
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      if ((at > 0 && text.charCodeAt(at - 1) !== SPACE) || counted?.includes(at)) continue;
      const end = text.indexOf(" ", at + needle.length);
      // The word itself when it is the needle (no new string to hash), else the longer word.
      const whole = end === at + needle.length || (end === -1 && at + needle.length === text.length);
      const meeting = meet(whole ? needle : text.slice(at, end === -1 ? undefined : end));
      if (meeting === null) continue;
      (counted ??= []).push(at);
      const hit = (hits ??= []).find((h) => h.meeting === meeting);
      if (hit === undefined) hits.push({ meeting, frequency: 1 });
      else hit.frequency++;
    }
  }
  return hits;
};

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

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
      cosines = await this.cosines(storeId, vocabulary, queryVector, [...rows.values()], more.centre);
    } catch (error) {
      // Without vectors (a model server that is away, or a query of unknown words) the text ranking answers.
      if (queryVector !== undefined && dot(queryVector, queryVector) !== 0) this.settings.onError?.(error, "semantic search fell back to text ranking");
      return { hits: lexical.hits.slice(0, options.limit).map(({ exactSku: _, ...hit }) => hit), total: lexical.total, estimated: lexical.estimated };
    }
    const blended = new Map<string, { productId: string; score: number; matchReason: string; semantic: number; lexical: number; exactSku: boolean }>();
    for (const hit of lexical.hits) {
      const semantic = Math.max(0, cosines.get(hit.productId) ?? 0);
      const score = hit.exactSku ? 2 : SEMANTIC_WEIGHT * semantic + LEXICAL_WEIGHT * hit.score;
      blended.set(hit.productId, { productId: hit.productId, score, matchReason: hit.matchReason, semantic, lexical: hit.score, exactSku: hit.exactSku });
    }
    for (const [productId, cosine] of cosines) {
      if (blended.has(productId) || cosine < MIN_COSINE) continue;
      blended.set(productId, { productId, score: SEMANTIC_WEIGHT * cosine, matchReason: "semantic", semantic: cosine, lexical: 0, exactSku: false });
    }
    const ranked = [...blended.values()]
      .sort((a, b) => b.score - a.score || (a.productId < b.productId ? -1 : 1))
      .map((h) => ({
        productId: h.productId,
        score: Math.min(1, h.score),
        matchReason: h.exactSku ? "sku" : SEMANTIC_WEIGHT * h.semantic > LEXICAL_WEIGHT * h.lexical ? "semantic" : h.matchReason,
      }));
    // Matches beyond the candidates (a very common word) still count.
    const total = Math.max(ranked.length, lexical.total + (ranked.length - lexical.hits.length));
    return { hits: ranked.slice(0, options.limit), total, estimated: lexical.estimated };
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
    const telling = [...seedWords].sort((a, b) => this.documentsWith(vocabulary, a) - this.documentsWith(vocabulary, b)).slice(0, 12);
    const tellingWords = telling.map((t) => ({ term: t, fuzzy: new Map<string, number>(), prefix: false, completions: undefined }));
    const rows = [
      ...(this.matches(vocabulary, tellingWords) > this.engineMatchesUpTo
        ? await this.postingDocuments(storeId, telling.map((t) => ({ terms: [t], limit: Math.ceil(NEIGHBOUR_CANDIDATES / telling.length) })))
        : await this.candidates(storeId, tellingWords, undefined, NEIGHBOUR_CANDIDATES)),
      ...(await this.meaningCandidates(storeId, vocabulary, mean, seedWords, undefined)).rows,
    ];
    const excluded = new Set(productIds);
    const cosines = await this.cosines(storeId, vocabulary, mean, rows.filter((r) => !excluded.has(r.product_id)));
    return [...cosines]
      .filter(([, cosine]) => cosine > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([productId, cosine]) => ({ productId, score: Math.min(1, cosine) }));
  }

  /** Text hits ranked, scores scaled to the best; an exact SKU first whatever its score (`exactSku`). */
  private async lexical(
    storeId: string,
    vocabulary: Vocabulary,
    query: string,
    categoryId: string | undefined,
    columns: Columns,
  ): Promise<{ hits: Array<SearchHit & { exactSku: boolean }>; total: number; estimated: boolean; rows: CandidateRow[] }> {
    const queryWords = queryTerms(query).map((term) => this.widen(vocabulary, term));
    const exact = await this.exactSku(storeId, query.trim(), categoryId);
    if (queryWords.length === 0 && exact === undefined) return { hits: [], total: 0, estimated: false, rows: [] };
    const { rows, total, estimated } =
      queryWords.length > 0 && categoryId === undefined && this.matches(vocabulary, queryWords) > this.engineMatchesUpTo
        ? await this.bitmapCandidates(storeId, vocabulary, queryWords, columns)
        : await this.engineCandidates(storeId, queryWords, categoryId, columns);
    const meet = this.meetings(queryWords);
    // Every word a query word can meet holds the query word itself (exactly or as a prefix) or is
    // one of its corrections: a field holding none of these is skipped unread.
    const needles = [...new Set(queryWords.flatMap((q) => [q.term, ...q.fuzzy.keys()]))];
    // The query's words as typed, repeats included (`queryTerms` keeps each once), for `isExactName`.
    const asked = words(query).filter((w) => !isStopWord(w)).length;
    const scored = rows.map((row) => this.score(vocabulary, queryWords, meet, row, needles, asked)).filter((s): s is Scored => s !== undefined);
    // Products named exactly as asked come first (Meilisearch's "exactness" rule), then BM25:
    // a name that holds the query's words among others ("Upendo Compact Cast Iron Saucepan" for
    // "compact cast iron saucepan"), or one word twice, may score above the product of that very
    // name (docs/decisions.md, Search 10). Their scores are lifted above every other's, so that
    // scores still fall down the list.
    const lift = scored.reduce((max, s) => (s.exactName ? max : Math.max(max, s.score)), 0);
    const ranked = scored
      .map((s) => (s.exactName ? { ...s, score: s.score + lift } : s))
      .sort((a, b) => b.score - a.score || (a.row.product_id < b.row.product_id ? -1 : 1));
    const top = ranked[0]?.score ?? 1;
    const hits: Array<SearchHit & { exactSku: boolean }> = [];
    if (exact !== undefined) hits.push({ productId: exact, score: 1, matchReason: "sku", exactSku: true });
    for (const s of ranked) {
      if (s.row.product_id === exact) continue;
      hits.push({ productId: s.row.product_id, score: s.score / top, matchReason: s.reason, exactSku: false });
    }
    const counted = exact !== undefined && !rows.some((r) => r.product_id === exact) ? total + 1 : total;
    return { hits, total: Math.max(counted, hits.length), estimated: estimated && counted > hits.length, rows };
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
   * Candidates from the words' bitmaps (docs/decisions.md, Search 10): the documents holding the
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
    const held = groups.map((alternatives) => alternatives.reduce((sum, t) => sum + this.documentsWith(vocabulary, t), 0));
    const unposted = queryWords.map((_, i) => groups[i]!.every((t) => this.postedDocuments(vocabulary, t) === 0) && held[i]! > 0);
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
      const described = Math.max(0, ...groups[i]!.map((t) => (vocabulary.terms.get(t)?.[0] ?? 0) - this.postedDocuments(vocabulary, t)));
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

  /** Documents holding the word in a field with postings (every field but the description), by the vocabulary. */
  private postedDocuments(vocabulary: Vocabulary, term: string): number {
    const counts = vocabulary.terms.get(term);
    if (counts === undefined) return 1;
    let sum = 0;
    SEARCH_FIELDS.forEach((field, i) => {
      if (field !== "description") sum += counts[i + 1]!;
    });
    return sum;
  }

  /** The words a query word stands for in the postings: itself, its completions and corrections, the commonest first. */
  private async alternatives(storeId: string, vocabulary: Vocabulary, q: QueryWord): Promise<string[]> {
    const terms = new Set<string>([q.term, ...(q.completions ?? []), ...q.fuzzy.keys()]);
    if (q.prefix && q.completions === undefined) {
      // A beginning the vocabulary in memory does not hold (a part of a SKU held by one product).
      const last = q.term.codePointAt(q.term.length - 1)!;
      const upper = q.term.slice(0, -1) + String.fromCodePoint(last + 1);
      const found = await this.db.select<{ term: string }>(
        `select term from search_terms where store_id = ? and term >= ? and term < ? and docs > 0 limit ${POSTING_ALTERNATIVES}`,
        [storeId, q.term, upper],
      );
      for (const row of found) terms.add(String(row.term));
    }
    return [...terms].sort((a, b) => this.documentsWith(vocabulary, b) - this.documentsWith(vocabulary, a)).slice(0, POSTING_ALTERNATIVES);
  }

  /** Documents the query's words are counted in by the vocabulary (each alternative's, added up). */
  private matches(vocabulary: Vocabulary, queryWords: readonly QueryWord[]): number {
    let sum = 0;
    for (const q of queryWords) {
      const terms = new Set<string>([q.term, ...(q.completions ?? []), ...q.fuzzy.keys()]);
      for (const t of terms) sum += vocabulary.terms.get(t)?.[0] ?? 0;
    }
    return sum;
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

  /** A query word with its corrections and completions from the vocabulary (worked out once per vocabulary and word). */
  private widen(vocabulary: Vocabulary, term: string): QueryWord {
    let widened = vocabulary.widened.get(term);
    if (widened === undefined) {
      widened = this.widenNow(vocabulary, term);
      if (vocabulary.widened.size < WIDENED_KEPT) vocabulary.widened.set(term, widened);
    }
    return widened;
  }

  private widenNow(vocabulary: Vocabulary, term: string): QueryWord {
    const fuzzy = new Map<string, number>();
    const distance = maxEditDistance(term);
    if (distance > 0) {
      for (const [found, [counts, d]] of vocabulary.terms.fuzzyGet(term, distance)) {
        if (found !== term && counts[0]! > 0 && !(matchesPrefixes(term) && found.startsWith(term))) fuzzy.set(found, d);
      }
      // Two letters typed the wrong way round are one slip, not the two edits Levenshtein counts.
      for (let i = 0; i + 1 < term.length; i++) {
        if (term[i] === term[i + 1]) continue;
        const swapped = term.slice(0, i) + term[i + 1]! + term[i]! + term.slice(i + 2);
        if (!fuzzy.has(swapped) && (vocabulary.terms.get(swapped)?.[0] ?? 0) > 0) fuzzy.set(swapped, 1);
      }
    }
    let completions: string[] | undefined;
    if (matchesPrefixes(term)) {
      const found: Array<[string, number]> = [];
      for (const [word, counts] of vocabulary.terms.atPrefix(term)) if (counts[0]! > 0) found.push([word, counts[0]!]);
      if (found.length > 0 && found.length <= MAX_COMPLETIONS) completions = found.map(([w]) => w);
      else if (found.length > MAX_COMPLETIONS) completions = [term, ...found.filter(([w]) => w !== term).sort((a, b) => b[1] - a[1]).slice(0, MAX_COMPLETIONS - 1).map(([w]) => w)];
    }
    return { term, fuzzy, prefix: matchesPrefixes(term), completions };
  }

  /**
   * What each stored word of the candidates means to this query, worked out once per distinct
   * word (hundreds of candidates share a few dozen words): the query words it meets, with the
   * weight of the meeting (exact 1, a completion or a correction less). Null for a word that
   * meets none or is a stop word.
   */
  private meetings(queryWords: readonly QueryWord[]): Meetings {
    const memo = new Map<string, Meeting | null>();
    const lookUp = (raw: string): Meeting | null => {
      let meeting = memo.get(raw);
      if (meeting !== undefined) return meeting;
      const token = raw.endsWith("_") ? raw.replace(/_+$/, "") : raw;
      // A padded word and its plain form are one word: one meeting, counted together.
      if (token !== raw) {
        meeting = lookUp(token);
        memo.set(raw, meeting);
        return meeting;
      }
      meeting = null;
      if (!isStopWord(token)) {
        const weights: Array<number | undefined> = [];
        let any = false;
        for (const q of queryWords) {
          let weight: number | undefined;
          if (token === q.term) weight = 1;
          else if (q.prefix && token.startsWith(q.term)) weight = (PREFIX_WEIGHT * token.length) / (token.length + 0.3 * (token.length - q.term.length));
          else if (q.fuzzy.has(token)) weight = (FUZZY_WEIGHT * token.length) / (token.length + q.fuzzy.get(token)!);
          weights.push(weight);
          if (weight !== undefined) any = true;
        }
        if (any) meeting = { token, weights, idf: new Float64Array(SEARCH_FIELDS.length).fill(NaN) };
      }
      memo.set(raw, meeting);
      return meeting;
    };
    return lookUp;
  }

  /**
   * BM25 over the fields of one candidate, as the words of the query meet them (`fieldHits`);
   * undefined when none does. The candidates of a large catalog are hundreds of documents a
   * search: splitting every field of each into its words was a third of a search's CPU at a
   * million products.
   */
  private score(
    vocabulary: Vocabulary,
    queryWords: readonly QueryWord[],
    meet: Meetings,
    row: CandidateRow,
    needles: readonly string[],
    asked: number,
  ): Scored | undefined {
    let score = 0;
    let reason = -1;
    let found: Uint8Array | undefined;
    let exactName = false;
    for (let f = 0; f < SEARCH_FIELDS.length; f++) {
      const text = row[SEARCH_FIELDS[f]!];
      if (text === "") continue;
      const hits = fieldHits(text, needles, meet);
      if (hits === undefined) continue;
      if (f === NAME) exactName = this.isExactName(text, hits, queryWords.length, asked);
      const length = f === DESCRIPTION ? Number(row.description_spaces ?? 0) + 1 : wordCount(text);
      const boost = FIELD_BOOSTS[f]!;
      const averageLength = vocabulary.averageLength[SEARCH_FIELDS[f]!];
      for (let i = 0; i < queryWords.length; i++) {
        for (const { meeting, frequency } of hits) {
          const weight = meeting.weights[i];
          if (weight === undefined) continue;
          (found ??= new Uint8Array(queryWords.length))[i] = 1;
          if (reason === -1 || boost > FIELD_BOOSTS[reason]!) reason = f;
          let idf = meeting.idf[f]!;
          if (Number.isNaN(idf)) meeting.idf[f] = idf = this.idf(vocabulary, this.documentsWith(vocabulary, meeting.token, SEARCH_FIELDS[f]));
          score += weight * boost * idf * this.bm25(frequency, length, averageLength);
        }
      }
    }
    if (found === undefined || reason === -1) return undefined;
    let matched = 0;
    for (const f of found) matched += f;
    return { row, score: score * matched, reason: SEARCH_FIELDS[reason]!, exactName };
  }

  /**
   * Whether the name's words meet every query word and are all met, and are as many as the
   * query's (stop words aside): "canvas canvas sneaker" is not the name asked by "canvas sneaker".
   */
  private isExactName(name: string, hits: ReadonlyArray<{ meeting: Meeting; frequency: number }>, queryWordCount: number, asked: number): boolean {
    for (let i = 0; i < queryWordCount; i++) if (!hits.some((h) => h.meeting.weights[i] !== undefined)) return false;
    let met = 0;
    for (const h of hits) met += h.frequency;
    if (met !== asked) return false;
    const length = wordCount(name);
    return met === length || met === length - name.split(" ").filter((w) => isStopWord(w.replace(/_+$/, ""))).length;
  }

  private idf(vocabulary: Vocabulary, documents: number): number {
    const n = Math.max(vocabulary.documents, 1);
    const holding = Math.min(documents, n);
    return Math.log(1 + (n - holding + 0.5) / (holding + 0.5));
  }

  /** BM25+'s weight of a word's `frequency` in a field of `length` words, before its idf. */
  private bm25(frequency: number, length: number, averageLength: number): number {
    return BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / Math.max(averageLength, 1)));
  }

  /** Documents holding the word (in `field`, or in any): a word left out of memory counts as the least common kept. */
  private documentsWith(vocabulary: Vocabulary, term: string, field?: SearchField): number {
    // The radix tree's lookup, remembered: a search asks for the same few words hundreds of times.
    let counts = vocabulary.looked.get(term);
    if (counts === undefined && !vocabulary.looked.has(term)) vocabulary.looked.set(term, (counts = vocabulary.terms.get(term)));
    if (counts === undefined) return vocabulary.floor;
    return Math.max(1, field === undefined ? counts[0]! : counts[SEARCH_FIELDS.indexOf(field) + 1]!);
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

  /** Centred cosines of candidates to `vector` (the catalog's mean direction removed, which all products share). */
  private async cosines(
    storeId: string,
    vocabulary: Vocabulary,
    vector: Float32Array,
    rows: readonly CandidateRow[],
    wholeStore?: readonly CandidateRow[],
  ): Promise<Map<string, number>> {
    const vectors = await this.vectorsOf(wholeStore === undefined ? rows : [...new Map([...rows, ...wholeStore].map((r) => [r.product_id, r])).values()]);
    const out = new Map<string, number>();
    const dims = vector.length;
    // Given every document of a small store: its mean direction from them, exact and current,
    // rather than from the vocabulary's sample, which may predate the latest writes.
    const mean =
      wholeStore !== undefined ? meanOf(vectors.values(), dims) : vocabulary.mean !== undefined && vocabulary.mean.length === dims ? vocabulary.mean : new Float32Array(dims);
    const scored = new Set(rows.map((r) => r.product_id));
    const centred = new Float32Array(dims);
    for (let i = 0; i < dims; i++) centred[i] = vector[i]! - mean[i]!;
    const norm = Math.sqrt(dot(centred, centred));
    if (norm === 0) return out;
    for (const [productId, v] of vectors) {
      if (v.length !== dims || !scored.has(productId)) continue;
      let d = 0;
      let n2 = 0;
      for (let i = 0; i < dims; i++) {
        const c = v[i]! - mean[i]!;
        d += c * centred[i]!;
        n2 += c * c;
      }
      out.set(productId, d / (norm * Math.sqrt(Math.max(n2, 1e-12))));
    }
    void storeId;
    return out;
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
      vocabulary.termVectorsLoading ??= this.termVectors(words).then((made) => {
        vocabulary.termVectors = made;
      });
      await vocabulary.termVectorsLoading;
    }
    const neighbours = this.neighbours(vocabulary, vector, leaveOut);
    if (neighbours.length === 0) return { rows: [], wholeStore: false, centre: undefined };
    if (categoryId === undefined && neighbours.reduce((sum, t) => sum + (vocabulary.terms.get(t)?.[0] ?? 0), 0) > this.engineMatchesUpTo) {
      const limit = Math.ceil(NEIGHBOUR_CANDIDATES / neighbours.length);
      return { rows: await this.postingDocuments(storeId, neighbours.map((t) => ({ terms: [t], limit }))), wholeStore: false, centre: undefined };
    }
    // Not ranked by the engine (its rank scores every match of common words): the newest
    // documents holding the words on SQLite, the first the index gives on InnoDB (sorting every
    // match by id took 2-3 s at 200,000), whose vectors then rank them.
    const rows = await this.candidates(storeId, neighbours.map((t) => ({ term: t, fuzzy: new Map(), prefix: false, completions: undefined })), categoryId, NEIGHBOUR_CANDIDATES, "newest");
    return { rows, wholeStore: false, centre: undefined };
  }

  /** Vocabulary words nearest `vector`, for an in-process embedder (a remote one is not asked per word). */
  private neighbours(vocabulary: Vocabulary, vector: Float32Array, leaveOut: ReadonlySet<string>): string[] {
    const table = vocabulary.termVectors;
    if (table === undefined || table.dims !== vector.length) return [];
    const norm = Math.sqrt(dot(vector, vector));
    if (norm === 0) return [];
    const best: Array<[string, number]> = [];
    const { rows, dims } = table;
    for (let w = 0; w < table.words.length; w++) {
      let d = 0;
      const offset = w * dims;
      for (let i = 0; i < dims; i++) d += rows[offset + i]! * vector[i]!;
      const cosine = d / norm;
      if (cosine < MIN_NEIGHBOUR_COSINE || leaveOut.has(table.words[w]!)) continue;
      if (best.length < NEIGHBOURS) best.push([table.words[w]!, cosine]);
      else if (cosine > best[best.length - 1]![1]) best[best.length - 1] = [table.words[w]!, cosine];
      else continue;
      best.sort((a, b) => b[1] - a[1]);
    }
    return best.map(([word]) => word);
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
    // Words of the text, and words held by two documents or more: parts of SKUs held by one
    // product (most of a large catalog's words) stay out, and count as held by one.
    const columns = `term, docs, ${SEARCH_FIELDS.map((f) => `in_${f}`).join(", ")}`;
    const textWords = await this.db.select<Record<string, string | number>>(
      `select ${columns} from search_terms where store_id = ? and in_sku = 0 and docs > 0 order by docs desc limit ${VOCABULARY_CAP}`,
      [storeId],
    );
    const shared = await this.db.select<Record<string, string | number>>(
      `select ${columns} from search_terms where store_id = ? and docs >= 2 order by docs desc limit ${VOCABULARY_CAP}`,
      [storeId],
    );
    const byTerm = new Map<string, Record<string, string | number>>();
    for (const row of [...shared, ...textWords]) byTerm.set(String(row.term), row);
    const termRows = [...byTerm.values()].sort((a, b) => Number(b.docs) - Number(a.docs)).slice(0, VOCABULARY_CAP);
    const terms = new SearchableMap<TermCounts>();
    for (const row of termRows) terms.set(String(row.term), Int32Array.from([Number(row.docs), ...SEARCH_FIELDS.map((f) => Number(row[`in_${f}`]))]));
    const [counted] = await this.db.select<{ n: number }>("select documents as n from search_counts where store_id = ?", [storeId]);
    const sample = await this.db.select<CandidateRow>(
      `select ${CANDIDATE_COLUMNS} from search_documents d where d.store_id = ? and d.searchable = 1 order by d.doc_id desc limit ${SAMPLE}`,
      [storeId],
    );
    const lengths = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, 0])) as Record<SearchField, number>;
    let mean: Float32Array | undefined;
    let vectors = 0;
    for (const row of sample) {
      for (const field of SEARCH_FIELDS) lengths[field] += wordCount(row[field]) / sample.length;
      if (row.vector !== null && row.vector_model === this.embedder.model) {
        const v = dequantize(row.vector);
        mean ??= new Float32Array(v.length);
        if (v.length === mean.length) {
          for (let i = 0; i < v.length; i++) mean[i]! += v[i]!;
          vectors++;
        }
      }
    }
    if (mean !== undefined) for (let i = 0; i < mean.length; i++) mean[i]! /= vectors;
    const vocabulary: Vocabulary = {
      terms,
      looked: new Map(),
      widened: new Map(),
      floor: termRows.length === VOCABULARY_CAP ? Number(termRows[termRows.length - 1]!.docs) : 1,
      documents: Number(counted?.n ?? 0),
      averageLength: lengths,
      mean,
      model: this.embedder.model,
      termVectors: undefined,
      wordsForVectors: undefined,
      termVectorsLoading: undefined,
      loadedAt: Date.now(),
    };
    if (this.embedder.local === true) {
      // Made on the first search by meaning, not for text search.
      const textWords = termRows.filter((r) => Number(r.docs) > Number(r.in_sku)).slice(0, TERM_VECTOR_CAP).map((r) => String(r.term));
      vocabulary.wordsForVectors = textWords;
    }
    return vocabulary;
  }

  private async termVectors(terms: readonly string[]): Promise<Vocabulary["termVectors"]> {
    const known: string[] = [];
    const chunks: Float32Array[] = [];
    let dims = 0;
    for (let i = 0; i < terms.length; i += 2_000) {
      const batch = terms.slice(i, i + 2_000).filter((t) => words(t).length === 1 && /\p{L}/u.test(t));
      const made = await this.embedder.embed(batch);
      made.forEach((v, k) => {
        if (dot(v, v) === 0) return;
        dims = v.length;
        known.push(batch[k]!);
        chunks.push(v);
      });
    }
    const rows = new Float32Array(known.length * dims);
    chunks.forEach((c, k) => rows.set(c, k * dims));
    return { words: known, rows, dims };
  }
}
