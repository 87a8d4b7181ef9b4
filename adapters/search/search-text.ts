// How search reads a product's text: its fields in order of weight, the words of each (folded to
// lower case without accents), the query words that find them, and the text a product's vector
// is made from. The database index (search_documents) and the ranking share these rules, so a
// word is the same word when it is written and when it is searched.

/** The indexed fields, in the order of the index's columns. */
export const SEARCH_FIELDS = ["name", "sku", "brand", "tags", "category", "attributes", "description"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** How much a match in each field counts (BM25 field boosts). */
export const FIELD_BOOST: Readonly<Record<SearchField, number>> = { name: 5, sku: 4, brand: 2.5, tags: 2.5, category: 2.5, attributes: 1.5, description: 1 };

/** Words too common to search for (see `isStopWord`). */
export const STOP_WORD_LIST: readonly string[] = ["a", "an", "and", "for", "in", "of", "on", "or", "the", "to", "with", "by", "at", "is", "my", "me", "i"];
const STOP_WORDS = new Set(STOP_WORD_LIST);

/** Longer words are not kept in the vocabulary (identifiers, pasted codes). */
export const MAX_TERM_LENGTH = 60;

/** The words of a text: split at anything that is not a letter or digit, folded, stop words kept. */
export const words = (text: string): string[] => {
  const folded = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "" && w.length <= MAX_TERM_LENGTH);
};

/** Words too common to search for: never query words, never in the vocabulary (but they count in a field's length). */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** The words a query searches for: as `words`, without stop words, each once. */
export const queryTerms = (query: string): string[] => [...new Set(words(query).filter((w) => !STOP_WORDS.has(w)))];

/** A product as search sees it: its text by field, where it sits, whether it is on sale. */
export interface SearchableProduct {
  readonly id: string;
  /** Active and with at least one variant. */
  readonly searchable: boolean;
  readonly name: string;
  readonly skus: readonly string[];
  readonly brand: string;
  readonly tags: readonly string[];
  /** Category and subcategory names. */
  readonly category: string;
  readonly categoryId: string | null;
  readonly subcategoryId: string | null;
  readonly description: string;
  /** Values of product and variant attributes, and variant names (colours, sizes, materials). */
  readonly attributes: string;
}

/** Each field's text as it is matched. */
export const fieldTexts = (p: SearchableProduct): Record<SearchField, string> => ({
  name: p.name,
  sku: p.skus.join(" "),
  brand: p.brand,
  tags: p.tags.join(" "),
  category: p.category,
  attributes: p.attributes,
  description: p.description,
});

/**
 * What a product's vector is made from, given its words by field: its name twice, then where it
 * sits and what it is, and the first 40 words of its description. Made from the indexed words,
 * so the writer and a search that fills a missing vector make the same text.
 */
export const embeddingText = (fields: Readonly<Record<SearchField, readonly string[]>>): string =>
  [fields.name, fields.name, fields.category, fields.tags, fields.attributes, fields.brand, fields.description.slice(0, 40)]
    .filter((part) => part.length > 0)
    .map((part) => part.join(" "))
    .join(". ");

/** The fuzzy edit distance a query word allows: a fifth of its length, none below 4 letters. */
export const maxEditDistance = (term: string): number => (term.length >= 4 ? Math.round(term.length * 0.2) : 0);

/** Whether a query word also finds longer words it begins. */
export const matchesPrefixes = (term: string): boolean => term.length >= 2;
