// OWASP API5 (Broken Function Level Authorization): every secret operation refuses publishable
// keys (403), the set of operations a publishable key may call is exactly the documented one, and
// test and live keys stay in their own mode where records have one (payments, webhook events).
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import type { TestApplication } from "../support/test-application.js";
import { signedRequest } from "../support/signed-request.js";
import { assertErrorShape, customerHeaders, pathOf, sendToRoute, startWorld, validBody, type StoreWorld } from "./security-world.js";

/**
 * Writes a publishable key may call: docs/api/keys-and-auth.md, "What each key may call" (semantic
 * search, the cart operations) and the shipping quote (docs/decisions/offers.md,
 * offers-16). Anything else new here is a decision to write down first.
 */
// A customer asks for a return from the shop's browser with their token, as they fill a cart.
const PUBLISHABLE_WRITES = ["semanticSearchProducts", "addCartItem", "updateCartItem", "removeCartItem", "quoteShipping", "requestReturn"].sort();

describe("API5 function level authorization", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;

  before(async function () {
    ({ t, world } = await startWorld());
  });
  after(() => t?.close());

  it("publishable keys (test and live) get 403 secret_key_required on every secret operation, before anything runs", async function () {
    const secretRoutes = t.application.routes.filter((r) => r.access === "secret");
    assert.ok(secretRoutes.length >= 70, `secret routes: ${secretRoutes.length}`);
    const wrong: string[] = [];
    for (const key of [world.publishable, world.store.keys.publishableLive]) {
      for (const route of secretRoutes) {
        const body = validBody(route, world);
        const response = await sendToRoute(t.client, route, pathOf(route, world), {
          key,
          hmacSecret: world.hmacSecret,
          ...(body !== undefined ? { body } : {}),
          headers: customerHeaders(world),
        });
        if (response.status !== 403 || response.body?.error?.code !== "secret_key_required") wrong.push(`${route.operationId}: ${response.status} ${response.text.slice(0, 120)}`);
        else assert.equal(response.body.error.type, "permission_error");
      }
    }
    assert.deepEqual(wrong, []);
    assertErrorShape(await t.client.post("/v1/products", {}, { key: world.publishable }), "403");
  });

  it("the routes open to publishable keys are reads (none under /v1/auth/ or of webhooks) plus the documented writes", function () {
    const publishable = t.application.routes.filter((r) => r.access === "publishable");
    assert.deepEqual(publishable.filter((r) => r.method !== "GET").map((r) => r.operationId).sort(), PUBLISHABLE_WRITES);
    const adminReads = publishable.filter((r) => /^\/v1\/(auth|webhook_|store|price-rules|exchange-rates|gift-cards\/?$|gift-cards\/\{)/.test(r.path));
    assert.deepEqual(adminReads.map((r) => r.operationId), []);
    // The only routes without a key are the providers' notifications: a payment's (proved by its
    // signature), and M-Pesa's result of a reversal, which settles only a pending refund it names.
    assert.deepEqual(t.application.routes.filter((r) => r.access === "public").map((r) => r.operationId).sort(), ["receiveMpesaReversalResult", "receivePaymentCallback"]);
  });

  it("publishable keys reach every publishable operation (no 401 or 403 for the key itself)", async function () {
    const wrong: string[] = [];
    for (const route of t.application.routes.filter((r: AnyRoute) => r.access === "publishable")) {
      const body = validBody(route, world);
      const response = await sendToRoute(t.client, route, pathOf(route, world), { key: world.publishable, ...(body !== undefined ? { body } : {}), headers: customerHeaders(world) });
      if (response.body?.error?.code === "secret_key_required" || response.body?.error?.code === "invalid_api_key") wrong.push(`${route.operationId}: ${response.text}`);
    }
    assert.deepEqual(wrong, []);
  });

  it("a publishable key may not widen a read to what only the merchant sees", async function () {
    const response = await t.client.get("/v1/promotions?status=all", { key: world.publishable });
    assert.equal(response.status, 403, response.text);
    assert.equal(response.body.error.code, "secret_key_required");
    const orders = await t.client.get("/v1/orders", { key: world.publishable });
    assert.equal(orders.status, 401, "a publishable key lists orders only with a customer token");
  });

  describe("test and live modes", function () {
    it("a payment made with a test key is not found with a live key, and the reverse", async function () {
      const body = { provider: "card_redirect", amount: 10, currency: "KES", email: "a@example.com", success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" };
      const started = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: world.secret, secret: world.hmacSecret });
      assert.equal(started.status, 201, started.text);
      assert.equal(started.body.mode, "test");
      const asLive = await t.client.post("/v1/payments/verify", { reference: started.body.reference }, { key: world.store.keys.secretLive });
      assert.equal(asLive.status, 404, asLive.text);
      const asTest = await t.client.post("/v1/payments/verify", { reference: started.body.reference }, { key: world.secret });
      assert.equal(asTest.status, 200, asTest.text);
      assert.equal(asTest.body.mode, "test");
    });

    it("a live key never reaches the payment simulator", async function () {
      const body = { provider: "card_redirect", amount: 10, currency: "KES", email: "a@example.com", success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" };
      const live = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: world.store.keys.secretLive, secret: world.hmacSecret });
      assert.ok(live.status >= 400 && live.status < 500, `a live payment without live credentials is refused: ${live.status} ${live.text}`);
      assert.equal(live.body.error.code, "provider_not_configured", live.text);
    });

    it("a test-mode order cannot be paid through a live-key payment", async function () {
      const body = { provider: "card_redirect", amount: 10, currency: "KES", email: "a@example.com", order_id: world.orderId, success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" };
      const live = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: world.store.keys.secretLive, secret: world.hmacSecret });
      assert.ok(live.status >= 400 && live.status < 500, `${live.status} ${live.text}`);
    });

    it("a live-key webhook endpoint is marked live and a test one test", async function () {
      const made = await t.client.post("/v1/webhook_endpoints", { url: "https://hooks.example.com/live", events: ["order.created"] }, { key: world.store.keys.secretLive });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.webhook_endpoint.livemode, true);
      const test = await t.client.get(`/v1/webhook_endpoints/${world.webhookEndpointId}`, { key: world.secret });
      assert.equal(test.body.webhook_endpoint.livemode, false);
    });
  });
});
