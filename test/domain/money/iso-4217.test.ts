// Guards the generated ISO 4217 table: it must be exactly what the generator makes from currency-codes today.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { code as lookUpCurrency, data as currencyRecords } from "currency-codes";
import { ISO_4217_MINOR_DIGITS } from "../../../domain/money/iso-4217.js";
import {
  buildMinorDigitsTable,
  loadCurrencyCodes,
  OUTPUT_FILE,
  renderIso4217Module,
} from "../../../scripts/generate-iso-4217.js";

describe("ISO_4217_MINOR_DIGITS", () => {
  const source = loadCurrencyCodes();
  const expected = buildMinorDigitsTable(source);

  it("equals what scripts/generate-iso-4217.ts builds from currency-codes now", () => {
    assert.deepEqual(ISO_4217_MINOR_DIGITS, expected.digits);
  });

  it("is the generator's output byte for byte (regenerate rather than edit)", () => {
    assert.equal(readFileSync(OUTPUT_FILE, "utf8"), renderIso4217Module(source, expected));
  });

  it("agrees with currency-codes on every code it holds", () => {
    for (const [code, digits] of Object.entries(ISO_4217_MINOR_DIGITS)) {
      assert.equal(lookUpCurrency(code)?.digits, digits, code);
    }
  });

  it("holds every currency-codes code except those whose minor unit ISO gives as N.A.", () => {
    const held = new Set(Object.keys(ISO_4217_MINOR_DIGITS));
    const left = currencyRecords.map((r) => r.code).filter((c) => !held.has(c));
    assert.deepEqual(left, [...expected.omitted]);
    assert.equal(held.size + left.length, currencyRecords.length);
    for (const code of ["XAU", "XAG", "XDR", "XTS", "XXX"]) assert.ok(left.includes(code), code);
  });

  it("gives the minor digits ISO assigns", () => {
    const spot = { KES: 2, UGX: 0, RWF: 0, BHD: 3, JPY: 0, USD: 2, TZS: 2, EUR: 2, CLF: 4, XAF: 0 };
    for (const [code, digits] of Object.entries(spot)) {
      assert.equal(ISO_4217_MINOR_DIGITS[code], digits, code);
    }
  });

  it("cannot be modified at run time", () => {
    assert.ok(Object.isFrozen(ISO_4217_MINOR_DIGITS));
  });
});
