import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { OrderRestitution } from "../orders/order-restitution.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { ReturnReceiptInput, type ReturnRecord, moveReturn } from "./return-changes.js";

/** The goods came back: each line's received units, restocked or not (a unit goes back to stock at most once, whatever path). */
@injectable()
export class ReceiveReturn {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(OrderRestitution) private readonly restitution: OrderRestitution,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, returnId: string, input: ReturnReceiptInput): Promise<ReturnRecord> {
    return moveReturn({ returns: this.returns, orders: this.orders, outbox: this.outbox, audit: this.audit, uow: this.uow, ids: this.ids, clock: this.clock }, principal, returnId, "received", input.note ?? null, async (r, order) => {
      const byLine = new Map(input.lines.map((line) => [line.line_id, line]));
      for (const lineId of byLine.keys()) {
        if (!r.lines.some((line) => line.lineId === lineId)) throw new ParameterInvalid({ param: "lines", message: `The return has no line ${lineId}.` });
      }
      const lines = r.lines.map((line) => {
        const got = byLine.get(line.lineId);
        const received = Math.min(got?.quantity ?? 0, line.quantity);
        return { ...line, receivedQuantity: received, restockedQuantity: got?.restock === true ? received : 0 };
      });
      const restocks = lines.filter((line) => line.restockedQuantity > 0).map((line) => ({ lineId: line.lineId, quantity: line.restockedQuantity }));
      if (restocks.length > 0) {
        const after = await this.restitution.restockLines(principal.storeId, order, restocks, { type: "return", id: r.id });
        if (after !== order) await this.orders.update(principal.storeId, { ...after, updatedAt: this.clock.now().toISOString() });
      }
      return { next: { ...r, lines }, data: { lines: lines.map((l) => ({ line_id: l.lineId, received_quantity: l.receivedQuantity, restocked_quantity: l.restockedQuantity })) } };
    });
  }
}
