// The direct path of cacheable reads (direct-reads.ts, fast-answers.ts) and Koa's chain answer
// the same requests with the same status, headers and body: CORS preflights and requests with an
// Origin, the security headers, a spent rate budget, a URL over the limit, and errors (a bad or
// unknown parameter, an unknown slug), under both CORS policies. Two applications, each on its own store, with the
// answer cache off: one with the direct path, one with Koa only. The test also checks which
// requests the direct path answered without Koa, so each comparison is of two paths. The headers
// themselves have one source each (SECURITY_HEADERS, `corsAnswer`, `rateLimitHeaders`, the
// error table); the CORS answers are also checked against the values @koa/cors 5 sent.
import assert from "node:assert/strict";
import type Koa from "koa";
import pino from "pino";
import { CreateStore, type CreatedStore } from "../../../application/stores/create-store.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { corsAnswer, EXPOSED_HEADERS } from "../../../adapters/http/middleware/cors-policy.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { testConfig } from "../../support/test-application.js";

/** Differ per request or per store by design. */
const PER_REQUEST = new Set(["request-id", "date", "connection", "keep-alive", "ratelimit-reset", "retry-after"]);
const BUDGET = 4;

const comparable = (response: TestResponse): { status: number; headers: Record<string, string>; body: string } => {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, body: response.text.replace(/"request_id":"req_[0-9a-f]+"/, '"request_id":"req_"') };
};

const countingKoa = (app: Koa<any>): { app: Koa<any>; seen: string[] } => {
  const seen: string[] = [];
  app.middleware.unshift(async (ctx, next) => {
    seen.push(`${ctx.method} ${ctx.url}`);
    await next();
  });
  return { app, seen };
};

