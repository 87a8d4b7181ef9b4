// Concurrent checkouts over real HTTP, on SQLite and on MariaDB with a pool of 10: the last units of
// a variant go to exactly as many orders as there are units, the others get 409 insufficient_stock
// with their carts untouched, stock never goes below 0, and no half order is left behind.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { assertError, okCart } from "../../support/cart-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { checkoutBody, createProduct, fillSessionCart, setUpDelivery, variantStock } from "../../support/order-fixtures.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const concurrencySuite = (title: string, options: () => TestApplicationOptions): void =>
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
    const orderCount = async (store = storeId): Promise<number> => Number((await knex()("orders").where({ store_id: store }).count({ n: "*" }).first())?.n);
    const ordersOfVariant = async (variantId: string): Promise<number> =>
      Number((await knex()("order_items").where({ variant_id: variantId }).countDistinct({ n: "order_id" }).first())?.n);
    const cartQuantity = async (session: string, variantId: string): Promise<number> => {
      const cart = okCart(await t.client.get("/v1/cart", { key: publishable, headers: { "x-session-id": session } }));
      return cart.items.find((i: any) => i.variant_id === variantId)?.quantity ?? 0;
    };

    /** `buyers` session carts each holding one unit of a variant with `stock` units, checked out at once. */
    const raceForLastUnits = async (buyers: number, stock: number): Promise<void> => {
      const variant = await createProduct(t.client, secret, `Last ${stock} of ${buyers}`, { price: 75_000, stock });
      const sessions: string[] = [];
      for (let i = 0; i < buyers; i++) sessions.push(await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }]));
      const ordersBefore = await orderCount();

      const responses: TestResponse[] = await Promise.all(sessions.map((session) => t.client.post("/v1/orders", checkoutBody({ session_id: session }), { key: secret })));

      const statuses = responses.map((r) => r.status);
      assert.ok(statuses.every((s) => s === 201 || s === 409), `each answer is 201 or 409, got ${statuses.join(",")}: ${responses.find((r) => r.status !== 201 && r.status !== 409)?.text}`);
      for (const refused of responses.filter((r) => r.status === 409)) assertError(refused, 409, "insufficient_stock");
      const winners = responses.flatMap((r, i) => (r.status === 201 ? [i] : []));
      assert.equal(winners.length, Math.min(buyers, stock), `exactly as many orders as units: ${statuses.join(",")}`);

      assert.equal(await variantStock(knex(), variant.variantId), Math.max(0, stock - buyers), "stock ends at what is left, never below 0");
      assert.equal(await orderCount(), ordersBefore + winners.length, "one order row per winner, none for the losers");
      assert.equal(await ordersOfVariant(variant.variantId), winners.length, "no order lines of a refused checkout");
      for (const [i, session] of sessions.entries()) {
        assert.equal(await cartQuantity(session, variant.variantId), winners.includes(i) ? 0 : 1, winners.includes(i) ? "the winner's cart is emptied" : "a loser's cart is untouched");
      }
      const numbers = responses.filter((r) => r.status === 201).map((r) => r.body.order_number);
      assert.equal(new Set(numbers).size, numbers.length, "each order its own number");
    };

    it("2 concurrent checkouts of the last unit: one 201, one 409 insufficient_stock", () => raceForLastUnits(2, 1));
    it("10 concurrent checkouts of the last unit: one 201, nine 409", () => raceForLastUnits(10, 1));
    it("10 concurrent checkouts of the last 3 units: three 201, seven 409", () => raceForLastUnits(10, 3));

    it("checks out one cart once when it is sent several times at once (no Idempotency-Key)", async () => {
      const variant = await createProduct(t.client, secret, "Double click", { price: 30_000, stock: 10 });
      const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 2 }]);
      const ordersBefore = await orderCount();
      const responses = await Promise.all(Array.from({ length: 5 }, () => t.client.post("/v1/orders", checkoutBody({ session_id: session }), { key: secret })));
      assert.equal(responses.filter((r) => r.status === 201).length, 1, `one order: ${responses.map((r) => r.status).join(",")}`);
      for (const refused of responses.filter((r) => r.status !== 201)) assertError(refused, 409, "cart_empty");
      assert.equal(await orderCount(), ordersBefore + 1);
      assert.equal(await variantStock(knex(), variant.variantId), 8, "2 units taken once");
    });

    it("gives a new store's first orders, placed at once, distinct consecutive numbers", async () => {
      const otherSecret = t.otherStore.keys.secretTest;
      const otherPublishable = t.otherStore.keys.publishableTest;
      await setUpDelivery(t.client, otherSecret);
      // On MariaDB the first orders race to create the store's counter row, and two of them can
      // deadlock; the victim must be run again whole, never finish outside its transaction.
      const sessions: string[] = [];
      const variants: string[] = [];
      for (let i = 0; i < 8; i++) {
        const variant = await createProduct(t.client, otherSecret, `First ${i} ${randomUUID().slice(0, 4)}`, { price: 1_500, stock: 3 });
        variants.push(variant.variantId);
        sessions.push(await fillSessionCart(t.client, otherPublishable, [{ variantId: variant.variantId, quantity: 1 }]));
      }
      const responses = await Promise.all(sessions.map((session) => t.client.post("/v1/orders", checkoutBody({ session_id: session }), { key: otherSecret })));
      for (const response of responses) assert.equal(response.status, 201, response.text);
      const numbers = responses.map((r) => Number(r.body.order_number.slice(-6))).sort((a, b) => a - b);
      assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8]);
      assert.equal(await orderCount(t.otherStore.store.id), 8);
      for (const variantId of variants) assert.equal(await variantStock(knex(), variantId), 2, "each unit taken once");
    });
  });

concurrencySuite("concurrent checkouts on SQLite", () => ({}));
describeMysql("concurrent checkouts on MariaDB", (getDb) =>
  concurrencySuite("concurrent checkouts", () => ({ databaseUrl: getDb().url, env: { STOREFRONT_DB_POOL_MAX: "10" } })),
);
