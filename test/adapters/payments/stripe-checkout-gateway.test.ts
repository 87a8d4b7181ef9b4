// The Stripe Checkout adapter against a local server speaking Stripe's API.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "mocha";
import pino from "pino";
import type { PaymentInitiation } from "../../../application/ports/payment-gateway.js";
import { StripeCheckoutGateway, stripeSignatureHeader } from "../../../adapters/payments/stripe-checkout-gateway.js";
import { FakeStripe } from "../../support/fake-providers/fake-stripe.js";

const logger = pino({ level: "silent" });

const initiation = (overrides: Partial<PaymentInitiation> = {}): PaymentInitiation => ({
  reference: `PAY-${Date.now()}-ABCD1234`,
  mode: "test",
  amountMinor: 150_000,
  amount: "1500.00",
  currency: "KES",
  email: "wanjiru@example.com",
  description: "Duka la Mama, order 1042",
  successUrl: "https://shop.example/paid",
  cancelUrl: "https://shop.example/cart",
  metadata: { cart: "c_1", nested: { a: 1 } },
  orderId: "0190a0b2-0000-7000-8000-000000000001",
  ...overrides,
});

describe("StripeCheckoutGateway", () => {
  let fake: FakeStripe;
  let gateway: StripeCheckoutGateway;
  const make = (overrides: { timeoutMs?: number; webhookSecret?: string | undefined; secretKey?: string; now?: () => number } = {}) =>
    new StripeCheckoutGateway(
      {
        mode: "test",
        secretKey: overrides.secretKey ?? fake.secretKey,
        ...("webhookSecret" in overrides ? (overrides.webhookSecret === undefined ? {} : { webhookSecret: overrides.webhookSecret }) : { webhookSecret: fake.webhookSecret }),
        baseUrl: fake.url,
        timeoutMs: overrides.timeoutMs ?? 2_000,
        backoffMs: 5,
        ...(overrides.now === undefined ? {} : { now: overrides.now }),
      },
      logger,
    );

  beforeEach(async () => {
    fake = await new FakeStripe().start();
    gateway = make();
  });
  afterEach(() => fake.stop());

  it("creates a Checkout Session form-encoded and answers its URL", async () => {
    const request = initiation();
    const started = await gateway.initiate(request);
    assert.match(started.providerSessionId, /^cs_test_/);
    assert.equal(started.checkoutUrl, `${fake.url}/c/pay/${started.providerSessionId}`);
    const [call] = fake.callsTo("POST /v1/checkout/sessions");
    const form = new URLSearchParams(call!.body);
    assert.equal(form.get("mode"), "payment");
    assert.equal(form.get("line_items[0][price_data][currency]"), "kes");
    assert.equal(form.get("line_items[0][price_data][unit_amount]"), "150000");
    assert.equal(form.get("client_reference_id"), request.reference);
    assert.equal(form.get("customer_email"), "wanjiru@example.com");
    assert.equal(form.get("metadata[reference]"), request.reference);
    assert.equal(form.get("metadata[nested]"), '{"a":1}');
    assert.equal(call!.headers["idempotency-key"], `storefront-checkout-${request.reference}`);
  });

  it("reads the status: unpaid is pending, paid is paid, expired is failed", async () => {
    const started = await gateway.initiate(initiation());
    const lookup = { reference: "r", providerSessionId: started.providerSessionId, mode: "test" as const, amountMinor: 150_000, currency: "KES" };
    assert.equal((await gateway.checkStatus(lookup)).status, "pending");
    fake.approve(started.providerSessionId);
    const paid = await gateway.checkStatus(lookup);
    assert.equal(paid.status, "paid");
    assert.equal(paid.amountMinor, 150_000);
    assert.equal(paid.currency, "KES");
    const other = await gateway.initiate(initiation({ reference: "PAY-1-EXPIRED1" }));
    fake.expire(other.providerSessionId);
    assert.equal((await gateway.checkStatus({ ...lookup, providerSessionId: other.providerSessionId })).status, "failed");
  });

  it("maps Stripe's 4xx to ProviderRejected with Stripe's message", async () => {
    await assert.rejects(gateway.initiate(initiation({ successUrl: undefined })), (error: unknown) => {
      assert.equal((error as { _tag: string })._tag, "ProviderRejected");
      assert.equal((error as { status: number }).status, 400);
      assert.equal((error as Error).message, "Missing required param: success_url.");
      return true;
    });
    await assert.rejects(make({ secretKey: "sk_test_wrong" }).initiate(initiation()), { _tag: "ProviderRejected", status: 401 });
    await assert.rejects(
      gateway.checkStatus({ reference: "r", providerSessionId: "cs_test_missing", mode: "test", amountMinor: 1, currency: "KES" }),
      { _tag: "ProviderRejected", status: 404 },
    );
  });

  it("retries a create that carries an Idempotency-Key after a 5xx, and Stripe replays one session", async () => {
    fake.failNext("POST /v1/checkout/sessions", { kind: "answer", status: 500, body: { error: { type: "api_error", message: "boom" } } });
    const request = initiation();
    const started = await gateway.initiate(request);
    assert.equal(fake.callsTo("POST /v1/checkout/sessions").length, 2);
    assert.equal(fake.sessions.size, 1);
    assert.ok(started.providerSessionId);
  });

  it("answers ProviderUnavailable after the retries run out, on 5xx, malformed bodies and timeouts", async () => {
    fake.failNext("POST /v1/checkout/sessions", { kind: "answer", status: 503, body: {} }, 3);
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderUnavailable" });
    assert.equal(fake.callsTo("POST /v1/checkout/sessions").length, 3);

    fake.failNext("GET /v1/checkout/sessions/:id", { kind: "malformed" });
    await assert.rejects(
      gateway.checkStatus({ reference: "r", providerSessionId: "cs_test_x", mode: "test", amountMinor: 1, currency: "KES" }),
      { _tag: "ProviderUnavailable" },
    );

    const slow = make({ timeoutMs: 150 });
    fake.failNext("POST /v1/checkout/sessions", { kind: "slow", delayMs: 600 }, 3);
    const started = Date.now();
    await assert.rejects(slow.initiate(initiation()), (error: unknown) => {
      assert.equal((error as { _tag: string })._tag, "ProviderUnavailable");
      assert.match((error as Error).message, /within 150 ms/);
      return true;
    });
    assert.ok(Date.now() - started < 2_000);
  });

  it("reads signed events and rejects bad or stale signatures", async () => {
    const started = await gateway.initiate(initiation({ reference: "PAY-42-SIGNED01" }));
    fake.approve(started.providerSessionId);
    const { rawBody, signature } = fake.event("checkout.session.completed", started.providerSessionId);
    const read = await gateway.readCallback({ headers: { "stripe-signature": signature }, rawBody: Buffer.from(rawBody) });
    assert.equal(read.status, "paid");
    assert.equal(read.reference, "PAY-42-SIGNED01");
    assert.equal(read.providerSessionId, started.providerSessionId);
    assert.equal(read.authenticated, true);
    assert.equal(read.mode, "test");
    assert.equal(read.amountMinor, 150_000);
    assert.match(read.eventId, /^evt_/);

    const forged = fake.event("checkout.session.completed", started.providerSessionId, { secret: "whsec_other" });
    await assert.rejects(gateway.readCallback({ headers: { "stripe-signature": forged.signature }, rawBody: Buffer.from(forged.rawBody) }), {
      _tag: "CallbackRejected",
    });
    await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from(rawBody) }), { _tag: "CallbackRejected" });
    await assert.rejects(
      gateway.readCallback({ headers: { "stripe-signature": signature }, rawBody: Buffer.from(rawBody.replace("paid", "unpaid")) }),
      { _tag: "CallbackRejected" },
    );
    const stale = fake.event("checkout.session.completed", started.providerSessionId, { timestampSeconds: Math.floor(Date.now() / 1000) - 301 });
    await assert.rejects(gateway.readCallback({ headers: { "stripe-signature": stale.signature }, rawBody: Buffer.from(stale.rawBody) }), {
      _tag: "CallbackRejected",
    });
  });

  it("maps the async and expiry events", async () => {
    const started = await gateway.initiate(initiation());
    const read = async (type: string) => {
      const { rawBody, signature } = fake.event(type, started.providerSessionId);
      return (await gateway.readCallback({ headers: { "stripe-signature": signature }, rawBody: Buffer.from(rawBody) })).status;
    };
    assert.equal(await read("checkout.session.completed"), "pending");
    assert.equal(await read("checkout.session.async_payment_succeeded"), "paid");
    assert.equal(await read("checkout.session.async_payment_failed"), "failed");
    assert.equal(await read("checkout.session.expired"), "failed");
  });

  it("reads events unauthenticated when no signing secret is configured", async () => {
    const unsigned = make({ webhookSecret: undefined });
    const started = await unsigned.initiate(initiation());
    const rawBody = fake.event("checkout.session.completed", started.providerSessionId).rawBody;
    const read = await unsigned.readCallback({ headers: {}, rawBody: Buffer.from(rawBody) });
    assert.equal(read.authenticated, false);
    assert.equal(stripeSignatureHeader("k", "b", 1).startsWith("t=1,v1="), true);
  });
});
