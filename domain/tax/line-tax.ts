// The tax of one line (or a shipping fee, or one unit on a price list): taken out of a price that
// includes it, or added to one that does not. docs/taxes.md, "Inclusive and exclusive prices" and "Rounding".
import { divideHalfEven } from "../money/rounding.js";
import { assertMinorUnits } from "./proportional-share.js";
import { PARTS_PER_MILLION, type TaxRate } from "./tax-rate.js";

/** Integer minor units; net + tax = gross always. */
export interface TaxedAmount {
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
}

const MILLION = BigInt(PARTS_PER_MILLION);

function checked(net: number, tax: number, gross: number): TaxedAmount {
  if (!Number.isSafeInteger(gross)) throw new RangeError(`a gross amount of ${gross} minor units is not a safe integer`);
  return { net, tax, gross };
}

/**
 * Tax added to a net amount: tax = round(net × rate), rounded once per line, half to even, to a whole
 * minor unit (the amount is already in minor units, so whatever the currency's digits).
 */
export function addTax(net: number, rate: TaxRate): TaxedAmount {
  assertMinorUnits(net, "a net amount");
  const tax = Number(divideHalfEven(BigInt(net) * BigInt(rate), MILLION));
  return checked(net, tax, net + tax);
}

/**
 * Tax taken out of a gross amount: net = round(gross / (1 + rate)), rounded once per line, half to even,
 * and tax = gross − net, so net and tax always add up to the price the shopper saw.
 * For every net n, extractTax(addTax(n).gross) gives back n and the same tax (docs/taxes.md,
 * "Inclusive and exclusive prices" proves it).
 */
export function extractTax(gross: number, rate: TaxRate): TaxedAmount {
  assertMinorUnits(gross, "a gross amount");
  const net = Number(divideHalfEven(BigInt(gross) * MILLION, MILLION + BigInt(rate)));
  return checked(net, gross - net, gross);
}

/** The tax of an amount stated as the store states its prices. */
export const taxOf = (amount: number, rate: TaxRate, pricesIncludeTax: boolean): TaxedAmount =>
  pricesIncludeTax ? extractTax(amount, rate) : addTax(amount, rate);
