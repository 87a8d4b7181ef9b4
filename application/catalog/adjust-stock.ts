import { fellToThreshold } from "./variant-writes.js";
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { stockAfter } from "../../domain/catalog/stock-ledger.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { RequestContext } from "../ports/request-context.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { StockLedger, type StockLedgerEntry } from "../ports/stock-ledger.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { auditActorOf } from "../staff/audit-actor.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { StockAdjustmentInput, type StockLedgerRecord, toStockLedgerRecord, variantMissing, changeOf } from "./stock-ledger-records.js";

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
}
