// Cancels an order from the admin API (docs/staff.md, "Orders and fulfilment") through the order's
// one state machine (OrderMoves.apply: stock and the gift card amount back, `order.cancelled`),
// with the audit entry, in one unit of work. An order of which a parcel has shipped is not
// cancelled (409 invalid_transition): its goods come back by a return.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { toAdminOrderSummary, type AdminOrderSummary } from "./admin-order-records.js";
import { OrderRepository } from "../ports/order-repository.js";
import { OrderMoves } from "./order-moves.js";
import { orderMissing } from "./update-order.js";

@injectable()
export class CancelOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(OrderMoves) private readonly orderMoves: OrderMoves,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, orderId: string, reason: string | undefined): Promise<AdminOrderSummary> {
    const storeId = principal.storeId;
    return this.uow.run(async () => {
      const before = await this.orders.lock(storeId, orderId);
      if (before === undefined) throw orderMissing();
      const after = await this.orderMoves.apply(storeId, before, { order_status: "cancelled" });
      if (after.orderStatus !== before.orderStatus) {
        await this.audit.record(principal, storeId, {
          operation: "order.cancel",
          resourceType: "order",
          resourceId: orderId,
          changes: { order_status: [before.orderStatus, after.orderStatus], ...(reason !== undefined ? { reason: [null, reason] } : {}) },
        });
      }
      return toAdminOrderSummary(after);
    });
  }
}
