// Properties of a payment's state moves: paid is final, an event exactly when the status
// changes, never paid when the provider reports another amount, settling twice changes nothing.
import assert from "node:assert/strict";
import fc from "fast-check";
import { settlePayment, type Payment, type ProviderReport } from "../../../domain/payments/payment.js";

const NOW = "2030-01-01T00:00:00.000Z";
const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: "p1",
  reference: "PAY-1-ABCDEFGH",
  mode: "test",
  provider: "mobile_stk",
  flow: "stk_push",
  status: "pending",
  amountMinor: 150_000,
  chargedMinor: 150_000,
  currency: "KES",
  email: null,
  phone: "254712345678",
  country: null,
  orderId: null,
  idempotencyKey: "k",
  metadata: {},
  successUrl: null,
  cancelUrl: null,
  callbackUrl: null,
  providerSessionId: "ws_CO_1",
  checkoutUrl: null,
  publicKey: null,
  accessCode: null,
  failureReason: null,
  reviewReason: null,
  paidAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

const status = fc.constantFrom("pending", "paid", "failed") as fc.Arbitrary<Payment["status"]>;
const report: fc.Arbitrary<ProviderReport> = fc.record(
  {
    status,
    amountMinor: fc.oneof(fc.constant(150_000), fc.integer({ min: 1, max: 10 ** 7 })),
    currency: fc.constantFrom("KES", "kes", "USD"),
  },
  { requiredKeys: ["status"] },
);

describe("payment state moves", () => {
  it("an event exactly when the status changes: succeeded iff it became paid, failed iff it became failed", () => {
    fc.assert(
      fc.property(status, report, (from, r) => {
        const { next, event } = settlePayment(payment({ status: from }), r, NOW);
        if (next.status === from) assert.equal(event, undefined);
        else assert.equal(event, next.status === "paid" ? "payment.succeeded" : "payment.failed");
      }),
    );
  });

  it("paid is final", () => {
    fc.assert(fc.property(report, (r) => assert.equal(settlePayment(payment({ status: "paid" }), r, NOW).next.status, "paid")));
  });

  it("never paid when the provider reports another amount or currency; then flagged for review", () => {
    fc.assert(
      fc.property(status.filter((s) => s !== "paid"), report, (from, r) => {
        const { next } = settlePayment(payment({ status: from }), { ...r, status: "paid" }, NOW);
        const matches = (r.amountMinor ?? 150_000) === 150_000 && (r.currency ?? "KES").toUpperCase() === "KES";
        assert.equal(next.status, matches ? "paid" : "failed");
        if (!matches) assert.match(next.reviewReason ?? "", /^amount_mismatch/);
      }),
    );
  });

  it("a whole-unit charge is the amount asked: an amount due of KES 883.92 charged 884 is paid on a report of either, failed on any other", () => {
    const withCents = payment({ amountMinor: 88_392, chargedMinor: 88_400 });
    assert.equal(settlePayment(withCents, { status: "paid", amountMinor: 88_400, currency: "KES" }, NOW).next.status, "paid");
    assert.equal(settlePayment(withCents, { status: "paid", amountMinor: 88_392, currency: "KES" }, NOW).next.status, "paid");
    for (const other of [88_300, 88_391, 88_401, 88_500]) {
      const { next } = settlePayment(withCents, { status: "paid", amountMinor: other, currency: "KES" }, NOW);
      assert.equal(next.status, "failed", `reported ${other}`);
      assert.match(next.reviewReason ?? "", /^amount_mismatch/);
    }
  });

  it("settling the same report twice changes nothing the second time", () => {
    fc.assert(
      fc.property(status, report, (from, r) => {
        const once = settlePayment(payment({ status: from }), r, NOW).next;
        const twice = settlePayment(once, r, "2030-01-02T00:00:00.000Z");
        assert.equal(twice.event, undefined);
        assert.deepEqual(twice.next, once);
      }),
    );
  });

  it("a failed payment still becomes paid when the money moved after all (failed → paid), and pending reports change nothing", () => {
    assert.equal(settlePayment(payment({ status: "failed" }), { status: "paid" }, NOW).event, "payment.succeeded");
    assert.equal(settlePayment(payment({ status: "failed" }), { status: "pending" }, NOW).event, undefined);
    assert.equal(settlePayment(payment(), { status: "paid", paidAt: "2030-01-01T00:00:05.000Z" }, NOW).next.paidAt, "2030-01-01T00:00:05.000Z");
  });
});
