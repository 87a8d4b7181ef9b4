// Payments over HTTP (docs/api/payments.md): the four simulated flows end to end
// (initialise, simulated approval, verify or callback, order paid, events), every rule as a 400
// naming its parameter, signatures, keys, replays, the hourly budget, provider notifications
// without a key, tenancy and modes, and provider failures that never lose a payment.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import {
  CallbackRejected,
  ProviderRejected,
  ProviderUnavailable,
  type IncomingCallback,
  type InitiatedPayment,
  type PaymentGateway,
  type PaymentGateways,
  type PaymentInitiation,
  type PaymentLookup,
  type ProviderStatus,
  type ReadCallback,
  type RefundOutcome,
} from "../../../application/ports/payment-gateway.js";
import { PAYMENT_FLOWS, type PaymentProvider } from "../../../domain/payments/payment-provider.js";
import { describeMysql } from "../../support/mysql-database.js";
import { assertErrorType, eventsOf, placeSimpleOrder, setUpDelivery } from "../../support/order-fixtures.js";
import { signedRequest, unixSeconds } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";
import type { TestResponse } from "../../support/http-client.js";

const REFERENCE = /^PAY-\d+-[A-Z0-9]{8}$/;
const EMAIL = "amina@example.com";

const bodies: Readonly<Record<PaymentProvider, Record<string, unknown>>> = {
  card_redirect: { provider: "card_redirect", amount: 1500, email: EMAIL, success_url: "https://shop.example/paid", cancel_url: "https://shop.example/cancelled" },
  card_popup: { provider: "card_popup", amount: 1500, currency: "KES", email: EMAIL, callback_url: "https://shop.example/paystack" },
  mobile_stk: { provider: "mobile_stk", amount: 1500, phone: "0712345678" },
  mobile_collect: { provider: "mobile_collect", amount: 1500, country: "KE", phone: "+254712345678" },
};
const PROVIDERS = Object.keys(bodies) as PaymentProvider[];

const replayed = (response: TestResponse): boolean => response.headers.get("idempotent-replayed") === "true";

interface Harness {
  t: TestApplication;
  secret: string;
  publishable: string;
  storeId: string;
}

const harness = (options: () => TestApplicationOptions): Harness => {
  const h = {} as Harness;
  before(async () => {
    h.t = await startTestApplication(options());
    h.secret = h.t.store.keys.secretTest;
    h.publishable = h.t.store.keys.publishableTest;
    h.storeId = h.t.store.store.id;
    await setUpDelivery(h.t.client, h.secret);
  });
  after(() => h.t?.close());
  return h;
};

const initialise = (h: Harness, body: unknown, options: { key?: string; secret?: string; idempotencyKey?: string | null } = {}) =>
  signedRequest(h.t.client, "POST", "/v1/payments/initialize", body, {
    key: options.key ?? h.secret,
    secret: options.secret ?? h.t.store.store.hmacSecret,
    ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {}),
  });
