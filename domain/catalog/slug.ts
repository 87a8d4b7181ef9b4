// Product URL slugs of the shape `{product-name}-{short-id}`, always matching
// SLUG_PATTERN whatever script or symbols the product name is written in.

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/;

export const MAX_SLUG_LENGTH = 200;

// Used when a name has no latin letters or digits (Chinese, Arabic, emoji...),
// so the slug still starts with a readable, valid character.
const FALLBACK_NAME = "p";

const SHORT_ID_LENGTH = 8;

// Latin letters that NFKD leaves whole because they are letters in their own
// right, not a base letter plus a mark.
const LATIN_EXTRAS: Readonly<Record<string, string>> = {
  "ß": "ss",
  "æ": "ae",
  "œ": "oe",
  "ø": "o",
  "đ": "d",
  "ð": "d",
  "þ": "th",
  "ł": "l",
  "ı": "i",
  "ħ": "h",
  "ŀ": "l",
  "ŋ": "n",
  "ſ": "s",
};

const LATIN_EXTRAS_PATTERN = new RegExp(`[${Object.keys(LATIN_EXTRAS).join("")}]`, "gu");

const COMBINING_MARKS = /\p{M}/gu;

// Lower-casing before decomposing matters: "İ".toLowerCase() yields "i" plus a
// combining dot, which the mark removal then drops. toLowerCase is locale-free.
const toSlugText = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(LATIN_EXTRAS_PATTERN, (letter) => LATIN_EXTRAS[letter] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const cutTo = (slugText: string, length: number): string =>
  slugText.slice(0, Math.max(0, length)).replace(/-+$/, "");

/**
 * The last 8 hex digits of the id: for a UUID v7 the leading digits are a
 * timestamp shared by products created in the same millisecond, while the tail
 * is random.
 */
export const shortId = (productId: string): string =>
  productId.toLowerCase().replace(/[^a-z0-9]/g, "").slice(-SHORT_ID_LENGTH);

export const productSlug = (name: string, productId: string): string => {
  const id = shortId(productId);
  if (id === "") return cutTo(toSlugText(name), MAX_SLUG_LENGTH) || FALLBACK_NAME;
  const namePart = cutTo(toSlugText(name), MAX_SLUG_LENGTH - 1 - id.length) || FALLBACK_NAME;
  return `${namePart}-${id}`;
};

export const isValidSlug = (s: string): boolean => SLUG_PATTERN.test(s);

/**
 * Disambiguates a slug that is already taken by appending `-{n}` (n a positive
 * integer, typically from 2 up), cutting the base so the result stays within
 * MAX_SLUG_LENGTH.
 */
export const withSuffix = (slug: string, n: number): string => {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`slug suffix must be a positive integer, got ${n}`);
  }
  const suffix = `-${n}`;
  const base = cutTo(slug, MAX_SLUG_LENGTH - suffix.length) || FALLBACK_NAME;
  return `${base}${suffix}`;
};
