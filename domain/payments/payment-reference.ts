// Payment references (docs/api/payments.md, "References"): `PAY-<digits>-<suffix>`, the epoch
// milliseconds of the payment and a random suffix of upper-case letters and digits, short enough to
// read out on the phone.
const SUFFIX_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** The largest multiple of the alphabet's size below 256: bytes from it up are skipped, so every symbol is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % SUFFIX_ALPHABET.length);

export const PAYMENT_REFERENCE_SUFFIX_LENGTH = 8;
export const PAYMENT_REFERENCE_PATTERN = /^PAY-\d{1,16}-[A-Z0-9]{4,32}$/;

/**
 * The suffix drawn from random bytes (rejection sampling); undefined when the bytes run out
 * before `length` symbols, so the caller draws more (with 32 bytes for 8 symbols that almost never happens).
 */
export const referenceSuffix = (bytes: Uint8Array, length = PAYMENT_REFERENCE_SUFFIX_LENGTH): string | undefined => {
  let suffix = "";
  for (const byte of bytes) {
    if (suffix.length === length) break;
    if (byte < UNBIASED_LIMIT) suffix += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
  }
  return suffix.length === length ? suffix : undefined;
};

export const formatPaymentReference = (epochMs: number, suffix: string): string => {
  if (!Number.isSafeInteger(epochMs) || epochMs < 0) throw new RangeError(`a payment reference needs non-negative epoch milliseconds, got ${epochMs}`);
  const reference = `PAY-${epochMs}-${suffix}`;
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw new RangeError(`not a payment reference suffix: ${JSON.stringify(suffix)}`);
  return reference;
};

export const isPaymentReference = (text: string): boolean => PAYMENT_REFERENCE_PATTERN.test(text);