const verify = (h: Harness, reference: string, key = h.secret) => h.t.client.post("/v1/payments/verify", { reference }, { key });
const callback = (h: Harness, provider: string, body: unknown, headers: Record<string, string> = {}) =>
  h.t.client.request("POST", `/v1/payments/callbacks/${provider}`, { body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
const knex = (h: Harness) => h.t.application.database.knex;
const paymentRow = async (h: Harness, reference: string): Promise<any> => knex(h)("payments").where({ reference }).first();
const attemptsOf = async (h: Harness, reference: string): Promise<any[]> => {
  const payment = await paymentRow(h, reference);
  return knex(h)("payment_attempts").where({ payment_id: payment.id }).orderBy([{ column: "started_at" }, { column: "id" }]);
};
const paymentEvents = async (h: Harness, reference: string): Promise<string[]> =>
  (await eventsOf(knex(h), h.storeId)).filter((e) => e.data?.payment?.reference === reference).map((e) => e.type);
const newOrder = async (h: Harness, options: { readonly price?: number } = {}): Promise<any> =>
  (await placeSimpleOrder(h.t.client, { secret: h.secret, publishable: h.publishable }, options)).order;
const orderOf = async (h: Harness, id: string): Promise<any> => (await h.t.client.get(`/v1/orders/${id}`, { key: h.secret })).body;

const assertParam = (response: TestResponse, code: string, param: string): void => {
  assertErrorType(response, 400, "invalid_request_error", code);
  assert.equal(response.body.error.param, param, response.text);
};

/** The flows, replays, tenancy and callbacks: run on SQLite and on MariaDB. */
const flowSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    const h = harness(options);

    for (const provider of PROVIDERS) {
      it(`${provider}: initialise, simulated approval, verify → paid, the order paid, payment.succeeded and order.paid`, async () => {
        const order = await newOrder(h);
        const body = { ...bodies[provider], amount: order.amount_due, order_id: order.id, metadata: { cart: "abc" } };
        const started = await initialise(h, body);
        assert.equal(started.status, 201, started.text);
        const answer = started.body;
        assert.equal(answer.success, true);
        assert.equal(answer.provider, provider);
        assert.equal(answer.flow, PAYMENT_FLOWS[provider]);
        assert.equal(answer.mode, "test");
        assert.equal(answer.status, "pending");
        assert.equal(answer.currency, "KES");
        assert.equal(answer.amount, order.amount_due);
        assert.match(answer.reference, REFERENCE);
        assert.match(answer.session_id, /^sim_/);
        if (provider === "card_redirect") {
          const url = new URL(answer.checkout_url);
          assert.equal(`${url.origin}${url.pathname}`, "https://shop.example/paid");
          assert.equal(url.searchParams.get("reference"), answer.reference);
        } else assert.equal(answer.checkout_url, undefined);
        if (provider === "card_popup") assert.match(answer.public_key, /^pk_test_simulator/);
        else assert.equal(answer.public_key, undefined);
        assert.equal((await orderOf(h, order.id)).payment_status, "pending");

        const verified = await verify(h, answer.reference);
        assert.equal(verified.status, 200, verified.text);
        assert.equal(verified.body.success, true);
        assert.equal(verified.body.status, "paid");
        assert.equal(verified.body.order_id, order.id);
        assert.equal(verified.body.amount, order.amount_due);
        assert.equal(verified.body.mode, "test");
        assert.ok(typeof verified.body.paid_at === "string");

        const paid = await orderOf(h, order.id);
        assert.equal(paid.payment_status, "paid");
        assert.equal(paid.payment_reference, answer.reference);
        assert.deepEqual(await paymentEvents(h, answer.reference), ["payment.succeeded"]);
        const orderPaid = (await eventsOf(knex(h), h.storeId, "order.paid")).filter((e) => e.data.order.id === order.id);
        assert.equal(orderPaid.length, 1);
        const kinds = (await attemptsOf(h, answer.reference)).map((a) => a.kind);
        assert.deepEqual(kinds, ["initiate", "status"]);
      });
    }

    it("a phone number is stored in the provider's digits: 254XXXXXXXXX for M-Pesa, the country's prefix for collection", async () => {
      const stk = await initialise(h, bodies.mobile_stk);
      assert.equal(stk.status, 201, stk.text);
      assert.equal((await paymentRow(h, stk.body.reference)).phone, "254712345678");
      const ug = await initialise(h, { provider: "mobile_collect", amount: 5000, country: "UG", phone: "0772 123 456" });
      assert.equal(ug.status, 201, ug.text);
      assert.equal(ug.body.currency, "UGX");
      assert.equal((await paymentRow(h, ug.body.reference)).phone, "256772123456");
    });

    it("a declined simulated payment verifies failed: payment.failed, the order's payment failed, success false", async () => {
      const order = await newOrder(h);
      const started = await initialise(h, { ...bodies.card_redirect, email: "amina+fail@example.com", amount: order.amount_due, order_id: order.id });
      assert.equal(started.status, 201, started.text);
      assert.equal(new URL(started.body.checkout_url).pathname, "/cancelled");
      const verified = await verify(h, started.body.reference);
      assert.equal(verified.status, 200, verified.text);
      assert.equal(verified.body.status, "failed");
      assert.equal(verified.body.success, false);
      assert.equal(verified.body.paid_at, null);
      assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.failed"]);
      assert.equal((await orderOf(h, order.id)).payment_status, "failed");
      assert.match((await paymentRow(h, started.body.reference)).failure_reason, /declined/);
      // Verifying again asks again but emits nothing twice.
      assert.equal((await verify(h, started.body.reference)).body.status, "failed");
      assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.failed"]);
    });

    it("a payment the customer has not approved yet stays pending and emits nothing", async () => {
      const started = await initialise(h, { ...bodies.mobile_stk, phone: "0712349999" });
      const verified = await verify(h, started.body.reference);
      assert.equal(verified.body.status, "pending");
      assert.equal(verified.body.success, false);
      assert.deepEqual(await paymentEvents(h, started.body.reference), []);
    });

    it("verifying a paid payment again is idempotent: no provider call, no second event", async () => {
      const started = await initialise(h, bodies.card_popup);
      assert.equal((await verify(h, started.body.reference)).body.status, "paid");
      const again = await verify(h, started.body.reference);
      assert.equal(again.status, 200);
      assert.equal(again.body.status, "paid");
      assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.succeeded"]);
      assert.equal((await attemptsOf(h, started.body.reference)).filter((a) => a.kind === "status").length, 1);
    });

    it("replays an initialisation: same answer, Idempotent-Replayed, one payment; another body with the key is a 422", async () => {
      const key = `pay-${randomUUID()}`;
      const first = await initialise(h, bodies.mobile_stk, { idempotencyKey: key });
      assert.equal(first.status, 201, first.text);
      const second = await initialise(h, bodies.mobile_stk, { idempotencyKey: key });
      assert.equal(second.status, 201, second.text);
      assert.ok(replayed(second));
      assert.deepEqual(second.body, first.body);
      const rows = await knex(h)("payments").where({ store_id: h.storeId, idempotency_key: key });
      assert.equal(rows.length, 1);
      const other = await initialise(h, { ...bodies.mobile_stk, amount: 99 }, { idempotencyKey: key });
      assertErrorType(other, 422, "idempotency_error", "idempotency_key_reused");
    });

    it("concurrent initialisations with one key start one payment: the others replay it or are told it is in progress", async () => {
      const key = `pay-${randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => initialise(h, bodies.card_popup, { idempotencyKey: key })));
      for (const answer of answers) assert.ok(answer.status === 201 || answer.status === 409, answer.text);
      const ran = answers.filter((a) => a.status === 201 && !replayed(a));
      assert.equal(ran.length, 1);
      for (const replay of answers.filter((a) => a.status === 201 && replayed(a))) assert.deepEqual(replay.body, ran[0]!.body);
      assert.equal((await knex(h)("payments").where({ store_id: h.storeId, idempotency_key: key })).length, 1);
    });

    it("a store's keys never see another store's payments, and test payments are invisible to live keys", async () => {
      const started = await initialise(h, bodies.mobile_stk);
      const other = await verify(h, started.body.reference, h.t.otherStore.keys.secretTest);
      assertErrorType(other, 404, "not_found_error", "resource_missing");
      assert.equal(other.body.error.param, "reference");
      const live = await verify(h, started.body.reference, h.t.store.keys.secretLive);
      assertErrorType(live, 404, "not_found_error", "resource_missing");
      const order = await newOrder(h);
      const foreign = await signedRequest(h.t.client, "POST", "/v1/payments/initialize", { ...bodies.mobile_stk, order_id: order.id }, {
        key: h.t.otherStore.keys.secretTest,
        secret: h.t.otherStore.store.hmacSecret,
      });
      assertParam(foreign, "parameter_invalid", "order_id");
    });

    it("a live key never reaches the simulator: 422 provider_not_configured", async () => {
      const live = await initialise(h, bodies.mobile_stk, { key: h.t.store.keys.secretLive });
      assertErrorType(live, 422, "invalid_request_error", "provider_not_configured");
      assert.equal(live.body.error.param, "provider");
      assert.equal(await knex(h)("payments").where({ mode: "live" }).count({ n: "*" }).first().then((r: any) => Number(r.n)), 0);
    });

    it("a provider notification needs no API key, settles the payment once, and a repeat of the event is a duplicate", async () => {
      const order = await newOrder(h);
      const started = await initialise(h, { ...bodies.mobile_collect, amount: order.amount_due, order_id: order.id });
      const event = { simulator: true, event_id: `evt-${randomUUID()}`, reference: started.body.reference, status: "paid" };
      const first = await callback(h, "mobile_collect", event);
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.body, { received: true, duplicate: false, reference: started.body.reference });
      assert.equal((await orderOf(h, order.id)).payment_status, "paid");
      const again = await callback(h, "mobile_collect", event);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.duplicate, true);
      assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.succeeded"]);
      assert.equal((await eventsOf(knex(h), h.storeId, "order.paid")).filter((e) => e.data.order.id === order.id).length, 1);
      const kinds = (await attemptsOf(h, started.body.reference)).map((a) => a.kind);
      assert.deepEqual(kinds, ["initiate", "status", "callback"], "the unsigned claim was confirmed with the provider");
      assert.equal(Number((await knex(h)("payment_callbacks").where({ event_id: event.event_id }).count({ n: "*" }).first())?.n), 1);
    });

    it("a notification's claim is not trusted: a 'paid' claim for a declined payment leaves it failed", async () => {
      const started = await initialise(h, { ...bodies.mobile_stk, phone: "0712340000" });
      const claimed = await callback(h, "mobile_stk", { simulator: true, event_id: `evt-${randomUUID()}`, session_id: started.body.session_id, status: "paid" });
      assert.equal(claimed.status, 200, claimed.text);
      assert.equal((await paymentRow(h, started.body.reference)).status, "failed");
      assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.failed"]);
    });

    it("notifications: an unknown reference is a 404 (not recorded), an unknown provider a 404, a body no gateway reads a 400", async () => {
      const unknown = await callback(h, "mobile_stk", { simulator: true, event_id: "evt-x", reference: "PAY-1-ABCDEFGH", status: "paid" });
      assertErrorType(unknown, 404, "not_found_error", "resource_missing");
      assert.equal(Number((await knex(h)("payment_callbacks").where({ event_id: "evt-x" }).count({ n: "*" }).first())?.n), 0);
      assertErrorType(await callback(h, "paypal", { any: 1 }), 404, "not_found_error", "resource_missing");
      assertErrorType(await callback(h, "card_redirect", { type: "checkout.session.completed" }), 400, "invalid_request_error", "callback_rejected");
    });
  });

flowSuite("payment routes (sqlite)", () => ({}));
describeMysql("payment routes (mysql)", (getDb) => flowSuite("on a throwaway database", () => ({ databaseUrl: getDb().url })));

describe("payment initialisation rules, keys and signatures", function () {
  this.timeout(120_000);
  const h = harness(() => ({}));

  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, string, string]> = [
    ["an amount of 0", { ...bodies.mobile_stk, amount: 0 }, "parameter_invalid", "amount"],
    ["an amount below 0.01", { ...bodies.card_redirect, amount: 0.001 }, "parameter_invalid", "amount"],
    ["a negative amount", { ...bodies.card_popup, amount: -5 }, "parameter_invalid", "amount"],
    ["an amount as a string", { ...bodies.card_redirect, amount: "10" }, "parameter_invalid", "amount"],
    ["no amount", { provider: "mobile_stk", phone: "0712345678" }, "parameter_missing", "amount"],
    ["more decimals than the currency has (UGX)", { provider: "mobile_collect", country: "UG", phone: "0772123456", amount: 10.5 }, "parameter_invalid", "amount"],
    ["an unknown provider", { ...bodies.mobile_stk, provider: "paypal" }, "parameter_invalid", "provider"],
    ["popup without a currency", { ...bodies.card_popup, currency: undefined }, "parameter_missing", "currency"],
    ["popup in EUR", { ...bodies.card_popup, currency: "EUR" }, "parameter_invalid", "currency"],
    ["redirect in a code that is no currency", { ...bodies.card_redirect, currency: "ABC" }, "parameter_invalid", "currency"],
    ["collection in another currency than the country's", { ...bodies.mobile_collect, currency: "USD" }, "parameter_invalid", "currency"],
    ["collection without a country", { ...bodies.mobile_collect, country: undefined }, "parameter_missing", "country"],
    ["collection in Nigeria", { ...bodies.mobile_collect, country: "NG" }, "parameter_invalid", "country"],
    ["M-Pesa outside Kenya", { ...bodies.mobile_stk, country: "UG" }, "parameter_invalid", "country"],
    ["redirect without an email", { ...bodies.card_redirect, email: undefined }, "parameter_missing", "email"],
    ["popup without an email", { ...bodies.card_popup, email: undefined }, "parameter_missing", "email"],
    ["a malformed email", { ...bodies.card_redirect, email: "not-an-email" }, "parameter_invalid", "email"],
    ["M-Pesa without a phone", { ...bodies.mobile_stk, phone: undefined }, "parameter_missing", "phone"],
    ["M-Pesa with a Ugandan phone", { ...bodies.mobile_stk, phone: "+256772123456" }, "parameter_invalid", "phone"],
    ["M-Pesa with no phone number at all", { ...bodies.mobile_stk, phone: "12345" }, "parameter_invalid", "phone"],
    ["collection without a phone", { ...bodies.mobile_collect, phone: undefined }, "parameter_missing", "phone"],
    ["collection with a phone of another country", { ...bodies.mobile_collect, country: "RW", currency: undefined, phone: "0712345678" }, "parameter_invalid", "phone"],
    ["redirect without success_url", { ...bodies.card_redirect, success_url: undefined }, "parameter_missing", "success_url"],
    ["redirect without cancel_url", { ...bodies.card_redirect, cancel_url: undefined }, "parameter_missing", "cancel_url"],
    ["a success_url that is no http(s) URL", { ...bodies.card_redirect, success_url: "javascript:alert(1)" }, "parameter_invalid", "success_url"],
    ["popup without callback_url", { ...bodies.card_popup, callback_url: undefined }, "parameter_missing", "callback_url"],
    ["a success_url on M-Pesa", { ...bodies.mobile_stk, success_url: "https://shop.example/paid" }, "parameter_invalid", "success_url"],
    ["a callback_url on the redirect", { ...bodies.card_redirect, callback_url: "https://shop.example/cb" }, "parameter_invalid", "callback_url"],
    ["a malformed order_id", { ...bodies.mobile_stk, order_id: "42" }, "parameter_invalid", "order_id"],
    ["an order_id of no order", { ...bodies.mobile_stk, order_id: randomUUID() }, "parameter_invalid", "order_id"],
    ["metadata that is no object", { ...bodies.mobile_stk, metadata: "x" }, "parameter_invalid", "metadata"],
    ["an unknown field", { ...bodies.mobile_stk, tip: 5 }, "parameter_unknown", "tip"],
  ];
  for (const [name, body, code, param] of cases) {
    it(`400 ${code} naming ${param}: ${name}`, async () => {
      const before = Number((await knex(h)("payments").count({ n: "*" }).first())?.n);
      assertParam(await initialise(h, JSON.parse(JSON.stringify(body))), code, param);
      assert.equal(Number((await knex(h)("payments").count({ n: "*" }).first())?.n), before, "no payment was created");
    });
  }

  it("the redirect currency defaults to the store's; M-Pesa ignores the currency given and charges KES", async () => {
    const redirect = await initialise(h, bodies.card_redirect);
    assert.equal(redirect.status, 201, redirect.text);
    assert.equal(redirect.body.currency, "KES");
    const usd = await initialise(h, { ...bodies.card_redirect, currency: "usd", amount: 12.5 });
    assert.equal(usd.body.currency, "USD");
    assert.equal(usd.body.amount, 12.5);
    assert.equal((await paymentRow(h, usd.body.reference)).amount, 1250);
    const stk = await initialise(h, { ...bodies.mobile_stk, currency: "USD" });
    assert.equal(stk.status, 201, stk.text);
    assert.equal(stk.body.currency, "KES");
  });

  it("with an order: the amount and currency must be its amount due; a paid order takes no payment (409)", async () => {
    const order = await newOrder(h);
    assertParam(await initialise(h, { ...bodies.mobile_stk, amount: order.amount_due + 1, order_id: order.id }), "parameter_invalid", "amount");
    assertParam(await initialise(h, { ...bodies.card_popup, currency: "USD", amount: order.amount_due, order_id: order.id }), "parameter_invalid", "currency");
    const paid = await initialise(h, { ...bodies.mobile_stk, amount: order.amount_due, order_id: order.id });
    assert.equal((await verify(h, paid.body.reference)).body.status, "paid");
    const again = await initialise(h, { ...bodies.mobile_stk, amount: order.amount_due, order_id: order.id });
    assertErrorType(again, 409, "conflict_error", "order_already_paid");
  });

  it("two initialisations for one pending order both verify paid: the order is paid once, the second payment shows review_reason order_already_paid and its event carries it", async () => {
    const order = await newOrder(h);
    const first = await initialise(h, { ...bodies.card_popup, amount: order.amount_due, order_id: order.id });
    const second = await initialise(h, { ...bodies.card_popup, amount: order.amount_due, order_id: order.id });
    assert.equal(first.status, 201, first.text);
    assert.equal(second.status, 201, second.text);
    const paid = await verify(h, first.body.reference);
    assert.equal(paid.body.status, "paid");
    assert.equal(paid.body.review_reason, null);
    const extra = await verify(h, second.body.reference);
    assert.equal(extra.body.status, "paid", "the money moved: the payment says so");
    assert.match(extra.body.review_reason, /^order_already_paid: .*refund/);
    const events = (await eventsOf(knex(h), h.storeId, "payment.succeeded")).filter((e) => e.data.payment.reference === second.body.reference);
    assert.equal(events.length, 1);
    assert.match(events[0]!.data.payment.review_reason, /^order_already_paid/);
    assert.equal((await eventsOf(knex(h), h.storeId, "order.paid")).filter((e) => e.data.order.id === order.id).length, 1);
    assert.equal((await orderOf(h, order.id)).payment_reference, first.body.reference);
  });

  it("mobile money is charged whole units: an order with cents is paid by M-Pesa with the amount rounded up (charged_amount)", async () => {
    const order = await newOrder(h, { price: 76_199 });
    assert.notEqual(Math.round(order.amount_due * 100) % 100, 0, `the order has cents: ${order.amount_due}`);
    const started = await initialise(h, { ...bodies.mobile_stk, amount: order.amount_due, order_id: order.id });
    assert.equal(started.status, 201, started.text);
    assert.equal(started.body.amount, order.amount_due);
    assert.equal(started.body.charged_amount, Math.ceil(order.amount_due));
    const verified = await verify(h, started.body.reference);
    assert.equal(verified.body.status, "paid");
    assert.equal(verified.body.review_reason, null);
    assert.equal(verified.body.charged_amount, Math.ceil(order.amount_due));
    assert.equal((await orderOf(h, order.id)).payment_status, "paid");
    const card = await initialise(h, { ...bodies.card_popup, currency: "KES", amount: 10.5 });
    assert.equal(card.body.charged_amount, 10.5, "cards take cents as they are");
  });

  it("an order whose amount due has cents, on every provider kind: the amount due is taken; mobile money also takes the whole units it charges; anything else is a 400 naming amount", async () => {
    for (const provider of PROVIDERS) {
      const order = await newOrder(h, { price: 76_199 });
      const due: number = order.amount_due;
      assert.notEqual(Math.round(due * 100) % 100, 0, `the order has cents: ${due}`);
      const whole = Math.ceil(due);
      const mobile = provider.startsWith("mobile_");
      for (const wrong of [Math.round((due - 0.01) * 100) / 100, Math.floor(due), whole + 1, ...(mobile ? [] : [whole])]) {
        const refused = await initialise(h, { ...bodies[provider], amount: wrong, order_id: order.id });
        assertParam(refused, "parameter_invalid", "amount");
        assert.match(refused.body.error.message, new RegExp(`amount due, ${due} KES${mobile ? ` \\(or ${whole}, the whole KES ${provider} charges for it\\)` : "$"}`));
      }
      const sent = mobile ? whole : due;
      const started = await initialise(h, { ...bodies[provider], amount: sent, order_id: order.id });
      assert.equal(started.status, 201, `${provider}: ${started.text}`);
      assert.deepEqual([started.body.amount, started.body.charged_amount], [due, mobile ? whole : due], `${provider}: both figures`);
      const verified = await verify(h, started.body.reference);
      assert.equal(verified.body.status, "paid", provider);
      assert.deepEqual([verified.body.amount, verified.body.charged_amount, verified.body.review_reason], [due, mobile ? whole : due, null]);
      assert.equal((await orderOf(h, order.id)).payment_status, "paid", provider);
      const stored = await knex(h)("payments").where({ reference: started.body.reference }).first();
      assert.deepEqual([Number(stored.amount), Number(stored.charged_amount)], [Math.round(due * 100), Math.round((mobile ? whole : due) * 100)], `${provider}: both figures are kept`);
    }
  });

  it("the body's idempotency_key must equal the Idempotency-Key header", async () => {
    const key = `pay-${randomUUID()}`;
    assertParam(await initialise(h, { ...bodies.mobile_stk, idempotency_key: "other" }, { idempotencyKey: key }), "parameter_invalid", "idempotency_key");
    const fresh = `pay-${randomUUID()}`;
    const same = await initialise(h, { ...bodies.mobile_stk, idempotency_key: fresh }, { idempotencyKey: fresh });
    assert.equal(same.status, 201, same.text);
    assert.equal((await paymentRow(h, same.body.reference)).idempotency_key, fresh);
  });

  it("401 without a signature, with a wrong one, or an old timestamp; 400 without Idempotency-Key; 403 for a publishable key", async () => {
    const body = bodies.mobile_stk;
    const count = async (): Promise<number> => Number((await knex(h)("payments").where({ store_id: h.storeId }).count({ n: "*" }).first())?.n);
    const before = await count();
    const send = (options: Record<string, unknown>) =>
      signedRequest(h.t.client, "POST", "/v1/payments/initialize", body, { key: h.secret, secret: h.t.store.store.hmacSecret, ...options });
    assertErrorType(await send({ signature: null }), 401, "authentication_error", "signature_missing");
    assertErrorType(await send({ omitTimestamp: true }), 401, "authentication_error", "signature_missing");
    assertErrorType(await send({ secret: "wrong-secret" }), 401, "authentication_error", "signature_invalid");
    assertErrorType(await send({ signedText: JSON.stringify({ ...body, amount: 1 }) }), 401, "authentication_error", "signature_invalid");
    assertErrorType(await send({ timestamp: unixSeconds() - 301 }), 401, "authentication_error", "timestamp_out_of_window");
    assertParam(await send({ idempotencyKey: null }), "parameter_missing", "Idempotency-Key");
    assertErrorType(await send({ key: h.publishable }), 403, "permission_error", "secret_key_required");
    assertErrorType(await h.t.client.post("/v1/payments/verify", { reference: "PAY-1-ABCDEFGH" }, { key: h.publishable }), 403, "permission_error", "secret_key_required");
    assertErrorType(await h.t.client.post("/v1/payments/verify", { reference: "PAY-1-ABCDEFGH" }), 401, "authentication_error", "invalid_api_key");
    assertParam(await h.t.client.post("/v1/payments/verify", { reference: "nope" }, { key: h.secret }), "parameter_invalid", "reference");
    assert.equal(await count(), before, "no refused request created a payment");
  });

  it("simulated provider refusals and outages answer 502 provider_error and 503 provider_unavailable and keep the payment", async () => {
    const rejected = await initialise(h, { ...bodies.card_redirect, email: "amina+rejected@example.com" });
    assertErrorType(rejected, 502, "api_error", "provider_error");
    const down = await initialise(h, { ...bodies.mobile_stk, phone: "0712340503" });
    assertErrorType(down, 503, "api_error", "provider_unavailable");
    assert.equal(down.headers.get("retry-after"), "1");
    const failed = await knex(h)("payments").where({ store_id: h.storeId, status: "failed" }).whereNull("provider_session_id");
    assert.ok(failed.some((p: any) => p.email === "amina+rejected@example.com" && /^provider_rejected/.test(p.failure_reason)));
    assert.ok(failed.some((p: any) => p.phone === "254712340503" && /^provider_unavailable/.test(p.failure_reason)));
  });
});

describe("payment initialisation budget", function () {
  this.timeout(60_000);
  const h = harness(() => ({ env: { STOREFRONT_PAYMENT_INITS_PER_HOUR: "3" } }));

  it("answers 429 with Retry-After beyond the store's hourly budget, which a replay does not spend and another store does not share", async () => {
    const key = `pay-${randomUUID()}`;
    for (let i = 0; i < 3; i++) {
      const started = await initialise(h, bodies.mobile_stk, i === 0 ? { idempotencyKey: key } : {});
      assert.equal(started.status, 201, started.text);
    }
    assert.ok(replayed(await initialise(h, bodies.mobile_stk, { idempotencyKey: key })));
    const limited = await initialise(h, bodies.mobile_stk);
    assertErrorType(limited, 429, "rate_limit_error", "rate_limited");
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.equal(limited.headers.get("ratelimit-limit"), "3");
    const other = await signedRequest(h.t.client, "POST", "/v1/payments/initialize", bodies.mobile_stk, {
      key: h.t.otherStore.keys.secretTest,
      secret: h.t.otherStore.store.hmacSecret,
    });
    assert.equal(other.status, 201, other.text);
  });
});

/** A provider whose answers a test sets, counting its calls. */
class ScriptedGateway implements PaymentGateway {
  readonly flow;
  initiateWith: (request: PaymentInitiation) => Promise<InitiatedPayment> = async (request) => ({
    providerSessionId: `cs_test_${request.reference}`,
    checkoutUrl: "https://checkout.provider.example/pay",
    providerResponse: { id: `cs_test_${request.reference}` },
  });
  statusWith: (lookup: PaymentLookup) => Promise<ProviderStatus> = async (lookup) => ({
    status: "paid",
    amountMinor: lookup.amountMinor,
    currency: lookup.currency,
    providerResponse: { paid: true },
  });
  readWith: (callback: IncomingCallback) => Promise<ReadCallback> = async () => {
    throw new CallbackRejected({ provider: this.provider, message: "bad signature" });
  };
  calls = { initiate: 0, status: 0 };
  constructor(readonly provider: PaymentProvider) {
    this.flow = PAYMENT_FLOWS[provider];
  }
  initiate(request: PaymentInitiation) {
    this.calls.initiate++;
    return this.initiateWith(request);
  }
  checkStatus(lookup: PaymentLookup) {
    this.calls.status++;
    return this.statusWith(lookup);
  }
  readCallback(callback: IncomingCallback) {
    return this.readWith(callback);
  }
  async refund(): Promise<RefundOutcome> {
    throw new ProviderRejected({ provider: this.provider, status: 400, message: "refunds are not scripted here" });
  }
  async checkRefund(): Promise<RefundOutcome | undefined> {
    return undefined;
  }
}

describe("payments with a real-provider stand-in", function () {
  this.timeout(60_000);
  const gateway = new ScriptedGateway("card_redirect");
  const gateways: PaymentGateways = {
    forProvider: (provider, mode) => (provider === "card_redirect" && mode === "test" ? gateway : undefined),
    callbackReaders: (provider) => (provider === "card_redirect" ? [gateway] : []),
  };
  const h = harness(() => ({ paymentGateways: gateways }));
  afterEach(() => {
    const fresh = new ScriptedGateway("card_redirect");
    gateway.initiateWith = fresh.initiateWith;
    gateway.statusWith = fresh.statusWith;
    gateway.readWith = fresh.readWith;
  });

  it("a provider refusal is a 502 that keeps the payment and its attempt; a retry with the same key starts that payment again", async () => {
    const key = `pay-${randomUUID()}`;
    gateway.initiateWith = async () => {
      throw new ProviderRejected({ provider: "card_redirect", status: 400, message: "Invalid currency for this account" });
    };
    const refused = await initialise(h, bodies.card_redirect, { idempotencyKey: key });
    assertErrorType(refused, 502, "api_error", "provider_error");
    assert.match(refused.body.error.message, /Invalid currency/);
    const stored = await knex(h)("payments").where({ store_id: h.storeId, idempotency_key: key }).first();
    assert.equal(stored.status, "failed");
    assert.equal(stored.provider_session_id, null);
    const [attempt] = await attemptsOf(h, stored.reference);
    assert.equal(attempt.kind, "initiate");
    assert.equal(attempt.error_code, "provider_rejected");
    assert.ok(attempt.finished_at !== null && attempt.latency_ms !== null);

    gateway.initiateWith = async () => {
      throw new ProviderUnavailable({ provider: "card_redirect", message: "timed out after 10000 ms" });
    };
    assertErrorType(await initialise(h, bodies.card_redirect, { idempotencyKey: key }), 503, "api_error", "provider_unavailable");

    gateway.initiateWith = new ScriptedGateway("card_redirect").initiateWith;
    const retried = await initialise(h, bodies.card_redirect, { idempotencyKey: key });
    assert.equal(retried.status, 201, retried.text);
    assert.equal(retried.body.reference, stored.reference, "the same payment, started again");
    assert.equal(retried.body.checkout_url, "https://checkout.provider.example/pay");
    assert.equal((await knex(h)("payments").where({ store_id: h.storeId, idempotency_key: key })).length, 1);
    assert.deepEqual(
      (await attemptsOf(h, stored.reference)).map((a) => a.error_code),
      ["provider_rejected", "provider_unavailable", null],
    );
  });

  it("a provider outage during verification is a 503, recorded as an attempt, and changes nothing", async () => {
    const started = await initialise(h, bodies.card_redirect);
    gateway.statusWith = async () => {
      throw new ProviderUnavailable({ provider: "card_redirect", message: "502 from the provider" });
    };
    assertErrorType(await verify(h, started.body.reference), 503, "api_error", "provider_unavailable");
    assert.equal((await paymentRow(h, started.body.reference)).status, "pending");
    assert.deepEqual((await attemptsOf(h, started.body.reference)).map((a) => a.error_code), [null, "provider_unavailable"]);
  });

  it("a provider reporting another amount paid fails the payment and flags it for review", async () => {
    const started = await initialise(h, bodies.card_redirect);
    gateway.statusWith = async (lookup) => ({ status: "paid", amountMinor: lookup.amountMinor - 100, currency: lookup.currency, providerResponse: {} });
    const verified = await verify(h, started.body.reference);
    assert.equal(verified.body.status, "failed");
    const row = await paymentRow(h, started.body.reference);
    assert.match(row.review_reason, /^amount_mismatch/);
    assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.failed"]);
  });

  it("a signed (authenticated) notification is acted on without asking the provider; a bad signature is a 400", async () => {
    const started = await initialise(h, bodies.card_redirect);
    gateway.readWith = async (incoming) => {
      if (incoming.headers["stripe-signature"] !== "good") throw new CallbackRejected({ provider: "card_redirect", message: "bad signature" });
      return { eventId: `evt_${started.body.reference}`, reference: started.body.reference, status: "paid", authenticated: true, mode: "test", providerResponse: { type: "checkout.session.completed" } };
    };
    const before = gateway.calls.status;
    assertErrorType(await callback(h, "card_redirect", { id: "evt" }, { "stripe-signature": "bad" }), 400, "invalid_request_error", "callback_rejected");
    const accepted = await callback(h, "card_redirect", { id: "evt" }, { "stripe-signature": "good" });
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(gateway.calls.status, before, "no status call for a signed notification");
    assert.equal((await paymentRow(h, started.body.reference)).status, "paid");
    assert.deepEqual(await paymentEvents(h, started.body.reference), ["payment.succeeded"]);
  });
});
