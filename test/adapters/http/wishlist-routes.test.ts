// Specifies wishlists over real HTTP on SQLite (docs/api/carts-and-wishlists.md, "Wishlists"): the
// answer's shape with the product data as it is now, no duplicate variants, variants of the store
// only, and ownership: the customer of the token must be the customer named (403), a token of
// another store is unknown.
import assert from "node:assert/strict";
import { multiProductBody, simpleProductBody, variantBody } from "../../support/catalog-fixtures.js";
import { registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param);
};

describe("wishlist over HTTP", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  let amina: SignedInCustomer;
  let brian: SignedInCustomer;
  let lamp: { productId: string; variantId: string };
  let sofa: { productId: string; variants: { variant_id: string; sku: string }[] };
  let otherStoreVariant: string;

  const add = (customer: SignedInCustomer, variantId: string, body: Record<string, unknown> = {}, token = customer.accessToken) =>
    t.client.post("/v1/wishlist", { variant_id: variantId, customer_id: customer.id, ...body }, withToken(secret, token));
  const list = (customer: SignedInCustomer, query = "", key = secret) => t.client.get(`/v1/wishlist${query}`, withToken(key, customer.accessToken));

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_SCRYPT_COST: "1024" } });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    const lampResponse = await t.client.post(
      "/v1/products",
      simpleProductBody("Brass Floor Lamp", "LAMP-1", {
        media: [
          { url: "https://images.example.com/lamp-1.jpg", alt_text: "Lamp", is_primary: true },
          { url: "https://images.example.com/lamp-2.jpg" },
        ],
      }, { price: 14_500_00, sale_price: 12_000_00, stock: 7 }),
      { key: secret },
    );
    assert.equal(lampResponse.status, 201, lampResponse.text);
    lamp = { productId: lampResponse.body.product_id, variantId: lampResponse.body.variant_id };
    const sofaResponse = await t.client.post(
      "/v1/products",
      multiProductBody("Kilimani Sofa", [
        variantBody("SOFA-GREY", { variant_name: "Grey", variant_attributes: { colour: "Grey" }, price: 89_000_00, stock: 3 }),
        variantBody("SOFA-OLIVE", { variant_name: "Olive", variant_attributes: { colour: "Olive" }, price: 92_000_00, stock: 0 }),
      ], { thumbnail_url: "https://images.example.com/sofa-thumb.jpg" }),
      { key: secret },
    );
    assert.equal(sofaResponse.status, 201, sofaResponse.text);
    sofa = { productId: sofaResponse.body.product_id, variants: sofaResponse.body.variants };
    const elsewhere = await t.client.post("/v1/products", simpleProductBody("Foreign Mug", "MUG-1"), { key: t.otherStore.keys.secretTest });
    otherStoreVariant = elsewhere.body.variant_id;
    amina = await registerCustomer(t.client, secret);
    brian = await registerCustomer(t.client, secret);
  });

  after(async () => {
    await t?.close();
  });

  it("adding answers the refreshed wishlist in its documented shape", async () => {
    const response = await add(amina, lamp.variantId);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ["customer_id", "items", "total_items"]);
    assert.equal(response.body.customer_id, amina.id);
    assert.equal(response.body.total_items, 1);
    const [item] = response.body.items;
    assert.match(item.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      { ...item, id: "", created_at: "", media: item.media.map((m: { id: string }) => ({ ...m, id: "" })) },
      {
        id: "",
        product_id: lamp.productId,
        variant_id: lamp.variantId,
        product_name: "Brass Floor Lamp",
        variant_name: "",
        variant_attributes: {},
        product_sku: "LAMP-1",
        product_price: 12_000_00,
        thumbnail_url: "https://images.example.com/lamp-1.jpg",
        media: [
          { id: "", url: "https://images.example.com/lamp-1.jpg", position: 0, alt_text: "Lamp", is_primary: true },
          { id: "", url: "https://images.example.com/lamp-2.jpg", position: 1, alt_text: null, is_primary: false },
        ],
        stock_available: 7,
        has_variants: false,
        created_at: "",
      },
    );
    assert.ok(!Number.isNaN(Date.parse(item.created_at)));
  });

  it("a variant already there is not added twice; variants of one product are separate items", async () => {
    const customer = await registerCustomer(t.client, secret);
    const [grey, olive] = sofa.variants;
    await add(customer, grey!.variant_id);
    const again = await add(customer, grey!.variant_id);
    assert.equal(again.status, 200);
    assert.equal(again.body.total_items, 1);
    const both = await add(customer, olive!.variant_id);
    assert.equal(both.body.total_items, 2);
    assert.deepEqual(both.body.items.map((i: { product_sku: string }) => i.product_sku).sort(), ["SOFA-GREY", "SOFA-OLIVE"]);
    const oliveItem = both.body.items.find((i: { product_sku: string }) => i.product_sku === "SOFA-OLIVE");
    assert.equal(oliveItem.has_variants, true);
    assert.equal(oliveItem.variant_name, "Olive");
    assert.deepEqual(oliveItem.variant_attributes, { colour: "Olive" });
    assert.equal(oliveItem.stock_available, 0);
    assert.equal(oliveItem.thumbnail_url, "https://images.example.com/sofa-thumb.jpg");
    const rows = await t.application.database.knex("wishlist_items").where({ customer_id: customer.id });
    assert.equal(rows.length, 2);
  });

  it("parallel adds of one variant make one item", async () => {
    const customer = await registerCustomer(t.client, secret);
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(customer, lamp.variantId)));
    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    assert.equal((await list(customer)).body.total_items, 1);
  });

  it("the legacy product_id is accepted and ignored", async () => {
    const customer = await registerCustomer(t.client, secret);
    const response = await add(customer, lamp.variantId, { product_id: sofa.productId });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.items[0].product_id, lamp.productId);
  });

  it("a variant that is not the store's: 404 resource_missing naming variant_id (a malformed id: 400)", async () => {
    assertError(await add(amina, otherStoreVariant), 404, "resource_missing", "variant_id");
    assertError(await add(amina, "01900000-0000-7000-8000-000000000000"), 404, "resource_missing", "variant_id");
    assertError(await add(amina, "not-a-uuid"), 400, "parameter_invalid", "variant_id");
    assertError(await t.client.post("/v1/wishlist", { customer_id: amina.id }, withToken(secret, amina.accessToken)), 400, "parameter_missing", "variant_id");
  });

  it("the body's customer_id must be the token's customer: 403 forbidden", async () => {
    assertError(await add(brian, lamp.variantId, {}, amina.accessToken), 403, "forbidden");
    assert.equal((await list(brian)).body.total_items, 0, "nothing was added to Brian's list");
  });

  it("no token: 401; a token of another store's customer: 401; a publishable key may not write: 403", async () => {
    assertError(await t.client.post("/v1/wishlist", { variant_id: lamp.variantId, customer_id: amina.id }, { key: secret }), 401, "invalid_token");
    const elsewhere = await registerCustomer(t.client, t.otherStore.keys.secretTest);
    assertError(await add({ ...elsewhere }, lamp.variantId), 401, "invalid_token");
    const publishableAdd = await t.client.post("/v1/wishlist", { variant_id: lamp.variantId, customer_id: amina.id }, withToken(publishable, amina.accessToken));
    assertError(publishableAdd, 403, "secret_key_required");
  });

  it("GET lists the token's customer's wishlist, newest first, to any key; another customer_id is 403", async () => {
    const customer = await registerCustomer(t.client, secret);
    await add(customer, lamp.variantId);
    await add(customer, sofa.variants[0]!.variant_id);
    const response = await list(customer, "", publishable);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.total_items, 2);
    assert.deepEqual(response.body.items.map((i: { product_sku: string }) => i.product_sku), ["SOFA-GREY", "LAMP-1"]);
    assert.equal((await list(customer, `?customer_id=${customer.id}`)).status, 200);
    assertError(await list(customer, `?customer_id=${amina.id}`), 403, "forbidden");
    assertError(await list(customer, "?customer_id=nope"), 400, "parameter_invalid", "customer_id");
    assertError(await t.client.get("/v1/wishlist", { key: publishable }), 401, "invalid_token");
  });

  it("DELETE removes the customer's own item and answers the refreshed wishlist", async () => {
    const customer = await registerCustomer(t.client, secret);
    const added = await add(customer, lamp.variantId);
    await add(customer, sofa.variants[1]!.variant_id);
    const lampItem = added.body.items[0].id;
    const response = await t.client.delete(`/v1/wishlist/items/${lampItem}`, withToken(secret, customer.accessToken));
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.total_items, 1);
    assert.equal(response.body.items[0].product_sku, "SOFA-OLIVE");
    assertError(await t.client.delete(`/v1/wishlist/items/${lampItem}`, withToken(secret, customer.accessToken)), 404, "resource_missing");
  });

  it("DELETE of another customer's item: 403, and the item stays", async () => {
    const owner = await registerCustomer(t.client, secret);
    const item = (await add(owner, lamp.variantId)).body.items[0].id;
    assertError(await t.client.delete(`/v1/wishlist/items/${item}`, withToken(secret, amina.accessToken)), 403, "forbidden");
    assert.equal((await list(owner)).body.total_items, 1);
    assertError(await t.client.delete("/v1/wishlist/items/not-a-uuid", withToken(secret, owner.accessToken)), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/wishlist/items/${item}`, withToken(publishable, owner.accessToken)), 403, "secret_key_required");
  });

  it("shows the product as it is now: a new price shows, an inactive product is left out until it is active again", async () => {
    const customer = await registerCustomer(t.client, secret);
    const product = await t.client.post("/v1/products", simpleProductBody("Soapstone Vase", "VASE-1", {}, { price: 3_100_00 }), { key: secret });
    await add(customer, product.body.variant_id);
    await t.client.patch(`/v1/products/${product.body.product_id}/variants/${product.body.variant_id}`, { price: 3_500_00 }, { key: secret });
    assert.equal((await list(customer)).body.items[0].product_price, 3_500_00);
    await t.client.patch(`/v1/products/${product.body.product_id}`, { is_active: false }, { key: secret });
    assert.equal((await list(customer)).body.total_items, 0);
    assertError(await add(customer, product.body.variant_id), 404, "resource_missing", "variant_id");
    await t.client.patch(`/v1/products/${product.body.product_id}`, { is_active: true }, { key: secret });
    assert.equal((await list(customer)).body.total_items, 1);
  });

  it("a deleted product leaves the wishlist", async () => {
    const customer = await registerCustomer(t.client, secret);
    const product = await t.client.post("/v1/products", simpleProductBody("Beeswax Candle", "CANDLE-1"), { key: secret });
    await add(customer, product.body.variant_id);
    assert.equal((await t.client.delete(`/v1/products/${product.body.product_id}`, { key: secret })).status, 204);
    assert.equal((await list(customer)).body.total_items, 0);
  });
});
