// Exact proportional shares of an integer amount: the one way tax and discounts are split (an order
// discount over lines, a line's tax over its refunds), so the parts always add up to the whole.
// docs/taxes.md, "Rounding" and "Proportional shares".

// Rounding: the project's one rule, half to even, on an exact fraction (domain/money/rounding.ts).
import { divideHalfEven } from "../money/rounding.js";

export function assertMinorUnits(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer of minor units, got ${value}`);
  }
}

/**
 * The share of `total` that the slice (before, before + taking] of `whole` carries, counted cumulatively:
 * round(total × (before + taking) / whole) − round(total × before / whole). Slices that cover `whole`
 * share exactly `total`, however it was cut and whatever the order, and no share is negative
 * (rounding never goes backwards).
 */
export function cumulativeShare(total: number, whole: number, before: number, taking: number): number {
  assertMinorUnits(total, "the total to share");
  assertMinorUnits(whole, "the whole");
  assertMinorUnits(before, "what was taken before");
  assertMinorUnits(taking, "what is taken now");
  if (before + taking > whole) throw new RangeError(`cannot take ${taking} after ${before} of ${whole}`);
  if (whole === 0) return 0;
  const upTo = (part: number): bigint => divideHalfEven(BigInt(total) * BigInt(part), BigInt(whole));
  return Number(upTo(before + taking) - upTo(before));
}

/**
 * Splits `total` over `weights` in proportion, in the order given, by cumulative shares: the parts sum
 * exactly to `total`, and while `total` is at most the weights' sum no part is negative or above its
 * weight (an order discount never takes a line below zero). A larger total is a caller's bug.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertMinorUnits(total, "the amount to allocate");
  let whole = 0;
  for (const weight of weights) {
    assertMinorUnits(weight, "a weight");
    whole += weight;
  }
  if (!Number.isSafeInteger(whole)) throw new RangeError(`the weights' sum ${whole} is not a safe integer`);
  if (total > whole) throw new RangeError(`cannot allocate ${total} over weights summing to ${whole}`);
  let before = 0;
  return weights.map((weight) => {
    const part = cumulativeShare(total, whole, before, weight);
    before += weight;
    return part;
  });
}
