// OWASP API6 (Unrestricted Access to Sensitive Business Flows): gift card codes cannot be guessed
// (long random codes, checks of unknown codes throttled per address and per key, a valid code
// refused too once the budget is spent), and payment initialisation has its own hourly budget.
// Coupon guessing does not apply: promotions here have no codes; they apply by rule at checkout.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "mocha";
import { checkoutBody, createProduct, fillSessionCart, placeSimpleOrder, setUpDelivery } from "../support/order-fixtures.js";
import { signedRequest } from "../support/signed-request.js";
import type { TestApplication } from "../support/test-application.js";
import { startSecurityApplication } from "./security-world.js";

describe("API6 sensitive business flows", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  before(async function () {
    t = await startSecurityApplication({
      env: { STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS: "4", STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: "1000", STOREFRONT_PAYMENT_INITS_PER_HOUR: "2" },
    });
  });
  after(() => t?.close());

  it("issued gift card codes are long and random enough not to be guessed", async function () {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const card = await t.client.post("/v1/gift-cards", { initial_balance: 100 }, { key: t.store.keys.secretTest });
      assert.equal(card.status, 201, card.text);
      codes.add(card.body.code);
    }
    assert.equal(codes.size, 20);
    for (const code of codes) assert.ok(code.replace(/[^A-Za-z0-9]/g, "").length >= 12, `code ${code} is long`);
  });

  it("checks of unknown codes are throttled per address: after 4 misses even a valid code is 429", async function () {
    const key = t.store.keys.publishableTest;
    const card = await t.client.post("/v1/gift-cards", { initial_balance: 100 }, { key: t.store.keys.secretTest });
    const check = (code: string) => t.client.get(`/v1/gift-cards/check?code=${encodeURIComponent(code)}`, { key });
    assert.equal((await check(card.body.code)).status, 200, "a hit spends nothing");
    for (let i = 0; i < 4; i++) assert.equal((await check(`GUESS-${i}-0000-0000`)).status, 404);
    const refused = await check(card.body.code);
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.error.code, "rate_limited");
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
  });

  it("payment initialisation stops at its hourly budget per store (429), whatever the idempotency keys", async function () {
    const secret = t.store.keys.secretTest;
    await setUpDelivery(t.client, secret);
    const { order } = await placeSimpleOrder(t.client, { secret, publishable: t.store.keys.publishableTest });
    const body = { provider: "card_redirect", amount: order.total_amount, currency: "KES", email: "a@example.com", order_id: order.id, success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signedRequest(t.client, "POST", "/v1/payments/initialize", { ...body, metadata: { attempt: String(i) } }, { key: secret, secret: t.store.store.hmacSecret })).status);
    assert.equal(statuses[2], 429, `statuses ${statuses.join(",")}`);
    // Another store's budget is its own.
    const other = await signedRequest(t.client, "POST", "/v1/payments/initialize", { ...body, order_id: undefined, currency: "USD" }, { key: t.otherStore.keys.secretTest, secret: t.otherStore.store.hmacSecret });
    assert.notEqual(other.status, 429, other.text);
  });
});

describe("API6 gift card codes guessed through checkout", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  before(async function () {
    t = await startSecurityApplication({ env: { STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: "3" } });
  });
  after(() => t?.close());

  it("spends the key's gift card misses on unknown codes, so guessing stops at 429; a real card spends none", async function () {
    const keys = { secret: t.store.keys.secretTest, publishable: t.store.keys.publishableTest };
    await setUpDelivery(t.client, keys.secret);
    const variant = await createProduct(t.client, keys.secret, "Guarded mug", { price: 1_000, stock: 50 });
    const session = await fillSessionCart(t.client, keys.publishable, [{ variantId: variant.variantId, quantity: 1 }]);
    // With an Idempotency-Key, as clients send it: the checkout then runs in the idempotency's
    // transaction, and the miss must be spent before it (on SQLite's one connection, inside it, it would wait forever).
    const checkout = (code: string) =>
      t.client.post("/v1/orders", checkoutBody({ session_id: session }, { gift_card_code: code }), { key: keys.secret, headers: { "Idempotency-Key": randomUUID() } });
    const card = await t.client.post("/v1/gift-cards", { initial_balance: 1 }, { key: keys.secret });
    assert.equal(card.status, 201, card.text);

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await checkout(`GUESS-${i}-0000-0000`)).status);
    assert.deepEqual(statuses, [422, 422, 422], "each unknown code is refused and counted");
    const refused = await checkout("GUESS-9-0000-0000");
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    // Codes that name a card spend nothing: more checkouts with real cards than the budget holds.
    const otherKeys = { secret: t.otherStore.keys.secretTest, publishable: t.otherStore.keys.publishableTest };
    await setUpDelivery(t.client, otherKeys.secret);
    for (let i = 0; i < 5; i++) {
      const otherCard = await t.client.post("/v1/gift-cards", { initial_balance: 1 }, { key: otherKeys.secret });
      assert.equal(otherCard.status, 201, otherCard.text);
      const { order } = await placeSimpleOrder(t.client, otherKeys, { overrides: { gift_card_code: otherCard.body.code } });
      assert.equal(order.gift_card_amount, 1);
    }
  });
});
