// The pawaPay adapter against a local server speaking pawaPay's Merchant API v2 deposits.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "mocha";
import pino from "pino";
import type { PaymentInitiation } from "../../../application/ports/payment-gateway.js";
import { depositIdFor, PawapayGateway, pawapayProvider, wholeUnits } from "../../../adapters/payments/pawapay-gateway.js";
import { FakePawapay } from "../../support/fake-providers/fake-pawapay.js";

const logger = pino({ level: "silent" });
let counter = 0;

const initiation = (overrides: Partial<PaymentInitiation> = {}): PaymentInitiation => ({
  reference: `PAY-1767225600000-PP${String((counter += 1)).padStart(6, "0")}`,
  mode: "test",
  amountMinor: 5_000,
  amount: "5000",
  currency: "UGX",
  phone: "256772123456",
  country: "UG",
  description: "Duka la Mama: order #88",
  orderId: "0190a0b2-0000-7000-8000-000000000002",
  metadata: {},
  ...overrides,
});

describe("PawapayGateway", () => {
  let fake: FakePawapay;
  let gateway: PawapayGateway;
  const make = (timeoutMs = 2_000) => new PawapayGateway({ mode: "test", token: fake.token, baseUrl: fake.url, timeoutMs, backoffMs: 5 }, logger);

  beforeEach(async () => {
    fake = await new FakePawapay().start();
    gateway = make();
  });
  afterEach(() => fake.stop());

  it("chooses the provider from the phone number", () => {
    assert.equal(pawapayProvider("KE", "254712345678"), "MPESA_KEN");
    assert.equal(pawapayProvider("KE", "254110123456"), "MPESA_KEN");
    assert.equal(pawapayProvider("KE", "254733123456"), undefined);
    assert.equal(pawapayProvider("UG", "256772123456"), "MTN_MOMO_UGA");
    assert.equal(pawapayProvider("UG", "256752123456"), "AIRTEL_OAPI_UGA");
    assert.equal(pawapayProvider("TZ", "255754123456"), "VODACOM_TZA");
    assert.equal(pawapayProvider("TZ", "255684123456"), "AIRTEL_TZA");
    assert.equal(pawapayProvider("TZ", "255714123456"), "TIGO_TZA");
    assert.equal(pawapayProvider("TZ", "255624123456"), "HALOTEL_TZA");
    assert.equal(pawapayProvider("RW", "250788123456"), "MTN_MOMO_RWA");
    assert.equal(pawapayProvider("RW", "250731123456"), "AIRTEL_RWA");
    assert.equal(pawapayProvider("RW", "256772123456"), undefined);
    assert.equal(pawapayProvider("NG", "2348012345678"), undefined);
    assert.equal(wholeUnits(129_950, "KES"), 1300);
    assert.equal(wholeUnits(5_000, "UGX"), 5000);
    assert.equal(depositIdFor("PAY-1-A"), depositIdFor("PAY-1-A"));
    assert.notEqual(depositIdFor("PAY-1-A"), depositIdFor("PAY-1-B"));
  });

  it("initiates a deposit with a depositId derived from the reference and the amount as a string", async () => {
    const request = initiation();
    const started = await gateway.initiate(request);
    assert.equal(started.providerSessionId, depositIdFor(request.reference));
    const deposit = fake.deposit(started.providerSessionId);
    assert.equal(deposit.amount, "5000");
    assert.equal(deposit.currency, "UGX");
    assert.deepEqual(deposit.payer, { type: "MMO", accountDetails: { phoneNumber: "256772123456", provider: "MTN_MOMO_UGA" } });
    assert.equal(deposit.clientReferenceId, request.reference);
    assert.equal(deposit.customerMessage, "Duka la Mama order 88");
    const kenya = await gateway.initiate(initiation({ currency: "KES", country: "KE", phone: "254712345678", amountMinor: 129_950 }));
    assert.equal(fake.deposit(kenya.providerSessionId).amount, "1300");
  });

  it("retries a deposit safely: pawaPay ignores the duplicate depositId", async () => {
    fake.failNext("POST /v2/deposits", { kind: "slow", delayMs: 400 });
    const request = initiation();
    const started = await make(150).initiate(request);
    assert.equal(fake.callsTo("POST /v2/deposits").length, 2);
    assert.equal(started.providerResponse["status"], "DUPLICATE_IGNORED");
    assert.equal(fake.deposits.size, 1);
  });

  it("maps failures: REJECTED and 4xx to ProviderRejected, 5xx, timeouts and garbage to ProviderUnavailable", async () => {
    await assert.rejects(gateway.initiate(initiation({ phone: "256712345678" })), { _tag: "ProviderRejected" });
    await assert.rejects(gateway.initiate(initiation({ country: "NG" })), { _tag: "ProviderRejected" });
    await assert.rejects(gateway.initiate(initiation({ currency: "KES" })), { _tag: "ProviderRejected" });
    await assert.rejects(gateway.initiate(initiation({ amountMinor: 5_000_000 })), (error: unknown) => {
      assert.equal((error as { _tag: string })._tag, "ProviderRejected");
      assert.match((error as Error).message, /^AMOUNT_OUT_OF_BOUNDS/);
      return true;
    });
    await assert.rejects(new PawapayGateway({ mode: "test", token: "wrong", baseUrl: fake.url }, logger).initiate(initiation()), {
      _tag: "ProviderRejected",
      status: 401,
      message: "The API token is not valid",
    });
    fake.failNext("POST /v2/deposits", { kind: "answer", status: 500, body: {} }, 3);
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderUnavailable" });
    // The first three were refused before any call; the out-of-bounds and the wrong token made one each.
    assert.equal(fake.callsTo("POST /v2/deposits").length, 2 + 3);
    fake.failNext("GET /v2/deposits/:id", { kind: "malformed" }, 3);
    await assert.rejects(
      gateway.checkStatus({ reference: "r", providerSessionId: depositIdFor("x"), mode: "test", amountMinor: 1, currency: "UGX" }),
      { _tag: "ProviderUnavailable" },
    );
  });

  it("reads the status: ACCEPTED is pending, COMPLETED paid, FAILED failed, NOT_FOUND failed", async () => {
    const request = initiation({ currency: "KES", country: "KE", phone: "254712345678", amountMinor: 129_950 });
    const started = await gateway.initiate(request);
    const lookup = { reference: request.reference, providerSessionId: started.providerSessionId, mode: "test" as const, amountMinor: 129_950, currency: "KES" };
    assert.equal((await gateway.checkStatus(lookup)).status, "pending");
    fake.approve(started.providerSessionId);
    const paid = await gateway.checkStatus(lookup);
    assert.equal(paid.status, "paid");
    // 1300 KES was asked for 1299.50: that is the amount asked, not a mismatch.
    assert.equal(paid.amountMinor, 129_950);
    fake.deposit(started.providerSessionId).amount = "1200";
    assert.equal((await gateway.checkStatus(lookup)).amountMinor, 120_000);
    fake.decline(started.providerSessionId);
    const failed = await gateway.checkStatus(lookup);
    assert.equal(failed.status, "failed");
    assert.equal(failed.failureReason, "The customer did not authorise the payment");
    assert.equal((await gateway.checkStatus({ ...lookup, providerSessionId: depositIdFor("never") })).status, "failed");
  });

  it("reads a deposit callback unauthenticated, with our reference", async () => {
    const request = initiation();
    const started = await gateway.initiate(request);
    fake.approve(started.providerSessionId);
    const read = await gateway.readCallback({ headers: {}, rawBody: Buffer.from(fake.callbackBody(started.providerSessionId)) });
    assert.equal(read.status, "paid");
    assert.equal(read.authenticated, false);
    assert.equal(read.reference, request.reference);
    assert.equal(read.providerSessionId, started.providerSessionId);
    assert.equal(read.eventId, `${started.providerSessionId}:COMPLETED`);
    await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from('{"status":"COMPLETED"}') }), { _tag: "CallbackRejected" });
  });
});
