// OWASP API3 (Broken Object Property Level Authorization): no write route lets a client set a
// property the server owns (mass assignment), and no answer exposes one a client must not see
// (password hashes, webhook secrets after creation, key hashes).
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import { checkoutBody } from "../support/order-fixtures.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, customerHeaders, pathOf, sendToRoute, startWorld, validBody, type StoreWorld } from "./security-world.js";

/** Properties the server sets: a client naming one in a body must be refused, not obeyed. */
const SERVER_OWNED = [
  "id",
  "store_id",
  "created_at",
  "updated_at",
  "total_amount",
  "subtotal",
  "tax_amount",
  "discount_amount",
  "shipping_amount",
  "amount_paid",
  "payment_status",
  "order_status",
  "order_number",
  "balance",
  "view_count",
  "views",
  "delivery_stats",
  "secret",
  "hmac_secret",
  "livemode",
  "mode",
  "paid_at",
  "email_confirmed",
  "password_hash",
  "role",
  "is_admin",
  "usage_count",
  "times_used",
  "selling_price",
  "code",
  "__proto__",
  "constructor",
] as const;

/** The server-owned names a route documents as input on purpose, with the reason. */
const DOCUMENTED_INPUTS: Readonly<Record<string, readonly string[]>> = {
  // The merchant moves an order's states with a signed request (docs/api/orders.md, "Updating an
  // order").
  updateOrder: ["payment_status", "order_status"],
  // The one-time code the customer types.
  verifyOneTimeCode: ["code"],
  // A quote prices delivery for the subtotal the caller is about to spend; it changes nothing.
  quoteShipping: ["subtotal"],
};

const documentedBodyProperties = (document: any, route: AnyRoute): Set<string> => {
  const operation = document.paths[route.path]?.[route.method.toLowerCase()];
  let schema = operation?.requestBody?.content?.["application/json"]?.schema;
  while (schema?.$ref !== undefined) schema = document.components.schemas[String(schema.$ref).split("/").pop()!];
  return new Set(Object.keys(schema?.properties ?? {}));
};

describe("API3 object property level authorization", function () {
  // A walk over every write route with every server-owned property: over 1,000 requests, 6 s on a
  // quiet run, 20 s and more late in the whole suite's one process on a loaded 2-core machine.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;
  let document: any;

  before(async function () {
    ({ t, world } = await startWorld());
    document = (await t.client.get("/v1/openapi.json")).body;
  });
  after(() => t?.close());

  const writeRoutes = (): AnyRoute[] => t.application.routes.filter((r) => r.access !== "public" && r.body !== undefined);

  it("no write route documents a server-owned property as input, except the reasoned ones", function () {
    const found: string[] = [];
    for (const route of writeRoutes()) {
      const properties = documentedBodyProperties(document, route);
      assert.ok(properties.size > 0, `${route.operationId} documents its body`);
      for (const name of SERVER_OWNED) {
        if (properties.has(name) && !(DOCUMENTED_INPUTS[route.operationId] ?? []).includes(name)) found.push(`${route.operationId}.${name}`);
      }
    }
    assert.deepEqual(found, []);
  });

  it("every write route refuses each server-owned property with 400 parameter_unknown naming it", async function () {
    const wrong: string[] = [];
    let sent = 0;
    for (const route of writeRoutes()) {
      const properties = documentedBodyProperties(document, route);
      const body = validBody(route, world)!;
      for (const name of SERVER_OWNED) {
        if (properties.has(name)) continue;
        // JSON text, so that __proto__ and constructor arrive as own keys of the parsed body.
        const raw = JSON.stringify(body).replace(/^\{/, `{${JSON.stringify(name)}:${name === "total_amount" ? 0.01 : JSON.stringify("x")},`);
        const response = await sendToRoute(t.client, route, pathOf(route, world), { key: world.secret, hmacSecret: world.hmacSecret, body: raw, headers: customerHeaders(world) });
        sent += 1;
        if (response.status !== 400 || response.body?.error?.code !== "parameter_unknown" || response.body?.error?.param !== name) {
          wrong.push(`${route.operationId} with ${name}: ${response.status} ${response.text.slice(0, 160)}`);
        } else if (sent % 50 === 0) assertErrorShape(response, route.operationId);
      }
    }
    assert.ok(sent > 1_000, `requests sent: ${sent}`);
    assert.deepEqual(wrong, []);
  });

  it("nested server-owned properties are refused too (a variant's selling_price, an address's id)", async function () {
    const product = await t.client.post("/v1/products", { name: "Nested", variants: [{ sku: "NESTED-1", price: 1_000, stock: 1, selling_price: 1 }] }, { key: world.secret });
    assert.equal(product.status, 400, product.text);
    assert.equal(product.body.error.param, "variants[0].selling_price");
    const order = await t.client.post("/v1/orders", checkoutBody({ session_id: world.session }, { shipping_address: { name: "A", line1: "B", city: "Nairobi", country: "KE", id: "x" } }), { key: world.secret });
    assert.equal(order.status, 400, order.text);
    assert.equal(order.body.error.param, "shipping_address.id");
  });

  it("a checkout that names its total or its payment status is refused and no order is made", async function () {
    const before = await t.application.database.knex("orders").where({ store_id: world.store.store.id }).count({ n: "*" });
    for (const extra of [{ total_amount: 0.01 }, { payment_status: "paid" }, { order_status: "delivered" }, { discount_amount: 1e9 }]) {
      const response = await t.client.post("/v1/orders", checkoutBody({ session_id: world.session }, extra), { key: world.secret });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.code, "parameter_unknown");
    }
    const afterCount = await t.application.database.knex("orders").where({ store_id: world.store.store.id }).count({ n: "*" });
    assert.deepEqual(afterCount, before);
    // The session's cart is still there and checks out at its real price, unpaid.
    const placed = await t.client.post("/v1/orders", checkoutBody({ session_id: world.session }), { key: world.secret });
    assert.equal(placed.status, 201, placed.text);
    assert.equal(placed.body.payment_status, "pending");
    assert.ok(placed.body.total_amount >= 1_000, `total ${placed.body.total_amount}`);
  });

  it("answers never carry password hashes, key hashes or a webhook secret after its creation", async function () {
    const x = { key: world.secret, headers: { "x-auth-token": world.customerX.accessToken } };
    const reads = [
      await t.client.get("/v1/auth/me", x),
      await t.client.get(`/v1/customers/${world.customerX.id}`, x),
      await t.client.post("/v1/auth/login", { email: world.customerY.email, password: world.customerY.password }, { key: world.secret }),
      await t.client.get(`/v1/webhook_endpoints/${world.webhookEndpointId}`, { key: world.secret }),
      await t.client.get("/v1/webhook_endpoints", { key: world.secret }),
      await t.client.get("/v1/store", { key: world.secret }),
      await t.client.get(`/v1/orders/${world.orderIdX}`, x),
    ];
    for (const response of reads) {
      assert.equal(response.status, 200, response.text);
      assert.doesNotMatch(response.text, /password|scrypt|key_hash|whsec_|svc_sk_|svc_pk_/i, response.text.slice(0, 300));
    }
  });
});
