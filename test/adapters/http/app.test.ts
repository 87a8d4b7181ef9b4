// Specifies the HTTP mechanism every operation shares, over real HTTP: API key authentication,
// permission, method and route errors, body limits, query/path/body decoding, `fields`, and
// the JSON error body with its Request-Id. Runs on the real app and on an app of test routes.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import pino from "pino";
import { createHttpApp } from "../../../adapters/http/app.js";
import { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { TEST_INFO, testRoutes } from "../../support/mechanism-routes.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const WIDGET_ID = "0190a6b2-7c1e-7d3a-9f00-1234567890ab";
const UNKNOWN_KEY = `svc_sk_test_${"Q".repeat(40)}`;

/** Every response carries a Request-Id; on an error it equals the body's request_id. */
const assertRequestId = (response: TestResponse): void => {
  const header = response.headers.get("request-id");
  assert.ok(header !== null && /^req_[0-9a-f]{24}$/.test(header), `Request-Id header missing or malformed: ${header}`);
  if (response.status >= 400) assert.equal(response.body?.error?.request_id, header);
};

const assertError = (
  response: TestResponse,
  status: number,
  type: string,
  code: string,
  param?: string,
): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  const error = response.body?.error;
  assert.ok(error !== undefined, `no error body: ${response.text}`);
  assert.equal(error.type, type);
  assert.equal(error.code, code);
  assert.equal(typeof error.message, "string");
  assert.ok(error.message.length > 0);
  if (param === undefined) assert.equal(error.param, undefined, `unexpected param ${error.param}`);
  else assert.equal(error.param, param);
  assert.deepEqual(Object.keys(response.body), ["error"]);
  assertRequestId(response);
};

/** Sends a request over node:http, for what fetch cannot send (a chunked body without length). */
const rawRequest = (
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: readonly Buffer[],
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url + path, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (chunk: Buffer) => parts.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString("utf8") }));
      res.on("error", reject);
    });
    // The server may answer and close before the whole body is written.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });

