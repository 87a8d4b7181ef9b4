// Stock adjustments by hand and the stock ledger's reads (docs/staff.md, "Stock ledger"): the
// variant's row is locked, the stock changed by `delta` or set to `set_to` (never below 0: 422
// `stock_below_zero`), and one ledger entry and one audit entry written, all in one unit of work,
// so concurrent adjustments queue on the row and none is lost.
import { fellToThreshold } from "./variant-writes.js";
import { Either, Schema } from "effect";
import { inject, injectable } from "inversify";
import { ADJUSTMENT_REASONS, stockAfter, type StockChange, type StockReason } from "../../domain/catalog/stock-ledger.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import { ParameterInvalid, ParameterMissing } from "../errors/request-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { RequestContext } from "../ports/request-context.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { StockLedger, type StockLedgerEntry } from "../ports/stock-ledger.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { auditActorOf } from "../staff/audit-actor.js";
import { AuditTrail } from "../staff/audit-trail.js";

const Units = Schema.Number.pipe(Schema.int(), Schema.between(-1_000_000_000, 1_000_000_000)).annotations({
  message: () => ({ message: "must be a whole number of units", override: true }),
});
const Stock = Schema.Number.pipe(Schema.int(), Schema.between(0, 1_000_000_000)).annotations({
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

const variantMissing = (): ResourceMissing => new ResourceMissing({ resource: "variant", message: "No such variant." });

@injectable()
export class AdjustStock {
  constructor(
    @inject(StockLedger) private readonly ledger: StockLedger,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(RequestContext) private readonly requests: RequestContext,
  ) {}

  async execute(principal: Principal, variantId: string, input: StockAdjustmentInput): Promise<StockLedgerRecord> {
    const change = changeOf(input);
    return this.uow.run(async () => {
      const locked = await this.ledger.lock(principal.storeId, variantId);
      if (locked === undefined) throw variantMissing();
      const after = stockAfter(locked.stock, change);
      if (Either.isLeft(after)) throw new BusinessRuleViolation({ code: "stock_below_zero", param: "delta" in change ? "delta" : "set_to", message: after.left.message });
      const at = this.clock.now().toISOString();
      const entry: StockLedgerEntry = {
        id: this.ids.newId(),
        variantId,
        productId: locked.productId,
        sku: locked.sku,
        delta: after.right - locked.stock,
        before: locked.stock,
        after: after.right,
        reason: input.reason,
        note: input.note === undefined || input.note === "" ? null : input.note,
        actor: auditActorOf(principal),
        orderId: null,
        requestId: (this.requests.currentRequestId() ?? null),
        at,
      };
      if (after.right !== locked.stock) await this.ledger.setStock(principal.storeId, locked, after.right);
      await this.ledger.append(principal.storeId, entry);
      await this.audit.record(principal, principal.storeId, {
        operation: "variant.stock_adjust",
        resourceType: "variant",
        resourceId: variantId,
        changes: { stock: [locked.stock, after.right], reason: [null, input.reason], ...(entry.note === null ? {} : { note: [null, entry.note] }) },
      });
      if (fellToThreshold(locked.stock, after.right, locked.threshold)) {
        await this.outbox.record({
          storeId: principal.storeId,
          type: "product.stock_low",
          livemode: principal.mode === "live",
          data: { product_id: locked.productId, variant_id: variantId, sku: locked.sku, stock: after.right, threshold: locked.threshold },
        });
      }
      return toStockLedgerRecord(entry);
    });
  }

  /** The variant's ledger, newest first; another store's variant is a 404. */
  async ledgerPage(principal: Principal, variantId: string, page: PageRequest): Promise<Page<StockLedgerRecord>> {
    if (!(await this.ledger.variantExists(principal.storeId, variantId))) throw variantMissing();
    const found = await this.ledger.page(principal.storeId, variantId, page);
    return { ...found, items: found.items.map(toStockLedgerRecord) };
  }
}

const changeOf = (input: StockAdjustmentInput): StockChange => {
  if (input.delta !== undefined && input.set_to !== undefined) {
    throw new ParameterInvalid({ param: "set_to", message: "Give either delta or set_to, not both." });
  }
  if (input.set_to !== undefined) return { setTo: input.set_to };
  if (input.delta === undefined) throw new ParameterMissing({ param: "delta", message: "Give delta (units to add or take) or set_to (the new stock)." });
  if (input.delta === 0) throw new ParameterInvalid({ param: "delta", message: "delta must not be 0." });
  return { delta: input.delta };
};
