// Refunds through each of the four real provider adapters (docs/staff.md, "Refunds and returns"),
// end to end against a local server speaking the provider's refund API: an order paid through the
// provider, then POST /admin/v1/orders/{id}/refunds. For each: a refund that succeeds (partly,
// by lines with restock: partially_refunded; then the rest: refunded), one the provider refuses
// (failed with the provider's words, nothing held), and one whose answer times out (pending; the
// worker's job asks the provider later and settles it, the provider refunding once).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "mocha";
import { SettlePendingRefunds } from "../../../application/refunds/settle-pending-refunds.js";
import { FakeDaraja } from "../../support/fake-providers/fake-daraja.js";
import { FakePawapay } from "../../support/fake-providers/fake-pawapay.js";
import { FakePaystack } from "../../support/fake-providers/fake-paystack.js";
import { FakeStripe } from "../../support/fake-providers/fake-stripe.js";
import type { FakeProviderServer } from "../../support/fake-providers/fake-provider-server.js";
import { eventsOf, placeSimpleOrder, setUpDelivery, variantStock } from "../../support/order-fixtures.js";
import { signedRequest } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

/** The provider's answer limit in these tests: a slow fake answer is a time-out. */
const TIMEOUT_MS = 400;

interface RefundFlow<F extends FakeProviderServer> {
  readonly provider: "card_redirect" | "card_popup" | "mobile_stk" | "mobile_collect";
  readonly fake: () => F;
  readonly env: (fake: F) => Record<string, string>;
  readonly body: Record<string, unknown>;
  readonly pay: (fake: F, t: TestApplication, answer: any) => Promise<void>;
  /** The refund route of the provider's API, for faults. */
  readonly refundRoute: string;
  /** How many attempts the adapter makes of a refund call (a time-out fault must cover them all). */
  readonly attempts: number;
  /** A refusal in the provider's own error shape, and the words the refund must keep. */
  readonly refusal: { readonly status: number; readonly body: unknown; readonly words: RegExp };
  /** Brings a refund the provider accepted to its end (the provider finishes it, or posts its result), when it is not final at once. */
  readonly finish: (fake: F, t: TestApplication, refund: any) => Promise<void>;
}

