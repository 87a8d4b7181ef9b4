// The order state machines: every accepted sequence of updates is a path in the graph of
// docs/api/states.md, "Order status" and "Payment status", a final state is never left, and a
// refused update changes nothing.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import {
  ORDER_MOVES,
  ORDER_STATUSES,
  PAYMENT_MOVES,
  PAYMENT_STATUSES,
  isFinalOrderStatus,
  isFinalPaymentStatus,
  moveOrderStatus,
  movePaymentStatus,
  type OrderStatus,
  type PaymentStatus,
} from "../../../domain/orders/order-status.js";
import { applyStatusUpdate, type OrderState } from "../../../domain/orders/order-update.js";

const NOW = "2026-11-22T10:00:00.000Z";
const start: OrderState = { orderStatus: "pending", paymentStatus: "pending", shippedAt: null, deliveredAt: null };

const update = fc.record(
  {
    orderStatus: fc.option(fc.constantFrom(...ORDER_STATUSES), { nil: undefined }),
    paymentStatus: fc.option(fc.constantFrom(...PAYMENT_STATUSES), { nil: undefined }),
  },
  { requiredKeys: [] },
);

describe("order status machine", () => {
  it("allows exactly the moves of the contract", () => {
    assert.deepEqual(ORDER_MOVES, {
      pending: ["processing", "cancelled"],
      processing: ["shipped", "cancelled"],
      shipped: ["delivered"],
      delivered: [],
      cancelled: [],
    });
    assert.deepEqual(PAYMENT_MOVES, { pending: ["paid", "failed"], failed: ["paid", "pending"], paid: ["refunded", "partially_refunded"], partially_refunded: ["refunded"], refunded: [] });
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const moved = moveOrderStatus(from, to);
        const allowed: boolean = from === to || ORDER_MOVES[from].includes(to);
        assert.equal(Either.isRight(moved), allowed, `${from} -> ${to}`);
      }
    }
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        assert.equal(Either.isRight(movePaymentStatus(from, to)), from === to || PAYMENT_MOVES[from].includes(to), `${from} -> ${to}`);
      }
    }
  });

  it("treats a move to the current value as a no-op", () => {
    for (const status of ORDER_STATUSES) assert.deepEqual(moveOrderStatus(status, status), Either.right(status));
    for (const status of PAYMENT_STATUSES) assert.deepEqual(movePaymentStatus(status, status), Either.right(status));
  });

  it("never leaves a final state, and every accepted sequence is a path in the graph", () => {
    fc.assert(
      fc.property(fc.array(update, { maxLength: 30 }), (updates) => {
        let state = start;
        for (const u of updates) {
          const outcome = applyStatusUpdate(state, u, NOW);
          if (Either.isLeft(outcome)) continue;
          const next = outcome.right.next;
          if (next.orderStatus !== state.orderStatus) {
            assert.ok(ORDER_MOVES[state.orderStatus].includes(next.orderStatus), `${state.orderStatus} -> ${next.orderStatus}`);
            assert.ok(!isFinalOrderStatus(state.orderStatus), "left a final order status");
          }
          if (next.paymentStatus !== state.paymentStatus) {
            assert.ok(PAYMENT_MOVES[state.paymentStatus].includes(next.paymentStatus), `${state.paymentStatus} -> ${next.paymentStatus}`);
            assert.ok(!isFinalPaymentStatus(state.paymentStatus), "left a final payment status");
          }
          state = next;
        }
      }),
    );
  });

  it("refuses an update as a whole when one of its two moves is illegal", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...PAYMENT_STATUSES), update, (orderStatus, paymentStatus, u) => {
        const state: OrderState = { orderStatus, paymentStatus, shippedAt: null, deliveredAt: null };
        const outcome = applyStatusUpdate(state, u, NOW);
        const orderOk = Either.isRight(moveOrderStatus(orderStatus, u.orderStatus as OrderStatus | undefined));
        const paymentOk = Either.isRight(movePaymentStatus(paymentStatus, u.paymentStatus as PaymentStatus | undefined));
        assert.equal(Either.isRight(outcome), orderOk && paymentOk);
      }),
    );
  });

  it("fills shipped_at and delivered_at, emits the order events and restores on cancel or refund", () => {
    const shipped = applyStatusUpdate({ ...start, orderStatus: "processing" }, { orderStatus: "shipped" }, NOW);
    assert.ok(Either.isRight(shipped), "shipping a processing order is allowed");
    assert.equal(shipped.right.next.shippedAt, NOW);
    assert.deepEqual(shipped.right.events, ["order.fulfilled"]);
    const given = applyStatusUpdate({ ...start, orderStatus: "processing" }, { orderStatus: "shipped", shippedAt: "2026-11-21T09:00:00Z" }, NOW);
    assert.ok(Either.isRight(given), "shipping with a given time is allowed");
    assert.equal(given.right.next.shippedAt, "2026-11-21T09:00:00Z");
    const delivered = applyStatusUpdate({ ...start, orderStatus: "shipped", shippedAt: NOW }, { orderStatus: "delivered" }, NOW);
    assert.ok(Either.isRight(delivered), "delivering a shipped order is allowed");
    assert.equal(delivered.right.next.deliveredAt, NOW);
    const paid = applyStatusUpdate(start, { paymentStatus: "paid" }, NOW);
    assert.ok(Either.isRight(paid), "paying is allowed");
    assert.deepEqual(paid.right.events, ["order.paid"]);
    assert.equal(paid.right.restoreStock, false);
    const cancelled = applyStatusUpdate(start, { orderStatus: "cancelled" }, NOW);
    assert.ok(Either.isRight(cancelled), "cancelling is allowed");
    assert.deepEqual(cancelled.right.events, ["order.cancelled"]);
    assert.equal(cancelled.right.restoreStock, true);
    assert.equal(cancelled.right.restoreGiftCard, true);
    const refunded = applyStatusUpdate({ ...start, paymentStatus: "paid" }, { paymentStatus: "refunded" }, NOW);
    assert.ok(Either.isRight(refunded), "refunding a paid order is allowed");
    assert.equal(refunded.right.restoreGiftCard, true);
    assert.equal(refunded.right.restoreStock, false);
    const again = applyStatusUpdate({ ...start, orderStatus: "cancelled" }, { orderStatus: "cancelled" }, NOW);
    assert.ok(Either.isRight(again), "a no-op is accepted");
    assert.deepEqual(again.right.events, []);
    assert.equal(again.right.restoreStock, false);
  });
});
