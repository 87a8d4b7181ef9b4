// Each of the four real provider adapters end to end through the application: a local server
// speaking the provider's API, an order, a signed initialisation, the customer's approval at the
// provider, then the provider's notification (or a verification), and the order paid with its
// events written.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { FakeDaraja } from "../../support/fake-providers/fake-daraja.js";
import { FakePawapay } from "../../support/fake-providers/fake-pawapay.js";
import { FakePaystack } from "../../support/fake-providers/fake-paystack.js";
import { FakeStripe } from "../../support/fake-providers/fake-stripe.js";
import type { FakeProviderServer } from "../../support/fake-providers/fake-provider-server.js";
import { eventsOf, placeSimpleOrder, setUpDelivery } from "../../support/order-fixtures.js";
import { signedRequest } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

interface Flow<F extends FakeProviderServer> {
  readonly provider: "card_redirect" | "card_popup" | "mobile_stk" | "mobile_collect";
  readonly fake: () => F;
  readonly env: (fake: F) => Record<string, string>;
  readonly body: Record<string, unknown>;
  /** Checks the initialisation answer and has the customer approve at the provider. */
  readonly approve: (fake: F, answer: any) => void | Promise<void>;
  /** The provider tells the application (a notification), or the client verifies. */
  readonly settle: (fake: F, t: TestApplication, answer: any) => Promise<void>;
}

const verify = async (t: TestApplication, reference: string): Promise<any> => {
  const verified = await t.client.post("/v1/payments/verify", { reference }, { key: t.store.keys.secretTest });
  assert.equal(verified.status, 200, verified.text);
  return verified.body;
};

const flows: ReadonlyArray<Flow<any>> = [
  {
    provider: "card_redirect",
    fake: () => new FakeStripe(),
    env: (fake: FakeStripe) => ({
      STOREFRONT_STRIPE_TEST_SECRET_KEY: fake.secretKey,
      STOREFRONT_STRIPE_TEST_WEBHOOK_SECRET: fake.webhookSecret,
      STOREFRONT_STRIPE_BASE_URL: fake.url,
    }),
    body: { email: "amina@example.com", success_url: "https://shop.example/paid", cancel_url: "https://shop.example/cart" },
    approve: (fake: FakeStripe, answer) => {
      assert.equal(answer.flow, "redirect");
      assert.equal(answer.checkout_url, fake.session(answer.session_id).url);
      fake.approve(answer.session_id);
    },
    settle: async (fake: FakeStripe, t, answer) => {
      const posted = await fake.sendEvent(`${t.client.url}/v1/payments/callbacks/card_redirect`, "checkout.session.completed", answer.session_id);
      assert.equal(posted.status, 200, posted.body);
    },
  },
  {
    provider: "card_popup",
    fake: () => new FakePaystack(),
    env: (fake: FakePaystack) => ({
      STOREFRONT_PAYSTACK_TEST_SECRET_KEY: fake.secretKey,
      STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY: fake.publicKey,
      STOREFRONT_PAYSTACK_BASE_URL: fake.url,
    }),
    body: { email: "amina@example.com", currency: "KES", callback_url: "https://shop.example/paystack" },
    approve: (fake: FakePaystack, answer) => {
      assert.equal(answer.flow, "popup");
      assert.equal(answer.public_key, fake.publicKey);
      assert.equal(fake.transaction(answer.reference).currency, "KES");
      fake.approve(answer.reference);
    },
    settle: async (fake: FakePaystack, t, answer) => {
      const posted = await fake.sendEvent(`${t.client.url}/v1/payments/callbacks/card_popup`, "charge.success", answer.reference);
      assert.equal(posted.status, 200, posted.body);
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
      STOREFRONT_PUBLIC_URL: "https://shop.example",
    }),
    body: { phone: "254712345678" },
    approve: (fake: FakeDaraja, answer) => {
      assert.equal(answer.flow, "stk_push");
      assert.equal(fake.push(answer.session_id).callbackUrl, "https://shop.example/v1/payments/callbacks/mobile_stk");
      assert.equal(fake.push(answer.session_id).amount, answer.charged_amount, "M-Pesa is asked for whole shillings: the charged amount");
      fake.approve(answer.session_id);
    },
    settle: async (fake: FakeDaraja, t, answer) => {
      // Daraja signs nothing: the application confirms the result with the STK query.
      const queriesBefore = fake.callsTo("POST /mpesa/stkpushquery/v1/query").length;
      const posted = await fake.sendCallback(answer.session_id, `${t.client.url}/v1/payments/callbacks/mobile_stk`);
      assert.equal(posted.status, 200, posted.body);
      assert.equal(fake.callsTo("POST /mpesa/stkpushquery/v1/query").length, queriesBefore + 1);
    },
  },
  {
    provider: "mobile_collect",
    fake: () => new FakePawapay(),
    env: (fake: FakePawapay) => ({ STOREFRONT_PAWAPAY_TEST_TOKEN: fake.token, STOREFRONT_PAWAPAY_TEST_BASE_URL: fake.url }),
    body: { phone: "254712345678", country: "KE" },
    approve: (fake: FakePawapay, answer) => {
      assert.equal(answer.flow, "collection");
      assert.equal(fake.deposit(answer.session_id).payer.accountDetails.provider, "MPESA_KEN");
      assert.equal(Number(fake.deposit(answer.session_id).amount), answer.charged_amount, "pawaPay is asked for whole units: the charged amount");
      fake.approve(answer.session_id);
    },
    settle: async (_fake, t, answer) => {
      const verified = await verify(t, answer.reference);
      assert.equal(verified.status, "paid");
    },
  },
];

