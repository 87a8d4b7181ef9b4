// The stock ledger (docs/staff.md, "Stock ledger"): every change of a variant's stock is one entry
// with who, why, the stock before and after, and when. Staff adjust stock with one of the
// adjustment reasons; the system's own moves (a cancellation or refund giving stock back, a
// variant edited with a new stock) carry reasons of their own. Pure: no I/O.
import { Data, Either } from "effect";

/** Why staff changed the stock by hand. */
export const ADJUSTMENT_REASONS = ["received", "damaged", "lost", "count", "returned", "other"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/**
 * Why the system changed it: a cancellation or a refund gave units back, a variant's stock was set
 * by an edit. (Units taken by checkout are not entered: docs/decisions/back-office.md, "back-office-22".)
 */
export const SYSTEM_STOCK_REASONS = ["order_cancelled", "order_refunded", "variant_edited"] as const;
export type SystemStockReason = (typeof SYSTEM_STOCK_REASONS)[number];

export type StockReason = AdjustmentReason | SystemStockReason;

/** An adjustment asks either to add `delta` units (negative to take) or to set the stock to `setTo`. */
export type StockChange = { readonly delta: number } | { readonly setTo: number };

export class StockBelowZero extends Data.TaggedError("StockBelowZero")<{
  readonly before: number;
  readonly after: number;
  readonly message: string;
}> {}

/** The stock after `change` from `before`: refused when it would fall below zero. */
export const stockAfter = (before: number, change: StockChange): Either.Either<number, StockBelowZero> => {
  const after = "setTo" in change ? change.setTo : before + change.delta;
  if (after < 0) {
    return Either.left(
      new StockBelowZero({ before, after, message: `The stock is ${before}; this adjustment would leave ${after}, and stock cannot go below 0.` }),
    );
  }
  return Either.right(after);
};
