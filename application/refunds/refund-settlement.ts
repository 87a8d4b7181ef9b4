// A provider's word applied to a locked refund inside the caller's unit of work: succeeded (the
// gift card's share back, the units back in stock when asked, the order's payment_status through
// OrderMoves, refund.succeeded, its credit note) or failed (its amount refundable again,
// refund.failed). Not a use case: SettleRefund runs it, and RefundOrder for a refund that succeeds
// at once (docs/architecture.md, the application/ ring).
import { inject, injectable } from "inversify";
import { nextCheckDelayMs, paymentStatusAfterRefunds, type Refund } from "../../domain/orders/refund.js";
import type { Order } from "../../domain/orders/order.js";
import { IssueDocuments } from "../invoices/issue-documents.js";
import { OrderRestitution } from "../orders/order-restitution.js";
import { OrderMoves } from "../orders/order-moves.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { OrderRepository } from "../ports/order-repository.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { SalesFigures } from "../ports/sales-figures.js";
import { toRefundRecord } from "./refund-records.js";

import type { RefundWord } from "./settle-refund.js";

@injectable()
export class RefundSettlement {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(OrderRestitution) private readonly restitution: OrderRestitution,
    @inject(OrderMoves) private readonly orderMoves: OrderMoves,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(Clock) private readonly clock: Clock,
    @inject(SalesFigures) private readonly sales: SalesFigures,
    @inject(IssueDocuments) private readonly documents: IssueDocuments,
  ) {}

  /**
   * Inside the caller's unit of work, with the order and the refund locked. `others` are the
   * order's other refunds when the caller read them under the same lock (not read again).
   */
  async apply(storeId: string, order: Order, refund: Refund, word: RefundWord, others?: readonly Refund[]): Promise<Refund> {
    if (refund.status !== "pending") return refund;
    const now = this.clock.now();
    const at = now.toISOString();
    const providerRefundId = word.providerRefundId ?? refund.providerRefundId;
    if (word.status === "pending") {
      const next: Refund = {
        ...refund,
        providerRefundId,
        checks: refund.checks + 1,
        nextCheckAt: new Date(now.getTime() + nextCheckDelayMs(refund.checks)).toISOString(),
        updatedAt: at,
      };
      await this.refunds.update(storeId, next);
      return next;
    }
    const settled: Refund = {
      ...refund,
      status: word.status,
      providerRefundId,
      failureReason: word.status === "failed" ? (word.failureReason ?? "refused by the provider") : null,
      nextCheckAt: null,
      updatedAt: at,
      settledAt: at,
    };
    await this.refunds.update(storeId, settled);
    const all = others !== undefined ? [...others.filter((r) => r.id !== settled.id), settled] : (await this.refunds.listForOrder(storeId, order.id)).map((r) => (r.id === settled.id ? settled : r));
    const held = all.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
    const succeeded = all.filter((r) => r.status === "succeeded");
    const succeededAmount = succeeded.reduce((sum, r) => sum + r.amount, 0);
    await this.refunds.writeBalance(storeId, order.id, held, succeededAmount, at);
    if (settled.status === "succeeded") await this.giveBack(storeId, order, settled, succeeded, succeededAmount);
    // Its credit note, numbered in this transaction (docs/decisions/payments.md, "payments-32"); a failed refund has none.
    if (settled.status === "succeeded") await this.documents.creditNoteFor(storeId, order, settled);
    // The dashboard counts it on the day it succeeded (docs/staff.md, "Dashboard").
    if (settled.status === "succeeded") await this.sales.refundSucceeded(storeId, { amount: settled.amount, currency: settled.currency, livemode: settled.livemode, at });
    await this.outbox.record({
      storeId,
      type: settled.status === "succeeded" ? "refund.succeeded" : "refund.failed",
      livemode: settled.livemode,
      data: { refund: toRefundRecord(settled) },
    });
    return settled;
  }

  /** The gift card's share, the units to restock, and the order's payment status. */
  private async giveBack(storeId: string, order: Order, refund: Refund, succeeded: readonly Refund[], succeededAmount: number): Promise<void> {
    let next = order;
    if (refund.giftCardAmount > 0) {
      next = await this.restitution.restoreGiftCard(storeId, next, succeeded.reduce((sum, r) => sum + r.giftCardAmount, 0));
    }
    if (refund.restock && refund.lines.length > 0) {
      next = await this.restitution.restockLines(storeId, next, refund.lines, { type: "refund", id: refund.id });
    }
    const status = paymentStatusAfterRefunds(order, succeededAmount);
    if (status !== undefined && status !== next.paymentStatus && next.paymentStatus !== "refunded") {
      // The order update moves the status (a whole refund also gives back what the gift card has left).
      await this.orderMoves.apply(storeId, next, { payment_status: status });
    } else if (next !== order) {
      await this.orders.update(storeId, { ...next, updatedAt: this.clock.now().toISOString() });
    }
  }
}