const flows: ReadonlyArray<RefundFlow<any>> = [
  {
    provider: "card_redirect",
    fake: () => new FakeStripe(),
    env: (fake: FakeStripe) => ({ STOREFRONT_STRIPE_TEST_SECRET_KEY: fake.secretKey, STOREFRONT_STRIPE_TEST_WEBHOOK_SECRET: fake.webhookSecret, STOREFRONT_STRIPE_BASE_URL: fake.url }),
    body: { email: "amina@example.com", success_url: "https://shop.example/paid", cancel_url: "https://shop.example/cart" },
    pay: async (fake: FakeStripe, t, answer) => {
      fake.approve(answer.session_id);
      const posted = await fake.sendEvent(`${t.client.url}/v1/payments/callbacks/card_redirect`, "checkout.session.completed", answer.session_id);
      assert.equal(posted.status, 200, posted.body);
    },
    refundRoute: "POST /v1/refunds",
    attempts: 3,
    refusal: { status: 402, body: { error: { type: "card_error", code: "charge_disputed", message: "This charge is disputed and cannot be refunded." } }, words: /disputed/ },
    finish: async () => undefined,
  },
  {
    provider: "card_popup",
    fake: () => new FakePaystack(),
    env: (fake: FakePaystack) => ({ STOREFRONT_PAYSTACK_TEST_SECRET_KEY: fake.secretKey, STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY: fake.publicKey, STOREFRONT_PAYSTACK_BASE_URL: fake.url }),
    body: { email: "amina@example.com", currency: "KES", callback_url: "https://shop.example/paystack" },
    pay: async (fake: FakePaystack, t, answer) => {
      fake.approve(answer.reference);
      const posted = await fake.sendEvent(`${t.client.url}/v1/payments/callbacks/card_popup`, "charge.success", answer.reference);
      assert.equal(posted.status, 200, posted.body);
    },
    refundRoute: "POST /refund",
    attempts: 1,
    refusal: { status: 400, body: { status: false, message: "Transaction has been fully reversed" }, words: /fully reversed/ },
    finish: async (fake: FakePaystack, t, refund) => {
      // Paystack queues refunds: it processes this one, and the worker's next look finds it.
      fake.settleRefund(Number(refund.provider_refund_id ?? [...fake.refunds.keys()].at(-1)));
      await runWorker(t);
    },
  },
  {
    provider: "mobile_stk",
    fake: () => new FakeDaraja(),
    env: (fake: FakeDaraja) => ({
      STOREFRONT_MPESA_TEST_CONSUMER_KEY: fake.consumerKey,
      STOREFRONT_MPESA_TEST_CONSUMER_SECRET: fake.consumerSecret,
      STOREFRONT_MPESA_TEST_SHORTCODE: fake.shortcode,
      STOREFRONT_MPESA_TEST_PASSKEY: fake.passkey,
      STOREFRONT_MPESA_TEST_BASE_URL: fake.url,
      STOREFRONT_MPESA_TEST_INITIATOR: fake.initiator,
      STOREFRONT_MPESA_TEST_SECURITY_CREDENTIAL: fake.securityCredential,
      STOREFRONT_PUBLIC_URL: "https://shop.example",
    }),
    body: { phone: "254712345678" },
    pay: async (fake: FakeDaraja, t, answer) => {
      fake.approve(answer.session_id);
      const posted = await fake.sendCallback(answer.session_id, `${t.client.url}/v1/payments/callbacks/mobile_stk`);
      assert.equal(posted.status, 200, posted.body);
    },
    refundRoute: "POST /mpesa/reversal/v1/request",
    attempts: 1,
    refusal: { status: 400, body: { requestId: "r-1", errorCode: "400.002.02", errorMessage: "Bad Request - Invalid TransactionID" }, words: /Invalid TransactionID/ },
    finish: async (fake: FakeDaraja, t, refund) => {
      // Daraja posts the reversal's result to the ResultURL it was given.
      const conversationId = refund.provider_refund_id ?? [...fake.reversals.keys()].at(-1);
      assert.equal(fake.reversal(conversationId).resultUrl, "https://shop.example/v1/payments/callbacks/mobile_stk/reversals");
      const posted = await fake.sendReversalResult(conversationId, 0, "The service request is processed successfully.", `${t.client.url}/v1/payments/callbacks/mobile_stk/reversals`);
      assert.equal(posted.status, 200, posted.body);
      assert.equal(JSON.parse(posted.body).settled, true);
    },
  },
  {
    provider: "mobile_collect",
    fake: () => new FakePawapay(),
    env: (fake: FakePawapay) => ({ STOREFRONT_PAWAPAY_TEST_TOKEN: fake.token, STOREFRONT_PAWAPAY_TEST_BASE_URL: fake.url }),
    body: { phone: "254712345678", country: "KE" },
    pay: async (fake: FakePawapay, t, answer) => {
      fake.approve(answer.session_id);
      const verified = await t.client.post("/v1/payments/verify", { reference: answer.reference }, { key: t.store.keys.secretTest });
      assert.equal(verified.body.status, "paid", verified.text);
    },
    refundRoute: "POST /v2/refunds",
    attempts: 3,
    refusal: { status: 400, body: { status: "REJECTED", failureReason: { failureCode: "INVALID_PARAMETER", failureMessage: "The refund is not allowed for this deposit" } }, words: /not allowed/ },
    finish: async (fake: FakePawapay, t) => {
      for (const refund of fake.refunds.values()) if (refund.status === "ACCEPTED") fake.settleRefund(refund.refundId);
      await runWorker(t);
    },
  },
];

/** Makes every pending refund due and runs the worker's refund-settlement job once. */
const runWorker = async (t: TestApplication): Promise<void> => {
  await t.application.database.knex("refunds").where({ status: "pending" }).update({ next_check_at: "2000-01-01T00:00:00.000Z" });
  await t.application.container.get(SettlePendingRefunds).execute();
};

const refundOf = async (t: TestApplication, id: string): Promise<any> => {
  const read = await t.client.get(`/admin/v1/refunds/${id}`, { key: t.store.keys.secretTest });
  assert.equal(read.status, 200, read.text);
  return read.body;
};

const orderOf = async (t: TestApplication, id: string): Promise<any> => (await t.client.get(`/v1/orders/${id}`, { key: t.store.keys.secretTest })).body;

