// The order update (spec 4.5, CONTRACT section 5): status moves through the state machine,
// fulfilment fields, and what the moves cause — shipped_at/delivered_at, the order events, the
// customer's purchase history when paid, stock and gift card back when cancelled or refunded —
// all in one transaction. An illegal move is a 409 and leaves the order unchanged.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { applyStatusUpdate } from "../../domain/orders/order-update.js";
import type { Order } from "../../domain/orders/order.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { OrderRepository } from "../ports/order-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { OrderUpdateInput } from "./order-inputs.js";
import { toOrderRecord, type OrderRecord } from "./order-record.js";
import { OrderRestitution } from "./order-restitution.js";

export const orderMissing = (): ResourceMissing => new ResourceMissing({ resource: "order", message: "No such order." });

@injectable()
export class UpdateOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(OrderRestitution) private readonly restitution: OrderRestitution,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, orderId: string, input: OrderUpdateInput): Promise<OrderRecord> {
    return this.uow.run(async () => {
      const current = await this.orders.lock(principal.storeId, orderId);
      if (current === undefined) throw orderMissing();
      return toOrderRecord(await this.apply(principal.storeId, current, input));
    });
  }

  /** Applies an update to a locked order inside the caller's unit of work (also used by payments). */
  async apply(storeId: string, current: Order, input: OrderUpdateInput): Promise<Order> {
    const now = this.clock.now().toISOString();
    const outcome = applyStatusUpdate(
      current,
      { orderStatus: input.order_status, paymentStatus: input.payment_status, shippedAt: input.shipped_at, deliveredAt: input.delivered_at },
      now,
    );
    if (Either.isLeft(outcome)) {
      throw new ResourceConflict({ code: "invalid_transition", param: outcome.left.field, message: outcome.left.message });
    }
    let next: Order = {
      ...current,
      orderStatus: outcome.right.next.orderStatus,
      paymentStatus: outcome.right.next.paymentStatus,
      shippedAt: outcome.right.next.shippedAt,
      deliveredAt: outcome.right.next.deliveredAt,
      notes: input.notes ?? current.notes,
      trackingNumber: input.tracking_number ?? current.trackingNumber,
      estimatedDelivery: input.estimated_delivery ?? current.estimatedDelivery,
      updatedAt: now,
    };
    if (outcome.right.restoreStock) next = await this.restitution.restock(storeId, next);
    if (outcome.right.restoreGiftCard) next = await this.restitution.refundGiftCard(storeId, next);
    await this.orders.update(storeId, next);
    if (outcome.right.events.includes("order.paid") && next.customerId !== null) {
      await this.customers.recordPurchase(storeId, next.customerId, next.totalAmount, now);
    }
    for (const type of outcome.right.events) {
      await this.outbox.record({ storeId, type, livemode: next.livemode, data: { order: toOrderRecord(next) } });
    }
    return next;
  }
}
