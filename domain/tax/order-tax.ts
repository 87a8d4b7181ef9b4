// The tax of an order: the order discount spread over its lines before tax, then each line and the
// shipping fee taxed on its own, and the order's tax the sum of theirs. docs/taxes.md, "Orders",
// "Discounts" and "Shipping".
import { Either } from "effect";
import { taxOf, type TaxedAmount } from "./line-tax.js";
import { allocateProportionally, assertMinorUnits } from "./proportional-share.js";
import type { TaxClass } from "./tax-class.js";
import type { TaxRate } from "./tax-rate.js";
import { rateFor, type AppliedRate, type MissingTaxRate, type TaxZone } from "./tax-zone.js";

export interface TaxableLine {
  /** Integer minor units as the store states its prices (with tax when they include it): quantity × unit price. */
  readonly amount: number;
  readonly taxClass: TaxClass;
}

export interface OrderTaxInput {
  readonly pricesIncludeTax: boolean;
  /** The zone of the shipping address (resolveTaxZone). */
  readonly zone: TaxZone;
  readonly lines: readonly TaxableLine[];
  /** The order's discount (promotions), at most the lines' sum; spread over the lines, never over shipping. */
  readonly discount: number;
  /** The shipping fee, stated like the prices, with the store's shipping class; null when nothing is shipped. */
  readonly shipping: TaxableLine | null;
}

/** A taxed line: its amount after its share of the discount, split into net and tax. */
export interface LineTax extends TaxedAmount, AppliedRate {
  /** The line's share of the order discount (0 for shipping). */
  readonly discount: number;
}

/** What an invoice shows per rate; exempt lines are their own group. */
export interface RateTotal extends TaxedAmount {
  readonly rate: TaxRate;
  readonly exempt: boolean;
}

export interface OrderTax {
  /** In the order of the input lines. */
  readonly lines: readonly LineTax[];
  readonly shipping: LineTax | null;
  /** Sums over lines and shipping: tax is the order's tax_amount, gross what the shopper pays before any gift card. */
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
  /** Zero-rated first, ascending rates, exempt last. */
  readonly byRate: readonly RateTotal[];
}

function taxLine(line: TaxableLine, discount: number, input: OrderTaxInput): Either.Either<LineTax, MissingTaxRate> {
  return Either.map(rateFor(input.zone, line.taxClass), (applied) => ({
    ...applied,
    discount,
    ...taxOf(line.amount - discount, applied.rate, input.pricesIncludeTax),
  }));
}

export function taxOrder(input: OrderTaxInput): Either.Either<OrderTax, MissingTaxRate> {
  for (const line of input.lines) assertMinorUnits(line.amount, "a line amount");
  const shares = allocateProportionally(input.discount, input.lines.map((line) => line.amount));
  return Either.gen(function* () {
    const lines: LineTax[] = [];
    for (const [index, line] of input.lines.entries()) lines.push(yield* taxLine(line, shares[index] ?? 0, input));
    const shipping = input.shipping === null ? null : yield* taxLine(input.shipping, 0, input);
    const all = shipping === null ? lines : [...lines, shipping];
    return { lines, shipping, ...sum(all), byRate: totalsByRate(all) };
  });
}

function sum(parts: readonly TaxedAmount[]): TaxedAmount {
  let net = 0;
  let tax = 0;
  for (const part of parts) {
    net += part.net;
    tax += part.tax;
  }
  return { net, tax, gross: net + tax };
}

function totalsByRate(lines: readonly LineTax[]): RateTotal[] {
  const groups = new Map<string, { rate: TaxRate; exempt: boolean; lines: LineTax[] }>();
  for (const line of lines) {
    const key = `${line.exempt}:${line.rate}`;
    const group = groups.get(key) ?? { rate: line.rate, exempt: line.exempt, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => Number(a.exempt) - Number(b.exempt) || a.rate - b.rate)
    .map((group) => ({ rate: group.rate, exempt: group.exempt, ...sum(group.lines) }));
}
