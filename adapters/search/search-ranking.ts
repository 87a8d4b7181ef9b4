// How search ranks the candidates the database gives it: BM25 over the fields with their boosts,
// a product named exactly as asked first, exact words above completions above corrections, more
// of the query's words first, and for meaning a blend with the centred cosine of the vectors.
// Pure: the SQL reader (adapters/persistence/repositories/database-search-index.ts) reads the
// candidates and vectors and hands them here.
import type { SearchHit, SimilarProduct } from "../../application/ports/product-search-index.js";
import { FIELD_BOOST, isStopWord, SEARCH_FIELDS, words, type SearchField } from "./search-text.js";
import { documentsWith, dot, wordCount, type QueryWord, type Vocabulary } from "./search-vocabulary.js";

const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const SEMANTIC_WEIGHT = 0.6;
const LEXICAL_WEIGHT = 0.4;
const MIN_COSINE = 0.3;

/** A candidate as ranking reads it: its product, its stored fields (words joined by spaces) and its description's spaces. */
export type RankedRow = Readonly<Record<SearchField, string>> & {
  readonly product_id: string;
  /** Counted by the database (its longest field: counting them in process was a third of ranking a candidate). */
  readonly description_spaces: number | string | null;
};

/** A stored word as the query sees it: the word (padding off) and its weight for each query word it meets. */
export interface Meeting {
  readonly token: string;
  readonly weights: ReadonlyArray<number | undefined>;
  /** The word's idf in each of SEARCH_FIELDS, worked out on first use (NaN until then). */
  readonly idf: Float64Array;
}

/** The meetings of one query's words, worked out once per distinct stored word. */
export type Meetings = (raw: string) => Meeting | null;

interface Scored<R extends RankedRow> {
  readonly row: R;
  readonly score: number;
  readonly reason: SearchField;
  /**
   * The name is what was asked for: every query word meets a word of the name and every word of
   * the name is met (in any order, as prefixes or corrections too); see `rankLexical`.
   */
  readonly exactName: boolean;
}

export type LexicalHit = SearchHit & { readonly exactSku: boolean };

const SPACE = 32;
const DESCRIPTION = SEARCH_FIELDS.indexOf("description");
const NAME = SEARCH_FIELDS.indexOf("name");
/** FIELD_BOOST in SEARCH_FIELDS order. */
const FIELD_BOOSTS: readonly number[] = SEARCH_FIELDS.map((field) => FIELD_BOOST[field]);

/** The mean of vectors of `dims` components (others left out); zeros when there are none. */
export const meanOf = (vectors: Iterable<Float32Array>, dims: number): Float32Array => {
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

/**
 * What each stored word of the candidates means to this query, worked out once per distinct
 * word (hundreds of candidates share a few dozen words): the query words it meets, with the
 * weight of the meeting (exact 1, a completion or a correction less). Null for a word that
 * meets none or is a stop word.
 */
export const meetings = (queryWords: readonly QueryWord[]): Meetings => {
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
};

const idf = (vocabulary: Vocabulary, documents: number): number => {
  const n = Math.max(vocabulary.documents, 1);
  const holding = Math.min(documents, n);
  return Math.log(1 + (n - holding + 0.5) / (holding + 0.5));
};

/** BM25+'s weight of a word's `frequency` in a field of `length` words, before its idf. */
export const bm25 = (frequency: number, length: number, averageLength: number): number =>
  BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / Math.max(averageLength, 1)));

/**
 * Whether the name's words meet every query word and are all met, and are as many as the
 * query's (stop words aside): "canvas canvas sneaker" is not the name asked by "canvas sneaker".
 */
const isExactName = (name: string, hits: ReadonlyArray<{ meeting: Meeting; frequency: number }>, queryWordCount: number, asked: number): boolean => {
  for (let i = 0; i < queryWordCount; i++) if (!hits.some((h) => h.meeting.weights[i] !== undefined)) return false;
  let met = 0;
  for (const h of hits) met += h.frequency;
  if (met !== asked) return false;
  const length = wordCount(name);
  return met === length || met === length - name.split(" ").filter((w) => isStopWord(w.replace(/_+$/, ""))).length;
};

/**
 * BM25 over the fields of one candidate, as the words of the query meet them (`fieldHits`);
 * undefined when none does. The candidates of a large catalog are hundreds of documents a
 * search: splitting every field of each into its words was a third of a search's CPU at a
 * million products.
 */
const score = <R extends RankedRow>(
  vocabulary: Vocabulary,
  queryWords: readonly QueryWord[],
  meet: Meetings,
  row: R,
  needles: readonly string[],
  asked: number,
): Scored<R> | undefined => {
  let total = 0;
  let reason = -1;
  let found: Uint8Array | undefined;
  let exactName = false;
  for (let f = 0; f < SEARCH_FIELDS.length; f++) {
    const text = row[SEARCH_FIELDS[f]!];
    if (text === "") continue;
    const hits = fieldHits(text, needles, meet);
    if (hits === undefined) continue;
    if (f === NAME) exactName = isExactName(text, hits, queryWords.length, asked);
    const length = f === DESCRIPTION ? Number(row.description_spaces ?? 0) + 1 : wordCount(text);
    const boost = FIELD_BOOSTS[f]!;
    const averageLength = vocabulary.averageLength[SEARCH_FIELDS[f]!];
    for (let i = 0; i < queryWords.length; i++) {
      for (const { meeting, frequency } of hits) {
        const weight = meeting.weights[i];
        if (weight === undefined) continue;
        (found ??= new Uint8Array(queryWords.length))[i] = 1;
        if (reason === -1 || boost > FIELD_BOOSTS[reason]!) reason = f;
        let wordIdf = meeting.idf[f]!;
        if (Number.isNaN(wordIdf)) meeting.idf[f] = wordIdf = idf(vocabulary, documentsWith(vocabulary, meeting.token, SEARCH_FIELDS[f]));
        total += weight * boost * wordIdf * bm25(frequency, length, averageLength);
      }
    }
  }
  if (found === undefined || reason === -1) return undefined;
  let matched = 0;
  for (const f of found) matched += f;
  return { row, score: total * matched, reason: SEARCH_FIELDS[reason]!, exactName };
};

