// Specifies route buckets (adapters/http/route-buckets.ts): a request is matched only against the
// routes of its path's first segments, with the answers the one router gave: the route in
// registration order, 405 with Allow for a known path and another method, and nothing (so a 404)
// for a path of no bucket or no route. The whole route table's reach is tested by the security
// suites (every route, every other spelling of its path: test/security/path-variants.test.ts).
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Router from "@koa/router";
import Koa from "koa";
import { bucketedRoutes, pathBucket } from "../../../adapters/http/route-buckets.js";

const OPTIONS = { sensitive: true, strict: true };

const serveRouter = async (router: Router<unknown>): Promise<{ url: string; close: () => Promise<void> }> => {
  const app = new Koa();
  app.use(bucketedRoutes(router, OPTIONS));
  const server = createServer(app.callback());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
};

describe("route buckets", () => {
  it("a path's bucket is its first two segments under /v1/, three under /admin/v1/, else one", () => {
    assert.equal(pathBucket("/v1/cart/items"), "/v1/cart");
    assert.equal(pathBucket("/v1/cart"), "/v1/cart");
    assert.equal(pathBucket("/v1/products/019441b5/variants"), "/v1/products");
    assert.equal(pathBucket("/admin/v1/orders/abc/refunds"), "/admin/v1/orders");
    assert.equal(pathBucket("/admin/v1/me"), "/admin/v1/me");
    assert.equal(pathBucket("/media/s/i/thumb"), "/media");
    assert.equal(pathBucket("/healthz"), "/healthz");
    assert.equal(pathBucket("/v1/"), "/v1/");
    assert.equal(pathBucket("/V1/cart/items"), "/V1", "a path in another case is no /v1 path");
    assert.equal(pathBucket("/"), "/");
  });

  it("answers as the one router did: the first route registered, params, 405 with Allow, and 404 outside every route", async () => {
    const router = new Router<unknown>(OPTIONS);
    router.get("/v1/cart", (ctx) => void (ctx.body = { route: "cart" }));
    router.post("/v1/cart/items", (ctx) => void (ctx.body = { route: "add" }));
    router.patch("/v1/cart/items/:id", (ctx) => void (ctx.body = { route: "change", id: ctx.params.id }));
    router.get("/v1/cart/items/:id", (ctx) => void (ctx.body = { route: "first" }));
    router.get("/v1/cart/items/:line", (ctx) => void (ctx.body = { route: "second" }));
    router.get("/admin/v1/orders/:id", (ctx) => void (ctx.body = { route: "admin order", id: ctx.params.id }));
    router.get("/healthz", (ctx) => void (ctx.body = { route: "health" }));
    const served = await serveRouter(router);
    try {
      const ask = async (method: string, path: string) => {
        const response = await fetch(`${served.url}${path}`, { method });
        return { status: response.status, allow: response.headers.get("allow"), body: response.status === 200 ? await response.json() : await response.text() };
      };
      assert.deepEqual((await ask("GET", "/v1/cart")).body, { route: "cart" });
      assert.deepEqual((await ask("POST", "/v1/cart/items")).body, { route: "add" });
      assert.deepEqual((await ask("PATCH", "/v1/cart/items/l1")).body, { route: "change", id: "l1" });
      assert.deepEqual((await ask("GET", "/v1/cart/items/l1")).body, { route: "first" });
      assert.deepEqual((await ask("GET", "/admin/v1/orders/o9")).body, { route: "admin order", id: "o9" });
      assert.deepEqual((await ask("GET", "/healthz")).body, { route: "health" });
      const refused = await ask("DELETE", "/v1/cart/items");
      assert.equal(refused.status, 405);
      assert.equal(refused.allow, "POST");
      for (const path of ["/v1/cart/", "/v1/cart/items/", "/v1/carts", "/v1/", "/V1/cart", "/admin/v1/orders", "/healthz/", "/nowhere"]) {
        assert.equal((await ask("GET", path)).status, 404, path);
      }
    } finally {
      await served.close();
    }
  });

  it("refuses at start-up a route with a parameter within its bucket (it could match other buckets' paths)", () => {
    const router = new Router<unknown>(OPTIONS);
    router.get("/v1/:resource/items", (ctx) => void (ctx.body = {}));
    assert.throws(() => bucketedRoutes(router, OPTIONS), /has a parameter within its bucket \/v1\/:resource/);
  });
});
