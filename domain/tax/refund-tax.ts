// The tax a refund returns: a share of the line's tax in proportion to the amount refunded, counted
// cumulatively over the line's refunds so that refunding all of it returns exactly the tax charged.
// docs/taxes.md, "Refunds".
import { cumulativeShare } from "./proportional-share.js";
import type { TaxedAmount } from "./line-tax.js";

/** What a line (or the shipping fee) was charged: its gross after discount and the tax inside it. */
export type ChargedLine = Pick<TaxedAmount, "gross" | "tax">;

/**
 * The tax part of refunding `amount` of a line's gross when `refundedBefore` of it was refunded by
 * earlier refunds (pending or succeeded): round(tax × (before + amount) / gross) − round(tax × before / gross).
 * Returned as the refund's whole TaxedAmount: gross = amount, net = amount − tax.
 */
export function refundOfAmount(line: ChargedLine, refundedBefore: number, amount: number): TaxedAmount {
  const tax = cumulativeShare(line.tax, line.gross, refundedBefore, amount);
  return { net: amount - tax, tax, gross: amount };
}

/**
 * What refunding `units` of a line of `quantity` units is worth when `unitsBefore` units were refunded
 * before: the gross share of those units, cumulatively (so all units return exactly the gross), with
 * its tax by refundOfAmount. Valid while the line is refunded by units only; a line also refunded by
 * amount is tracked by amounts (docs/taxes.md, "Refunds").
 */
export function refundOfUnits(line: ChargedLine & { readonly quantity: number }, unitsBefore: number, units: number): TaxedAmount {
  const before = cumulativeShare(line.gross, line.quantity, 0, unitsBefore);
  const amount = cumulativeShare(line.gross, line.quantity, unitsBefore, units);
  return refundOfAmount(line, before, amount);
}
