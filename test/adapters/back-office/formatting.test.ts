// The back office's money and amounts: minor units shown with the ISO 4217 digits of each
// currency (not a fixed 2), and typed amounts read back with the same digits or refused.
import assert from "node:assert/strict";
import fc from "fast-check";
import { formatMoney as format, instantOfTyped, minorDigits, parseMoney, showDatesIn, typedDateTime, wallTimeIn } from "../../../adapters/back-office/src/formatting.js";

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

describe("back office typed dates, in the store's time zone", () => {
  const minute = 60_000;
  after(() => showDatesIn(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"));

  it("reads a typed wall-clock time as the instant of the store's zone, whatever the machine's", () => {
    showDatesIn("Asia/Kathmandu");
    assert.equal(instantOfTyped("2026-11-27T12:00"), Date.parse("2026-11-27T06:15:00Z"), "UTC+05:45");
    showDatesIn("Africa/Nairobi");
    assert.equal(instantOfTyped("2026-11-27T12:00"), Date.parse("2026-11-27T09:00:00Z"));
    showDatesIn("Europe/Berlin");
    assert.equal(instantOfTyped("2026-03-29T01:30"), Date.parse("2026-03-29T00:30:00Z"), "winter time, before the change");
    assert.equal(instantOfTyped("2026-03-29T03:30"), Date.parse("2026-03-29T01:30:00Z"), "summer time, after the change");
    assert.ok(Number.isNaN(instantOfTyped("27/11/2026 12:00")));
  });

  it("shows back, to the minute, the instant it read, in zones with and without clock changes", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("2020-01-01T00:00:00Z") / minute, max: Date.parse("2030-01-01T00:00:00Z") / minute }), fc.constantFrom("Asia/Kathmandu", "Europe/Berlin", "America/New_York", "UTC"), (minutes, zone) => {
        showDatesIn(zone);
        const at = minutes * minute;
        const typed = typedDateTime(new Date(at).toISOString());
        assert.equal(wallTimeIn(instantOfTyped(typed), zone), typed, `${zone} ${typed}`);
      }),
    );
  });
});
