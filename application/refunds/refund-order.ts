// A refund of an order (docs/staff.md, "Refunds and returns"), in three steps like a payment's
// initialisation: a short unit of work reserves the refund, pending with its amount, under the
// order's lock and a write of its refund balance row (so two staff refunding one order at once
// never hold more than was paid, on Galera too); then the provider is called outside any
// transaction; then a unit of work settles it. A refund above what remains is a 422
// `refund_exceeds_payment` and reaches no provider. One refund per Idempotency-Key: a retry finds it.
// Money paid off-line (cash, bank transfer) is refunded by the store itself: such a refund, and
// one that is all gift card, succeeds at once.
import { inject, injectable } from "inversify";
import { minorDigits, isCurrencyCode } from "../../domain/money/currency.js";
import type { Order } from "../../domain/orders/order.js";
import {
  isRefundablePaymentStatus,
  priceRefundLines,
  taxOfAmountRefund,
  remainingRefundable,
  splitRefund,
  type Refund,
  type RefundDestination,
  type RefundLine,
} from "../../domain/orders/refund.js";
import type { Payment } from "../../domain/payments/payment.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { BusinessRuleViolation, IdempotencyKeyReused, ResourceConflict } from "../errors/resource-errors.js";
import { orderMissing } from "../orders/update-order.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { RefundInput } from "./refund-inputs.js";
import { RefundProviderCalls } from "./refund-provider-calls.js";
import { toRefundRecord, type RefundRecord } from "./refund-records.js";
import { RefundSettlement } from "./refund-settlement.js";
import { SettleRefund } from "./settle-refund.js";

/** How long the first provider call has before the worker may ask about the refund itself. */
const FIRST_CALL_LEASE_MS = 2 * 60_000;
const WHOLE_UNIT_PROVIDERS: readonly string[] = ["mobile_stk", "mobile_collect"];

export interface RefundOrigin {
  /** The return the refund pays for. */
  readonly returnId?: string;
}

