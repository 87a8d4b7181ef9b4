// How the admin API finds a customer by a few typed characters (docs/staff.md, "Customers and
// the inbox"): from the start of their email, of their name, of their name's last word, or of
// their phone number's digits. Each customer keeps those keys lower-cased (the email is stored
// lower-cased already); a search is a prefix of one of them.

export interface CustomerSearchKeys {
  /** The whole name, trimmed, single-spaced, lower-cased. */
  readonly nameKey: string;
  /** The name's last word when it has several (a family name), lower-cased; null for one word. */
  readonly lastNameKey: string | null;
  /** The phone number's digits, or null without a phone (or one with no digits). */
  readonly phoneKey: string | null;
}

const words = (text: string): string[] => text.trim().toLowerCase().split(/\s+/).filter((w) => w !== "");

export const digitsOf = (text: string): string => text.replace(/\D+/g, "");

export const customerSearchKeys = (name: string, phone: string | null): CustomerSearchKeys => {
  const parts = words(name);
  const digits = phone === null ? "" : digitsOf(phone);
  return {
    nameKey: parts.join(" ").slice(0, 200),
    lastNameKey: parts.length > 1 ? parts[parts.length - 1]!.slice(0, 200) : null,
    phoneKey: digits === "" ? null : digits.slice(0, 40),
  };
};

/** What a search looks for: the text lower-cased, and its digits when it reads as a phone number. */
export interface CustomerQuery {
  readonly text: string;
  /** Set when the query is a phone number (digits, spaces, +, -, dots, brackets) with 3 digits or more. */
  readonly digits: string | null;
}

export const MIN_QUERY_LENGTH = 2;

/** The query a typed `q` asks; undefined when it is too short to search (under 2 characters). */
export const customerQuery = (q: string): CustomerQuery | undefined => {
  const text = words(q).join(" ");
  if ([...text].length < MIN_QUERY_LENGTH) return undefined;
  const digits = digitsOf(q);
  return { text, digits: /^[\d\s+().-]+$/.test(q.trim()) && digits.length >= 3 ? digits : null };
};

/** The first string after every string that starts with `prefix` (in code point order): the open end of its range. */
export const prefixEnd = (prefix: string): string => {
  const points = [...prefix];
  for (;;) {
    const last = points.pop();
    if (last === undefined) return "\u{10FFFF}";
    let next = last.codePointAt(0)! + 1;
    // Past the surrogates (no character of their own) to the next character; past the last
    // character, the prefix's earlier characters carry.
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return points.join("") + String.fromCodePoint(next);
  }
};
