// Invalidation scoped to what a write changes (issue 21, adapters/persistence/catalog-versions.ts):
// stock taken at checkout or a variant's price drops only the kept answers that show that product
// (its own reads, the pages and price lists that hold it) and, for a change of what search
// matches, searches and lists filtered by `search`; every other kept answer of the store stays.
// The window is the documented one: this process's writes show on the next read, another
// process's after its next poll of the catalog versions. A run of random writes through two
// processes compares every kept answer with the same read of a process that keeps none.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { Rng } from "../../../bench/bench-seed.js";
import { bucketOf, catalogVersionsOf } from "../../../adapters/persistence/catalog-versions.js";
import { CreateStore, type CreatedStore } from "../../../application/stores/create-store.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { checkoutSession, createProduct, fillSessionCart, setUpDelivery, type Variant } from "../../support/order-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { isBackgroundPoll } from "../../support/query-counting.js";
import { testConfig } from "../../support/test-application.js";

/** Polls only when a test asks (a minute's interval keeps the cache trusted for three). */
const MANUAL_POLL = { STOREFRONT_CATALOG_POLL_MS: "60000" };

/** An answer's body as compared: a kept search keeps its maker's `searchTimeMs`. */
const comparable = (response: TestResponse): string => response.text.replace(/"searchTimeMs":[0-9.]+/, '"searchTimeMs":0');

/** A database the three processes share, and how to remove it. */
interface SharedDatabase {
  readonly url: string;
  remove(): Promise<void>;
}

