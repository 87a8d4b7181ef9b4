// A store's search vocabulary as one process keeps it, and what a query's words become against
// it: corrections (typos within a fifth of a word's length, two letters swapped), completions,
// the counts that weigh each word, and the vocabulary words nearest a query's meaning. Pure:
// the SQL reader (adapters/persistence/repositories/database-search-index.ts) reads the rows.
import SearchableMap from "minisearch/SearchableMap";
import { matchesPrefixes, maxEditDistance, SEARCH_FIELDS, words, type SearchField } from "./search-text.js";

/** Words kept in memory per store for corrections and word weights: the most common ones. */
export const VOCABULARY_CAP = 250_000;
/** Query words kept widened per vocabulary (it is read again every few seconds, and they with it). */
const WIDENED_KEPT = 10_000;
/** Vocabulary words given vectors (for meaning), the most common ones. */
const TERM_VECTOR_CAP = 60_000;
/** Completions of a query word asked of the engine by name, the most common ones. */
export const MAX_COMPLETIONS = 12;
/** Vocabulary words nearest a query's meaning that also widen its candidates. */
const NEIGHBOURS = 10;
const MIN_NEIGHBOUR_COSINE = 0.45;

/** A word's counts of searchable documents: in any field, then in each of SEARCH_FIELDS. */
export type TermCounts = Int32Array;

/** A row of `search_terms`: the word, its documents, and its documents in each field (`in_<field>`). */
export type TermRow = Readonly<Record<string, string | number>>;

export interface Vocabulary {
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
  termVectors: TermVectors | undefined;
  /** The words to give vectors to on the first search by meaning. */
  wordsForVectors: readonly string[] | undefined;
  termVectorsLoading: Promise<void> | undefined;
  readonly loadedAt: number;
}

export interface TermVectors {
  readonly words: readonly string[];
  readonly rows: Float32Array;
  readonly dims: number;
}

export interface QueryWord {
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

/** A query word taken as it is: no corrections, no completions (the words of a product, or a meaning's neighbours). */
export const plainWord = (term: string): QueryWord => ({ term, fuzzy: new Map(), prefix: false, completions: undefined });

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/**
 * A stored field's length for BM25: its number of words, repeats and stop words included (as
 * BM25 counts a document's length), the spaces between them counted without splitting the text.
 */
export const wordCount = (text: string): number => {
  if (text === "") return 0;
  let n = 1;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) n++;
  return n;
};

/**
 * The vocabulary made of the store's word rows (`textWords`: words of the text; `shared`: words
 * held by two documents or more, so parts of SKUs held by one product, most of a large catalog's
 * words, stay out and count as held by one), its document count, and a sample of its documents
 * (their fields, and the vectors of `model` among them) for field lengths and the mean vector.
 */
export const vocabularyOf = (input: {
  readonly textWords: readonly TermRow[];
  readonly shared: readonly TermRow[];
  readonly documents: number;
  readonly sample: ReadonlyArray<Readonly<Record<SearchField, string>>>;
  readonly sampleVectors: readonly Float32Array[];
  readonly model: string;
  /** An in-process embedder: the commonest words are given vectors on the first search by meaning. */
  readonly localEmbedder: boolean;
  readonly loadedAt: number;
}): Vocabulary => {
  const byTerm = new Map<string, TermRow>();
  for (const row of [...input.shared, ...input.textWords]) byTerm.set(String(row.term), row);
  const termRows = [...byTerm.values()].sort((a, b) => Number(b.docs) - Number(a.docs)).slice(0, VOCABULARY_CAP);
  const terms = new SearchableMap<TermCounts>();
  for (const row of termRows) terms.set(String(row.term), Int32Array.from([Number(row.docs), ...SEARCH_FIELDS.map((f) => Number(row[`in_${f}`]))]));
  const lengths = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, 0])) as Record<SearchField, number>;
  for (const row of input.sample) for (const field of SEARCH_FIELDS) lengths[field] += wordCount(row[field]) / input.sample.length;
  let mean: Float32Array | undefined;
  let vectors = 0;
  for (const v of input.sampleVectors) {
    mean ??= new Float32Array(v.length);
    if (v.length === mean.length) {
      for (let i = 0; i < v.length; i++) mean[i]! += v[i]!;
      vectors++;
    }
  }
  if (mean !== undefined) for (let i = 0; i < mean.length; i++) mean[i]! /= vectors;
  return {
    terms,
    looked: new Map(),
    widened: new Map(),
    floor: termRows.length === VOCABULARY_CAP ? Number(termRows[termRows.length - 1]!.docs) : 1,
    documents: input.documents,
    averageLength: lengths,
    mean,
    model: input.model,
    termVectors: undefined,
    // Made on the first search by meaning, not for text search.
    wordsForVectors: input.localEmbedder
      ? termRows.filter((r) => Number(r.docs) > Number(r.in_sku)).slice(0, TERM_VECTOR_CAP).map((r) => String(r.term))
      : undefined,
    termVectorsLoading: undefined,
    loadedAt: input.loadedAt,
  };
};

