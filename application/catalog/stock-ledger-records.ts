// Stock adjustments by hand and the stock ledger's reads (docs/staff.md, "Stock ledger"): the
// variant's row is locked, the stock changed by `delta` or set to `set_to` (never below 0: 422
// `stock_below_zero`), and one ledger entry and one audit entry written, all in one unit of work,
// so concurrent adjustments queue on the row and none is lost.
// This module holds what the use cases AdjustStock and ListStockLedger share (one class a file,
// docs/architecture.md, the application/ ring).
import { Schema } from "effect";
import { ADJUSTMENT_REASONS, type StockChange, type StockReason } from "../../domain/catalog/stock-ledger.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { ParameterInvalid, ParameterMissing } from "../errors/request-errors.js";
import { type StockLedgerEntry } from "../ports/stock-ledger.js";

export const Units = Schema.Number.pipe(Schema.int(), Schema.between(-1_000_000_000, 1_000_000_000)).annotations({
  message: () => ({ message: "must be a whole number of units", override: true }),
});

export const Stock = Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000_000)).annotations({
  message: () => ({ message: "must be a whole number from 0", override: true }),
});

export const StockAdjustmentInput = Schema.Struct({
  delta: Schema.optional(Units).annotations({ description: "Units to add (negative to take away). Give this or `set_to`." }),
  set_to: Schema.optional(Stock).annotations({ description: "The stock to set, e.g. after a count. Give this or `delta`." }),
  reason: Schema.propertySignature(Schema.Literal(...ADJUSTMENT_REASONS)).annotations({
    description: "Why: `received` (goods in), `damaged`, `lost`, `count` (a stock count), `returned` (goods back from a customer), `other`.",
  }),
  note: Schema.optional(Schema.Trim.pipe(Schema.maxLength(500))).annotations({ description: "Free text kept with the entry (at most 500 characters)." }),
}).annotations({ identifier: "StockAdjustmentInput" });

export type StockAdjustmentInput = typeof StockAdjustmentInput.Type;

/** A ledger entry as the admin API shows it. */
export interface StockLedgerRecord {
  readonly id: string;
  readonly variant_id: string;
  readonly product_id: string;
  readonly sku: string;
  readonly delta: number;
  readonly stock_before: number;
  readonly stock_after: number;
  readonly reason: StockReason;
  readonly note: string | null;
  readonly actor: { readonly type: string; readonly id: string | null; readonly label: string };
  readonly order_id: string | null;
  readonly request_id: string | null;
  readonly created_at: string;
}

export const toStockLedgerRecord = (entry: StockLedgerEntry): StockLedgerRecord => ({
  id: entry.id,
  variant_id: entry.variantId,
  product_id: entry.productId,
  sku: entry.sku,
  delta: entry.delta,
  stock_before: entry.before,
  stock_after: entry.after,
  reason: entry.reason,
  note: entry.note,
  actor: { type: entry.actor.type, id: entry.actor.id, label: entry.actor.label },
  order_id: entry.orderId,
  request_id: entry.requestId,
  created_at: entry.at,
});

export const variantMissing = (): ResourceMissing => new ResourceMissing({ resource: "variant", message: "No such variant." });

export const changeOf = (input: StockAdjustmentInput): StockChange => {
  if (input.delta !== undefined && input.set_to !== undefined) {
    throw new ParameterInvalid({ param: "set_to", message: "Give either delta or set_to, not both." });
  }
  if (input.set_to !== undefined) return { setTo: input.set_to };
  if (input.delta === undefined) throw new ParameterMissing({ param: "delta", message: "Give delta (units to add or take) or set_to (the new stock)." });
  if (input.delta === 0) throw new ParameterInvalid({ param: "delta", message: "delta must not be 0." });
  return { delta: input.delta };
};
