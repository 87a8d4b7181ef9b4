// fast-check arbitraries for the tax property tests: rates, currencies with 0, 2 and 3 minor digits,
// amounts in their minor units, zones, order lines, and ways to cut an amount into partial refunds.
import { Schema } from "effect";
import fc from "fast-check";
import { CurrencyCode, minorDigits } from "../../../domain/money/currency.js";
import { EXEMPT, REDUCED, STANDARD, ZERO_RATED, type TaxClass } from "../../../domain/tax/tax-class.js";
import { MAX_TAX_RATE, taxRate, type TaxRate } from "../../../domain/tax/tax-rate.js";
import type { TaxZone } from "../../../domain/tax/tax-zone.js";
import type { TaxableLine } from "../../../domain/tax/order-tax.js";

const cc = Schema.decodeUnknownSync(CurrencyCode);

/** UGX and JPY have 0 minor digits, KES and TZS 2, BHD and KWD 3 (ISO 4217, via domain/money). */
export const CURRENCIES = ["UGX", "JPY", "KES", "TZS", "BHD", "KWD"].map((code) => cc(code));
export const currencyArb: fc.Arbitrary<CurrencyCode> = fc.constantFrom(...CURRENCIES);

/** Rates seen in the field (16, 18, 7.5, 9.975, 8.875, 20, 0, 100 %) and any other exact rate. */
export const rateArb: fc.Arbitrary<TaxRate> = fc.oneof(
  fc.constantFrom(160_000, 180_000, 75_000, 99_750, 88_750, 200_000, 0, MAX_TAX_RATE).map(taxRate),
  fc.integer({ min: 0, max: MAX_TAX_RATE }).map(taxRate),
);

/** A price in minor units of `currency`: up to a million major units, with any minor part. */
export const amountIn = (currency: CurrencyCode, maxMajor = 1_000_000): fc.Arbitrary<number> => {
  const unit = 10 ** minorDigits(currency);
  return fc.tuple(fc.integer({ min: 0, max: maxMajor }), fc.integer({ min: 0, max: unit - 1 })).map(([major, minor]) => major * unit + minor);
};

export const NAMED_CLASS = "alcohol" as TaxClass;
export const CLASSES: readonly TaxClass[] = [STANDARD, REDUCED, ZERO_RATED, EXEMPT, NAMED_CLASS];
export const classArb: fc.Arbitrary<TaxClass> = fc.constantFrom(...CLASSES);

/** A zone that rates every class in CLASSES that needs a rate. */
export const zoneArb: fc.Arbitrary<TaxZone> = fc
  .tuple(rateArb, rateArb, rateArb)
  .map(([standard, reduced, alcohol]) => ({
    id: "z-any",
    name: "Anywhere",
    country: "KE",
    region: null,
    rates: { standard, reduced, alcohol },
  }));

export const lineIn = (currency: CurrencyCode): fc.Arbitrary<TaxableLine> =>
  fc.record({ amount: amountIn(currency, 100_000), taxClass: classArb });

/** Cuts `whole` into parts (some may be 0) that add up to it, in random order. */
export const cutsOf = (whole: number, maxParts = 6): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: 0, max: whole }), { maxLength: maxParts - 1 }).map((points) => {
    const sorted = [...points, 0, whole].sort((a, b) => a - b);
    return sorted.slice(1).map((point, i) => point - sorted[i]!);
  });

/** |numerator/denominator − result| ≤ 1/2 and an exact tie went to the even neighbour. */
export function isHalfEvenOf(result: number, numerator: bigint, denominator: bigint): boolean {
  const twiceError = 2n * (BigInt(result) * denominator - numerator);
  const absTwiceError = twiceError < 0n ? -twiceError : twiceError;
  if (absTwiceError > denominator) return false;
  return absTwiceError !== denominator || BigInt(result) % 2n === 0n;
}
