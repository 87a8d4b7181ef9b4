// Proves catalog reads cost a fixed, small number of SQL queries whatever the page size: counts
// the queries knex sends per request (the API key and store are cached after a warm-up request;
// the answer cache is off, see answer-cache.test.ts for it).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { ProductRepository } from "../../../application/ports/product-repository.js";
import { UnitOfWork } from "../../../application/ports/unit-of-work.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { isBackgroundPoll } from "../../support/query-counting.js";

const MAX_QUERIES = 4;
const PRODUCT_COUNT = 230;

describe("catalog query count per request (SQLite)", function () {
  let t: TestApplication;
  let queries = 0;
  let stopCounting: (() => void) | undefined;
  const onQuery = (sql: string): void => {
    if (!isBackgroundPoll(sql)) queries++;
  };
  let productId: string;
  let productSlug: string;
  let collectionId: string;
  let categoryId: string;

  before(async function () {
    // The answer cache and the product copies off: this counts what computing an answer from the
    // database costs, not what serving a cached one does (the copies' cost is counted at the end).
    t = await startTestApplication({ env: { STOREFRONT_ANSWER_CACHE_MB: "0", STOREFRONT_PRODUCT_COPIES: "0" } });
    const key = t.store.keys.secretTest;
    const category = await t.client.post("/v1/categories", { name: "Counted" }, { key });
    categoryId = category.body.id;
    const sub = await t.client.post("/v1/subcategories", { name: "Counted sub", category_id: categoryId }, { key });
    assert.equal(sub.status, 201);

    // Seeded through the repository in one transaction: hundreds of products in well under a second.
    const products = t.application.container.get(ProductRepository);
    const ids: string[] = [];
    await t.application.container.get(UnitOfWork).run(async () => {
      for (let i = 0; i < PRODUCT_COUNT; i++) {
        const id = randomUUID();
        ids.push(id);
        const at = new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString();
        const record = productRecord(id, {
          name: `Counted product ${i}`,
          slug: `counted-${i}`,
          categoryId,
          subcategoryId: sub.body.id,
          createdAt: at,
          updatedAt: at,
        });
        // Every third product has three variants, so variant loading is not one row per product.
        const variants = Array.from({ length: i % 3 === 0 ? 3 : 1 }, (_, position) =>
          variantRecord(randomUUID(), id, `COUNT-${i}-${position}`, { position, isDefault: position === 0 }),
        );
        await products.insert(t.store.store.id, record, variants);
      }
    });
    productId = ids[0]!;
    productSlug = "counted-0";

    const collection = await t.client.post("/v1/product-collections", { name: "Counted collection" }, { key });
    collectionId = collection.body.id;
    const items = await t.client.request("PUT", `/v1/product-collections/${collectionId}/items`, {
      key,
      body: { items: ids.slice(0, 120).map((product_id) => ({ product_id })) },
    });
    assert.equal(items.status, 200, items.text);

    // Warm-up: both keys and the store are now cached.
    for (const warm of [key, t.store.keys.publishableTest]) assert.equal((await t.client.get("/v1/products?limit=1", { key: warm })).status, 200);
    stopCounting = t.application.database.onQuery(onQuery);
  });

  after(async function () {
    stopCounting?.();
    await t.close();
  });

  /** Sends one GET and answers how many queries it cost, with its body. */
  const counted = async (path: string, key = t.store.keys.publishableTest): Promise<{ queries: number; body: any }> => {
    queries = 0;
    const response = await t.client.get(path, { key });
    assert.equal(response.status, 200, `${path}: ${response.text}`);
    return { queries, body: response.body };
  };

  it("lists products in the same few queries for a page of 1, 50 or 200", async function () {
    const costs: number[] = [];
    for (const limit of [1, 50, 200]) {
      const { queries: cost, body } = await counted(`/v1/products?limit=${limit}`);
      assert.equal(body.products.length, limit);
      costs.push(cost);
    }
    assert.ok(costs[0]! >= 1, "the listener sees the queries");
    assert.ok(costs.every((cost) => cost <= MAX_QUERIES), `queries per page: ${costs.join(", ")}`);
    assert.deepEqual(costs, [costs[0], costs[0], costs[0]], "the page size does not change the count");

    const first = await counted(`/v1/products?limit=200&category_id=${categoryId}&search=counted`);
    assert.equal(first.body.products.length, 200);
    const next = await counted(`/v1/products?limit=200&category_id=${categoryId}&search=counted&cursor=${first.body.pagination.next_cursor}`);
    assert.equal(next.body.products.length, PRODUCT_COUNT - 200);
    // A search first reads its plan (substring-candidates.ts): the name words, the SKU pieces, the
    // SKU words when a SKU may hold it, and the store's document count; a fixed few whatever the page.
    const SEARCH_PLAN_QUERIES = 4;
    assert.ok(first.queries <= MAX_QUERIES + SEARCH_PLAN_QUERIES && next.queries <= MAX_QUERIES + SEARCH_PLAN_QUERIES, `filtered: ${first.queries}, next page: ${next.queries}`);
  });

  it("reads one product by id or by slug in at most 4 queries", async function () {
    for (const key of [t.store.keys.publishableTest, t.store.keys.secretTest]) {
      const byId = await counted(`/v1/products/${productId}`, key);
      assert.equal(byId.body.variants.length, 3);
      const bySlug = await counted(`/v1/products/by-slug/${productSlug}`, key);
      assert.equal(bySlug.body.product_id, productId);
      assert.ok(byId.queries >= 1 && byId.queries <= MAX_QUERIES, `by id: ${byId.queries}`);
      assert.ok(bySlug.queries >= 1 && bySlug.queries <= MAX_QUERIES, `by slug: ${bySlug.queries}`);
    }
  });

  it("lists categories, subcategories and collections in at most 4 queries", async function () {
    for (const [path, list] of [
      ["/v1/categories?limit=200", "categories"],
      ["/v1/subcategories?limit=500", "subcategories"],
      ["/v1/product-collections?limit=200", "collections"],
    ] as const) {
      const { queries: cost, body } = await counted(path);
      assert.ok(body[list].length >= 1, `${path} lists something`);
      assert.ok(cost >= 1 && cost <= MAX_QUERIES, `${path}: ${cost}`);
    }
  });

  it("reads a collection's items in at most 4 queries, whatever their number", async function () {
    const { queries: many, body } = await counted(`/v1/product-collections/${collectionId}/items?limit=200`);
    assert.equal(body.items.length, 120);
    assert.ok(many >= 1 && many <= MAX_QUERIES, `120 items: ${many}`);
    const key = t.store.keys.secretTest;
    const replaced = await t.client.request("PUT", `/v1/product-collections/${collectionId}/items`, { key, body: { items: [{ product_id: productId }] } });
    assert.equal(replaced.status, 200);
    const { queries: one } = await counted(`/v1/product-collections/${collectionId}/items?limit=200`);
    assert.equal(one, many, "one item costs what 120 do");
  });
});

