import { inject, injectable } from "inversify";
import { canMoveReturn, type OrderReturn } from "../../domain/orders/order-return.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { RefundOrder } from "../refunds/refund-order.js";
import type { RefundRecord } from "../refunds/refund-records.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { ReturnRefundInput, toReturnRecord, type ReturnRecord, returnMissing, recordReturnEvent, returnActor } from "./return-changes.js";

/**
 * Refunds the returned lines through the refund use case (its Idempotency-Key, its provider
 * call, its limits), then marks the return refunded. A refund that fails leaves the return as
 * it was, to be refunded again.
 */
@injectable()
export class RefundReturn {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(RefundOrder) private readonly refundOrder: RefundOrder,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, returnId: string, input: ReturnRefundInput, idempotencyKey: string): Promise<{ readonly return: ReturnRecord; readonly refund: RefundRecord }> {
    const current = await this.returns.find(principal.storeId, returnId);
    if (current === undefined) throw returnMissing();
    if (!canMoveReturn(current.status, "refunded")) {
      throw new ResourceConflict({ code: "invalid_transition", param: "status", message: `The return is ${current.status}; only an approved or received return is refunded.` });
    }
    const refund = await this.refundOrder.execute(
      principal,
      current.orderId,
      {
        ...(input.amount === undefined ? { lines: current.lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity })) } : { amount: input.amount }),
        restock: false,
        reason: input.reason ?? current.reason.slice(0, 500),
      },
      idempotencyKey,
      { returnId },
    );
    if (refund.status === "failed") {
      return { return: toReturnRecord(current), refund };
    }
    const moved = await this.uow.run(async () => {
      const locked = await this.returns.lock(principal.storeId, returnId);
      if (locked === undefined) throw returnMissing();
      if (locked.status === "refunded") return locked;
      const next: OrderReturn = { ...locked, status: "refunded", refundId: refund.id, updatedAt: this.clock.now().toISOString() };
      await this.returns.update(principal.storeId, next);
      await recordReturnEvent({ returns: this.returns, outbox: this.outbox, ids: this.ids }, principal.storeId, next, locked.status, returnActor(principal), null, { refund_id: refund.id, refund_status: refund.status }, undefined);
      await this.audit.record(principal, principal.storeId, { operation: "return.refund", resourceType: "return", resourceId: returnId, changes: { status: [locked.status, "refunded"], refund_id: [null, refund.id] } });
      return next;
    });
    return { return: toReturnRecord(moved), refund };
  }
}
