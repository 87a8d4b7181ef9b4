// `search=` on product and price lists is a case-insensitive substring of a product's name or of
// one of its SKUs (docs/api/conventions.md, "Text filters"), which no word index answers by itself:
// `pper kettle` must find "Copper Kettle". Scanning the catalog with LIKE cost seconds at 200,000
// products (every row, and every variant's SKU of each row that missed). Here the search's words
// are found in the store's vocabulary instead (search_terms: small for names even in a huge
// catalog), and the products holding them in the postings (search_postings, tier 3 or more: a name
// or SKU word): those are the only products that can match, and the list's LIKE then decides
// exactly.
//
// Why the candidates are all the matches: the search, folded as words are (`words`), splits into
// runs of letters and digits. A name or SKU that holds the search holds each run inside one of its
// words: the whole word when the run has a separator on both sides in the search, a word's start
// when only the side before, a word's end when only the side after, anywhere in the word when
// neither. So every product that matches holds a vocabulary word meeting the rule of the longest
// run. Cases the vocabulary cannot answer fall back to the scan: a run longer than a kept word
// (MAX_TERM_LENGTH), a rule a stop word meets (stop words have no postings), a search with no
// letters or digits, or a rule so loose that hundreds of words meet it (`e`), whose matches are
// dense and found soon by walking the list anyway.
//
// SKU words are as many as the products (each SKU's number is its own word), too many to read per
// search; `search_sku_grams` holds every three-character piece of any SKU word the store has had
// (never removed: a superset is enough), so a search holding a piece no SKU has skips the SKU
// words altogether, and a SKU-like search reads only the SKU words that meet its rule.
import { MAX_TERM_LENGTH, STOP_WORD_LIST } from "../search/search-text.js";
import type { Database } from "./database.js";
import { gramsOf } from "./substring-grams.js";
import { termKey } from "./search-documents.js";

/** A run of letters and digits of the folded search, with whether a separator bounds it before and after. */
export interface Fragment {
  readonly text: string;
  readonly bounded: { readonly before: boolean; readonly after: boolean };
}

/** How a list's `search=` is answered: by scanning with LIKE, or among the products holding one of these words' postings. */
export type SubstringPlan =
  | { readonly kind: "scan" }
  | {
      readonly kind: "words";
      /** The words' posting keys (none: no product can match). */
      readonly keys: readonly number[];
      /** Documents holding the words (an upper bound of the matches). */
      readonly documents: number;
      /** Whether a SKU may hold the search (false: no SKU word has every piece of it). */
      readonly skus: boolean;
    };

/** Words read per rule at most: a looser rule is answered by the scan. */
export const MAX_RULE_WORDS = 400;

/** The search folded as words are (`words` in search-text.ts). */
const fold = (text: string): string => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

export const fragmentsOf = (search: string): Fragment[] => {
  const folded = fold(search);
  const out: Fragment[] = [];
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    const end = start + match[0].length;
    out.push({ text: match[0], bounded: { before: start > 0, after: end < folded.length } });
  }
  return out;
};

/** Whether a word meets a fragment's rule. */
export const meetsRule = (word: string, fragment: Fragment): boolean => {
  const { before, after } = fragment.bounded;
  if (before && after) return word === fragment.text;
  if (before) return word.startsWith(fragment.text);
  if (after) return word.endsWith(fragment.text);
  return word.includes(fragment.text);
};

/** The rule as a LIKE pattern over stored words (letters and digits only: nothing to escape). */
export const rulePattern = (fragment: Fragment): string => {
  const { before, after } = fragment.bounded;
  return `${before ? "" : "%"}${fragment.text}${after ? "" : "%"}`;
};

/** How one list search is answered (see the top of this file). */
export const planSubstring = async (db: Database, storeId: string, search: string): Promise<SubstringPlan> => {
  const fragments = fragmentsOf(search);
  if (fragments.length === 0 || fragments.some((f) => Array.from(f.text).length > MAX_TERM_LENGTH)) return { kind: "scan" };
  // The longest run is the tightest rule.
  const rule = [...fragments].sort((a, b) => b.text.length - a.text.length)[0]!;
  if (STOP_WORD_LIST.some((w) => meetsRule(w, rule))) return { kind: "scan" };
  const pattern = rulePattern(rule);
  // A word's whole or its start is a range of the (store, word) key as well: a SKU's number
  // typed whole reads its few words, not every SKU word of the store.
  const range =
    rule.bounded.before && rule.bounded.after
      ? { sql: " and term = ?", bindings: [rule.text] }
      : rule.bounded.before
        ? { sql: " and term >= ? and term < ?", bindings: [rule.text, `${rule.text}\u{10FFFF}`] }
        : { sql: "", bindings: [] };
  const named = await db.select<{ term: string; in_name: number }>(
    `select term, in_name from search_terms where store_id = ? and in_name > 0${range.sql} and term like ? limit ${MAX_RULE_WORDS + 1}`,
    [storeId, ...range.bindings, pattern],
  );
  if (named.length > MAX_RULE_WORDS) return { kind: "scan" };
  // Any run of three or more characters with a piece no SKU word has ever had: no SKU holds the search.
  const pieces = [...new Set(fragments.flatMap((f) => gramsOf(f.text)))].sort();
  let skuPossible = true;
  if (pieces.length > 0) {
    const [found] = await db.select<{ n: number | string }>(
      `select count(*) as n from search_sku_grams where store_id = ? and gram in (${pieces.map(() => "?").join(", ")})`,
      [storeId, ...pieces],
    );
    skuPossible = Number(found?.n ?? 0) === pieces.length;
  }
  const skus = skuPossible
    ? await db.select<{ term: string; in_sku: number }>(
        `select term, in_sku from search_terms where store_id = ?${range.sql} and in_sku > 0 and term like ? limit ${MAX_RULE_WORDS + 1}`,
        [storeId, ...range.bindings, pattern],
      )
    : [];
  if (skus.length > MAX_RULE_WORDS) return { kind: "scan" };
  const keys = new Set<number>();
  let documents = 0;
  for (const row of named) {
    keys.add(termKey(storeId, row.term));
    documents += Number(row.in_name);
  }
  for (const row of skus) {
    keys.add(termKey(storeId, row.term));
    documents += Number(row.in_sku);
  }
  return { kind: "words", keys: [...keys].sort((a, b) => a - b), documents, skus: skus.length > 0 };
};
