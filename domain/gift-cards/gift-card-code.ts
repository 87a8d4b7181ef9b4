// Gift card codes: random characters from an alphabet without look-alikes, in groups of four joined by
// hyphens (XXXX-XXXX-XXXX-XXXX), and the normal form codes are compared in.

/**
 * Crockford's base32 without 0 and 1: no 0/O, 1/I/L (Crockford already drops I, L, O) nor U/V. 30 symbols;
 * 16 of them carry 16·log2(30) ≈ 78.5 bits.
 */
export const GIFT_CARD_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CARD_CODE_LENGTH = 16;
/**
 * Random bytes to pass for one 16-character code. A byte is used only below 240 (= 8 · 30, so every symbol
 * is equally likely) and is otherwise skipped: 32 bytes fall short of 16 usable ones with probability
 * about 7.7e-13; then formatGiftCardCode answers undefined and the caller draws again.
 */
export const GIFT_CARD_CODE_RANDOM_BYTES = 32;

const SYMBOLS = GIFT_CARD_CODE_ALPHABET.length;
const ACCEPT_BELOW = 256 - (256 % SYMBOLS);

/** A code of `length` characters (a positive multiple of 4) from the bytes, or undefined when they run out. */
export function formatGiftCardCode(randomBytes: Uint8Array, length: number = GIFT_CARD_CODE_LENGTH): string | undefined {
  if (!(Number.isSafeInteger(length) && length > 0 && length % 4 === 0)) {
    throw new RangeError(`a gift card code length must be a positive multiple of 4, got ${length}`);
  }
  let characters = "";
  for (const byte of randomBytes) {
    if (characters.length === length) break;
    // rejection sampling: b % 30 over 0..239 hits each symbol 8 times; 240..255 would favour the first 16
    if (byte < ACCEPT_BELOW) characters += GIFT_CARD_CODE_ALPHABET[byte % SYMBOLS];
  }
  return characters.length === length ? groupsOfFour(characters) : undefined;
}

const groupsOfFour = (characters: string): string => characters.match(/.{1,4}/gsu)?.join("-") ?? "";

const CODE_PATTERN = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{4}(?:-[${GIFT_CARD_CODE_ALPHABET}]{4})*$`);

/** Whether `code` has the shape of a code Storefront issues (any number of groups). */
export function isGiftCardCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/**
 * The form codes are stored and compared in: upper case, spaces and dashes (any Unicode dash) dropped,
 * then regrouped in fours. So "abcd efgh-jkmn" and "ABCD-EFGH-JKMN" compare equal. Idempotent.
 */
export function normaliseGiftCardCode(input: string): string {
  const compact = [...input.toUpperCase().replace(/[\s\p{Pd}]/gu, "")];
  const groups: string[] = [];
  // by code point, so an astral character is never split across groups
  for (let i = 0; i < compact.length; i += 4) groups.push(compact.slice(i, i + 4).join(""));
  return groups.join("-");
}
