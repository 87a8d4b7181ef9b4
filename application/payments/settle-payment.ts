// Applies what a provider reports of a payment, in one unit of work: the payment's new state,
// payment.succeeded or payment.failed in the outbox (only when the state changes, so a repeated
// verification or notification emits nothing twice), and the order marked paid through the order
// update (which emits order.paid) or failed. An order that cannot take the payment (already paid,
// refunded, gone) is never forced: the payment is flagged for a person instead.
import { inject, injectable } from "inversify";
import type { Order } from "../../domain/orders/order.js";
import { settlePayment, type Payment, type ProviderReport } from "../../domain/payments/payment.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { OrderMoves } from "../orders/order-moves.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { OrderRepository } from "../ports/order-repository.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { toPaymentEventRecord } from "./payment-records.js";

export const paymentMissing = (param?: string): ResourceMissing =>
  new ResourceMissing({ resource: "payment", message: "No such payment.", ...(param !== undefined ? { param } : {}) });

@injectable()
export class SettlePayment {
  constructor(
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(OrderMoves) private readonly orderMoves: OrderMoves,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Runs inside the caller's unit of work when there is one (callbacks record their event id in the same one). */
  async execute(storeId: string, paymentId: string, report: ProviderReport): Promise<Payment> {
    return this.uow.run(async () => {
      const current = await this.payments.lock(storeId, paymentId);
      if (current === undefined) throw paymentMissing();
      const { next, event } = settlePayment(current, report, this.clock.now().toISOString());
      if (event === undefined) {
        if (next !== current) await this.payments.update(storeId, next);
        return next;
      }

      const order = next.orderId === null ? undefined : await this.orders.lock(storeId, next.orderId);
      let payment = next;
      let orderMove: "paid" | "failed" | undefined;
      if (event === "payment.succeeded" && next.orderId !== null) {
        if (order !== undefined && (order.paymentStatus === "pending" || order.paymentStatus === "failed")) orderMove = "paid";
        else payment = { ...payment, reviewReason: orderProblem(order) };
      } else if (event === "payment.failed" && order?.paymentStatus === "pending") {
        orderMove = "failed";
      }

      await this.payments.update(storeId, payment);
      await this.outbox.record({ storeId, type: event, livemode: payment.mode === "live", data: { payment: toPaymentEventRecord(payment) } });
      if (order !== undefined && orderMove !== undefined) {
        const withReference: Order = orderMove === "paid" ? { ...order, paymentReference: payment.reference } : order;
        await this.orderMoves.apply(storeId, withReference, { payment_status: orderMove });
      }
      return payment;
    });
  }
}

const orderProblem = (order: Order | undefined): string =>
  order === undefined
    ? "order_missing: the payment succeeded but its order no longer exists"
    : `order_already_${order.paymentStatus}: the payment succeeded but its order was already ${order.paymentStatus}; refund one of them`;