for (const origins of [undefined, "https://shop.example"]) {
  describe(`the direct path and Koa's chain answer alike${origins === undefined ? "" : " (CORS origins: a list)"}`, function () {
    this.timeout(60_000);
    const apps: Application[] = [];
    const clients: TestClient[] = [];
    let direct: { client: TestClient; store: CreatedStore; seen: string[] };
    let koa: { client: TestClient; store: CreatedStore };

    const open = async (directReads: boolean) => {
      const app = createApplication(
        testConfig({
          env: {
            STOREFRONT_ANSWER_CACHE_MB: "0",
            STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: String(BUDGET),
            ...(origins === undefined ? {} : { STOREFRONT_CORS_ORIGINS: origins }),
          },
        }),
        { logger: pino({ level: "silent" }) },
      );
      apps.push(app);
      await app.migrate();
      const store = await app.container.get(CreateStore).execute({ name: "Parity Store", baseCurrency: "KES" });
      const counted = countingKoa(app.httpApp({ directReads }));
      const client = await serve(counted.app);
      clients.push(client);
      return { client, store, seen: counted.seen };
    };

    before(async () => {
      direct = await open(true);
      koa = await open(false);
    });

    after(async () => {
      for (const client of clients) await client.close();
      for (const app of apps) await app.close();
    });

    /** Asks both applications (each with its own store's key of `type`) and compares; true when Koa's chain saw the direct one's request. */
    const both = async (method: string, path: string, headers: Record<string, string> = {}, type: "secretTest" | "publishableTest" = "secretTest") => {
      const before = direct.seen.length;
      const a = await direct.client.request(method, path, { key: direct.store.keys[type], headers });
      const b = await koa.client.request(method, path, { key: koa.store.keys[type], headers });
      assert.deepEqual(comparable(a), comparable(b), `${method} ${path} ${JSON.stringify(headers)}`);
      return { response: a, throughKoa: direct.seen.length > before };
    };

    it("answers plain reads and their errors on the direct path, with Koa's security and CORS headers", async () => {
      for (const [path, status] of [
        ["/v1/products", 200],
        ["/v1/products?limit=0", 400],
        ["/v1/products?bogus=1", 400],
        ["/v1/products/by-slug/no-such-product", 404],
      ] as const) {
        const { response, throughKoa } = await both("GET", path, {}, "publishableTest");
        assert.equal(response.status, status, path);
        assert.equal(throughKoa, false, `${path} went through Koa`);
        assert.equal(response.headers.get("x-content-type-options"), "nosniff");
        assert.equal(response.headers.get("cache-control"), "no-store");
        assert.equal(response.headers.get("vary"), "Origin");
        assert.equal(response.headers.get("access-control-allow-origin"), origins === undefined ? "*" : null);
        assert.ok(/^req_[0-9a-f]{24}$/.test(response.headers.get("request-id") ?? ""));
      }
    });

    it("refuses a URL over the limit alike (the direct path leaves it to Koa's limit)", async () => {
      const { response, throughKoa } = await both("GET", `/v1/products?bogus=${"x".repeat(9_000)}`, {}, "publishableTest");
      assert.equal(response.status, 414);
      assert.equal(throughKoa, true);
    });

    it("answers CORS preflights and calls with an Origin alike, as @koa/cors did", async () => {
      const preflight = await both("OPTIONS", "/v1/products", {
        origin: "https://shop.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,content-type",
      });
      assert.equal(preflight.response.status, 204);
      assert.equal(preflight.response.headers.get("access-control-allow-origin"), origins === undefined ? "*" : "https://shop.example");
      assert.equal(preflight.response.headers.get("access-control-allow-methods"), "GET,HEAD,POST,PUT,PATCH,DELETE");
      assert.equal(preflight.response.headers.get("access-control-allow-headers"), "authorization,content-type");
      assert.equal(preflight.response.headers.get("access-control-max-age"), "600");
      const stranger = await both("OPTIONS", "/v1/products", { origin: "https://elsewhere.example", "access-control-request-method": "GET" });
      assert.equal(stranger.response.headers.get("access-control-allow-origin"), origins === undefined ? "*" : null);
      const called = await both("GET", "/v1/products", { origin: "https://shop.example" });
      assert.equal(called.response.status, 200);
      assert.equal(called.throughKoa, true);
      assert.equal(called.response.headers.get("access-control-expose-headers"), EXPOSED_HEADERS.join(","));
      const notPreflight = await both("OPTIONS", "/v1/products", { origin: "https://shop.example" });
      assert.equal(notPreflight.response.headers.get("access-control-allow-origin"), null);
    });

    it("refuses a spent budget alike, with the same RateLimit-* on the answers before it", async () => {
      // The secret keys' budgets: the preflight test's GET with an Origin spent one point of each.
      let refused = false;
      for (let i = 0; i < BUDGET + 1 && !refused; i++) {
        const { response } = await both("GET", "/v1/products?limit=1");
        assert.equal(response.headers.get("ratelimit-limit"), String(BUDGET));
        refused = response.status === 429;
        if (refused) assert.equal((response.body as any).error.code, "rate_limited");
      }
      assert.ok(refused, "the budget was never spent");
    });

    it("the policy's answers are those of @koa/cors 5 (as configured before it was replaced)", () => {
      const asked = { method: "OPTIONS", origin: "https://shop.example", requestMethod: "PATCH", requestHeaders: "authorization" };
      const list = ["https://shop.example"];
      assert.deepEqual(corsAnswer("*", asked), {
        kind: "preflight",
        headers: { "Access-Control-Allow-Origin": "*", "Access-Control-Max-Age": "600", "Access-Control-Allow-Methods": "GET,HEAD,POST,PUT,PATCH,DELETE", "Access-Control-Allow-Headers": "authorization" },
      });
      assert.equal(corsAnswer(list, asked).headers["Access-Control-Allow-Origin"], "https://shop.example");
      assert.deepEqual(corsAnswer(list, { ...asked, origin: "https://other.example" }), { kind: "pass", headers: {} });
      assert.deepEqual(corsAnswer(list, { ...asked, method: "GET", origin: "" }), { kind: "pass", headers: {} });
      assert.deepEqual(corsAnswer("*", { ...asked, requestMethod: "" }), { kind: "pass", headers: {} });
      assert.equal(corsAnswer("*", { ...asked, requestHeaders: "" }).headers["Access-Control-Allow-Headers"], undefined);
    });
  });
}
