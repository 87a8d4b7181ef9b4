// The settings a store has before it states its own (the migrated store-wide rate), a line's class,
// and the check that a product's class is rated in every zone (docs/taxes.md, "For the wiring").
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { checkClassRated, countryOfCurrency, flatRateSettings, lineTaxClass } from "../../../domain/tax/store-tax-defaults.js";
import { EXEMPT, REDUCED, STANDARD, ZERO_RATED, type TaxClass } from "../../../domain/tax/tax-class.js";
import { taxRate } from "../../../domain/tax/tax-rate.js";
import { checkTaxSettings } from "../../../domain/tax/tax-settings.js";
import { resolveTaxZone, type TaxZone } from "../../../domain/tax/tax-zone.js";
import { rateArb } from "./tax-arbitraries.js";

describe("store tax defaults", () => {
  it("a flat rate becomes settings checkTaxSettings accepts, prices without tax, every place in its one zone at that rate", () => {
    fc.assert(
      fc.property(rateArb, fc.constantFrom("KE", "UG", "US"), fc.constantFrom("KE", "FR", "ZZ"), (rate, country, shippedTo) => {
        const settings = flatRateSettings(country, rate);
        assert.ok(Either.isRight(checkTaxSettings(settings, [])));
        assert.equal(settings.pricesIncludeTax, false);
        assert.equal(settings.shippingTaxClass, STANDARD);
        const { zone } = resolveTaxZone(settings.zones, settings.defaultZoneId, { country: shippedTo });
        assert.equal(zone.rates[STANDARD], rate);
      }),
    );
  });

  it("a currency's country is its code's first two letters", () => {
    assert.deepEqual(["KES", "UGX", "TZS", "USD", "EUR", "ugx", "1X"].map(countryOfCurrency), ["KE", "UG", "TZ", "US", "EU", "UG", "ZZ"]);
  });

  it("a line is taxed under its variant's class, else its product's, else standard", () => {
    assert.equal(lineTaxClass(null, null), STANDARD);
    assert.equal(lineTaxClass(undefined, undefined), STANDARD);
    assert.equal(lineTaxClass("reduced", null), REDUCED);
    assert.equal(lineTaxClass("reduced", "zero"), ZERO_RATED);
    assert.equal(lineTaxClass(null, "exempt"), EXEMPT);
  });

  it("a class is rated when every zone rates it; zero and exempt always are; the first zone without it is named", () => {
    const zones: TaxZone[] = [
      { id: "ke", name: "Kenya", country: "KE", region: null, rates: { standard: taxRate(160_000), reduced: taxRate(80_000) } },
      { id: "ug", name: "Uganda", country: "UG", region: null, rates: { standard: taxRate(180_000) } },
    ];
    assert.ok(Either.isRight(checkClassRated(zones, STANDARD)));
    assert.ok(Either.isRight(checkClassRated(zones, ZERO_RATED)));
    assert.ok(Either.isRight(checkClassRated(zones, EXEMPT)));
    const missing = checkClassRated(zones, REDUCED);
    assert.ok(Either.isLeft(missing));
    assert.deepEqual([missing.left.zoneId, missing.left.taxClass], ["ug", "reduced"]);
    const named = checkClassRated(zones, "alcohol" as TaxClass);
    assert.ok(Either.isLeft(named));
    assert.equal(named.left.zoneId, "ke");
  });
});