@injectable()
export class RefundOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(RefundProviderCalls) private readonly calls: RefundProviderCalls,
    @inject(SettleRefund) private readonly settle: SettleRefund,
    @inject(RefundSettlement) private readonly settlement: RefundSettlement,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Call outside any unit of work: it commits its own around the provider call. */
  async execute(principal: Principal, orderId: string, input: RefundInput, idempotencyKey: string, origin: RefundOrigin = {}): Promise<RefundRecord> {
    if (input.lines !== undefined && input.amount !== undefined) {
      throw new ParameterInvalid({ param: "amount", message: "Refund by lines or by amount, not both." });
    }
    if (input.restock && input.lines === undefined) {
      throw new ParameterInvalid({ param: "restock", message: "restock needs lines: it puts the refunded lines' units back in stock." });
    }
    const existing = await this.refunds.findByIdempotencyKey(principal.storeId, idempotencyKey);
    if (existing !== undefined) {
      if (existing.orderId !== orderId) throw new IdempotencyKeyReused({ message: "This Idempotency-Key started a refund of another order; use a new key." });
      return toRefundRecord(existing);
    }

    const reserved = await this.uow.run(() => this.reserve(principal, orderId, input, idempotencyKey, origin));
    if (reserved.status !== "pending" || !RefundProviderCalls.throughProvider(reserved)) return toRefundRecord(reserved);

    const outcome = await this.calls.send(principal.storeId, reserved);
    return toRefundRecord(await this.settle.execute(principal.storeId, reserved.id, outcome));
  }

  private async reserve(principal: Principal, orderId: string, input: RefundInput, idempotencyKey: string, origin: RefundOrigin): Promise<Refund> {
    const storeId = principal.storeId;
    const order = await this.orders.lock(storeId, orderId);
    if (order === undefined) throw orderMissing();
    // A racing request with the same key committed first: its refund is the answer.
    const raced = await this.refunds.findByIdempotencyKey(storeId, idempotencyKey);
    if (raced !== undefined) return raced;
    // A refunded order has nothing left: that is the 422 below, not a 409.
    if (!isRefundablePaymentStatus(order.paymentStatus) && order.paymentStatus !== "refunded") {
      throw new ResourceConflict({ code: "order_not_paid", message: `The order's payment_status is ${order.paymentStatus}; only a paid order is refunded.` });
    }
    const earlier = await this.refunds.listForOrder(storeId, orderId);
    const remaining = order.paymentStatus === "refunded" ? 0 : remainingRefundable(order, earlier);
    let lines: RefundLine[] = [];
    let amount: number;
    if (input.lines !== undefined) {
      const priced = priceRefundLines(order, earlier, input.lines.map((line) => ({ lineId: line.line_id, quantity: line.quantity })));
      if ("problem" in priced) {
        const { problem } = priced;
        throw problem.kind === "unknown_line"
          ? new ParameterInvalid({ param: "lines", message: `The order has no line ${problem.lineId}.` })
          : new BusinessRuleViolation({
              code: "refund_exceeds_line",
              param: "lines",
              message: `Only ${problem.remaining} unit(s) of line ${problem.lineId} remain to refund.`,
            });
      }
      lines = priced.lines;
      amount = lines.reduce((sum, line) => sum + line.amount, 0);
    } else {
      amount = input.amount ?? remaining;
    }
    // The tax it returns, from the order's stored figures (docs/taxes.md, "Refunds"); null for older orders.
    const taxAmount =
      input.lines !== undefined
        ? lines.every((line) => typeof line.tax === "number")
          ? lines.reduce((sum, line) => sum + (line.tax ?? 0), 0)
          : null
        : taxOfAmountRefund(order, earlier, amount);
    if (amount > remaining || amount <= 0) {
      throw new BusinessRuleViolation({
        code: "refund_exceeds_payment",
        param: input.lines !== undefined ? "lines" : "amount",
        message: `The refund (${amount} minor units) is above what remains refundable of the order (${remaining} of ${order.totalAmount} ${order.currency}).`,
      });
    }

    const payment = await this.paidPayment(storeId, order);
    const unit = payment !== undefined && WHOLE_UNIT_PROVIDERS.includes(payment.provider) ? 10 ** (isCurrencyCode(order.currency) ? minorDigits(order.currency) : 2) : 1;
    const charged = payment?.chargedMinor ?? order.totalAmount - order.giftCardAmount;
    const split = splitRefund(order, earlier, amount, { unit, charged });
    const destination: RefundDestination | null = split.providerShare === 0 ? null : payment !== undefined ? payment.provider : "manual";
    const now = this.clock.now();
    const at = now.toISOString();
    const refund: Refund = {
      id: this.ids.newId(),
      orderId,
      returnId: origin.returnId ?? null,
      paymentId: payment?.id ?? null,
      status: "pending",
      amount,
      taxAmount,
      providerShare: split.providerShare,
      providerAmount: destination === null ? 0 : split.providerAmount,
      giftCardAmount: split.giftCardAmount,
      currency: order.currency,
      destination,
      lines,
      restock: input.restock,
      reason: input.reason ?? null,
      idempotencyKey,
      providerRefundId: null,
      failureReason: null,
      checks: 0,
      nextCheckAt: new Date(now.getTime() + FIRST_CALL_LEASE_MS).toISOString(),
      livemode: order.livemode,
      createdAt: at,
      updatedAt: at,
      settledAt: null,
    };
    await this.refunds.insert(storeId, refund);
    const atOnce = !RefundProviderCalls.throughProvider(refund);
    // A refund settled at once writes the balance row once, when it settles, in this unit of work.
    if (!atOnce) {
      const held = earlier.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0) + amount;
      const succeeded = earlier.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amount, 0);
      await this.refunds.writeBalance(storeId, orderId, held, succeeded, at);
    }
    await this.outbox.record({ storeId, type: "refund.created", livemode: refund.livemode, data: { refund: toRefundRecord(refund) } });
    await this.audit.record(principal, storeId, {
      operation: "order.refund",
      resourceType: "refund",
      resourceId: refund.id,
      before: null,
      after: { order_id: orderId, amount, destination, lines: toRefundRecord(refund).lines, restock: refund.restock, reason: refund.reason, return_id: refund.returnId },
    });
    // Nothing to ask a provider: money paid off-line goes back by the store's hand, a gift card's share at once.
    if (atOnce) return this.settlement.apply(storeId, order, refund, { status: "succeeded" }, earlier);
    return refund;
  }

  /** The provider payment that paid the order, when one did (its reference is on the order). */
  private async paidPayment(storeId: string, order: Order): Promise<Payment | undefined> {
    if (order.paymentReference === null) return undefined;
    const payment = await this.payments.findByReference(storeId, order.livemode ? "live" : "test", order.paymentReference);
    return payment?.status === "paid" && payment.providerSessionId !== null ? payment : undefined;
  }
}