/**
 * Text hits ranked, scores scaled to the best; an exact SKU (`exactSku`, found by the database)
 * first whatever its score. `total` and `estimated` are the candidates' count as the database
 * gave it; the answer's counts the exact SKU too when it was not among the candidates.
 */
export const rankLexical = (
  vocabulary: Vocabulary,
  query: string,
  queryWords: readonly QueryWord[],
  rows: readonly RankedRow[],
  exactSku: string | undefined,
  candidates: { readonly total: number; readonly estimated: boolean },
): { hits: LexicalHit[]; total: number; estimated: boolean } => {
  const meet = meetings(queryWords);
  // Every word a query word can meet holds the query word itself (exactly or as a prefix) or is
  // one of its corrections: a field holding none of these is skipped unread.
  const needles = [...new Set(queryWords.flatMap((q) => [q.term, ...q.fuzzy.keys()]))];
  // The query's words as typed, repeats included (`queryTerms` keeps each once), for `isExactName`.
  const asked = words(query).filter((w) => !isStopWord(w)).length;
  const scored = rows.map((row) => score(vocabulary, queryWords, meet, row, needles, asked)).filter((s): s is Scored<RankedRow> => s !== undefined);
  // Products named exactly as asked come first (Meilisearch's "exactness" rule), then BM25:
  // a name that holds the query's words among others ("Upendo Compact Cast Iron Saucepan" for
  // "compact cast iron saucepan"), or one word twice, may score above the product of that very
  // name (docs/decisions/search.md, search-15). Their scores are lifted above every other's, so that
  // scores still fall down the list.
  const lift = scored.reduce((max, s) => (s.exactName ? max : Math.max(max, s.score)), 0);
  const ranked = scored
    .map((s) => (s.exactName ? { ...s, score: s.score + lift } : s))
    .sort((a, b) => b.score - a.score || (a.row.product_id < b.row.product_id ? -1 : 1));
  const top = ranked[0]?.score ?? 1;
  const hits: LexicalHit[] = [];
  if (exactSku !== undefined) hits.push({ productId: exactSku, score: 1, matchReason: "sku", exactSku: true });
  for (const s of ranked) {
    if (s.row.product_id === exactSku) continue;
    hits.push({ productId: s.row.product_id, score: s.score / top, matchReason: s.reason, exactSku: false });
  }
  const counted = exactSku !== undefined && !rows.some((r) => r.product_id === exactSku) ? candidates.total + 1 : candidates.total;
  return { hits, total: Math.max(counted, hits.length), estimated: candidates.estimated && counted > hits.length };
};

/**
 * Centred cosines of `vectors` to `vector` (the catalog's `mean` direction removed, which all
 * products share), for the products in `scored` only.
 */
export const centredCosines = (
  vector: Float32Array,
  vectors: ReadonlyMap<string, Float32Array>,
  mean: Float32Array,
  scored: ReadonlySet<string>,
): Map<string, number> => {
  const out = new Map<string, number>();
  const dims = vector.length;
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
  return out;
};

/**
 * Search by meaning: the text hits blended with their cosines (an exact SKU first), and products
 * close enough in meaning that the text did not find; the `limit` best, scores at most 1.
 */
export const blendByMeaning = (
  lexical: { readonly hits: readonly LexicalHit[]; readonly total: number; readonly estimated: boolean },
  cosines: ReadonlyMap<string, number>,
  limit: number,
): { hits: SearchHit[]; total: number; estimated: boolean } => {
  const blended = new Map<string, { productId: string; score: number; matchReason: string; semantic: number; lexical: number; exactSku: boolean }>();
  for (const hit of lexical.hits) {
    const semantic = Math.max(0, cosines.get(hit.productId) ?? 0);
    const blendedScore = hit.exactSku ? 2 : SEMANTIC_WEIGHT * semantic + LEXICAL_WEIGHT * hit.score;
    blended.set(hit.productId, { productId: hit.productId, score: blendedScore, matchReason: hit.matchReason, semantic, lexical: hit.score, exactSku: hit.exactSku });
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
  return { hits: ranked.slice(0, limit), total, estimated: lexical.estimated };
};

/** Similar products: those of positive cosine, the closest first, scores at most 1. */
export const rankSimilar = (cosines: ReadonlyMap<string, number>, limit: number): SimilarProduct[] =>
  [...cosines]
    .filter(([, cosine]) => cosine > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([productId, cosine]) => ({ productId, score: Math.min(1, cosine) }));
