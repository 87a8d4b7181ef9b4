// The M-Pesa Daraja adapter against a local server speaking Daraja's OAuth, STK push and query.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "mocha";
import pino from "pino";
import type { PaymentInitiation } from "../../../application/ports/payment-gateway.js";
import {
  accountReference,
  darajaPassword,
  darajaTimestamp,
  MpesaDarajaGateway,
  wholeShillings,
} from "../../../adapters/payments/mpesa-daraja-gateway.js";
import { FakeDaraja } from "../../support/fake-providers/fake-daraja.js";

const logger = pino({ level: "silent" });

const initiation = (overrides: Partial<PaymentInitiation> = {}): PaymentInitiation => ({
  reference: "PAY-1767225600000-K7Q2M9XA",
  mode: "test",
  amountMinor: 129_950,
  amount: "1299.50",
  currency: "KES",
  phone: "254712345678",
  description: "Duka la Mama order 1042",
  notificationUrl: "https://shop.example/v1/payments/callbacks/mobile_stk",
  metadata: {},
  ...overrides,
});

describe("MpesaDarajaGateway", () => {
  let fake: FakeDaraja;
  let clock: number;
  let gateway: MpesaDarajaGateway;
  const make = (timeoutMs = 2_000) =>
    new MpesaDarajaGateway(
      {
        mode: "test",
        consumerKey: fake.consumerKey,
        consumerSecret: fake.consumerSecret,
        shortcode: fake.shortcode,
        passkey: fake.passkey,
        baseUrl: fake.url,
        timeoutMs,
        backoffMs: 5,
        now: () => clock,
      },
      logger,
    );

  beforeEach(async () => {
    fake = await new FakeDaraja().start();
    clock = Date.parse("2026-03-01T21:30:05Z");
    gateway = make();
  });
  afterEach(() => fake.stop());

  it("builds the timestamp in Nairobi time and the password from shortcode, passkey and timestamp", () => {
    assert.equal(darajaTimestamp(Date.parse("2026-03-01T21:30:05Z")), "20260302003005");
    assert.equal(darajaPassword("174379", "pk", "20260302003005"), Buffer.from("174379pk20260302003005").toString("base64"));
    assert.equal(wholeShillings(129_950), 1300);
    assert.equal(wholeShillings(100_000), 1000);
    assert.equal(wholeShillings(1), 1);
    assert.equal(accountReference("PAY-1767225600000-K7Q2M9XA"), "225600000K7Q2M9XA".slice(-12));
  });

  it("sends an STK push with whole shillings and answers the CheckoutRequestID", async () => {
    const started = await gateway.initiate(initiation());
    assert.match(started.providerSessionId, /^ws_CO_/);
    const push = fake.push(started.providerSessionId);
    assert.equal(push.amount, 1300);
    assert.equal(push.phone, "254712345678");
    assert.equal(push.accountReference, "00000K7Q2M9XA".slice(-12));
    assert.equal(push.callbackUrl, "https://shop.example/v1/payments/callbacks/mobile_stk");
    const body = JSON.parse(fake.callsTo("POST /mpesa/stkpush/v1/processrequest")[0]!.body) as Record<string, unknown>;
    assert.equal(body["Timestamp"], "20260302003005");
    assert.equal(body["TransactionDesc"], "Duka la Mama ");
  });

  it("fetches one OAuth token and reuses it until shortly before it expires", async () => {
    await gateway.initiate(initiation());
    const started = await gateway.initiate(initiation());
    await gateway.checkStatus({ reference: "r", providerSessionId: started.providerSessionId, mode: "test", amountMinor: 1, currency: "KES" });
    assert.equal(fake.callsTo("GET /oauth/v1/generate").length, 1);
    const [tokenCall] = fake.callsTo("GET /oauth/v1/generate");
    assert.equal(tokenCall!.headers["authorization"], `Basic ${Buffer.from(`${fake.consumerKey}:${fake.consumerSecret}`).toString("base64")}`);
    clock += 3_599_000 - 59_000;
    await gateway.initiate(initiation());
    assert.equal(fake.callsTo("GET /oauth/v1/generate").length, 2);
  });

  it("drops a token Daraja no longer accepts, so the next call fetches a new one", async () => {
    await gateway.initiate(initiation());
    fake.revokeTokens();
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderRejected", status: 401, message: "Invalid Access Token" });
    await gateway.initiate(initiation());
    assert.equal(fake.callsTo("GET /oauth/v1/generate").length, 2);
  });

  it("queries the status: still processing is pending, 0 is paid, 1032 and 1037 are failed", async () => {
    const started = await gateway.initiate(initiation());
    const lookup = { reference: "r", providerSessionId: started.providerSessionId, mode: "test" as const, amountMinor: 129_950, currency: "KES" };
    assert.equal((await gateway.checkStatus(lookup)).status, "pending");
    fake.approve(started.providerSessionId);
    assert.equal((await gateway.checkStatus(lookup)).status, "paid");
    const cancelled = await gateway.initiate(initiation());
    fake.decline(cancelled.providerSessionId);
    const failed = await gateway.checkStatus({ ...lookup, providerSessionId: cancelled.providerSessionId });
    assert.equal(failed.status, "failed");
    assert.equal(failed.failureReason, "Request Cancelled by user");
    const unreachable = await gateway.initiate(initiation());
    fake.decline(unreachable.providerSessionId, 1037, "DS timeout user cannot be reached");
    assert.equal((await gateway.checkStatus({ ...lookup, providerSessionId: unreachable.providerSessionId })).status, "failed");
  });

  it("maps Daraja's errors and never repeats a push, while a query and the token fetch are retried", async () => {
    await assert.rejects(gateway.initiate(initiation({ phone: "0712345678" })), { _tag: "ProviderRejected" });
    await assert.rejects(gateway.initiate(initiation({ currency: "USD" })), { _tag: "ProviderRejected" });
    fake.failNext("POST /mpesa/stkpush/v1/processrequest", { kind: "answer", status: 400, body: { requestId: "1", errorCode: "400.002.02", errorMessage: "Bad Request - Invalid Amount" } });
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderRejected", message: "Bad Request - Invalid Amount" });

    const before = fake.callsTo("POST /mpesa/stkpush/v1/processrequest").length;
    fake.failNext("POST /mpesa/stkpush/v1/processrequest", { kind: "answer", status: 503, body: { errorCode: "503.001.01", errorMessage: "Service unavailable" } });
    await assert.rejects(gateway.initiate(initiation()), { _tag: "ProviderUnavailable" });
    assert.equal(fake.callsTo("POST /mpesa/stkpush/v1/processrequest").length, before + 1);

    const started = await gateway.initiate(initiation());
    fake.failNext("POST /mpesa/stkpushquery/v1/query", { kind: "answer", status: 503, body: {} });
    fake.approve(started.providerSessionId);
    const status = await gateway.checkStatus({ reference: "r", providerSessionId: started.providerSessionId, mode: "test", amountMinor: 1, currency: "KES" });
    assert.equal(status.status, "paid");

    const fresh = make();
    fake.failNext("GET /oauth/v1/generate", { kind: "drop" });
    await fresh.initiate(initiation());
  });

  it("times out a slow push as ProviderUnavailable without a second push", async () => {
    const slow = make(150);
    await slow.initiate(initiation());
    const before = fake.callsTo("POST /mpesa/stkpush/v1/processrequest").length;
    fake.failNext("POST /mpesa/stkpush/v1/processrequest", { kind: "slow", delayMs: 600 });
    await assert.rejects(slow.initiate(initiation()), { _tag: "ProviderUnavailable" });
    assert.equal(fake.callsTo("POST /mpesa/stkpush/v1/processrequest").length, before + 1);
    fake.failNext("POST /mpesa/stkpushquery/v1/query", { kind: "malformed" });
    await assert.rejects(slow.checkStatus({ reference: "r", providerSessionId: "ws_CO_1", mode: "test", amountMinor: 1, currency: "KES" }), {
      _tag: "ProviderUnavailable",
    });
  });

  it("reads the STK callback unauthenticated (Daraja does not sign) and rejects what is not one", async () => {
    const started = await gateway.initiate(initiation());
    fake.approve(started.providerSessionId);
    const read = await gateway.readCallback({ headers: {}, rawBody: Buffer.from(fake.callbackBody(started.providerSessionId)) });
    assert.equal(read.status, "paid");
    assert.equal(read.authenticated, false);
    assert.equal(read.providerSessionId, started.providerSessionId);
    assert.equal(read.eventId, `${started.providerSessionId}:0`);
    assert.match(String(read.providerResponse["MpesaReceiptNumber"]), /^T/);
    const other = await gateway.initiate(initiation());
    fake.decline(other.providerSessionId);
    assert.equal((await gateway.readCallback({ headers: {}, rawBody: Buffer.from(fake.callbackBody(other.providerSessionId)) })).status, "failed");
    await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from('{"Body":{}}') }), { _tag: "CallbackRejected" });
    await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from("not json") }), { _tag: "CallbackRejected" });
  });

  it("refuses to push without a callback URL", async () => {
    await assert.rejects(gateway.initiate(initiation({ notificationUrl: undefined })), { _tag: "ProviderRejected", message: /STOREFRONT_PUBLIC_URL/ });
  });
});
