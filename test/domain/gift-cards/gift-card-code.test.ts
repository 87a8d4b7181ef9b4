// Gift card codes: the look-alike-free alphabet, grouping, unbiased rejection sampling and running out of
// bytes; and the normal form (case, spaces and dashes ignored), idempotent.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_RANDOM_BYTES,
  isGiftCardCode,
  normaliseGiftCardCode,
} from "../../../domain/gift-cards/gift-card-code.js";

const PATTERN = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

describe("gift card codes", () => {
  it("uses 30 symbols and none of the look-alikes 0 O 1 I L U", () => {
    assert.equal(GIFT_CARD_CODE_ALPHABET.length, 30);
    assert.equal(new Set(GIFT_CARD_CODE_ALPHABET).size, 30);
    for (const c of "0O1ILU") assert.ok(!GIFT_CARD_CODE_ALPHABET.includes(c), c);
  });

  it("maps bytes below 240 to symbol b mod 30 and skips the rest", () => {
    const bytes = Uint8Array.from([0, 29, 30, 239, 240, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 0→'2', 29→'Z', 30→'2', 239 (= 7·30 + 29)→'Z', 240 and 255 skipped, then 1..12
    assert.equal(formatGiftCardCode(bytes), "2Z2Z-3456-789A-BCDE");
  });

  it("answers undefined when the bytes run out, and asks for a length in whole groups", () => {
    assert.equal(formatGiftCardCode(new Uint8Array(15)), undefined);
    assert.equal(formatGiftCardCode(Uint8Array.from([...new Uint8Array(15), 250, 251])), undefined);
    assert.equal(formatGiftCardCode(new Uint8Array(16)), "2222-2222-2222-2222");
    assert.equal(formatGiftCardCode(new Uint8Array(8), 8), "2222-2222");
    assert.throws(() => formatGiftCardCode(new Uint8Array(32), 10), RangeError);
  });

  it("always matches the pattern when it answers, and answers for almost every 32 random bytes", () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: GIFT_CARD_CODE_RANDOM_BYTES, maxLength: GIFT_CARD_CODE_RANDOM_BYTES }), (bytes) => {
        const code = formatGiftCardCode(bytes);
        if (code === undefined) return;
        answered++;
        assert.match(code, PATTERN);
        assert.ok(isGiftCardCode(code));
        assert.equal(normaliseGiftCardCode(code), code);
      }),
      { numRuns: 500 },
    );
    // fast-check favours extreme bytes (all 255), so not every run answers; most must
    assert.ok(answered > 250, `${answered}`);
  });

  it("is unbiased: over every byte value each symbol comes up equally often", () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const code = formatGiftCardCode(Uint8Array.from([b, b, b, b]), 4);
      if (code !== undefined) counts.set(code[0]!, (counts.get(code[0]!) ?? 0) + 1);
    }
    assert.equal(counts.size, 30);
    assert.deepEqual(new Set(counts.values()), new Set([8]));
  });

  it("normalises case, spaces and dashes and regroups in fours", () => {
    assert.equal(normaliseGiftCardCode(" abcd efgh-jkmn\tpqrs "), "ABCD-EFGH-JKMN-PQRS");
    assert.equal(normaliseGiftCardCode("ab–cd—ef"), "ABCD-EF");
    assert.equal(normaliseGiftCardCode("---"), "");
    assert.equal(isGiftCardCode("ABCD-EFGH-JKMN-PQR0"), false);
    assert.equal(isGiftCardCode("abcd-efgh-jkmn-pqrs"), false);
  });

  it("normalise is idempotent and case-insensitive", () => {
    const codeLike = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -\t"), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(codeLike, fc.string({ unit: "grapheme", maxLength: 20 })), (input) => {
        const once = normaliseGiftCardCode(input);
        assert.equal(normaliseGiftCardCode(once), once);
      }),
    );
    fc.assert(
      fc.property(codeLike, (input) => {
        assert.equal(normaliseGiftCardCode(input.toLowerCase()), normaliseGiftCardCode(input.toUpperCase()));
        assert.equal(normaliseGiftCardCode(input), normaliseGiftCardCode(input.replace(/[\s-]/g, "")));
      }),
    );
  });
});
