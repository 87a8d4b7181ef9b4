// CORS and security headers over real HTTP: a browser's preflight is answered without an API
// key, scripts may read the headers they need, a configured list of origins is honoured, and
// every answer (2xx, 4xx, 429, 5xx, preflight) carries the security headers.
import assert from "node:assert/strict";
import pino from "pino";
import { createHttpApp } from "../../../adapters/http/app.js";
import { EXPOSED_HEADERS } from "../../../adapters/http/middleware/cors-policy.js";
import { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import { loadConfig } from "../../../composition/config.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { TEST_INFO, testRoutes } from "../../support/mechanism-routes.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const ORIGIN = "https://shop.example";

const assertSecurityHeaders = (response: TestResponse, what: string): void => {
  const h = response.headers;
  assert.equal(h.get("x-content-type-options"), "nosniff", what);
  assert.equal(h.get("referrer-policy"), "no-referrer", what);
  assert.equal(h.get("x-frame-options"), "DENY", what);
  assert.equal(h.get("x-powered-by"), null, what);
  assert.match(h.get("request-id") ?? "", /^req_/, what);
  if (/^application\/json/.test(h.get("content-type") ?? "")) {
    assert.equal(h.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'", what);
    assert.equal(h.get("cache-control"), "no-store", what);
  }
  assert.equal(h.get("strict-transport-security"), null, `${what}: no HSTS over plain HTTP`);
};

describe("CORS and security headers", function () {
  let t: TestApplication;
  let mechanism: TestClient;
  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "3" } });
    mechanism = await serve(
      createHttpApp({
        routes: testRoutes(),
        authenticate: t.application.container.get(AuthenticateApiKey),
        guards: t.application.guards,
        logger: pino({ level: "silent" }),
        info: TEST_INFO,
      }),
    );
  });
  after(async () => {
    await mechanism?.close();
    await t?.close();
  });

  describe("CORS (any origin by default)", function () {
    it("answers a browser's preflight 204 without an API key, allowing the method and the asked headers", async () => {
      const response = await t.client.request("OPTIONS", "/v1/carts/items", {
        headers: {
          origin: ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type, idempotency-key",
        },
      });
      assert.equal(response.status, 204, response.text);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.match(response.headers.get("access-control-allow-methods") ?? "", /POST/);
      assert.match(response.headers.get("access-control-allow-methods") ?? "", /PATCH/);
      assert.equal(response.headers.get("access-control-allow-headers"), "authorization, content-type, idempotency-key");
      assert.equal(response.headers.get("access-control-max-age"), "600");
      assert.equal(response.headers.get("access-control-allow-credentials"), null, "keys are bearer headers: no credentials");
      assertSecurityHeaders(response, "preflight");
    });

    it("a preflight spends no rate-limit point", async () => {
      const key = t.store.keys.secretTest;
      for (let i = 0; i < 5; i++) {
        const response = await t.client.request("OPTIONS", "/v1/categories", { headers: { origin: ORIGIN, "access-control-request-method": "GET" } });
        assert.equal(response.status, 204);
      }
      const real = await t.client.get("/v1/categories", { key, headers: { origin: ORIGIN } });
      assert.equal(real.status, 200, real.text);
      assert.equal(real.headers.get("ratelimit-remaining"), "2");
    });

    it("an actual request lets the page read Request-Id, RateLimit-*, Retry-After and Idempotent-Replayed", async () => {
      const response = await t.client.get("/v1/categories", { key: t.store.keys.publishableTest, headers: { origin: ORIGIN } });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(",").map((h) => h.trim().toLowerCase());
      for (const name of ["request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after", "idempotent-replayed"]) {
        assert.ok(exposed.includes(name), `${name} not exposed: ${exposed.join(",")}`);
      }
      assert.deepEqual(exposed, EXPOSED_HEADERS.map((h) => h.toLowerCase()));
      assert.match(response.headers.get("vary") ?? "", /Origin/i);
    });

    it("error answers carry the CORS headers too, so a page can read the error", async () => {
      const response = await t.client.get("/v1/categories", { headers: { origin: ORIGIN } });
      assert.equal(response.status, 401);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
    });
  });

  describe("CORS with STOREFRONT_CORS_ORIGINS", function () {
    let narrow: TestApplication;
    before(async () => {
      narrow = await startTestApplication({ env: { STOREFRONT_CORS_ORIGINS: `${ORIGIN}, https://admin.example` } });
    });
    after(() => narrow?.close());

    it("echoes a listed origin and gives an unlisted one nothing (its preflight falls through to 401)", async () => {
      const preflight = { "access-control-request-method": "GET" };
      const listed = await narrow.client.request("OPTIONS", "/v1/categories", { headers: { origin: "https://admin.example", ...preflight } });
      assert.equal(listed.status, 204);
      assert.equal(listed.headers.get("access-control-allow-origin"), "https://admin.example");
      assert.match(listed.headers.get("vary") ?? "", /Origin/i);
      const unlisted = await narrow.client.request("OPTIONS", "/v1/categories", { headers: { origin: "https://evil.example", ...preflight } });
      assert.equal(unlisted.headers.get("access-control-allow-origin"), null);
      assert.equal(unlisted.status, 401);
      const actual = await narrow.client.get("/v1/categories", { key: narrow.store.keys.publishableTest, headers: { origin: ORIGIN } });
      assert.equal(actual.headers.get("access-control-allow-origin"), ORIGIN);
    });

    it("rejects a malformed list at start-up", () => {
      assert.deepEqual(loadConfig({ STOREFRONT_CORS_ORIGINS: "https://a.example,http://b.example:8080" }).corsOrigins, [
        "https://a.example",
        "http://b.example:8080",
      ]);
      assert.equal(loadConfig({ STOREFRONT_CORS_ORIGINS: "*" }).corsOrigins, "*");
      for (const bad of ["shop.example", "https://shop.example/", "https://a.example,,https://b.example"]) {
        assert.throws(() => loadConfig({ STOREFRONT_CORS_ORIGINS: bad }), /STOREFRONT_CORS_ORIGINS/, bad);
      }
    });
  });

  describe("security headers on every answer", function () {
    it("2xx, 401, 404 and 429", async () => {
      const key = t.store.keys.publishableTest;
      const ok = await t.client.get("/v1/openapi.json");
      assert.equal(ok.status, 200);
      assertSecurityHeaders(ok, "200");
      assertSecurityHeaders(await t.client.get("/v1/products"), "401");
      const notFound = await t.client.get("/v1/nowhere", { key: t.store.keys.secretLive });
      assert.equal(notFound.status, 404);
      assertSecurityHeaders(notFound, "404");
      let limited: TestResponse | undefined;
      for (let i = 0; i < 5 && limited?.status !== 429; i++) limited = await t.client.get("/v1/categories", { key });
      assert.equal(limited?.status, 429);
      assertSecurityHeaders(limited!, "429");
    });

    it("a 500", async () => {
      const response = await mechanism.get("/v1/boom", { key: t.store.keys.publishableLive });
      assert.equal(response.status, 500);
      assertSecurityHeaders(response, "500");
    });

    it("the docs page gets its own policy; HSTS only behind TLS", async () => {
      const docs = await t.client.get("/docs");
      assertSecurityHeaders(docs, "docs");
      assert.match(docs.headers.get("content-security-policy") ?? "", /script-src 'self'/);
      const proxied = await startTestApplication({ env: { STOREFRONT_TRUST_PROXY: "true" } });
      try {
        const secure = await proxied.client.get("/v1/openapi.json", { headers: { "x-forwarded-proto": "https" } });
        assert.equal(secure.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains");
      } finally {
        await proxied.close();
      }
    });
  });
});