const scopedInvalidationTests = (open: () => Promise<SharedDatabase>): void => {
  let shared: SharedDatabase | undefined;
  let first: Application;
  let second: Application;
  let reference: Application;
  let one: TestClient;
  let two: TestClient;
  let truth: TestClient;
  let store: CreatedStore;
  let keys: { secret: string; publishable: string };
  /** Products in distinct buckets, oldest first. */
  const products: (Variant & { slug: string; name: string })[] = [];
  let queries = 0;
  let stopCounting: () => void;

  before(async () => {
    shared = await open();
    const databaseUrl = shared.url;
    const make = (env: Record<string, string>): Application => createApplication(testConfig({ databaseUrl, env }), { logger: pino({ level: "silent" }) });
    first = make(MANUAL_POLL);
    await first.migrate();
    store = await first.container.get(CreateStore).execute({ name: "Scoped Store", baseCurrency: "KES" });
    second = make(MANUAL_POLL);
    reference = make({ STOREFRONT_ANSWER_CACHE_MB: "0", STOREFRONT_PRODUCT_COPIES: "0" });
    one = await serve(first.httpApp());
    two = await serve(second.httpApp());
    truth = await serve(reference.httpApp());
    keys = { secret: store.keys.secretTest, publishable: store.keys.publishableTest };
    await setUpDelivery(one, keys.secret);
    // Each in a bucket of its own, so that a change of one never drops another's answers here.
    const buckets = new Set<number>();
    const names = ["Kettle", "Lantern", "Basket", "Teapot"];
    for (let attempt = 0; products.length < 4; attempt++) {
      const name = `Scoped ${names[attempt % names.length]!} ${attempt}`;
      const variant = await createProduct(one, keys.secret, name, { price: 150_000, stock: 1_000 });
      const bucket = bucketOf(variant.productId);
      if (buckets.has(bucket)) continue;
      buckets.add(bucket);
      const read = await truth.get(`/v1/products/${variant.productId}`, { key: keys.publishable });
      products.push({ ...variant, slug: read.body.product_slug, name });
    }
    await catalogVersionsOf(first.database).poll();
    await catalogVersionsOf(second.database).poll();
    stopCounting = first.database.onQuery((sql) => {
      if (!isBackgroundPoll(sql)) queries++;
    });
  });

  after(async () => {
    stopCounting?.();
    for (const client of [one, two, truth]) await client?.close();
    for (const app of [first, second, reference]) await app?.close();
    await shared?.remove();
  });

  /**
   * A GET through the first process, the queries it cost there, and whether its answer was made
   * (a miss of the answer cache; a made answer may cost no query when its products are copies).
   */
  const read = async (path: string): Promise<{ response: TestResponse; queries: number; made: boolean }> => {
    queries = 0;
    const misses = first.answerCache!.misses;
    const response = await one.get(path, { key: keys.publishable });
    assert.equal(response.status, 200, `${path}: ${response.text}`);
    return { response, queries, made: first.answerCache!.misses > misses };
  };

  /** Reads twice through the first process, so the answer is kept. */
  const warm = async (...paths: string[]): Promise<void> => {
    for (const path of paths) {
      await read(path);
      // A search is confirmed on every read: one read of the store's versions, no search.
      assert.equal((await read(path)).queries, path.startsWith("/v1/search") ? 1 : 0, `${path} is kept`);
    }
  };

  const checkout = async (client: TestClient, product: Variant, quantity = 1): Promise<void> => {
    const session = await fillSessionCart(client, keys.publishable, [{ variantId: product.variantId, quantity }]);
    await checkoutSession(client, keys.secret, session);
  };

  it("a checkout drops the answers that show the product it sold, and keeps every other answer", async () => {
    const [a, b, c] = [products[0]!, products[1]!, products[2]!];
    // Newest first: `limit=2` holds the two newest products, not `a` (the oldest but one).
    const newest = "/v1/products?limit=2";
    const kept = [`/v1/products/${b.productId}`, `/v1/prices/products/${c.productId}`, newest, "/v1/categories", `/v1/search?q=${encodeURIComponent("scoped lantern")}`];
    const dropped = [`/v1/products/${a.productId}`, `/v1/prices/products/${a.productId}`, "/v1/products?limit=50", "/v1/prices?limit=50"];
    const newestIds = (await read(newest)).response.body.products.map((p: any) => p.product_id);
    assert.ok(!newestIds.includes(a.productId));
    await warm(...kept, ...dropped);
    const stockBefore = (await read(`/v1/products/${a.productId}`)).response.body.stock;

    await checkout(one, a, 3);

    for (const path of kept) {
      const { response, queries: cost } = await read(path);
      // A search is confirmed on every read: one read of the store's versions, no search.
      assert.equal(cost, path.startsWith("/v1/search") ? 1 : 0, `${path} is still kept after a checkout of another product`);
      assert.equal(comparable(response), comparable(await truth.get(path, { key: keys.publishable })), `${path} is current`);
    }
    for (const path of dropped) {
      const { response, made } = await read(path);
      assert.ok(made, `${path} shows the product sold, so it is made again`);
      assert.equal(comparable(response), comparable(await truth.get(path, { key: keys.publishable })), `${path} is current`);
    }
    assert.equal((await read(`/v1/products/${a.productId}`)).response.body.stock, stockBefore - 3);
  });

  it("a new SKU drops searches and lists filtered by search, and keeps plain lists that do not show the product", async () => {
    const a = products[0]!;
    const search = `/v1/search?q=${encodeURIComponent("scoped kettle")}`;
    const filtered = "/v1/products?limit=50&search=scoped";
    const plain = "/v1/products?limit=2";
    await warm(search, filtered, plain, `/v1/products/by-slug/${a.slug}`);

    const patched = await one.patch(`/v1/products/${a.productId}/variants/${a.variantId}`, { sku: `NEW-${a.sku}`, price: 170_000 }, { key: keys.secret });
    assert.equal(patched.status, 200, patched.text);

    assert.equal((await read(plain)).queries, 0, "the plain list does not show the product and its members cannot change");
    for (const path of [search, filtered, `/v1/products/by-slug/${a.slug}`]) {
      const { response, made } = await read(path);
      assert.ok(made, `${path} is made again`);
      assert.equal(comparable(response), comparable(await truth.get(path, { key: keys.publishable })), `${path} is current`);
    }
    const bySku = await read(`/v1/products?limit=50&search=NEW-${a.sku}`);
    assert.deepEqual(bySku.response.body.products.map((p: any) => p.product_id), [a.productId]);
  });

  it("another process's checkout shows after this process's next poll, and drops only what shows the product", async () => {
    const [b, c] = [products[1]!, products[2]!];
    const sold = `/v1/products/${b.productId}`;
    const other = `/v1/products/${c.productId}`;
    await warm(sold, other);
    const before = (await read(sold)).response.body.stock;

    await checkout(two, b, 2);
    // Within the window an answer may be the one made before the write: one poll at most.
    assert.equal((await read(sold)).response.body.stock, before, "until the poll, the kept answer (the documented window)");
    await catalogVersionsOf(first.database).poll();
    const after = await read(sold);
    assert.ok(after.made);
    assert.equal(after.response.body.stock, before - 2);
    assert.equal((await read(other)).queries, 0, "another product's answer is still kept");
  });

  it("over random writes through either process, no kept answer differs from the database's once the writer's process or a poll has seen the write", async () => {
    // Seeded, so a failing run can be repeated.
    const rng = new Rng(21);
    const next = (): number => rng.next();
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const watched = (): string[] => [
      ...products.flatMap((p) => [`/v1/products/${p.productId}`, `/v1/products/by-slug/${p.slug}`, `/v1/prices/products/${p.productId}`]),
      "/v1/products?limit=2",
      "/v1/products?limit=50",
      "/v1/products?limit=50&search=scoped",
      "/v1/prices?limit=50",
      "/v1/prices?limit=2&offset=1&region=UG",
      "/v1/prices?limit=50&quantity=12",
      `/v1/search?q=${encodeURIComponent("scoped basket")}`,
      "/v1/categories",
    ];
    let kept = 0;
    for (let step = 0; step < 30; step++) {
      const through = next() < 0.5 ? one : two;
      const product = pick(products);
      const kind = pick(["checkout", "checkout", "price", "rename", "rule"] as const);
      if (kind === "checkout") await checkout(through, product, 1 + Math.floor(next() * 3));
      else if (kind === "price") {
        const patched = await through.patch(`/v1/products/${product.productId}/variants/${product.variantId}`, { price: 100_000 + Math.floor(next() * 90_000) }, { key: keys.secret });
        assert.equal(patched.status, 200, patched.text);
      } else if (kind === "rename") {
        const renamed = await through.patch(`/v1/products/${product.productId}`, { description: `Step ${step}` }, { key: keys.secret });
        assert.equal(renamed.status, 200, renamed.text);
      } else {
        // A volume rule that the quantity-12 price list meets: a store-wide change of every price.
        const rule = { name: `Step ${step}`, kind: "volume", min_quantity: 10, discount_type: "percentage", value: 1 + Math.floor(next() * 20) };
        const created = await through.post("/v1/price-rules", rule, { key: keys.secret });
        assert.equal(created.status, 201, created.text);
      }
      // The documented window: another process's write is known after the next poll. The
      // reference keeps no answers or copies, but its price rules cache follows polls too.
      if (through === two) await catalogVersionsOf(first.database).poll();
      await catalogVersionsOf(reference.database).poll();
      for (const path of watched()) {
        const { response, made } = await read(path);
        if (!made) kept++;
        assert.equal(comparable(response), comparable(await truth.get(path, { key: keys.publishable })), `step ${step} (${kind} of ${product.productId} through ${through === one ? "this" : "another"} process): ${path}`);
      }
    }
    assert.ok(kept > 0, "some answers were served from the cache between writes");
  });
};

describe("answer cache: invalidation scoped to the products a write changes (SQLite)", function () {
  this.timeout(180_000);
  scopedInvalidationTests(async () => {
    const dir = await mkdtemp(join(tmpdir(), "sf-scoped-"));
    return { url: `sqlite:${join(dir, "shop.sqlite")}`, remove: () => rm(dir, { recursive: true, force: true }) };
  });
});

describeMysql("answer cache: invalidation scoped to the products a write changes (MariaDB)", (getDb) => {
  describe("three processes on one database", function () {
    this.timeout(180_000);
    // The throwaway database is dropped by describeMysql.
    scopedInvalidationTests(async () => ({ url: getDb().url, remove: async () => undefined }));
  });
});
