// Every cacheable read answers the same bytes whether it comes from the answer cache (through Koa
// or the fast path in front of it) or is made anew: two applications on one demo store's SQLite
// file, one with the answer cache and one without, asked the same requests with both key types.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApplication, type Application } from "../../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../../composition/demo/seed-demo-store.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { testConfig } from "../../support/test-application.js";

/**
 * Headers that differ per request by design, and the ETag, which only a kept answer has (it is
 * what a 304 is checked against; an answer made without the cache has no stored version to name).
 */
const PER_REQUEST = new Set(["request-id", "date", "ratelimit-remaining", "ratelimit-reset", "connection", "keep-alive", "etag"]);

const headersOf = (path: string, response: TestResponse): Record<string, string> => {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // A search answer's length follows its searchTimeMs (below).
    if (!PER_REQUEST.has(name) && !(name === "content-length" && path.startsWith("/v1/search"))) out[name] = value;
  });
  return out;
};

/**
 * A search answer carries `searchTimeMs`, the time the search that made it took: a kept answer
 * keeps its maker's (docs/decisions.md), so that one number is the only part allowed to differ.
 */
const comparable = (path: string, text: string): string => {
  // An error names its own request's id.
  const answer = text.replace(/"request_id":"req_[0-9a-f]+"/, '"request_id":"req_"');
  return path.startsWith("/v1/search") ? answer.replace(/"searchTimeMs":[0-9.]+/, '"searchTimeMs":0') : answer;
};

describe("cached and uncached answers of every cacheable read are the same bytes", function () {
  this.timeout(180_000);
  let dir: string;
  let cachedApp: Application;
  let uncachedApp: Application;
  let cached: TestClient;
  let uncached: TestClient;
  let demo: DemoStoreSummary;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "sf-cached-uncached-"));
    const databaseUrl = `sqlite:${join(dir, "demo.sqlite")}`;
    cachedApp = createApplication(testConfig({ databaseUrl }), { logger: pino({ level: "silent" }) });
    await cachedApp.migrate();
    demo = await seedDemoStore(cachedApp.container);
    uncachedApp = createApplication(testConfig({ databaseUrl, env: { STOREFRONT_ANSWER_CACHE_MB: "0" } }), { logger: pino({ level: "silent" }) });
    cached = await serve(cachedApp.httpApp());
    uncached = await serve(uncachedApp.httpApp());
  });

  after(async () => {
    await cached?.close();
    await uncached?.close();
    await cachedApp?.close();
    await uncachedApp?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  /** The sample requests of each cacheable route, with filters, projections and a second page. */
  const samples = async (): Promise<Map<string, string[]>> => {
    const get = async (path: string): Promise<any> => {
      const response = await uncached.get(path, { key: demo.secret_key });
      assert.equal(response.status, 200, `${path}: ${response.text}`);
      return response.body;
    };
    const products = (await get("/v1/products?limit=3")).products;
    const nextProducts = (await get("/v1/products?limit=2")).pagination;
    const categories = (await get("/v1/categories")).categories ?? (await get("/v1/categories")).items;
    const subcategories = (await get("/v1/subcategories")).subcategories ?? (await get("/v1/subcategories")).items;
    const collections = (await get("/v1/product-collections")).collections ?? (await get("/v1/product-collections")).items;
    const categoryId = categories[0].id;
    const productId = products[0].product_id;
    const cursor = nextProducts.next_cursor ?? nextProducts.cursor;
    assert.equal(typeof cursor, "string", `a second page of products: ${JSON.stringify(nextProducts)}`);
    const collectionId = collections[0].id;
    return new Map([
      ["/v1/categories", ["/v1/categories", "/v1/categories?limit=2", "/v1/categories?fields=id,name", "/v1/categories?active=false"]],
      ["/v1/subcategories", ["/v1/subcategories", `/v1/subcategories?category_id=${categoryId}`, "/v1/subcategories?limit=1"]],
      ["/v1/product-collections", ["/v1/product-collections", "/v1/product-collections?limit=1"]],
      ["/v1/product-collections/{id}/items", [`/v1/product-collections/${collectionId}/items`, `/v1/product-collections/${collectionId}/items?limit=1`]],
      [
        "/v1/prices",
        [
          "/v1/prices?limit=5",
          "/v1/prices?limit=5&offset=3",
          "/v1/prices?limit=5&place_name=Kampala",
          "/v1/prices?limit=5&country=UG",
          "/v1/prices?limit=5&latitude=-1.29&longitude=36.82",
          "/v1/prices?limit=5&quantity=10",
          `/v1/prices?limit=5&category_id=${categoryId}`,
          "/v1/prices?limit=5&search=a",
          "/v1/prices?limit=5&fields=product_id,display_price",
        ],
      ],
      ["/v1/prices/products/{id}", [`/v1/prices/products/${productId}`, `/v1/prices/products/${productId}?place_name=Kampala`, `/v1/prices/products/${productId}?quantity=3`]],
      [
        "/v1/products",
        [
          "/v1/products",
          "/v1/products?limit=2",
          `/v1/products?limit=2&cursor=${encodeURIComponent(cursor)}`,
          `/v1/products?category_id=${categoryId}`,
          "/v1/products?featured=true",
          "/v1/products?search=a&limit=5",
          `/v1/products?collection_id=${collectionId}`,
          "/v1/products?limit=5&fields=product_id,name,selling_price",
        ],
      ],
      ["/v1/products/by-slug/{slug}", products.map((p: any) => `/v1/products/by-slug/${p.product_slug}`).concat(`/v1/products/by-slug/${products[0].product_slug}?fields=name`)],
      ["/v1/products/{id}", products.map((p: any) => `/v1/products/${p.product_id}`).concat(`/v1/products/${productId}?fields=name,variants.sku`, "/v1/products/00000000-0000-7000-8000-000000000000")],
      ["/v1/search", ["/v1/search?q=sofa", "/v1/search?q=lamp&limit=3", "/v1/search?q=cushon", "/v1/search?q=zzzzqqq"]],
    ]);
  };

  it("every GET route with an answer cache policy has sample requests here, and each answers the same status, headers and bytes", async () => {
    const cacheable = cachedApp.routes.filter((route) => route.method === "GET" && route.answerCache !== undefined).map((route) => route.path);
    const byRoute = await samples();
    assert.deepEqual([...byRoute.keys()].sort(), [...cacheable].sort(), "the cacheable routes and the sampled ones");
    let compared = 0;
    for (const [route, paths] of byRoute) {
      for (const path of paths) {
        for (const key of [demo.publishable_key, demo.secret_key]) {
          const fresh = await uncached.get(path, { key });
          // Only the unknown id is asked to fail: every other sample is a real answer.
          assert.equal(fresh.status, path.endsWith("/00000000-0000-7000-8000-000000000000") ? 404 : 200, `${path}: ${fresh.text}`);
          // The first read makes the answer; the next ones are kept answers, the later ones through the fast path.
          for (let i = 0; i < 4; i++) {
            const kept = await cached.get(path, { key });
            const where = `${route}: ${path} (${key.slice(0, 7)}, read ${i + 1})`;
            assert.equal(kept.status, fresh.status, where);
            assert.equal(comparable(path, kept.text), comparable(path, fresh.text), where);
            assert.deepEqual(headersOf(path, kept), headersOf(path, fresh), where);
            compared++;
          }
        }
      }
    }
    assert.ok(compared >= 300, `answers compared: ${compared}`);
  });
});