for (const flow of flows) {
  describe(`payment flow ${flow.provider} against its provider's API`, () => {
    let fake: FakeProviderServer;
    let t: TestApplication;

    before(async () => {
      fake = await flow.fake().start();
      t = await startTestApplication({ env: flow.env(fake) });
      await setUpDelivery(t.client, t.store.keys.secretTest);
    });
    after(async () => {
      await t?.close();
      await fake?.stop();
    });

    it("initialises, the customer approves, the provider's word arrives, and the order is paid", async () => {
      // An amount due with cents (1,231.91 KES): mobile money is charged it rounded up to whole shillings.
      const { order } = await placeSimpleOrder(t.client, { secret: t.store.keys.secretTest, publishable: t.store.keys.publishableTest }, { price: 76_199 });
      assert.notEqual(Math.round(order.amount_due * 100) % 100, 0, `the order has cents: ${order.amount_due}`);
      const body = { provider: flow.provider, amount: order.amount_due, order_id: order.id, ...flow.body };
      const initialised = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, {
        key: t.store.keys.secretTest,
        secret: t.store.store.hmacSecret,
      });
      assert.equal(initialised.status, 201, initialised.text);
      const answer = initialised.body;
      assert.equal(answer.success, true);
      assert.equal(answer.provider, flow.provider);
      assert.equal(answer.mode, "test");
      assert.equal(answer.status, "pending");
      assert.equal(answer.amount, order.amount_due);
      assert.equal(answer.charged_amount, flow.provider.startsWith("mobile_") ? Math.ceil(order.amount_due) : order.amount_due);
      assert.match(answer.reference, /^PAY-\d+-[A-Z0-9]+$/);
      assert.ok(fake.calls.length > 0, "the provider's API was called");

      assert.equal((await verify(t, answer.reference)).status, "pending");
      await flow.approve(fake, answer);
      await flow.settle(fake, t, answer);

      const read = await t.client.get(`/v1/orders/${order.id}`, { key: t.store.keys.secretTest });
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.payment_status, "paid");
      const knex = t.application.database.knex;
      const succeeded = await eventsOf(knex, t.store.store.id, "payment.succeeded");
      assert.equal(succeeded.length, 1);
      const paid = (await eventsOf(knex, t.store.store.id, "order.paid")).filter((event) => event.data?.order?.id === order.id);
      assert.equal(paid.length, 1);
      const verified = await verify(t, answer.reference);
      assert.equal(verified.status, "paid");
      assert.equal(verified.order_id, order.id);
      assert.equal(verified.review_reason, null, "the whole-unit charge is the amount asked, not a mismatch");
    });

    if (flow.provider === "card_redirect") {
      it("refuses a Stripe event whose signature is not the endpoint's, and the order stays unpaid", async () => {
        const stripe = fake as FakeStripe;
        const { order } = await placeSimpleOrder(t.client, { secret: t.store.keys.secretTest, publishable: t.store.keys.publishableTest }, { price: 76_199 });
        const body = { provider: flow.provider, amount: order.amount_due, order_id: order.id, ...flow.body };
        const initialised = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: t.store.keys.secretTest, secret: t.store.store.hmacSecret });
        assert.equal(initialised.status, 201, initialised.text);
        stripe.approve(initialised.body.session_id);
        const { rawBody, signature } = stripe.event("checkout.session.completed", initialised.body.session_id, { secret: "whsec_attacker" });
        const response = await t.client.request("POST", "/v1/payments/callbacks/card_redirect", {
          body: rawBody,
          headers: { "content-type": "application/json", "stripe-signature": signature },
        });
        assert.ok(response.status >= 400 && response.status < 500, `${response.status} ${response.text}`);
        const read = await t.client.get(`/v1/orders/${order.id}`, { key: t.store.keys.secretTest });
        assert.equal(read.body.payment_status, "pending");
      });
    }
  });
}