describe("HTTP app", function () {
  let t: TestApplication;
  let mechanism: TestClient;
  let secret: string;
  let publishable: string;

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_API_KEY_CACHE_MS: "0" } });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    const app = createHttpApp({
      routes: testRoutes(),
      authenticate: t.application.container.get(AuthenticateApiKey),
      guards: t.application.guards,
      logger: pino({ level: "silent" }),
      info: TEST_INFO,
    });
    mechanism = await serve(app);
  });

  after(async () => {
    await mechanism?.close();
    await t?.close();
  });

  describe("authentication (the real app)", () => {
    it("no key: 401 invalid_api_key with the contract's error body and a matching Request-Id", async () => {
      const response = await t.client.get("/v1/products");
      assertError(response, 401, "authentication_error", "invalid_api_key");
      assert.deepEqual(Object.keys(response.body.error).sort(), ["code", "message", "request_id", "type"]);
      assert.equal(response.headers.get("request-id"), response.body.error.request_id);
    });

    it("a malformed key: 401", async () => {
      for (const key of ["nope", "svc_sk_test_short", `svc_xx_test_${"a".repeat(40)}`, `${secret}!`]) {
        assertError(await t.client.get("/v1/products", { key }), 401, "authentication_error", "invalid_api_key");
      }
      const basic = await t.client.get("/v1/products", { headers: { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` } });
      assertError(basic, 401, "authentication_error", "invalid_api_key");
    });

    it("an unknown well-formed key: 401", async () => {
      assertError(await t.client.get("/v1/products", { key: UNKNOWN_KEY }), 401, "authentication_error", "invalid_api_key");
    });

    it("a well-formed key whose prefix was changed is not the stored key: 401", async () => {
      const asPublishable = secret.replace("svc_sk_", "svc_pk_");
      assertError(await t.client.get("/v1/products", { key: asPublishable }), 401, "authentication_error", "invalid_api_key");
    });

    it("a revoked key: 401", async () => {
      const principal = await t.application.container.get(AuthenticateApiKey).execute(t.otherStore.keys.publishableTest);
      assertError(await t.client.get("/v1/nowhere", { key: t.otherStore.keys.publishableTest }), 404, "not_found_error", "route_not_found");
      await t.application.database.knex("api_keys").where({ id: principal.keyId }).update({ revoked_at: new Date().toISOString() });
      assertError(await t.client.get("/v1/nowhere", { key: t.otherStore.keys.publishableTest }), 401, "authentication_error", "invalid_api_key");
    });

    it("a valid key on an unknown path: 404 route_not_found", async () => {
      assertError(await t.client.get("/v1/no-such-thing", { key: secret }), 404, "not_found_error", "route_not_found");
      assertError(await t.client.post("/v2/widgets", { a: 1 }, { key: secret }), 404, "not_found_error", "route_not_found");
    });

    it("the scheme word is case-insensitive", async () => {
      const response = await t.client.get("/v1/no-such-thing", { headers: { authorization: `bearer ${secret}` } });
      assertError(response, 404, "not_found_error", "route_not_found");
    });
  });

  describe("the mechanism (test routes)", () => {
    it("a publishable key reads; the answer carries Request-Id", async () => {
      const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}`, { key: publishable });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.id, WIDGET_ID);
      assert.deepEqual(response.body.query, { limit: null, active: null, owner_id: null });
      assert.deepEqual(response.body.caller, { store_id: t.store.store.id, mode: "test", key_type: "publishable" });
      assertRequestId(response);
    });

    it("each request gets its own Request-Id", async () => {
      const ids = new Set<string | null>();
      for (let i = 0; i < 5; i++) ids.add((await mechanism.get(`/v1/widgets/${WIDGET_ID}`, { key: publishable })).headers.get("request-id"));
      assert.equal(ids.size, 5);
    });

    it("no key, malformed key, unknown key: 401", async () => {
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}`), 401, "authentication_error", "invalid_api_key");
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}`, { key: "svc_pk_test_x" }), 401, "authentication_error", "invalid_api_key");
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}`, { key: UNKNOWN_KEY }), 401, "authentication_error", "invalid_api_key");
    });

    it("query values decode: integer, boolean, uuid", async () => {
      const owner = "0190a6b2-0000-7000-8000-000000000001";
      const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?limit=200&active=false&owner_id=${owner}`, { key: publishable });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.query, { limit: 200, active: false, owner_id: owner });
      const low = await mechanism.get(`/v1/widgets/${WIDGET_ID}?limit=1&active=true`, { key: publishable });
      assert.deepEqual(low.body.query, { limit: 1, active: true, owner_id: null });
    });

    it("the live key of the other store authenticates as that store, in live mode", async () => {
      const live = await mechanism.get(`/v1/widgets/${WIDGET_ID}`, { key: t.otherStore.keys.secretLive });
      assert.equal(live.status, 200, live.text);
      assert.deepEqual(live.body.caller, { store_id: t.otherStore.store.id, mode: "live", key_type: "secret" });
      const created = await mechanism.post("/v1/widgets", { name: "x", quantity: 1 }, { key: t.otherStore.keys.secretLive });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.store_id, t.otherStore.store.id);
      assert.notEqual(created.body.store_id, t.store.store.id);
      const liveReal = await t.client.get("/v1/no-such-thing", { key: t.otherStore.keys.publishableLive });
      assertError(liveReal, 404, "not_found_error", "route_not_found");
    });

    it("a secret key creates through the POST route: 201 with the decoded body", async () => {
      const response = await mechanism.post("/v1/widgets", { name: "Gear", quantity: 3, parts: [{ sku: "G-1" }] }, { key: secret });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(response.body, { name: "Gear", quantity: 3, parts: [{ sku: "G-1" }], store_id: t.store.store.id });
      assertRequestId(response);
    });

    it("a publishable key on the secret POST: 403 secret_key_required", async () => {
      const response = await mechanism.post("/v1/widgets", { name: "Gear", quantity: 3 }, { key: publishable });
      assertError(response, 403, "permission_error", "secret_key_required");
      const live = await mechanism.post("/v1/widgets", { name: "Gear", quantity: 3 }, { key: t.store.keys.publishableLive });
      assertError(live, 403, "permission_error", "secret_key_required");
    });

    it("a wrong method: 405 method_not_allowed with an Allow header", async () => {
      const response = await mechanism.delete("/v1/widgets", { key: secret });
      assertError(response, 405, "invalid_request_error", "method_not_allowed");
      assert.equal(response.headers.get("allow"), "POST");
      const onItem = await mechanism.request("PUT", `/v1/widgets/${WIDGET_ID}`, { key: secret, body: { a: 1 } });
      assertError(onItem, 405, "invalid_request_error", "method_not_allowed");
      assert.match(onItem.headers.get("allow") ?? "", /GET/);
    });

    it("an unknown path: 404 route_not_found", async () => {
      assertError(await mechanism.get("/v1/gadgets", { key: secret }), 404, "not_found_error", "route_not_found");
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}/parts`, { key: secret }), 404, "not_found_error", "route_not_found");
    });

    it("a malformed uuid in the path: 404 resource_missing", async () => {
      for (const id of ["not-a-uuid", "1234", `${WIDGET_ID}0`]) {
        assertError(await mechanism.get(`/v1/widgets/${id}`, { key: publishable }), 404, "not_found_error", "resource_missing", "id");
      }
    });

    it("invalid JSON: 400 invalid_json", async () => {
      const response = await mechanism.post("/v1/widgets", '{"name": "Gear", ', { key: secret });
      assertError(response, 400, "invalid_request_error", "invalid_json");
      assert.match(response.body.error.message, /at line 1, column 18 \(offset 17\)\.$/);
      // Where it broke, as line and column: the answer says what to fix.
      const broken = await mechanism.post("/v1/widgets", '{"name": "Gear",\n "quantity": 1 2}', { key: secret });
      assertError(broken, 400, "invalid_request_error", "invalid_json");
      assert.match(broken.body.error.message, /^The request body is not valid JSON: .+ at line 2, column 16 \(offset 32\)\.$/);
    });

    it("a body over 1 MiB: 413 payload_too_large", async () => {
      const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), quantity: 1 });
      const response = await mechanism.post("/v1/widgets", big, { key: secret });
      assertError(response, 413, "invalid_request_error", "payload_too_large");
    });

    it("a chunked body over 1 MiB (no Content-Length): 413 payload_too_large", async () => {
      const chunk = Buffer.alloc(256 * 1024, "a");
      const response = await rawRequest(
        mechanism.url,
        "POST",
        "/v1/widgets",
        { authorization: `Bearer ${secret}`, "content-type": "application/json", "transfer-encoding": "chunked" },
        Array.from({ length: 8 }, () => chunk),
      );
      assert.equal(response.status, 413, response.text);
      const body = JSON.parse(response.text);
      assert.equal(body.error.code, "payload_too_large");
      assert.equal(response.headers["request-id"], body.error.request_id);
    });

    it("a body that is not JSON: 415 unsupported_media_type", async () => {
      const response = await mechanism.post("/v1/widgets", "name=Gear", { key: secret, headers: { "content-type": "text/plain" } });
      assertError(response, 415, "invalid_request_error", "unsupported_media_type");
      const form = await mechanism.post("/v1/widgets", "name=Gear", {
        key: secret,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assertError(form, 415, "invalid_request_error", "unsupported_media_type");
    });

    it("a `limit` outside 1-200 or not an integer: 400 parameter_invalid naming limit", async () => {
      for (const limit of ["0", "201", "abc", "-1", "1.5", "", "1e2", "%20"]) {
        const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?limit=${limit}`, { key: publishable });
        assertError(response, 400, "invalid_request_error", "parameter_invalid", "limit");
        assert.match(response.body.error.message, /limit/);
      }
    });

    it("other malformed query values name their parameter", async () => {
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}?active=yes`, { key: publishable }), 400, "invalid_request_error", "parameter_invalid", "active");
      assertError(await mechanism.get(`/v1/widgets/${WIDGET_ID}?owner_id=123`, { key: publishable }), 400, "invalid_request_error", "parameter_invalid", "owner_id");
    });

    it("an unknown query parameter: 400 parameter_unknown", async () => {
      const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?colour=red`, { key: publishable });
      assertError(response, 400, "invalid_request_error", "parameter_unknown", "colour");
      const onPost = await mechanism.request("POST", "/v1/widgets?dry_run=true", { key: secret, body: { name: "a", quantity: 1 } });
      assertError(onPost, 400, "invalid_request_error", "parameter_unknown", "dry_run");
    });

    it("a repeated query parameter: 400 naming it", async () => {
      const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?limit=1&limit=2`, { key: publishable });
      assertError(response, 400, "invalid_request_error", "parameter_invalid", "limit");
      const fields = await mechanism.get(`/v1/widgets/${WIDGET_ID}?fields=id&fields=name`, { key: publishable });
      assertError(fields, 400, "invalid_request_error", "parameter_invalid", "fields");
    });

    it("an unknown body property: 400 parameter_unknown naming it", async () => {
      const response = await mechanism.post("/v1/widgets", { name: "Gear", quantity: 1, colour: "red" }, { key: secret });
      assertError(response, 400, "invalid_request_error", "parameter_unknown", "colour");
    });

    it("a missing required body property: 400 parameter_missing naming it", async () => {
      assertError(await mechanism.post("/v1/widgets", { quantity: 1 }, { key: secret }), 400, "invalid_request_error", "parameter_missing", "name");
      assertError(await mechanism.post("/v1/widgets", { name: "Gear" }, { key: secret }), 400, "invalid_request_error", "parameter_missing", "quantity");
      const nested = await mechanism.post("/v1/widgets", { name: "Gear", quantity: 1, parts: [{ sku: "a" }, {}] }, { key: secret });
      assertError(nested, 400, "invalid_request_error", "parameter_missing", "parts[1].sku");
    });

    it("no body at all on a route that needs one: 400 parameter_missing", async () => {
      const response = await mechanism.request("POST", "/v1/widgets", { key: secret });
      assertError(response, 400, "invalid_request_error", "parameter_missing", "name");
    });

    it("a body property of the wrong type or out of bounds: 400 parameter_invalid naming it", async () => {
      assertError(await mechanism.post("/v1/widgets", { name: "Gear", quantity: "3" }, { key: secret }), 400, "invalid_request_error", "parameter_invalid", "quantity");
      assertError(await mechanism.post("/v1/widgets", { name: "Gear", quantity: 0 }, { key: secret }), 400, "invalid_request_error", "parameter_invalid", "quantity");
      assertError(await mechanism.post("/v1/widgets", { name: "", quantity: 1 }, { key: secret }), 400, "invalid_request_error", "parameter_invalid", "name");
    });

    it("a JSON body that is not an object: 400", async () => {
      for (const body of ["[1,2]", '"text"', "42", "null"]) {
        const response = await mechanism.post("/v1/widgets", body, { key: secret });
        assert.equal(response.status, 400, `${body}: ${response.text}`);
        assert.equal(response.body.error.type, "invalid_request_error");
        assertRequestId(response);
      }
    });

    it("`fields` keeps only the named fields", async () => {
      const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?fields=id,price.amount,%20caller.*&limit=5`, { key: publishable });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, {
        id: WIDGET_ID,
        price: { amount: 1500 },
        caller: { store_id: t.store.store.id, mode: "test", key_type: "publishable" },
      });
      assertRequestId(response);
      const nested = await mechanism.get(`/v1/widgets/${WIDGET_ID}?fields=caller.mode,name,name`, { key: publishable });
      assert.deepEqual(nested.body, { name: "Sprocket", caller: { mode: "test" } });
      const blank = await mechanism.get(`/v1/widgets/${WIDGET_ID}?fields=`, { key: publishable });
      assert.deepEqual(Object.keys(blank.body).sort(), ["caller", "id", "name", "price", "query"]);
    });

    it("an unknown `fields` name: 400 unknown_field", async () => {
      for (const fields of ["colour", "id,price.tax", "name.first", "__proto__.toString"]) {
        const response = await mechanism.get(`/v1/widgets/${WIDGET_ID}?fields=${fields}`, { key: publishable });
        assertError(response, 400, "invalid_request_error", "unknown_field", "fields");
      }
    });

    it("`fields` on a route without an allowance is an unknown parameter", async () => {
      const response = await mechanism.get("/v1/boom?fields=id", { key: publishable });
      assertError(response, 400, "invalid_request_error", "parameter_unknown", "fields");
    });

    it("an unexpected error: 500 internal_error without a stack or the error's text", async () => {
      const response = await mechanism.get("/v1/boom", { key: publishable });
      assertError(response, 500, "api_error", "internal_error");
      assert.doesNotMatch(response.text, /boom/i);
      assert.doesNotMatch(response.text, /\bat /);
      assert.doesNotMatch(response.text, /\.ts:\d+|node_modules|Error:/);
    });

    it("the OpenAPI document is public", async () => {
      const response = await mechanism.get("/v1/openapi.json");
      assert.equal(response.status, 200);
      assert.equal(response.body.openapi, "3.1.0");
      assertRequestId(response);
    });
  });
});
