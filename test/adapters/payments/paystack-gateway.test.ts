// The Paystack adapter against a local server speaking Paystack's Transaction API.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "mocha";
import pino from "pino";
import type { PaymentInitiation } from "../../../application/ports/payment-gateway.js";
import { PaystackGateway } from "../../../adapters/payments/paystack-gateway.js";
import { FakePaystack } from "../../support/fake-providers/fake-paystack.js";

const logger = pino({ level: "silent" });
let counter = 0;

const initiation = (overrides: Partial<PaymentInitiation> = {}): PaymentInitiation => ({
  reference: `PAY-${Date.now()}-PS${String((counter += 1)).padStart(6, "0")}`,
  mode: "test",
  amountMinor: 250_050,
  amount: "2500.50",
  currency: "NGN",
  email: "ade@example.com",
  description: "Order 77",
  callbackUrl: "https://shop.example/paystack/return",
  metadata: { cart: "c_9" },
  ...overrides,
});

describe("PaystackGateway", () => {
  let fake: FakePaystack;
  let gateway: PaystackGateway;
  const make = (timeoutMs = 2_000, secretKey?: string) =>
    new PaystackGateway({ mode: "test", secretKey: secretKey ?? fake.secretKey, publicKey: fake.publicKey, baseUrl: fake.url, timeoutMs, backoffMs: 5 }, logger);

  beforeEach(async () => {
    fake = await new FakePaystack().start();
    gateway = make();
  });
  afterEach(() => fake.stop());

  it("initialises a transaction in subunits under our reference and answers the public key", async () => {
    const request = initiation();
    const started = await gateway.initiate(request);
    assert.equal(started.publicKey, fake.publicKey);
    assert.equal(started.accessCode, started.providerSessionId);
    const transaction = fake.transaction(request.reference);
    assert.equal(transaction.amount, 250_050);
    assert.equal(transaction.currency, "NGN");
    assert.equal(transaction.access_code, started.accessCode);
    assert.equal(transaction.callback_url, "https://shop.example/paystack/return");
    assert.deepEqual(transaction.metadata, { cart: "c_9", reference: request.reference });
    const [call] = fake.callsTo("POST /transaction/initialize");
    assert.equal((JSON.parse(call!.body) as { amount: unknown }).amount, "250050");
  });

  it("verifies by reference: abandoned is pending, success is paid, failed is failed", async () => {
    const request = initiation();
    await gateway.initiate(request);
    const lookup = { reference: request.reference, providerSessionId: "x", mode: "test" as const, amountMinor: 250_050, currency: "NGN" };
    assert.equal((await gateway.checkStatus(lookup)).status, "pending");
    fake.approve(request.reference);
    const paid = await gateway.checkStatus(lookup);
    assert.equal(paid.status, "paid");
    assert.equal(paid.amountMinor, 250_050);
    assert.ok(paid.paidAt);
    fake.decline(request.reference);
    const failed = await gateway.checkStatus(lookup);
    assert.equal(failed.status, "failed");
    assert.equal(failed.failureReason, "Declined");
  });

  it("maps Paystack's errors: 4xx to ProviderRejected with its message", async () => {
    const request = initiation();
    await gateway.initiate(request);
    await assert.rejects(gateway.initiate(request), (error: unknown) => {
      assert.equal((error as { _tag: string })._tag, "ProviderRejected");
      assert.equal((error as Error).message, "Duplicate Transaction Reference");
      return true;
    });
    await assert.rejects(make(2_000, "sk_test_wrong").initiate(initiation()), { _tag: "ProviderRejected", status: 401 });
    await assert.rejects(
      gateway.checkStatus({ reference: "PAY-1-NOPE0000", providerSessionId: "x", mode: "test", amountMinor: 1, currency: "NGN" }),
      { _tag: "ProviderRejected", message: "Transaction reference not found" },
    );
  });

  it("never retries an initialisation (no idempotency key), but retries a verification", async () => {
    fake.failNext("POST /transaction/initialize", { kind: "answer", status: 502, body: { status: false, message: "Bad gateway" } });
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderUnavailable" });
    assert.equal(fake.callsTo("POST /transaction/initialize").length, 1);

    const request = initiation();
    await gateway.initiate(request);
    fake.failNext("GET /transaction/verify/:reference", { kind: "drop" });
    fake.failNext("GET /transaction/verify/:reference", { kind: "answer", status: 500, body: { status: false, message: "oops" } });
    const status = await gateway.checkStatus({ reference: request.reference, providerSessionId: "x", mode: "test", amountMinor: 1, currency: "NGN" });
    assert.equal(status.status, "pending");
    assert.equal(fake.callsTo("GET /transaction/verify/:reference").length, 3);
  });

  it("answers ProviderUnavailable on a timeout and on a malformed answer", async () => {
    fake.failNext("POST /transaction/initialize", { kind: "slow", delayMs: 500 });
    await assert.rejects(make(100).initiate(initiation()), { _tag: "ProviderUnavailable" });
    assert.equal(fake.callsTo("POST /transaction/initialize").length, 1);
    fake.failNext("POST /transaction/initialize", { kind: "malformed" });
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderUnavailable" });
  });

  it("reads charge.success signed with HMAC-SHA512 and rejects a wrong signature", async () => {
    const request = initiation();
    await gateway.initiate(request);
    fake.approve(request.reference);
    const { rawBody, signature } = fake.event("charge.success", request.reference);
    const read = await gateway.readCallback({ headers: { "x-paystack-signature": signature }, rawBody: Buffer.from(rawBody) });
    assert.equal(read.status, "paid");
    assert.equal(read.reference, request.reference);
    assert.equal(read.authenticated, true);
    assert.equal(read.mode, "test");
    assert.equal(read.amountMinor, 250_050);
    assert.match(read.eventId, /^charge\.success:\d+$/);

    const forged = fake.event("charge.success", request.reference, "sk_test_attacker");
    await assert.rejects(gateway.readCallback({ headers: { "x-paystack-signature": forged.signature }, rawBody: Buffer.from(forged.rawBody) }), {
      _tag: "CallbackRejected",
    });
    await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from(rawBody) }), { _tag: "CallbackRejected" });
  });
});
