// Specifies search over real HTTP (docs/api/content-search-messaging.md, "Search" and
// "Recommendations"): text search (GET /v1/search), semantic search (POST /v1/search) and
// recommendations, with every bound, key type, tenancy, inactive products and the freshness of the
// index after catalog writes.
import assert from "node:assert/strict";
import { Schema } from "effect";
import { Recommendations, SearchEnvelope } from "../../../adapters/http/routes/search-routes.js";
import { simpleProductBody } from "../../support/catalog-fixtures.js";
import { registerCustomer, withToken } from "../../support/customer-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { checkoutBody, checkoutSession, fillCustomerCart, fillSessionCart, setUpDelivery } from "../../support/order-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const REFRESH_MS = 100;
const decodeEnvelope = Schema.decodeUnknownSync(SearchEnvelope, { onExcessProperty: "error" });
const decodeRecommendations = Schema.decodeUnknownSync(Recommendations, { onExcessProperty: "error" });

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
};

const settle = () => new Promise((done) => setTimeout(done, REFRESH_MS + 20));

const searchRoutesSuite = (databaseUrl?: () => string) => {
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  const ids: Record<string, string> = {};

  const create = async (key: string, name: string, sku: string, extra: Record<string, unknown> = {}, variant: Record<string, unknown> = {}) => {
    const created = await t.client.post("/v1/products", simpleProductBody(name, sku, extra, variant), { key });
    assert.equal(created.status, 201, created.text);
    return created.body.product_id as string;
  };
  const textSearch = async (q: string, key = secret) => {
    const response = await t.client.get(`/v1/search?q=${encodeURIComponent(q)}`, { key });
    assert.equal(response.status, 200, response.text);
    return decodeEnvelope(response.body);
  };
  const semanticSearch = async (body: Record<string, unknown>, key = secret) => {
    const response = await t.client.post("/v1/search", body, { key });
    assert.equal(response.status, 200, response.text);
    return decodeEnvelope(response.body);
  };

  before(async () => {
    t = await startTestApplication({
      env: { STOREFRONT_SEARCH_REFRESH_MS: String(REFRESH_MS) },
      ...(databaseUrl !== undefined ? { databaseUrl: databaseUrl() } : {}),
    });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    const category = await t.client.post("/v1/categories", { name: "Furniture" }, { key: secret });
    assert.equal(category.status, 201, category.text);
    ids.furniture = category.body.id;
    ids.sofa = await create(secret, "Kilimani Three-Seater Sofa", "FUR-SOF-001", {
      brand: "Savanna Living",
      category_id: ids.furniture,
      description: "A deep three-seater with feather cushions.",
    }, { variant_attributes: { colour: "Grey" } });
    ids.sneakers = await create(secret, "AirStride Running Sneakers", "CLO-SHO-001", { brand: "Stride", tags: ["running"] });
    ids.kettle = await create(secret, "Electric Kettle", "KIT-APP-001", { brand: "Brewmaster", description: "Boils water for tea." });
    ids.headphones = await create(secret, "Wireless Headphones", "ELE-AUD-001", { description: "Over-ear, noise cancelling." });
    ids.mentionsSku = await create(secret, "Sofa Cover for FUR-SOF-001", "ACC-COV-001", { description: "Fits the FUR-SOF-001 sofa." });
    ids.inactive = await create(secret, "Hidden Sofa Prototype", "FUR-SOF-999", { is_active: false });
    ids.otherStore = await create(t.otherStore.keys.secretTest, "Other Store Sofa", "OTH-SOF-001");
  });

  after(async () => {
    await t?.close();
  });

  describe("GET /v1/search (text)", () => {
    it("answers the search envelope: query, results with productId, score and matchReason, totalResults, searchTimeMs, message", async () => {
      const found = await textSearch("kettle");
      assert.equal(found.query, "kettle");
      assert.equal(found.results[0]?.productId, ids.kettle);
      assert.equal(found.results[0]?.matchReason, "name");
      assert.ok(found.totalResults >= 1);
      assert.ok(Number.isInteger(found.searchTimeMs) && found.searchTimeMs >= 0);
      assert.match(found.message, /kettle/);
    });

    it("takes `query` as the alternative to `q`, and both when they agree", async () => {
      const byQuery = await t.client.get("/v1/search?query=kettle", { key: secret });
      assert.equal(byQuery.status, 200, byQuery.text);
      assert.equal(byQuery.body.results[0].productId, ids.kettle);
      const both = await t.client.get("/v1/search?q=kettle&query=kettle", { key: secret });
      assert.equal(both.status, 200, both.text);
      assertError(await t.client.get("/v1/search?q=kettle&query=sofa", { key: secret }), 400, "parameter_invalid", "query");
    });

    it("ranks an exact SKU first (matchReason sku), above a product that mentions it", async () => {
      const found = await textSearch("fur-sof-001");
      assert.equal(found.results[0]?.productId, ids.sofa);
      assert.equal(found.results[0]?.matchReason, "sku");
      assert.ok(found.results.some((r) => r.productId === ids.mentionsSku), "the product mentioning the SKU still matches");
    });

    it("tolerates typos and matches prefixes, and says which field matched", async () => {
      assert.equal((await textSearch("sneekers")).results[0]?.productId, ids.sneakers);
      assert.equal((await textSearch("headph")).results[0]?.productId, ids.headphones);
      const brand = await textSearch("brewmaster");
      assert.equal(brand.results[0]?.productId, ids.kettle);
      assert.equal(brand.results[0]?.matchReason, "brand");
      const category = await textSearch("furniture");
      assert.deepEqual(category.results.map((r) => [r.productId, r.matchReason]), [[ids.sofa, "category"]]);
      assert.equal((await textSearch("grey")).results[0]?.matchReason, "attributes");
      assert.equal((await textSearch("noise cancelling")).results[0]?.matchReason, "description");
    });

    it("never answers inactive products nor another store's", async () => {
      const found = await textSearch("sofa");
      const shown = found.results.map((r) => r.productId);
      assert.ok(shown.includes(ids.sofa));
      assert.ok(!shown.includes(ids.inactive), "inactive product found");
      assert.ok(!shown.includes(ids.otherStore), "another store's product found");
      const other = await textSearch("sofa", t.otherStore.keys.secretTest);
      assert.deepEqual(other.results.map((r) => r.productId), [ids.otherStore]);
    });

    it("may be called with a publishable key", async () => {
      assert.equal((await textSearch("kettle", publishable)).results[0]?.productId, ids.kettle);
    });

    it("answers no results with a message when nothing matches", async () => {
      const found = await textSearch("zzqxj");
      assert.deepEqual(found.results, []);
      assert.equal(found.totalResults, 0);
      assert.match(found.message, /No products/);
    });

    it("refuses a missing, blank or unknown parameter with a 400 naming it", async () => {
      assertError(await t.client.get("/v1/search", { key: secret }), 400, "parameter_missing", "q");
      assertError(await t.client.get("/v1/search?q=%20%20", { key: secret }), 400, "parameter_invalid", "q");
      assertError(await t.client.get("/v1/search?query=", { key: secret }), 400, "parameter_invalid", "query");
      assertError(await t.client.get("/v1/search?q=sofa&sort=price", { key: secret }), 400, "parameter_unknown", "sort");
      assertError(await t.client.get(`/v1/search?q=${"a".repeat(501)}`, { key: secret }), 400, "parameter_invalid", "q");
    });

    it("bounds limit from 1 to 100, default 20, never clamped", async () => {
      for (const bad of ["0", "101", "-1", "abc", "2.5"]) {
        assertError(await t.client.get(`/v1/search?q=sofa&limit=${bad}`, { key: secret }), 400, "parameter_invalid", "limit");
      }
      const one = await t.client.get("/v1/search?q=sofa&limit=1", { key: secret });
      assert.equal(one.status, 200, one.text);
      assert.equal(one.body.results.length, 1);
      assert.ok(one.body.totalResults >= 2, "totalResults counts every match, not just the page");
      assert.equal((await t.client.get("/v1/search?q=sofa&limit=100", { key: secret })).status, 200);
      for (let i = 0; i < 22; i++) await create(secret, `Bulk Widget ${i}`, `BLK-WID-${i}`);
      await settle();
      const defaulted = await textSearch("widget");
      assert.equal(defaulted.results.length, 20);
      assert.equal(defaulted.totalResults, 22);
    });

    it("follows catalog writes: a new product, a rename, a deactivation, a SKU change and a deletion", async () => {
      const id = await create(secret, "Teak Salad Bowl", "KIT-TAB-004");
      await settle();
      assert.equal((await textSearch("teak")).results[0]?.productId, id);

      assert.equal((await t.client.patch(`/v1/products/${id}`, { name: "Olive Wood Salad Bowl" }, { key: secret })).status, 200);
      await settle();
      assert.equal((await textSearch("olive")).results[0]?.productId, id);
      assert.ok(!(await textSearch("teak")).results.some((r) => r.productId === id), "old name still found");

      const variant = (await t.client.get(`/v1/products/${id}`, { key: secret })).body.variant_id as string;
      const renamed = await t.client.patch(`/v1/products/${id}/variants/${variant}`, { sku: "KIT-TAB-005" }, { key: secret });
      assert.equal(renamed.status, 200, renamed.text);
      await settle();
      assert.equal((await textSearch("KIT-TAB-005")).results[0]?.productId, id);

      assert.equal((await t.client.patch(`/v1/products/${id}`, { is_active: false }, { key: secret })).status, 200);
      await settle();
      assert.ok(!(await textSearch("olive")).results.some((r) => r.productId === id), "deactivated product still found");

      const gone = await create(secret, "Ephemeral Lantern", "EPH-LAN-001");
      await settle();
      assert.equal((await textSearch("lantern")).results[0]?.productId, gone);
      assert.equal((await t.client.delete(`/v1/products/${gone}`, { key: secret })).status, 204);
      await settle();
      assert.deepEqual((await textSearch("lantern")).results, []);
    });
  });

  describe("POST /v1/search (semantic)", () => {
    it("finds by meaning beyond shared words, with a publishable key (matchReason semantic)", async () => {
      const found = await semanticSearch({ query: "couch", limit: 5 }, publishable);
      assert.equal(found.results[0]?.productId, ids.sofa);
      assert.equal(found.results[0]?.matchReason, "semantic");
      const earphones = await semanticSearch({ query: "earphones" });
      assert.equal(earphones.results[0]?.productId, ids.headphones);
    });

    it("keeps the lexical signals: an exact SKU first, typos, matchReason of the field", async () => {
      const sku = await semanticSearch({ query: "CLO-SHO-001" });
      assert.equal(sku.results[0]?.productId, ids.sneakers);
      assert.equal(sku.results[0]?.matchReason, "sku");
      assert.equal((await semanticSearch({ query: "sneekers" })).results[0]?.productId, ids.sneakers);
    });

    it("filters by category_id and never answers inactive products nor another store's", async () => {
      const inFurniture = await semanticSearch({ query: "comfortable seating", category_id: ids.furniture });
      assert.deepEqual(inFurniture.results.map((r) => r.productId), [ids.sofa]);
      const all = (await semanticSearch({ query: "sofa", limit: 100 })).results.map((r) => r.productId);
      assert.ok(!all.includes(ids.inactive) && !all.includes(ids.otherStore), "inactive or foreign product found");
    });

    it("stores a vector per product and makes a new one when the product's text changes", async () => {
      const id = await create(secret, "Wool Throw Blanket", "HOM-BED-002", { description: "Chunky knit throw." });
      await settle();
      await semanticSearch({ query: "blanket" });
      const read = async () => {
        // A float32 scale, then one int8 per dimension (see quantize).
        const row = await t.application.database.knex("search_documents").where({ store_id: t.store.store.id, product_id: id }).first("vector", "vector_hash");
        return { vector: Buffer.from(row.vector).toString("base64"), content_hash: row.vector_hash as string, dimensions: Buffer.from(row.vector).length - 4 };
      };
      const before = await read();
      assert.ok(before.content_hash !== null, "no vector stored");
      assert.equal(before.dimensions, 100);
      assert.equal((await t.client.patch(`/v1/products/${id}`, { name: "Espresso Machine", description: "Makes coffee." }, { key: secret })).status, 200);
      await settle();
      const found = await semanticSearch({ query: "coffee maker" });
      assert.equal(found.results[0]?.productId, id);
      const after = await read();
      assert.notEqual(after.content_hash, before.content_hash);
      assert.notEqual(after.vector, before.vector);
    });

    it("validates the body: query required and not blank, limit 1 to 100, category_id a UUID, no unknown fields", async () => {
      assertError(await t.client.post("/v1/search", { limit: 5 }, { key: secret }), 400, "parameter_missing", "query");
      assertError(await t.client.post("/v1/search", { query: "  " }, { key: secret }), 400, "parameter_invalid", "query");
      assertError(await t.client.post("/v1/search", { query: 5 }, { key: secret }), 400, "parameter_invalid", "query");
      for (const limit of [0, 101, 2.5, "5"]) {
        assertError(await t.client.post("/v1/search", { query: "sofa", limit }, { key: secret }), 400, "parameter_invalid", "limit");
      }
      assertError(await t.client.post("/v1/search", { query: "sofa", category_id: "x" }, { key: secret }), 400, "parameter_invalid", "category_id");
      assertError(await t.client.post("/v1/search", { query: "sofa", fuzzy: true }, { key: secret }), 400, "parameter_unknown", "fuzzy");
      const one = await semanticSearch({ query: "sofa", limit: 1 });
      assert.equal(one.results.length, 1);
      const hundred = await semanticSearch({ query: "sofa", limit: 100 });
      assert.ok(hundred.results.length <= 100);
    });
  });

  describe("POST /v1/recommendations", () => {
    let tea: string;
    let mug: string;
    let soldOut: string;
    let hiddenPartner: string;
    let variants: Record<string, string>;

    before(async () => {
      await setUpDelivery(t.client, secret);
      variants = {};
      const make = async (name: string, sku: string, stock: number, extra: Record<string, unknown> = {}) => {
        const created = await t.client.post("/v1/products", simpleProductBody(name, sku, extra, { stock, price: 50_000 }), { key: secret });
        assert.equal(created.status, 201, created.text);
        variants[created.body.product_id] = created.body.variant_id;
        return created.body.product_id as string;
      };
      tea = await make("Loose Leaf Green Tea", "TEA-GRN-001", 50);
      mug = await make("Stoneware Tea Mug", "MUG-STN-001", 50);
      soldOut = await make("Bamboo Tea Strainer", "STR-BAM-001", 2);
      hiddenPartner = await make("Tea Cosy", "COS-TEA-001", 10);
      const kettleVariant = (await t.client.get(`/v1/products/${ids.kettle}`, { key: secret })).body.variant_id as string;
      // Two orders of tea with the kettle, one with the mug, the strainer, the cosy.
      for (const lines of [
        [tea, ids.kettle],
        [tea, ids.kettle],
        [tea, mug, soldOut, hiddenPartner],
      ]) {
        const session = await fillSessionCart(
          t.client,
          publishable,
          lines.map((id) => ({ variantId: id === ids.kettle ? kettleVariant : variants[id]!, quantity: id === soldOut ? 2 : 1 })),
        );
        await checkoutSession(t.client, secret, session);
      }
      assert.equal((await t.client.patch(`/v1/products/${hiddenPartner}`, { is_active: false }, { key: secret })).status, 200);
      await settle();
    });

    it("blends products bought together with similar ones, with a reason per item, never the product itself", async () => {
      const response = await t.client.post("/v1/recommendations", { product_id: tea, limit: 10 }, { key: secret });
      assert.equal(response.status, 200, response.text);
      const { recommendations } = decodeRecommendations(response.body);
      assert.equal(recommendations[0]?.productId, ids.kettle, "bought together most often comes first");
      assert.match(recommendations[0]!.reason, /^bought_together/);
      assert.ok(recommendations.some((r) => r.productId === mug && r.reason.startsWith("bought_together")));
      assert.ok(recommendations.some((r) => r.reason === "similar"), "no similar product blended in");
      const shown = recommendations.map((r) => r.productId);
      assert.ok(!shown.includes(tea), "the product itself");
      assert.ok(!shown.includes(soldOut), "an out-of-stock product");
      assert.ok(!shown.includes(hiddenPartner), "an inactive product");
      assert.ok(!shown.includes(ids.otherStore), "another store's product");
      for (let i = 1; i < recommendations.length; i++) assert.ok(recommendations[i - 1]!.score >= recommendations[i]!.score);
    });

    it("recommends from a customer's purchases", async () => {
      const customer = await registerCustomer(t.client, secret);
      await fillCustomerCart(t.client, publishable, customer, [{ variantId: variants[mug]!, quantity: 1 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ customer_id: customer.id }), withToken(secret, customer.accessToken));
      assert.equal(placed.status, 201, placed.text);
      const response = await t.client.post("/v1/recommendations", { customer_id: customer.id, limit: 3 }, { key: secret });
      assert.equal(response.status, 200, response.text);
      const { recommendations } = decodeRecommendations(response.body);
      assert.ok(recommendations.length > 0 && recommendations.length <= 3);
      assert.equal(recommendations[0]?.productId, tea, "tea was bought with the mug");
      assert.ok(!recommendations.some((r) => r.productId === mug), "what the customer bought");
    });

    it("needs a secret key: a publishable key gets 403", async () => {
      assertError(await t.client.post("/v1/recommendations", { product_id: tea }, { key: publishable }), 403, "secret_key_required");
    });

    it("validates the body and finds the product and customer in the caller's store only", async () => {
      assertError(await t.client.post("/v1/recommendations", { limit: 5 }, { key: secret }), 400, "parameter_missing", "product_id");
      for (const limit of [0, 51]) {
        assertError(await t.client.post("/v1/recommendations", { product_id: tea, limit }, { key: secret }), 400, "parameter_invalid", "limit");
      }
      assertError(await t.client.post("/v1/recommendations", { product_id: "nope" }, { key: secret }), 400, "parameter_invalid", "product_id");
      assertError(await t.client.post("/v1/recommendations", { product_id: tea, extra: 1 }, { key: secret }), 400, "parameter_unknown", "extra");
      assertError(await t.client.post("/v1/recommendations", { product_id: ids.otherStore }, { key: secret }), 404, "resource_missing");
      assertError(
        await t.client.post("/v1/recommendations", { customer_id: "00000000-0000-7000-8000-000000000000" }, { key: secret }),
        404,
        "resource_missing",
      );
      const fifty = await t.client.post("/v1/recommendations", { product_id: tea, limit: 50 }, { key: secret });
      assert.equal(fifty.status, 200, fifty.text);
      const one = await t.client.post("/v1/recommendations", { product_id: tea, limit: 1 }, { key: secret });
      assert.equal(one.body.recommendations.length, 1);
    });
  });
};

describe("search routes (SQLite)", () => searchRoutesSuite());
describeMysql("search routes on MariaDB", (getDb) => searchRoutesSuite(() => getDb().url));