/** A query word with its corrections and completions from the vocabulary (worked out once per vocabulary and word). */
export const widen = (vocabulary: Vocabulary, term: string): QueryWord => {
  let widened = vocabulary.widened.get(term);
  if (widened === undefined) {
    widened = widenNow(vocabulary, term);
    if (vocabulary.widened.size < WIDENED_KEPT) vocabulary.widened.set(term, widened);
  }
  return widened;
};

const widenNow = (vocabulary: Vocabulary, term: string): QueryWord => {
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
};

/** Documents holding the word (in `field`, or in any): a word left out of memory counts as the least common kept. */
export const documentsWith = (vocabulary: Vocabulary, term: string, field?: SearchField): number => {
  // The radix tree's lookup, remembered: a search asks for the same few words hundreds of times.
  let counts = vocabulary.looked.get(term);
  if (counts === undefined && !vocabulary.looked.has(term)) vocabulary.looked.set(term, (counts = vocabulary.terms.get(term)));
  if (counts === undefined) return vocabulary.floor;
  return Math.max(1, field === undefined ? counts[0]! : counts[SEARCH_FIELDS.indexOf(field) + 1]!);
};

/** Documents holding the word in a field with postings (every field but the description), by the vocabulary. */
export const postedDocuments = (vocabulary: Vocabulary, term: string): number => {
  const counts = vocabulary.terms.get(term);
  if (counts === undefined) return 1;
  let sum = 0;
  SEARCH_FIELDS.forEach((field, i) => {
    if (field !== "description") sum += counts[i + 1]!;
  });
  return sum;
};

/** Documents the query's words are counted in by the vocabulary (each alternative's, added up). */
export const matches = (vocabulary: Vocabulary, queryWords: readonly QueryWord[]): number => {
  let sum = 0;
  for (const q of queryWords) {
    const terms = new Set<string>([q.term, ...(q.completions ?? []), ...q.fuzzy.keys()]);
    for (const t of terms) sum += vocabulary.terms.get(t)?.[0] ?? 0;
  }
  return sum;
};

/** The words a query word stands for: itself, its completions and corrections, and `more` (found in the database). */
export const alternativesOf = (q: QueryWord, more: readonly string[] = []): Set<string> => {
  const terms = new Set<string>([q.term, ...(q.completions ?? []), ...q.fuzzy.keys()]);
  for (const t of more) terms.add(t);
  return terms;
};

/** Vocabulary words nearest `vector`, for an in-process embedder (a remote one is not asked per word). */
export const neighbours = (vocabulary: Vocabulary, vector: Float32Array, leaveOut: ReadonlySet<string>): string[] => {
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
};

/** The words of `terms` an embedder gives a vector (one word of letters), with their vectors, asked 2,000 at a time. */
export const termVectorsOf = async (terms: readonly string[], embed: (texts: readonly string[]) => Promise<Float32Array[]>): Promise<TermVectors> => {
  const known: string[] = [];
  const chunks: Float32Array[] = [];
  let dims = 0;
  for (let i = 0; i < terms.length; i += 2_000) {
    const batch = terms.slice(i, i + 2_000).filter((t) => words(t).length === 1 && /\p{L}/u.test(t));
    const made = await embed(batch);
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
};