describe("key lookups per request with the answer cache on (SQLite)", function () {
  let t: TestApplication;
  let queries = 0;
  let stopCounting: (() => void) | undefined;

  before(async function () {
    t = await startTestApplication();
    // An answer in the cache, so the fast path in front of Koa is live.
    for (let i = 0; i < 2; i++) assert.equal((await t.client.get("/v1/products?limit=1", { key: t.store.keys.publishableTest })).status, 200);
    stopCounting = t.application.database.onQuery((sql) => {
      if (!isBackgroundPoll(sql)) queries++;
    });
  });

  after(async function () {
    stopCounting?.();
    await t.close();
  });

  it("looks an unknown key up once per request, not once in the fast path and again in Koa", async function () {
    const known = t.store.keys.publishableTest;
    // Same shape, another secret: well-formed, so only the database can say it is unknown.
    const last = known.at(-1) === "a" ? "b" : "a";
    const unknown = known.slice(0, -1) + last;
    for (let i = 0; i < 3; i++) {
      queries = 0;
      const response = await t.client.get("/v1/products?limit=1", { key: unknown });
      assert.equal(response.status, 401, response.text);
      assert.equal(response.body.error.code, "invalid_api_key");
      assert.equal(queries, 1, "one key lookup");
    }
  });
});

describe("catalog query count per request with product copies (SQLite)", function () {
  let t: TestApplication;

  before(async function () {
    t = await startTestApplication({ env: { STOREFRONT_ANSWER_CACHE_MB: "0" } });
    const key = t.store.keys.secretTest;
    for (let i = 0; i < 5; i++) {
      const created = await t.client.post("/v1/products", { name: `Copied product ${i}`, variants: [{ sku: `COPY-${i}`, price: 100, stock: 5 }] }, { key });
      assert.equal(created.status, 201, created.text);
    }
  });

  after(async function () {
    await t.close();
  });

  it("reads a page read lately, and a product by id or slug, without a query; a new product makes its keys be read again", async function () {
    const key = t.store.keys.publishableTest;
    const first = await t.client.get("/v1/products?limit=5", { key });
    assert.equal(first.status, 200);
    let queries = 0;
    const stop = t.application.database.onQuery((sql) => void (isBackgroundPoll(sql) || queries++));
    try {
      const again = await t.client.get("/v1/products?limit=5", { key });
      assert.deepEqual(again.body, first.body);
      assert.equal(queries, 0, "the page's keys are kept while its members are the same, its products are copies");
      const [product] = first.body.products;
      queries = 0;
      assert.equal((await t.client.get(`/v1/products/${product.product_id}`, { key })).status, 200);
      assert.equal((await t.client.get(`/v1/products/by-slug/${product.product_slug}`, { key })).status, 200);
      assert.equal(queries, 0, "both from the copy");
      const created = await t.client.post("/v1/products", { name: "Newest product", variants: [{ sku: "COPY-NEW", price: 100, stock: 5 }] }, { key: t.store.keys.secretTest });
      assert.equal(created.status, 201, created.text);
      queries = 0;
      const after = await t.client.get("/v1/products?limit=5", { key });
      assert.equal(after.body.products[0].product_id, created.body.product_id, "the new product heads the list at once");
      assert.equal(queries, 3, "the page's keys, and the one product without a copy (its row, its variants)");
    } finally {
      stop();
    }
  });
});
