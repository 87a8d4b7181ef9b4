// OWASP API4 (Unrestricted Resource Consumption): bodies over 1 MiB are 413 on every write route,
// bodies nested deeper than the limit are 400, every `limit` outside its documented bounds is a
// 400 naming it (never clamped), and the per-key and per-address budgets answer 429.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { BODY_DEPTH_LIMIT } from "../../adapters/http/middleware/body-reader.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, customerHeaders, pathOf, sendToRoute, startSecurityApplication, startWorld, type StoreWorld } from "./security-world.js";

describe("API4 unrestricted resource consumption", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;
  let document: any;
  before(async function () {
    ({ t, world } = await startWorld());
    document = (await t.client.get("/v1/openapi.json")).body;
  });
  after(() => t?.close());

  const writeRoutes = () => t.application.routes.filter((r) => r.method !== "GET" && r.method !== "DELETE");

  it("every write route answers 413 payload_too_large to a body over 1 MiB, before any key work", async function () {
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024) });
    for (const route of writeRoutes()) {
      const response = await sendToRoute(t.client, route, pathOf(route, world), { key: world.secret, hmacSecret: world.hmacSecret, body: big });
      assert.equal(response.status, 413, `${route.operationId}: ${response.text.slice(0, 200)}`);
      assert.equal(response.body.error.code, "payload_too_large");
    }
  });

  it(`every write route answers 400 to a body nested deeper than ${BODY_DEPTH_LIMIT} levels, quickly`, async function () {
    const deepArray = "[".repeat(200_000) + "]".repeat(200_000);
    const deepObject = `{"a":${'{"a":'.repeat(50_000)}1${"}".repeat(50_001)}`;
    for (const route of writeRoutes().filter((r) => r.body !== undefined)) {
      for (const body of [deepArray, deepObject]) {
        const started = Date.now();
        const response = await sendToRoute(t.client, route, pathOf(route, world), { key: world.secret, hmacSecret: world.hmacSecret, body, headers: customerHeaders(world) });
        assert.equal(response.status, 400, `${route.operationId}: ${response.text.slice(0, 200)}`);
        assertErrorShape(response, route.operationId);
        assert.ok(Date.now() - started < 2_000, `${route.operationId} took ${Date.now() - started} ms`);
      }
    }
  });

  it("a body of a million small values or a 900 KiB string is refused or handled without a 5xx", async function () {
    const manyVariants = JSON.stringify({ name: "Many", variants: Array.from({ length: 60_000 }, () => ({})) });
    const longName = JSON.stringify({ name: "n".repeat(900 * 1024), variants: [{ sku: "LONG-1", price: 1, stock: 1 }] });
    for (const body of [manyVariants, longName]) {
      const response = await t.client.post("/v1/products", body, { key: world.secret });
      assert.ok(response.status < 500, response.text.slice(0, 200));
    }
  });

  it("every documented `limit` refuses values outside its bounds with 400 naming it, and accepts its bounds", async function () {
    let checked = 0;
    for (const route of t.application.routes.filter((r) => r.method === "GET")) {
      const parameter = (document.paths[route.path]?.get?.parameters ?? []).find((p: any) => p.in === "query" && p.name === "limit");
      if (parameter === undefined) continue;
      const schema = parameter.schema ?? {};
      const text = JSON.stringify(schema);
      const max = Number(/"maximum":(\d+)/.exec(text)?.[1] ?? /from 1 to (\d+)/.exec(text)?.[1] ?? Number.NaN);
      assert.ok(Number.isInteger(max), `${route.operationId} documents the maximum of limit: ${text}`);
      for (const value of ["0", "-1", String(max + 1), "1000000000000", "1.5", "ten", "1e3", ""]) {
        const response = await t.client.get(`${pathOf(route, world)}?limit=${encodeURIComponent(value)}`, { key: world.secret, headers: customerHeaders(world) });
        assert.equal(response.status, 400, `${route.operationId} limit=${value}: ${response.text.slice(0, 200)}`);
        // A route with another required parameter (search's q) may name that one first; never a clamped 200.
        assert.ok(["limit", "q"].includes(response.body.error.param), `${route.operationId} limit=${value}: ${response.text}`);
      }
      const top = await t.client.get(`${pathOf(route, world)}?limit=${max}`, { key: world.secret, headers: customerHeaders(world) });
      assert.ok(top.status < 500 && top.body?.error?.param !== "limit", `${route.operationId} limit=${max}: ${top.text.slice(0, 200)}`);
      checked += 1;
    }
    assert.ok(checked >= 15, `list routes with a limit: ${checked}`);
    for (const [path, body] of [["/v1/search", { query: "lamp", limit: 101 }], ["/v1/recommendations", { limit: 100_000 }]] as const) {
      const response = await t.client.post(path, body, { key: world.secret });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.param, "limit");
    }
  });

  it("every list answering `pagination` takes `limit` in its documented bounds (1-200, default 50, unless the operation names others) and `cursor` paging", async function () {
    // These name their own bounds; every other list takes 1-200, default 50 (docs/api/limits.md,
    // "Parameter bounds").
    const SPEC_BOUNDS: Readonly<Record<string, readonly [number, number]>> = { "/v1/subcategories": [500, 100] };
    let itemsChecked = false;
    const resolve = (schema: any): any => {
      let current = schema;
      while (current?.$ref !== undefined) current = document.components.schemas[String(current.$ref).split("/").pop()!];
      return current;
    };
    let checked = 0;
    for (const route of t.application.routes.filter((r) => r.method === "GET")) {
      const operation = document.paths[route.path]?.get;
      const answer = resolve(operation?.responses?.["200"]?.content?.["application/json"]?.schema);
      if (answer?.properties?.pagination === undefined) continue;
      const parameters = (operation.parameters ?? []).filter((p: any) => p.in === "query");
      const limit = parameters.find((p: any) => p.name === "limit");
      assert.ok(limit !== undefined, `${route.operationId} pages without a limit`);
      assert.ok(parameters.some((p: any) => p.name === "cursor"), `${route.operationId} pages without a cursor`);
      const [max, fallback] = SPEC_BOUNDS[route.path] ?? [200, 50];
      const text = JSON.stringify(limit.schema);
      assert.equal(Number(/"maximum":(\d+)/.exec(text)?.[1]), max, `${route.operationId} limit maximum: ${text}`);
      const page = await t.client.get(`${pathOf(route, world)}?limit=1`, { key: world.secret, headers: customerHeaders(world) });
      assert.equal(page.status, 200, `${route.operationId}: ${page.text.slice(0, 200)}`);
      assert.equal(page.body.pagination.limit, 1, route.operationId);
      const whole = await t.client.get(pathOf(route, world), { key: world.secret, headers: customerHeaders(world) });
      assert.equal(whole.body.pagination.limit, fallback, `${route.operationId} default limit`);
      if (page.body.pagination.has_more === true) {
        const next = await t.client.get(`${pathOf(route, world)}?limit=1&cursor=${page.body.pagination.next_cursor}`, { key: world.secret, headers: customerHeaders(world) });
        assert.equal(next.status, 200, `${route.operationId} next page: ${next.text.slice(0, 200)}`);
      }
      const garbage = await t.client.get(`${pathOf(route, world)}?cursor=not-a-cursor`, { key: world.secret, headers: customerHeaders(world) });
      assert.equal(garbage.status, 400, `${route.operationId}: ${garbage.text.slice(0, 200)}`);
      assert.equal(garbage.body.error.code, "invalid_cursor", `${route.operationId}: ${garbage.text.slice(0, 200)}`);
      checked += 1;
      if (route.path === "/v1/product-collections/{id}/items") itemsChecked = true;
    }
    assert.ok(checked >= 14 && itemsChecked, `paged lists: ${checked}`);
  });

  it("a `fields` of thousands of names, and a cursor of garbage, are 400s", async function () {
    const fields = Array.from({ length: 1_500 }, (_, i) => `f${i}`).join(",");
    const many = await t.client.get(`/v1/products?fields=${fields}`, { key: world.secret });
    assert.equal(many.status, 400);
    const cursor = await t.client.get(`/v1/products?cursor=${"A".repeat(4_000)}`, { key: world.secret });
    assert.equal(cursor.status, 400);
    assert.ok(["invalid_cursor", "parameter_invalid"].includes(cursor.body.error.code), cursor.text);
  });

  // Last on this server: the refused stream leaves the client's pooled connection reset.
  it("a chunked body (no Content-Length) is cut off at 1 MiB with 413", async function () {
    const chunked = await fetch(`${t.client.url}/v1/products`, {
      method: "POST",
      headers: { authorization: `Bearer ${world.secret}`, "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    assert.equal(chunked.status, 413);
  });

  describe("rate limits", function () {
    let limited: TestApplication;
    before(async function () {
      limited = await startSecurityApplication({ env: { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "5", STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: "3" } });
    });
    after(() => limited?.close());

    it("a key's sixth request in a minute is 429 with Retry-After and RateLimit headers; another key is unaffected", async function () {
      const key = limited.store.keys.publishableTest;
      for (let i = 0; i < 5; i++) assert.equal((await limited.client.get("/v1/categories", { key })).status, 200);
      const refused = await limited.client.get("/v1/categories", { key });
      assert.equal(refused.status, 429, refused.text);
      assertErrorShape(refused, "429");
      assert.equal(refused.body.error.type, "rate_limit_error");
      assert.ok(Number(refused.headers.get("retry-after")) > 0);
      assert.equal(refused.headers.get("ratelimit-limit"), "5");
      assert.equal(refused.headers.get("ratelimit-remaining"), "0");
      assert.equal((await limited.client.get("/v1/categories", { key: limited.otherStore.keys.publishableTest })).status, 200);
    });

    it("the fourth /v1/auth/* request of one address in a minute is 429, whichever key it uses", async function () {
      const keys = [limited.store.keys.secretTest, limited.store.keys.secretLive, limited.otherStore.keys.secretTest];
      for (const key of keys) assert.notEqual((await limited.client.post("/v1/auth/otp/request", { email: "a@example.com" }, { key })).status, 429);
      const refused = await limited.client.post("/v1/auth/otp/request", { email: "a@example.com" }, { key: limited.otherStore.keys.secretLive });
      assert.equal(refused.status, 429, refused.text);
    });
  });
});
