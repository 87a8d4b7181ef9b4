// OWASP API8 (Security Misconfiguration): every route's answers, successes and errors alike,
// carry the security headers and CORS without credentials; preflights need no key; no error
// body carries a stack or an internal message; nothing says what the server runs on; only the
// OpenAPI document and the docs page are readable without a key.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import pino from "pino";
import { createHttpApp } from "../../adapters/http/app.js";
import { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import { serve, type TestClient, type TestResponse } from "../support/http-client.js";
import { TEST_INFO, testRoutes } from "../support/mechanism-routes.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, assertNoStackText, customerHeaders, pathOf, sendToRoute, startWorld, validBody, type StoreWorld } from "./security-world.js";

const ORIGIN = "https://shop.example";

const assertHardened = (response: TestResponse, what: string): void => {
  const h = response.headers;
  assert.equal(h.get("x-content-type-options"), "nosniff", what);
  assert.equal(h.get("x-frame-options"), "DENY", what);
  assert.equal(h.get("referrer-policy"), "no-referrer", what);
  assert.match(h.get("content-security-policy") ?? "", /default-src 'none'/, what);
  assert.equal(h.get("cache-control"), "no-store", what);
  assert.equal(h.get("x-powered-by"), null, what);
  assert.equal(h.get("server"), null, `${what}: no Server header`);
  assert.equal(h.get("access-control-allow-credentials"), null, `${what}: never credentials`);
  assert.match(h.get("request-id") ?? "", /^req_/, what);
};

describe("API8 security misconfiguration", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;
  let mechanism: TestClient;

  before(async function () {
    ({ t, world } = await startWorld());
    mechanism = await serve(
      createHttpApp({ routes: testRoutes(), authenticate: t.application.container.get(AuthenticateApiKey), guards: t.application.guards, logger: pino({ level: "silent" }), info: TEST_INFO }),
    );
  });
  after(async () => {
    await mechanism?.close();
    await t?.close();
  });

  it("every route answers with the security headers and CORS for any origin, whatever the outcome", async function () {
    const statuses = new Set<number>();
    for (const route of t.application.routes) {
      const body = validBody(route, world);
      for (const key of route.access === "public" ? [undefined] : [world.secret, world.publishable, undefined]) {
        const response = await sendToRoute(t.client, route, pathOf(route, world), {
          ...(key !== undefined ? { key } : {}),
          hmacSecret: world.hmacSecret,
          ...(body !== undefined ? { body } : {}),
          headers: { ...customerHeaders(world), origin: ORIGIN },
        });
        statuses.add(response.status);
        assertHardened(response, `${route.operationId} ${response.status}`);
        assert.equal(response.headers.get("access-control-allow-origin"), "*", route.operationId);
        assertNoStackText(response, route.operationId);
        if (response.status >= 400) assertErrorShape(response, `${route.operationId} ${response.status}`);
      }
    }
    for (const status of [200, 401, 403]) assert.ok(statuses.has(status), `seen ${[...statuses].join(",")}`);
  });

  it("every route's preflight is answered 204 without a key, allowing its method, never credentials", async function () {
    for (const route of t.application.routes) {
      const response = await t.client.request("OPTIONS", pathOf(route, world), {
        headers: { origin: ORIGIN, "access-control-request-method": route.method, "access-control-request-headers": "authorization, content-type, x-auth-token" },
      });
      assert.equal(response.status, 204, `${route.operationId}: ${response.text}`);
      assert.match(response.headers.get("access-control-allow-methods") ?? "", new RegExp(route.method), route.operationId);
      assert.equal(response.headers.get("access-control-allow-credentials"), null);
      assertHardened(response, `preflight ${route.operationId}`);
    }
  });

  it("error answers of every kind are hardened and leak nothing (401, 404, 405, 413, 415, 400 invalid_json, 500)", async function () {
    const answers: Array<[string, TestResponse]> = [
      ["401", await t.client.get("/v1/products")],
      ["404 route", await t.client.get("/v1/nothing-here", { key: world.secret })],
      ["405", await t.client.request("PUT", "/v1/products", { key: world.secret, body: {} })],
      ["413", await t.client.post("/v1/products", "x".repeat(1024 * 1024 + 10), { key: world.secret })],
      ["415", await t.client.post("/v1/products", "name=x", { key: world.secret, headers: { "content-type": "application/x-www-form-urlencoded" } })],
      ["invalid json", await t.client.post("/v1/products", "{\"name\": ", { key: world.secret })],
      ["500", await mechanism.get("/v1/boom", { key: world.publishable })],
    ];
    for (const [what, response] of answers) {
      assertHardened(response, what);
      assertErrorShape(response, what);
      assertNoStackText(response, what);
    }
    const internal = answers[answers.length - 1]![1];
    assert.equal(internal.status, 500);
    assert.equal(internal.body.error.code, "internal_error");
    assert.doesNotMatch(internal.text, /boom/, "the thrown message stays in the log");
  });

  it("a refused origin gets no CORS headers when origins are listed", async function () {
    const { startSecurityApplication } = await import("./security-world.js");
    const narrow = await startSecurityApplication({ env: { STOREFRONT_CORS_ORIGINS: ORIGIN } });
    try {
      const listed = await narrow.client.get("/v1/products", { key: narrow.store.keys.publishableTest, headers: { origin: ORIGIN } });
      assert.equal(listed.headers.get("access-control-allow-origin"), ORIGIN);
      const other = await narrow.client.get("/v1/products", { key: narrow.store.keys.publishableTest, headers: { origin: "https://evil.example" } });
      assert.equal(other.headers.get("access-control-allow-origin"), null);
      const preflight = await narrow.client.request("OPTIONS", "/v1/products", { headers: { origin: "https://evil.example", "access-control-request-method": "GET" } });
      assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    } finally {
      await narrow.close();
    }
  });

  it("only the OpenAPI document and the docs page answer without a key; unknown paths and methods ask for one", async function () {
    assert.equal((await t.client.get("/v1/openapi.json")).status, 200);
    assert.equal((await t.client.get("/docs")).status, 200);
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/v1"],
      ["GET", "/v1/"],
      ["GET", "/v1/openapi.json/../products"],
      ["GET", "/v1/%2e%2e/v1/products"],
      ["GET", "/V1/PRODUCTS"],
      ["GET", "/v1/products/"],
      ["GET", "/docs/../v1/products"],
      ["GET", "/docs/../../package.json"],
      ["GET", "/.env"],
      ["GET", "/debug"],
      ["GET", "/metrics"],
      ["PROPFIND", "/v1/products"],
      ["DELETE", "/v1/openapi.json"],
    ] as const) {
      const response = await t.client.request(method, path);
      assert.ok([401, 404, 405].includes(response.status), `${method} ${path}: ${response.status} ${response.text.slice(0, 100)}`);
      if (response.status !== 401) assert.ok(path.startsWith("/docs") || method !== "GET", `${method} ${path} should ask for a key: ${response.status}`);
      assertNoStackText(response, `${method} ${path}`);
    }
  });
});
