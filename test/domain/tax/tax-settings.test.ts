// A store's tax settings and rates (docs/taxes.md, "Rates" and "Refused settings"): exact percent text
// in and out, and the check that refuses settings a checkout could not use.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import fc from "fast-check";
import { REDUCED, STANDARD, TaxClass, type TaxClass as TaxClassType } from "../../../domain/tax/tax-class.js";
import { formatTaxRatePercent, MAX_TAX_RATE, parseTaxRatePercent, TaxRatePercent, taxRate, type TaxRate } from "../../../domain/tax/tax-rate.js";
import { checkTaxSettings, type TaxSettings, type TaxSettingsProblem } from "../../../domain/tax/tax-settings.js";
import type { TaxZone } from "../../../domain/tax/tax-zone.js";

const rate = (ppm: number): TaxRate => taxRate(ppm);
const zone = (id: string, country: string, region: string | null, rates: Record<string, number>): TaxZone => ({
  id, name: id, country, region, rates: rates as Record<string, TaxRate>,
});
const SETTINGS: TaxSettings = {
  pricesIncludeTax: true,
  zones: [zone("ke", "KE", null, { standard: 160_000 }), zone("ug", "UG", null, { standard: 180_000 })],
  defaultZoneId: "ke",
  shippingTaxClass: STANDARD,
};
const problemsOf = (settings: TaxSettings, inUse: readonly TaxClassType[] = []): readonly TaxSettingsProblem[] =>
  Either.match(checkTaxSettings(settings, inUse), { onLeft: (e) => e.problems, onRight: () => [] });

describe("tax rates", () => {
  it("read percent text exactly into parts per million and write it back", () => {
    const cases: ReadonlyArray<readonly [string, number]> = [["16", 160_000], ["18", 180_000], ["7.5", 75_000], ["9.975", 99_750], ["0", 0], ["100", 1_000_000], ["0.0001", 1]];
    for (const [text, ppm] of cases) {
      assert.equal(Either.getOrThrow(parseTaxRatePercent(text)), ppm, text);
      assert.equal(formatTaxRatePercent(rate(ppm)), text);
    }
  });

  it("round-trip every rate through its percent text", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_TAX_RATE }), (ppm) => {
      assert.equal(Either.getOrThrow(parseTaxRatePercent(formatTaxRatePercent(rate(ppm)))), ppm);
    }));
  });

  it("refuse more than four decimals, over 100 %, negatives and anything not a plain decimal", () => {
    for (const text of ["9.97501", "100.0001", "101", "-1", "16%", "1e1", "", " 16", ".5", "16."]) {
      assert.ok(Either.isLeft(parseTaxRatePercent(text)), text);
    }
    for (const bad of [-1, 1.5, MAX_TAX_RATE + 1]) assert.throws(() => taxRate(bad), RangeError);
  });

  it("decode from text at the boundary with TaxRatePercent, and encode back", () => {
    assert.equal(Schema.decodeUnknownSync(TaxRatePercent)("16"), 160_000);
    assert.equal(Schema.encodeSync(TaxRatePercent)(rate(75_000)), "7.5");
    assert.ok(Either.isLeft(Schema.decodeUnknownEither(TaxRatePercent)("16.00001")));
  });

  it("take class names of lower-case letters, digits, _ and -", () => {
    for (const name of ["standard", "children_clothing", "alcohol-30"]) assert.ok(Schema.is(TaxClass)(name), name);
    for (const name of ["", "Standard", "9lives", "a b", "x".repeat(41)]) assert.ok(!Schema.is(TaxClass)(name), name);
  });
});

describe("checkTaxSettings", () => {
  it("accepts settings whose every zone rates standard, shipping's class and the classes in use", () => {
    assert.deepEqual(problemsOf(SETTINGS, [STANDARD, "zero" as TaxClassType, "exempt" as TaxClassType]), []);
  });

  it("refuses a zone without a rate for a class a product uses, naming zone and class", () => {
    const settings = { ...SETTINGS, zones: [zone("ke", "KE", null, { standard: 160_000, reduced: 80_000 }), zone("ug", "UG", null, { standard: 180_000 })] };
    assert.deepEqual(problemsOf(settings, [REDUCED]), [{ kind: "missing_rate", zoneId: "ug", taxClass: "reduced" }]);
    assert.deepEqual(problemsOf({ ...SETTINGS, shippingTaxClass: REDUCED }).map((p) => p.kind), ["missing_rate", "missing_rate"]);
    assert.deepEqual(problemsOf({ ...SETTINGS, zones: [zone("ke", "KE", null, {})] }), [{ kind: "missing_rate", zoneId: "ke", taxClass: "standard" }]);
  });

  it("refuses two zones for one place, a repeated id, a default zone not among the zones and a bad country", () => {
    const settings: TaxSettings = {
      ...SETTINGS,
      zones: [
        zone("a", "TZ", "Zanzibar", { standard: 150_000 }),
        zone("b", "TZ", " zanzibar", { standard: 150_000 }),
        zone("b", "Kenya", null, { standard: 160_000 }),
      ],
      defaultZoneId: "ke",
    };
    assert.deepEqual(problemsOf(settings), [
      { kind: "same_place", zoneIds: ["a", "b"], country: "TZ", region: "zanzibar" },
      { kind: "duplicate_zone_id", zoneId: "b" },
      { kind: "invalid_country", zoneId: "b", country: "Kenya" },
      { kind: "unknown_default_zone", zoneId: "ke" },
    ]);
  });

  it("refuses a rate for zero or exempt other than 0, a bad rate and a bad class name", () => {
    const settings = { ...SETTINGS, zones: [zone("ke", "KE", null, { standard: 160_000, zero: 0, exempt: 10, reduced: 1.5, "Bad Name": 1 })] };
    assert.deepEqual(problemsOf(settings), [
      { kind: "fixed_rate_class", zoneId: "ke", taxClass: "exempt" },
      { kind: "invalid_rate", zoneId: "ke", taxClass: "reduced", rate: 1.5 },
      { kind: "invalid_tax_class", zoneId: "ke", taxClass: "Bad Name" },
    ]);
  });
});
