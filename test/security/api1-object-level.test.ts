// OWASP API1 (Broken Object Level Authorization): every route that addresses a record by a path
// parameter is tried on store A's records with store B's keys (404, and A's rows unchanged), and
// every customer-owned record of customer X with customer Y's token (403 or 404, never 2xx).
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import { registerCustomer, type SignedInCustomer } from "../support/customer-fixtures.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, customerHeaders, newSession, pathOf, sendToRoute, startWorld, validBody, type StoreWorld } from "./security-world.js";

/** Every row of store A in every table that has a store_id, as text: what B must not change. */
const snapshotOf = async (t: TestApplication, storeId: string): Promise<Record<string, string>> => {
  const knex = t.application.database.knex;
  // The tables with a store_id, on SQLite or MySQL (the suite runs on both: security-database.ts).
  const tables: string[] =
    t.application.database.dialect === "sqlite"
      ? ((await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[]).map((row) => row.name)
      : ((await knex.raw("SELECT table_name AS name FROM information_schema.columns WHERE table_schema = database() AND column_name = 'store_id'"))[0] as { name: string }[]).map(
          (row) => row.name,
        );
  const out: Record<string, string> = {};
  for (const name of tables) {
    if (t.application.database.dialect === "sqlite") {
      const columns: { name: string }[] = await knex.raw(`PRAGMA table_info("${name}")`);
      if (!columns.some((c) => c.name === "store_id")) continue;
    }
    const rows = await knex(name).where({ store_id: storeId });
    out[name] = JSON.stringify(rows.map((row: Record<string, unknown>) => JSON.stringify(row)).sort());
  }
  return out;
};

const addressed = (routes: readonly AnyRoute[]): AnyRoute[] => routes.filter((r) => r.access !== "public" && /\{\w+\}/.test(r.path));

/** The operations on the customer record itself, which answer 403 to any id but the token's owner's. */
const CUSTOMER_RECORD_OPERATIONS: readonly string[] = ["getCustomer", "getEmailPreferences", "updateEmailPreferences"];

describe("API1 object level authorization", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;
  let customerB: SignedInCustomer;

  before(async function () {
    ({ t, world } = await startWorld());
    customerB = await registerCustomer(t.client, t.otherStore.keys.secretTest, { name: "Customer of B" });
  });
  after(() => t?.close());

  it("store B's secret key gets 404 on every route that addresses one of store A's records, and changes nothing of A", async function () {
    const routes = addressed(t.application.routes);
    assert.ok(routes.length >= 50, `routes with a path parameter: ${routes.length}`);
    const before = await snapshotOf(t, world.store.store.id);
    const b = t.otherStore;
    const wrong: string[] = [];
    for (const route of routes) {
      const body = validBody(route, world);
      // B's own customer token and session, and customer_id where a body names one, so only the record's store differs.
      const response = await sendToRoute(t.client, route, pathOf(route, world), {
        key: b.keys.secretTest,
        hmacSecret: b.store.hmacSecret,
        ...(body !== undefined ? { body: "customer_id" in body ? { ...body, customer_id: customerB.id } : body } : {}),
        headers: { "x-auth-token": customerB.accessToken, "x-session-id": newSession() },
      });
      // The customer record itself (and its email preferences) is addressed by the token's owner: any
      // other id is 403 forbidden, the same answer whether or not it exists (docs/decisions/security.md, security-08).
      const expected = CUSTOMER_RECORD_OPERATIONS.includes(route.operationId) ? ["forbidden"] : ["resource_missing"];
      if (!expected.includes(response.body?.error?.code)) wrong.push(`${route.method} ${route.path}: ${response.status} ${response.text.slice(0, 160)}`);
      else assertErrorShape(response, route.operationId);
    }
    assert.deepEqual(wrong, [], "every cross-store access answers 404 resource_missing (403 forbidden for the customer record)");
    assert.deepEqual(await snapshotOf(t, world.store.store.id), before, "store A's rows are unchanged");
  });

  it("store B's publishable keys (test and live) get 404 or 403 on A's records, never an answer", async function () {
    for (const key of [t.otherStore.keys.publishableTest, t.otherStore.keys.publishableLive]) {
      for (const route of addressed(t.application.routes).filter((r) => r.method === "GET")) {
        const response = await t.client.get(pathOf(route, world), { key, headers: { "x-auth-token": customerB.accessToken } });
        assert.ok([403, 404].includes(response.status), `${route.operationId}: ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
  });

  it("store A's records never appear in store B's lists", async function () {
    const key = t.otherStore.keys.secretTest;
    const lists = t.application.routes.filter((r) => r.method === "GET" && r.access !== "public" && !/\{/.test(r.path));
    const aIds = [world.productId, world.categoryId, world.subcategoryId, world.collectionId, world.priceRuleId, world.promotionId, world.giftCardId, world.tierId, world.zoneId, world.postId, world.lookbookId, world.webhookEndpointId, world.orderId, world.orderIdX, world.threadIdX];
    for (const route of lists) {
      const response = await t.client.get(route.path, { key, headers: { "x-auth-token": customerB.accessToken } });
      assert.ok(response.status < 500, `${route.operationId}: ${response.status}`);
      for (const id of aIds) assert.ok(!response.text.includes(id), `${route.operationId} shows a record of store A: ${id}`);
    }
  });

  it("a customer token of store A is refused with store B's key", async function () {
    const response = await t.client.get("/v1/auth/me", { key: t.otherStore.keys.secretTest, headers: { "x-auth-token": world.customerX.accessToken } });
    assert.equal(response.status, 401, response.text);
    assert.equal(response.body.error.code, "invalid_token");
  });

  describe("customer Y against customer X's records", function () {
    const customerRoutes = (): AnyRoute[] =>
      addressed(t.application.routes).filter(
        (r) => /^\/v1\/(customers|wishlist|messaging|cart)\//.test(r.path) || (r.path.startsWith("/v1/orders/") && r.access === "publishable"),
      );

    it("Y's token on every route addressing X's customer record, wishlist item, thread, cart line or order: 403 or 404", async function () {
      const routes = customerRoutes();
      assert.ok(routes.length >= 9, `customer routes: ${routes.length}`);
      const wrong: string[] = [];
      for (const route of routes) {
        const body = validBody(route, world);
        const key = route.access === "publishable" ? world.publishable : world.secret;
        for (const owner of [world.customerY.id, world.customerX.id]) {
          // Y names itself (the record is not in its cart/list: 404) or names X (not its own: 403).
          const query = /^\/v1\/cart\//.test(route.path) && route.method === "DELETE" ? `?customer_id=${owner}` : "";
          const response = await sendToRoute(t.client, route, pathOf(route, world) + query, {
            key,
            hmacSecret: world.hmacSecret,
            ...(body !== undefined ? { body: /cart|wishlist/.test(route.path) ? { ...body, customer_id: owner } : body } : {}),
            headers: { "x-auth-token": world.customerY.accessToken },
          });
          if (![403, 404].includes(response.status)) wrong.push(`${route.method} ${route.path} as ${owner === world.customerX.id ? "X" : "Y"}: ${response.status} ${response.text.slice(0, 160)}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    it("Y's lists and cart hold nothing of X; naming X as the owner is 403 forbidden", async function () {
      const y = { "x-auth-token": world.customerY.accessToken };
      const orders = await t.client.get("/v1/orders", { key: world.publishable, headers: y });
      assert.equal(orders.status, 200, orders.text);
      assert.deepEqual(orders.body.orders, []);
      for (const path of ["/v1/messaging/threads", "/v1/wishlist"]) {
        const response = await t.client.get(path, { key: world.publishable, headers: y });
        assert.equal(response.status, 200, response.text);
        assert.ok(!response.text.includes(world.threadIdX) && !response.text.includes(world.wishlistItemIdX), `${path} shows X's records`);
      }
      const cart = await t.client.get(`/v1/cart?customer_id=${world.customerX.id}`, { key: world.publishable, headers: y });
      assert.equal(cart.status, 403, cart.text);
      assert.equal(cart.body.error.code, "forbidden");
      // The order list of a customer token is that customer's, whatever customer_id asks for.
      const filtered = await t.client.get(`/v1/orders?customer_id=${world.customerX.id}`, { key: world.publishable, headers: y });
      assert.ok(filtered.status === 403 || (filtered.status === 200 && filtered.body.orders.length === 0), filtered.text);
      const added = await t.client.post("/v1/cart/items", { customer_id: world.customerX.id, variant_id: world.variantId, quantity: 1 }, { key: world.publishable, headers: y });
      assert.equal(added.status, 403, added.text);
    });

    it("a publishable key without a customer token sees no orders and no customer records", async function () {
      assert.equal((await t.client.get("/v1/orders", { key: world.publishable })).status, 401);
      assert.equal((await t.client.get(`/v1/orders/${world.orderIdX}`, { key: world.publishable })).status, 401);
      assert.equal((await t.client.get(`/v1/customers/${world.customerX.id}`, { key: world.publishable })).status, 401);
    });

    it("another anonymous session cannot change or remove a session cart's line", async function () {
      const other = { key: world.publishable, headers: { "x-session-id": newSession() } };
      assert.equal((await t.client.patch(`/v1/cart/items/${world.sessionCartItemId}`, { quantity: 3 }, other)).status, 404);
      assert.equal((await t.client.delete(`/v1/cart/items/${world.sessionCartItemId}`, other)).status, 404);
      const cart = await t.client.get("/v1/cart", { key: world.publishable, headers: customerHeaders(world) });
      assert.equal(cart.status, 200);
    });
  });
});
