// Settings a store has before it states its own, and the class a product line is taxed under.
// docs/taxes.md, "A store's settings" and "Tax classes".
import { Either } from "effect";
import { STANDARD, type TaxClass } from "./tax-class.js";
import type { TaxRate } from "./tax-rate.js";
import type { TaxSettings } from "./tax-settings.js";
import { MissingTaxRate, rateFor, type TaxZone } from "./tax-zone.js";

/**
 * The country a currency's ISO 4217 code names: its first two letters are the ISO 3166 code of the
 * issuing country (KES → KE, UGX → UG); EUR gives EU, the code ISO 3166 reserves for the Union.
 */
export const countryOfCurrency = (currency: string): string => {
  const prefix = currency.trim().slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(prefix) ? prefix : "ZZ";
};

/**
 * One rate everywhere, added on top: the store-wide `tax_rate_percent` of before, as settings
 * (docs/taxes.md, "For the wiring"): one zone for the store's country, the default, `standard` at
 * that rate and shipping taxed as `standard`. A new store starts with it at 0.
 */
export const flatRateSettings = (country: string, rate: TaxRate): TaxSettings => ({
  pricesIncludeTax: false,
  zones: [{ id: "default", name: country, country, region: null, rates: { [STANDARD]: rate } }],
  defaultZoneId: "default",
  shippingTaxClass: STANDARD,
});

/** A variant's own class, else its product's, else `standard` (docs/taxes.md, "Tax classes"). */
export const lineTaxClass = (productClass: string | null | undefined, variantClass: string | null | undefined): TaxClass =>
  (variantClass ?? productClass ?? STANDARD) as TaxClass;

/**
 * A product's or variant's class must have a rate in every zone (or be `zero` or `exempt`), so that
 * no checkout meets MissingTaxRate (docs/taxes.md, "A class a zone does not rate"): the first zone
 * without one, else the class.
 */
export function checkClassRated(zones: readonly TaxZone[], taxClass: TaxClass): Either.Either<TaxClass, MissingTaxRate> {
  for (const zone of zones) {
    const rated = rateFor(zone, taxClass);
    if (Either.isLeft(rated)) return Either.left(rated.left);
  }
  return Either.right(taxClass);
}
