// The three-character pieces of a word (by code point): what `search_sku_grams` keeps of every SKU
// word, so that a list's `search=` knows when no SKU can hold it (substring-candidates.ts).
export const gramsOf = (word: string): string[] => {
  const chars = Array.from(word);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
};
