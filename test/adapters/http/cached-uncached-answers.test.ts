// Every cacheable read answers the same bytes whether it comes from the answer cache (through Koa
// or the fast path in front of it), is made anew by the direct path (direct-reads.ts, without
// Koa's chain) or by Koa: applications on one demo store's SQLite file, asked the same requests
// with both key types, compared with the reference that has neither the cache nor the direct path.
// The error samples (a malformed parameter, an unknown one, one given twice, an unknown id or
// slug) are compared the same way, and a second suite does it all again under a list of CORS
// origins, which sends other headers to a request without Origin than "*" does.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Koa from "koa";
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
 * keeps its maker's (decisions caching-22), so that one number is the only part allowed to differ.
 */
const comparable = (path: string, text: string): string => {
  // An error names its own request's id.
  const answer = text.replace(/"request_id":"req_[0-9a-f]+"/, '"request_id":"req_"');
  return path.startsWith("/v1/search") ? answer.replace(/"searchTimeMs":[0-9.]+/, '"searchTimeMs":0') : answer;
};

/** Counts the requests that reached Koa's middleware chain (the direct path and the fast path answer before it). */
const countingKoa = (app: Koa<any>): { app: Koa<any>; seen: string[] } => {
  const seen: string[] = [];
  app.middleware.unshift(async (ctx, next) => {
    seen.push(ctx.url);
    await next();
  });
  return { app, seen };
};

/** Requests every cacheable route must refuse the same way on every path: each with the status Koa answers. */
const ERROR_SAMPLES: ReadonlyArray<readonly [string, number]> = [
  ["/v1/products?limit=0", 400],
  ["/v1/products?limit=2&limit=3", 400],
  ["/v1/products?bogus=1", 400],
  ["/v1/products?fields=nope", 400],
  ["/v1/products?cursor=%%%", 400],
  ["/v1/categories?active=maybe", 400],
  ["/v1/prices?offset=-1", 400],
  ["/v1/prices?limit=5&customer_id=nope", 400],
  ["/v1/products/by-slug/no-such-product", 404],
  ["/v1/products/not-an-id", 404],
  ["/v1/products/by-slug/%E0%A4%A", 400],
  ["/v1/product-collections/00000000-0000-7000-8000-000000000000/items", 404],
];

