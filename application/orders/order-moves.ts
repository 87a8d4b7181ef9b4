// The order's one state machine applied to a locked order inside the caller's unit of work: the
// status moves (domain/orders/order-update.ts) and what they cause (the last parcel of an order
// marked shipped, stock and gift card back, the dashboard's figures, the invoice of a paid order,
// the customer's purchase history, the order events). Not a use case: UpdateOrder, CancelOrder,
// FulfilOrder, SettlePayment and SettleRefund run it inside their own work (docs/architecture.md,
// the application/ ring).
import { Either } from "effect";
import { inject, injectable } from "inversify";
import type { Fulfilment, FulfilmentLine } from "../../domain/orders/fulfilment.js";
import { applyStatusUpdate } from "../../domain/orders/order-update.js";
import type { Order } from "../../domain/orders/order.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { IssueDocuments } from "../invoices/issue-documents.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { SalesFigures } from "../ports/sales-figures.js";
import type { OrderUpdateInput } from "./order-inputs.js";
import { toFulfilmentRecord } from "./admin-order-records.js";
import { toOrderRecord } from "./order-record.js";
import { OrderRestitution } from "./order-restitution.js";

@injectable()
export class OrderMoves {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(OrderRestitution) private readonly restitution: OrderRestitution,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(Clock) private readonly clock: Clock,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SalesFigures) private readonly sales: SalesFigures,
    @inject(IssueDocuments) private readonly documents: IssueDocuments,
  ) {}

  /**
   * Applies an update to a locked order inside the caller's unit of work (UpdateOrder, CancelOrder,
   * FulfilOrder, SettlePayment, SettleRefund).
   * With `write: false` the order's row is left to the caller, who writes the returned order once
   * with its own changes (a parcel's moves: one write of the order, not three).
   */
  async apply(storeId: string, current: Order, input: OrderUpdateInput, options: { readonly write?: boolean } = {}): Promise<Order> {
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
      fulfilmentStatus: outcome.right.next.fulfilmentStatus,
      notes: input.notes ?? current.notes,
      trackingNumber: input.tracking_number ?? current.trackingNumber,
      estimatedDelivery: input.estimated_delivery ?? current.estimatedDelivery,
      updatedAt: now,
    };
    // An order whose parcels already carry everything has nothing left to ship.
    if (outcome.right.events.includes("order.fulfilled") && current.fulfilmentStatus !== "fulfilled") await this.shipTheRest(storeId, next, now);
    if (outcome.right.restoreStock) next = await this.restitution.restock(storeId, next);
    if (outcome.right.restoreGiftCard) next = await this.restitution.refundGiftCard(storeId, next);
    if (options.write !== false) await this.orders.update(storeId, next);
    // Its revenue and lines count on the dashboard from now (docs/staff.md, "Dashboard").
    if (outcome.right.events.includes("order.paid")) await this.sales.orderPaid(storeId, next);
    // Its invoice, numbered in this transaction: a payment that rolls back leaves no gap (docs/decisions/payments.md, "payments-31").
    if (outcome.right.events.includes("order.paid")) await this.documents.invoiceFor(storeId, next);
    if (outcome.right.events.includes("order.paid") && next.customerId !== null) {
      await this.customers.recordPurchase(storeId, next.customerId, next.totalAmount, now);
    }
    for (const type of outcome.right.events) {
      await this.outbox.record({ storeId, type, livemode: next.livemode, data: { order: toOrderRecord(next) } });
    }
    return next;
  }

  /** Records what no parcel of the order carried yet as its last parcel (an order marked shipped). */
  private async shipTheRest(storeId: string, order: Order, now: string): Promise<void> {
    const shipped = await this.fulfilments.shipped(storeId, order.id);
    const rest: FulfilmentLine[] = [];
    for (const item of order.items) {
      const left = item.quantity - (shipped.get(item.id) ?? 0);
      if (left > 0) rest.push({ orderItemId: item.id, quantity: left });
    }
    if (rest.length === 0) return;
    const fulfilment: Fulfilment = {
      id: this.ids.newId(),
      orderId: order.id,
      carrier: null,
      trackingNumber: order.trackingNumber,
      trackingUrl: null,
      note: null,
      lines: rest,
      createdAt: order.shippedAt ?? now,
    };
    await this.fulfilments.insert(storeId, fulfilment);
    // This parcel is announced as a recorded one is (fulfil-order.ts): to webhooks, and as the
    // customer's shipped email (docs/emails.md, "What is sent when").
    await this.outbox.record({
      storeId,
      type: "fulfilment.created",
      livemode: order.livemode,
      data: { fulfilment: toFulfilmentRecord(fulfilment, order), order: toOrderRecord(order) },
    });
  }
}
