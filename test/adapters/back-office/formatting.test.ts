// The back office's money and amounts: minor units shown with the ISO 4217 digits of each
// currency (not a fixed 2), and typed amounts read back with the same digits or refused.
import assert from "node:assert/strict";
import fc from "fast-check";
import { formatMoney as format, minorDigits, parseMoney } from "../../../adapters/back-office/src/formatting.js";

/** Intl puts a no-break space between a currency code and the number. */
const formatMoney = (minor: number, currency: string, locale: string): string => format(minor, currency, locale).replace(/\u00a0/g, " ");

describe("back office money formatting", () => {
  it("uses each currency's ISO 4217 minor digits", () => {
    assert.deepEqual([minorDigits("KES"), minorDigits("JPY"), minorDigits("KWD"), minorDigits("UGX"), minorDigits("usd")], [2, 0, 3, 0, 2]);
    assert.equal(formatMoney(480_000, "KES", "en-US"), "KES 4,800.00");
    assert.equal(formatMoney(4_800, "JPY", "en-US"), "¥4,800");
    assert.equal(formatMoney(4_800, "KWD", "en-US"), "KWD 4.800");
    assert.equal(formatMoney(5, "USD", "en-US"), "$0.05");
  });

  it("reads typed amounts with the currency's digits, refusing more digits or other text", () => {
    assert.equal(parseMoney("12.5", "KES"), 1_250);
    assert.equal(parseMoney("1,234.56", "KES"), 123_456);
    assert.equal(parseMoney("12.345", "KES"), undefined);
    assert.equal(parseMoney("12.345", "KWD"), 12_345);
    assert.equal(parseMoney("12.5", "JPY"), undefined);
    assert.equal(parseMoney("-3", "KES"), undefined);
    assert.equal(parseMoney("abc", "KES"), undefined);
  });

  it("reads back what it shows, for any amount of any digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom("KES", "JPY", "KWD", "USD"), (minor, currency) => {
        const shown = formatMoney(minor, currency, "en-US").replace(/[^\d.,]/g, "");
        assert.equal(parseMoney(shown, currency), minor);
      }),
    );
  });
});