for (const cors of [undefined, "https://shop.example"]) {
  describe(`cached, direct and Koa's answers of every cacheable read are the same bytes${cors === undefined ? "" : " (CORS origins: a list)"}`, function () {
    this.timeout(180_000);
    let dir: string;
    const apps: Application[] = [];
    let reference: TestClient;
    /** The answer cache with the fast path and the direct path; the direct path without the cache; the cache through Koa only. */
    let cached: TestClient;
    let direct: TestClient;
    let cachedKoa: TestClient;
    let demo: DemoStoreSummary;
    let directSeen: string[];
    let cachedSeen: string[];

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "sf-cached-uncached-"));
      const databaseUrl = `sqlite:${join(dir, "demo.sqlite")}`;
      const env = (extra: Record<string, string> = {}): Record<string, string> => ({ ...(cors === undefined ? {} : { STOREFRONT_CORS_ORIGINS: cors }), ...extra });
      const open = (extra?: Record<string, string>): Application => {
        const app = createApplication(testConfig({ databaseUrl, env: env(extra) }), { logger: pino({ level: "silent" }) });
        apps.push(app);
        return app;
      };
      const cachedApp = open();
      await cachedApp.migrate();
      demo = await seedDemoStore(cachedApp.container);
      const uncachedApp = open({ STOREFRONT_ANSWER_CACHE_MB: "0" });
      const counted = countingKoa(cachedApp.httpApp());
      cachedSeen = counted.seen;
      cached = await serve(counted.app);
      const countedDirect = countingKoa(uncachedApp.httpApp());
      directSeen = countedDirect.seen;
      direct = await serve(countedDirect.app);
      reference = await serve(open({ STOREFRONT_ANSWER_CACHE_MB: "0" }).httpApp({ directReads: false }));
      cachedKoa = await serve(open().httpApp({ directReads: false }));
    });

    after(async () => {
      for (const client of [cached, direct, reference, cachedKoa]) await client?.close();
      for (const app of apps) await app.close();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    /** The sample requests of each cacheable route, with filters, projections and a second page. */
    const samples = async (): Promise<Map<string, string[]>> => {
      const get = async (path: string): Promise<any> => {
        const response = await reference.get(path, { key: demo.secret_key });
        assert.equal(response.status, 200, `${path}: ${response.text}`);
        return response.body;
      };
      const products = (await get("/v1/products?limit=3")).products;
      const nextProducts = (await get("/v1/products?limit=2")).pagination;
      const categories = (await get("/v1/categories")).categories ?? (await get("/v1/categories")).items;
      const collections = (await get("/v1/product-collections")).collections ?? (await get("/v1/product-collections")).items;
      const customers = demo.customers;
      const categoryId = categories[0].id;
      const productId = products[0].product_id;
      const cursor = nextProducts.next_cursor ?? nextProducts.cursor;
      assert.equal(typeof cursor, "string", `a second page of products: ${JSON.stringify(nextProducts)}`);
      assert.ok(customers.length > 0, "a demo customer for the personal price samples");
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
            `/v1/prices?limit=5&customer_id=${customers[0]!.id}`,
          ],
        ],
        [
          "/v1/prices/products/{id}",
          [`/v1/prices/products/${productId}`, `/v1/prices/products/${productId}?place_name=Kampala`, `/v1/prices/products/${productId}?quantity=3`, `/v1/prices/products/${productId}?customer_id=${customers[0]!.id}`],
        ],
        [
          "/v1/products",
          [
            "/v1/products",
            "/v1/products?limit=2",
            `/v1/products?limit=2&cursor=${encodeURIComponent(cursor)}`,
            `/v1/products?category_id=${categoryId}`,
            "/v1/products?featured=true",
            "/v1/products?search=a&limit=5",
            "/v1/products?search=caf%C3%A9+l&limit=5",
            `/v1/products?collection_id=${collectionId}`,
            "/v1/products?limit=5&fields=product_id,name,selling_price",
          ],
        ],
        [
          "/v1/products/by-slug/{slug}",
          products.map((p: any) => `/v1/products/by-slug/${p.product_slug}`).concat(`/v1/products/by-slug/${products[0].product_slug}?fields=name`, `/v1/products/by-slug/${encodeURIComponent(products[0].product_slug)}`),
        ],
        ["/v1/products/{id}", products.map((p: any) => `/v1/products/${p.product_id}`).concat(`/v1/products/${productId}?fields=name,variants.sku`, "/v1/products/00000000-0000-7000-8000-000000000000")],
        ["/v1/search", ["/v1/search?q=sofa", "/v1/search?q=lamp&limit=3", "/v1/search?q=cushon", "/v1/search?q=zzzzqqq"]],
      ]);
    };

    const compare = async (route: string, path: string, status: number): Promise<number> => {
      let compared = 0;
      for (const key of [demo.publishable_key, demo.secret_key]) {
        const fresh = await reference.get(path, { key });
        assert.equal(fresh.status, status, `${path}: ${fresh.text}`);
        assert.equal(fresh.headers.get("etag"), null, `${path}: an answer made without the cache names no version`);
        const made = await direct.get(path, { key });
        // The first read makes the answer; the next ones are kept answers, the later ones through the fast path.
        const answers = [made];
        for (let i = 0; i < 4; i++) answers.push(await cached.get(path, { key }), await cachedKoa.get(path, { key }));
        for (const [i, answer] of answers.entries()) {
          const where = `${route}: ${path} (${key.slice(0, 7)}, ${i === 0 ? "direct, no cache" : `${i % 2 === 1 ? "cache + direct" : "cache, Koa only"}, read ${Math.ceil(i / 2)}`})`;
          assert.equal(answer.status, fresh.status, where);
          assert.equal(comparable(path, answer.text), comparable(path, fresh.text), where);
          assert.deepEqual(headersOf(path, answer), headersOf(path, fresh), where);
          compared++;
        }
      }
      return compared;
    };

    it("every GET route with an answer cache policy has sample requests here, and each answers the same status, headers and bytes", async () => {
      const cacheable = apps[0]!.routes.filter((route) => route.method === "GET" && route.answerCache !== undefined).map((route) => route.path);
      const byRoute = await samples();
      assert.deepEqual([...byRoute.keys()].sort(), [...cacheable].sort(), "the cacheable routes and the sampled ones");
      let compared = 0;
      for (const [route, paths] of byRoute) {
        for (const path of paths) compared += await compare(route, path, path.endsWith("/00000000-0000-7000-8000-000000000000") ? 404 : 200);
      }
      assert.ok(compared >= 700, `answers compared: ${compared}`);
      // Search too: its kept answers are confirmed against the database by the direct path's read, as by Koa's.
      assert.deepEqual(directSeen, [], "reads that reached Koa although the direct path answers them");
    });

    it("refuses malformed, unknown and repeated parameters and unknown ids with Koa's error answer, without reaching Koa", async () => {
      directSeen.length = 0;
      cachedSeen.length = 0;
      for (const [path, status] of ERROR_SAMPLES) await compare("error", path, status);
      assert.deepEqual(directSeen, [], "errors that reached Koa");
      assert.deepEqual(cachedSeen, [], "errors that reached Koa (with the cache)");
    });

    it("leaves to Koa what the direct path does not answer: a secret-key route with a publishable key, a HEAD, an Origin, a URL over the limit", async () => {
      directSeen.length = 0;
      const publishable = await direct.get("/v1/webhook_endpoints", { key: demo.publishable_key });
      assert.equal(publishable.status, 403, publishable.text);
      const browser = await direct.get("/v1/categories", { key: demo.publishable_key, headers: { Origin: "https://shop.example" } });
      assert.equal(browser.status, 200);
      const long = await direct.get(`/v1/products?search=${"a".repeat(9000)}`, { key: demo.publishable_key });
      assert.equal(long.status, 414, long.text);
      const head = await direct.request("HEAD", "/v1/categories", { key: demo.publishable_key });
      assert.equal(head.status, 200);
      const unknownKey = await direct.get("/v1/categories", { key: "svc_pk_test_nope" });
      assert.equal(unknownKey.status, 401);
      assert.deepEqual(directSeen, ["/v1/webhook_endpoints", "/v1/categories", `/v1/products?search=${"a".repeat(9000)}`, "/v1/categories", "/v1/categories"]);
    });
  });
}
