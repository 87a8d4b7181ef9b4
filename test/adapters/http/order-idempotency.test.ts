// Idempotency-Key on checkout and on the signed order update (docs/api/idempotency.md), on SQLite
// and MariaDB: replays with Idempotent-Replayed, reuse with another body, stored errors, concurrent
// repeats in one process, and the same key raced against two server processes on one MariaDB.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createConnection, type Connection } from "mysql2/promise";
import { assertError } from "../../support/cart-fixtures.js";
import { connect, type TestClient, type TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import {
  assertErrorType,
  checkoutBody,
  createProduct,
  fillSessionCart,
  orderEvents,
  placeSimpleOrder,
  setUpDelivery,
  variantStock,
} from "../../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../../support/server-process.js";
import { signedOrderPatch } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const replayed = (response: TestResponse): boolean => response.headers.get("idempotent-replayed") === "true";

/**
 * Checks the answers of requests raced with one key: each is the first answer (201/200, once,
 * not replayed), a replay of it, or a 409 idempotency_in_progress. Returns the first answer.
 */
const assertOneExecution = (responses: readonly TestResponse[], status: number): TestResponse => {
  for (const response of responses) {
    assert.ok(
      response.status === status || response.status === 409,
      `each answer is ${status} or 409, got ${response.status}: ${response.text}`,
    );
    if (response.status === 409) assertErrorType(response, 409, "conflict_error", "idempotency_in_progress");
  }
  const executed = responses.filter((r) => r.status === status && !replayed(r));
  assert.equal(executed.length, 1, `exactly one request ran; answers: ${responses.map((r) => `${r.status}${replayed(r) ? "r" : ""}`).join(",")}`);
  const first = executed[0]!;
  for (const replay of responses.filter((r) => r.status === status && replayed(r))) {
    assert.deepEqual(replay.body, first.body, "a replay answers the first body");
  }
  return first;
};

const idempotencySuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let storeId: string;

    before(async () => {
      t = await startTestApplication(options());
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      storeId = t.store.store.id;
      await setUpDelivery(t.client, secret);
    });
    after(() => t?.close());

    const knex = () => t.application.database.knex;
    const orderCount = async (): Promise<number> => Number((await knex()("orders").where({ store_id: storeId }).count({ n: "*" }).first())?.n);
    const checkout = (body: unknown, key: string) => t.client.post("/v1/orders", body, { key: secret, headers: { "Idempotency-Key": key } });
    const patch = (orderId: string, body: unknown, key: string) =>
      signedOrderPatch(t.client, orderId, body, { key: secret, secret: t.store.store.hmacSecret, idempotencyKey: key });
    const read = async (orderId: string) => (await t.client.get(`/v1/orders/${orderId}`, { key: secret })).body;
    const newOrder = async () => (await placeSimpleOrder(t.client, { secret, publishable })).order;

    it("replays a checkout: same status and body, Idempotent-Replayed: true, one order, stock taken once", async () => {
      const variant = await createProduct(t.client, secret, "Replayed lamp", { price: 250_000, stock: 5 });
      const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 2 }]);
      const body = checkoutBody({ session_id: session });
      const key = `checkout-${randomUUID()}`;
      const ordersBefore = await orderCount();

      const first = await checkout(body, key);
      assert.equal(first.status, 201, first.text);
      assert.equal(first.headers.get("idempotent-replayed"), null, "the first answer is no replay");
      for (let i = 0; i < 2; i++) {
        const again = await checkout(body, key);
        assert.equal(again.status, 201, again.text);
        assert.equal(again.headers.get("idempotent-replayed"), "true");
        assert.deepEqual(again.body, first.body, "the same order, byte for byte");
        assert.notEqual(again.headers.get("request-id"), first.headers.get("request-id"), "each request has its own id");
      }
      assert.equal(await orderCount(), ordersBefore + 1, "one order");
      assert.equal(await variantStock(knex(), variant.variantId), 3, "2 units taken once");
      assert.deepEqual(await orderEvents(knex(), storeId, first.body.id), ["order.created"], "one order.created");
    });

    it("replays an order update without applying it twice", async () => {
      const order = await newOrder();
      const key = `pay-${randomUUID()}`;
      const first = await patch(order.id, { payment_status: "paid", notes: "paid at the counter" }, key);
      assert.equal(first.status, 200, first.text);
      const again = await patch(order.id, { payment_status: "paid", notes: "paid at the counter" }, key);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.headers.get("idempotent-replayed"), "true");
      assert.deepEqual(again.body, first.body);
      assert.deepEqual(await orderEvents(knex(), storeId, order.id), ["order.created", "order.paid"], "one order.paid");
    });

    it("answers 422 idempotency_key_reused for the same key with another body, and changes nothing", async () => {
      const order = await newOrder();
      const key = `reuse-${randomUUID()}`;
      assert.equal((await patch(order.id, { notes: "first" }, key)).status, 200);
      const reused = await patch(order.id, { notes: "second" }, key);
      assertErrorType(reused, 422, "idempotency_error", "idempotency_key_reused");
      assert.equal((await read(order.id)).notes, "first");
      // Another order is another path, so another request.
      const other = await newOrder();
      assertErrorType(await patch(other.id, { notes: "first" }, key), 422, "idempotency_error", "idempotency_key_reused");
      assert.equal((await read(other.id)).notes, null);

      const variant = await createProduct(t.client, secret, "Reused key", { price: 10_000, stock: 5 });
      const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }]);
      const checkoutKey = `reuse-checkout-${randomUUID()}`;
      assert.equal((await checkout(checkoutBody({ session_id: session }), checkoutKey)).status, 201);
      const ordersAfter = await orderCount();
      const again = await checkout(checkoutBody({ session_id: session }, { notes: "ring twice" }), checkoutKey);
      assertErrorType(again, 422, "idempotency_error", "idempotency_key_reused");
      assert.equal(await orderCount(), ordersAfter);
    });

    it("scopes a key to its store and its operation", async () => {
      const key = `scoped-${randomUUID()}`;
      const order = await newOrder();
      assert.equal((await patch(order.id, { notes: "by patch" }, key)).status, 200);
      // The same key on checkout is another operation: it runs (and fails on its own merits).
      const onCheckout = await checkout(checkoutBody({ session_id: `sess_${randomUUID()}` }), key);
      assertError(onCheckout, 409, "cart_empty");
      assert.equal(onCheckout.headers.get("idempotent-replayed"), null);
      // The same key in another store is that store's own.
      const elsewhere = await t.client.post("/v1/orders", checkoutBody({ session_id: `sess_${randomUUID()}` }), {
        key: t.otherStore.keys.secretTest,
        headers: { "Idempotency-Key": key },
      });
      assertError(elsewhere, 409, "cart_empty");
      assert.equal(elsewhere.headers.get("idempotent-replayed"), null);
    });

    it("stores an error answer and replays it, even once the request would succeed", async () => {
      const order = await newOrder();
      const key = `error-${randomUUID()}`;
      const refused = await patch(order.id, { order_status: "shipped" }, key);
      assertError(refused, 409, "invalid_transition");
      assert.equal((await patch(order.id, { order_status: "processing" }, `move-${randomUUID()}`)).status, 200);
      const again = await patch(order.id, { order_status: "shipped" }, key);
      assertError(again, 409, "invalid_transition");
      assert.equal(again.headers.get("idempotent-replayed"), "true");
      assert.equal(again.body.error.message, refused.body.error.message, "the first error, replayed");
      assert.equal(again.body.error.request_id, again.headers.get("request-id"), "the replay names its own request");
      assert.equal((await read(order.id)).order_status, "processing", "the replay did not ship the order");

      // A checkout refused for an empty cart stays refused under its key after the cart is filled.
      const session = `sess_${randomUUID()}`;
      const checkoutKey = `empty-${randomUUID()}`;
      assertError(await checkout(checkoutBody({ session_id: session }), checkoutKey), 409, "cart_empty");
      const variant = await createProduct(t.client, secret, "Late item", { price: 10_000, stock: 3 });
      await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }], session);
      const replay = await checkout(checkoutBody({ session_id: session }), checkoutKey);
      assertError(replay, 409, "cart_empty");
      assert.equal(replay.headers.get("idempotent-replayed"), "true");
      assert.equal(await variantStock(knex(), variant.variantId), 3, "nothing was taken");
      const fresh = await checkout(checkoutBody({ session_id: session }), `fresh-${randomUUID()}`);
      assert.equal(fresh.status, 201, `a new key runs: ${fresh.text}`);
    });

    it("replays a validation error too", async () => {
      const key = `invalid-${randomUUID()}`;
      const body = checkoutBody({ session_id: `sess_${randomUUID()}` }, { total_amount: 1 });
      assertError(await checkout(body, key), 400, "parameter_unknown", "total_amount");
      const again = await checkout(body, key);
      assertError(again, 400, "parameter_unknown", "total_amount");
      assert.equal(again.headers.get("idempotent-replayed"), "true");
    });

    it("refuses an Idempotency-Key that is too long or not printable ASCII", async () => {
      const order = await newOrder();
      assertError(await patch(order.id, { notes: "x" }, "k".repeat(256)), 400, "parameter_invalid", "Idempotency-Key");
      assertError(await patch(order.id, { notes: "x" }, "tab\there"), 400, "parameter_invalid", "Idempotency-Key");
      assert.equal((await patch(order.id, { notes: "x" }, "k".repeat(255))).status, 200, "255 characters are allowed");
    });

    it("runs 10 concurrent checkouts with one key once: the others replay or are told it is in progress", async () => {
      const variant = await createProduct(t.client, secret, "Raced by key", { price: 50_000, stock: 10 });
      const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 3 }]);
      const body = checkoutBody({ session_id: session });
      const key = `race-${randomUUID()}`;
      const ordersBefore = await orderCount();
      const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(body, key)));
      const first = assertOneExecution(responses, 201);
      assert.equal(await orderCount(), ordersBefore + 1, "one order");
      assert.equal(await variantStock(knex(), variant.variantId), 7, "3 units taken once");
      const late = await checkout(body, key);
      assert.equal(late.status, 201);
      assert.ok(replayed(late), "a repeat after the race is a replay");
      assert.deepEqual(late.body, first.body);
    });

    it("runs 10 concurrent order updates with one key once", async () => {
      const order = await newOrder();
      const key = `race-patch-${randomUUID()}`;
      const responses = await Promise.all(Array.from({ length: 10 }, () => patch(order.id, { payment_status: "paid" }, key)));
      assertOneExecution(responses, 200);
      assert.deepEqual(await orderEvents(knex(), storeId, order.id), ["order.created", "order.paid"], "one order.paid");
    });
  });