for (const flow of flows) {
  describe(`refunds through ${flow.provider} against its provider's API`, function () {
    this.timeout(60_000);
    let fake: FakeProviderServer;
    let t: TestApplication;

    before(async () => {
      fake = await flow.fake().start();
      t = await startTestApplication({ env: { ...flow.env(fake), STOREFRONT_PAYMENT_TIMEOUT_MS: String(TIMEOUT_MS) } });
      await setUpDelivery(t.client, t.store.keys.secretTest);
    });
    after(async () => {
      await t?.close();
      await fake?.stop();
    });

    /** Two units at 1,000 KES: 2,000 + 300 delivery + 16 % tax = 2,668 KES (266,800 minor units), paid through the provider. */
    const paidOrder = async (): Promise<{ order: any; variantId: string }> => {
      const { order, variant } = await placeSimpleOrder(t.client, { secret: t.store.keys.secretTest, publishable: t.store.keys.publishableTest }, { price: 100_000, quantity: 2 });
      const body = { provider: flow.provider, amount: order.amount_due, order_id: order.id, ...flow.body };
      const initialised = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: t.store.keys.secretTest, secret: t.store.store.hmacSecret });
      assert.equal(initialised.status, 201, initialised.text);
      await flow.pay(fake, t, initialised.body);
      const paid = await orderOf(t, order.id);
      assert.equal(paid.payment_status, "paid");
      return { order: paid, variantId: variant.variantId };
    };

    const refund = (orderId: string, body: Record<string, unknown>, key = randomUUID()) =>
      t.client.post(`/admin/v1/orders/${orderId}/refunds`, body, { key: t.store.keys.secretTest, headers: { "Idempotency-Key": key } });

    it("refunds one unit with restock (partially_refunded), then the rest (refunded), through the provider", async () => {
      const { order, variantId } = await paidOrder();
      const stock = await variantStock(t.application.database.knex, variantId);
      const first = await refund(order.id, { lines: [{ line_id: order.items[0].id, quantity: 1 }], restock: true, reason: "Arrived damaged" });
      assert.equal(first.status, 201, first.text);
      assert.equal(first.body.amount, 116_000, "one unit: 1,000 KES and its 16 % share of the tax");
      assert.equal(first.body.destination, flow.provider);
      if (first.body.status === "pending") await flow.finish(fake, t, first.body);
      assert.equal((await refundOf(t, first.body.id)).status, "succeeded");
      assert.equal((await orderOf(t, order.id)).payment_status, "partially_refunded");
      assert.equal(await variantStock(t.application.database.knex, variantId), stock + 1, "the refunded unit is back in stock");

      const rest = await refund(order.id, {});
      assert.equal(rest.status, 201, rest.text);
      assert.equal(rest.body.amount, 266_800 - 116_000);
      if (rest.body.status === "pending") await flow.finish(fake, t, rest.body);
      assert.equal((await refundOf(t, rest.body.id)).status, "succeeded");
      assert.equal((await orderOf(t, order.id)).payment_status, "refunded");
      const types = (await eventsOf(t.application.database.knex, t.store.store.id)).map((e) => e.type);
      assert.ok(types.filter((type) => type === "refund.created").length >= 2);
      assert.ok(types.filter((type) => type === "refund.succeeded").length >= 2);

      const more = await refund(order.id, { amount: 1 });
      assert.equal(more.status, 422, more.text);
      assert.equal(more.body.error.code, "refund_exceeds_payment");
    });

    it("a refusal by the provider fails the refund with the provider's words; its amount is refundable again", async () => {
      const { order } = await paidOrder();
      fake.failNext(flow.refundRoute, { kind: "answer", status: flow.refusal.status, body: flow.refusal.body });
      const refused = await refund(order.id, { amount: 100_000 });
      assert.equal(refused.status, 201, refused.text);
      assert.equal(refused.body.status, "failed");
      assert.match(refused.body.failure_reason, flow.refusal.words);
      const types = (await eventsOf(t.application.database.knex, t.store.store.id)).filter((e) => e.data?.refund?.id === refused.body.id).map((e) => e.type);
      assert.deepEqual(types, ["refund.created", "refund.failed"]);
      assert.equal((await orderOf(t, order.id)).payment_status, "paid");
      const whole = await refund(order.id, {});
      assert.equal(whole.status, 201, whole.text);
      assert.equal(whole.body.amount, 266_800, "a failed refund holds nothing");
    });

    it("a provider that times out leaves the refund pending; the worker asks later and settles it, refunded once", async () => {
      const { order } = await paidOrder();
      if (fake instanceof FakePaystack) fake.refundStatus = "processed";
      fake.failNext(flow.refundRoute, { kind: "slow", delayMs: TIMEOUT_MS + 400 }, flow.attempts);
      const slow = await refund(order.id, { amount: 100_000 });
      assert.equal(slow.status, 201, slow.text);
      assert.equal(slow.body.status, "pending");
      assert.equal(slow.body.provider_refund_id, null, "the provider's answer never arrived");
      await new Promise((resolve) => setTimeout(resolve, 500));
      await runWorker(t);
      let after = await refundOf(t, slow.body.id);
      if (after.status === "pending") {
        await flow.finish(fake, t, after);
        after = await refundOf(t, slow.body.id);
      }
      assert.equal(after.status, "succeeded", JSON.stringify(after));
      assert.equal((await orderOf(t, order.id)).payment_status, "partially_refunded");
      if (fake instanceof FakePaystack) fake.refundStatus = "pending";
      // The provider holds one refund of it, whatever was sent again.
      if (fake instanceof FakeStripe) assert.equal([...fake.refunds.values()].filter((r) => r.amount === 100_000).length, 1);
      if (fake instanceof FakePaystack) assert.equal([...fake.refunds.values()].filter((r) => r.merchant_note === `storefront refund ${slow.body.id}`).length, 1);
      if (fake instanceof FakePawapay) assert.equal([...fake.refunds.values()].filter((r) => r.amount === "1000").length, 1);
    });
  });
}
