// Specifies the country-to-currency table: ISO 3166-1 alpha-2 in, ISO 4217 out, unknown codes refused.
import assert from "node:assert/strict";
import { CountryToCurrencyTable } from "../../../adapters/geo/country-to-currency-table.js";

const table = new CountryToCurrencyTable();

describe("CountryToCurrencyTable", () => {
  const expected: ReadonlyArray<readonly [string, string]> = [
    ["KE", "KES"],
    ["UG", "UGX"],
    ["TZ", "TZS"],
    ["RW", "RWF"],
    ["NG", "NGN"],
    ["GH", "GHS"],
    ["ZA", "ZAR"],
    ["US", "USD"],
    ["GB", "GBP"],
    ["DE", "EUR"],
    ["FR", "EUR"],
    ["CH", "CHF"],
    ["HK", "HKD"],
  ];
  for (const [country, currency] of expected) {
    it(`prices ${country} in ${currency}`, () => {
      assert.equal(table.currencyOf(country), currency);
      assert.equal(table.isCountry(country), true);
    });
  }

  it("reads codes in any case and with surrounding spaces", () => {
    assert.equal(table.currencyOf("ke"), "KES");
    assert.equal(table.currencyOf(" gb "), "GBP");
    assert.equal(table.isCountry("ug"), true);
  });

  it("knows no currency for codes that are not countries, nor for object keys", () => {
    for (const code of ["XX", "EU", "", "KEN", "constructor", "__proto__", "hasOwnProperty"]) {
      assert.equal(table.currencyOf(code), undefined, code);
      assert.equal(table.isCountry(code), false, code);
    }
  });

  it("answers only three-letter upper-case currency codes", () => {
    for (const country of ["KE", "US", "JP", "BR", "IN", "AU", "CN", "XK"]) {
      assert.match(table.currencyOf(country) ?? "", /^[A-Z]{3}$/, country);
    }
  });
});