idempotencySuite("idempotent orders on SQLite", () => ({}));
describeMysql("idempotent orders on MariaDB", (getDb) => idempotencySuite("idempotent orders", () => ({ databaseUrl: getDb().url })));

describeMysql("idempotent orders across two server processes on one MariaDB", (getDb) => {
  let servers: ServerProcess[] = [];
  let clients: TestClient[] = [];
  let seeded: SeededStore;
  let db: Connection;

  before(async function () {
    this.timeout(180_000);
    seeded = await seedStore(getDb().url);
    servers = await Promise.all([ServerProcess.start(getDb().url), ServerProcess.start(getDb().url)]);
    assert.notEqual(servers[0]!.port, servers[1]!.port, "two servers on two ports");
    clients = servers.map((s) => connect(s.url));
    db = await createConnection({ uri: getDb().url });
    await setUpDelivery(clients[0]!, seeded.secret_key);
  });
  after(async function () {
    this.timeout(60_000);
    await db?.end().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
  });

  const scalar = async (sql: string, values: unknown[]): Promise<number> => {
    const [rows] = await db.query(sql, values);
    return Number((rows as Record<string, unknown>[])[0]!.n);
  };
  /** `count` requests, alternating between the two servers, all sent at once. */
  const raceBoth = (count: number, send: (client: TestClient) => Promise<TestResponse>) =>
    Promise.all(Array.from({ length: count }, (_, i) => send(clients[i % 2]!)));

  it("runs one checkout for a key raced against both servers", async function () {
    this.timeout(120_000);
    const variant = await createProduct(clients[0]!, seeded.secret_key, "Two-process lamp", { price: 120_000, stock: 5 });
    const session = await fillSessionCart(clients[1]!, seeded.publishable_key, [{ variantId: variant.variantId, quantity: 2 }]);
    const body = checkoutBody({ session_id: session });
    const key = `two-processes-${randomUUID()}`;
    const responses = await raceBoth(20, (client) =>
      client.post("/v1/orders", body, { key: seeded.secret_key, headers: { "Idempotency-Key": key } }),
    );
    const first = assertOneExecution(responses, 201);
    assert.equal(await scalar("select count(*) as n from orders where store_id = ?", [seeded.store_id]), 1, "one order in the database");
    assert.equal(await scalar("select stock as n from variants where id = ?", [variant.variantId]), 3, "2 units taken once");
    // Both servers replay it afterwards.
    for (const client of clients) {
      const again = await client.post("/v1/orders", body, { key: seeded.secret_key, headers: { "Idempotency-Key": key } });
      assert.equal(again.status, 201, again.text);
      assert.ok(replayed(again), "a later repeat on either server is a replay");
      assert.deepEqual(again.body, first.body);
      const reused = await client.post("/v1/orders", { ...body, notes: "another body" }, { key: seeded.secret_key, headers: { "Idempotency-Key": key } });
      assertErrorType(reused, 422, "idempotency_error", "idempotency_key_reused");
    }
  });

  it("runs one signed order update for a key raced against both servers", async function () {
    this.timeout(120_000);
    const { order } = await placeSimpleOrder(clients[0]!, { secret: seeded.secret_key, publishable: seeded.publishable_key });
    const key = `two-processes-patch-${randomUUID()}`;
    const responses = await raceBoth(20, (client) =>
      signedOrderPatch(client, order.id, { payment_status: "paid" }, { key: seeded.secret_key, secret: seeded.hmac_secret, idempotencyKey: key }),
    );
    assertOneExecution(responses, 200);
    assert.equal(
      await scalar("select count(*) as n from events where store_id = ? and type = 'order.paid'", [seeded.store_id]),
      1,
      "one order.paid event",
    );
  });
});
