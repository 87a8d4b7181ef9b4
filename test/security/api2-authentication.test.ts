// OWASP API2 (Broken Authentication): every keyed route refuses missing, malformed, unknown and
// revoked API keys; every customer route refuses missing, garbage, foreign, expired and revoked
// customer tokens; refresh tokens rotate and a reused one ends the session family; sign-in and
// one-time codes are throttled and do not tell which emails exist; secrets are compared in
// constant time or looked up by hash.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "mocha";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import { CreateStore } from "../../application/stores/create-store.js";
import { ManualClock, registerCustomer } from "../support/customer-fixtures.js";
import { checkoutBody } from "../support/order-fixtures.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, keyedRoutes, pathOf, sendToRoute, startSecurityApplication, startWorld, validBody, type StoreWorld } from "./security-world.js";

const takesCustomerToken = (route: AnyRoute): boolean => (route.headers ?? []).some((h) => h.name === "x-auth-token");

describe("API2 broken authentication", function () {
  // Walks every keyed route with five kinds of bad key: 4 s on a quiet run, 15 s late in the whole
  // suite's one process on a loaded 2-core machine.
  this.timeout(120_000);
  let t: TestApplication;
  let world: StoreWorld;
  const clock = new ManualClock(new Date());

  before(async function () {
    ({ t, world } = await startWorld({ clock }));
  });
  after(() => t?.close());

  it("every keyed route answers 401 invalid_api_key to a missing, malformed, unknown or revoked key", async function () {
    const revoked = await t.application.container.get(CreateStore).execute({ name: "Revoked", baseCurrency: "KES" });
    await t.application.database.knex("api_keys").where({ store_id: revoked.store.id }).update({ revoked_at: new Date().toISOString() });
    const key = world.secret;
    const authorizations: ReadonlyArray<readonly [string, string | undefined]> = [
      ["no header", undefined],
      ["empty bearer", "Bearer "],
      ["the word alone", "Bearer"],
      ["basic scheme", `Basic ${Buffer.from(`${key}:`).toString("base64")}`],
      ["garbage", "Bearer not-a-key"],
      ["upper-case prefix", `Bearer ${key.replace("svc_sk_test_", "SVC_SK_TEST_")}`],
      ["one character short of the shape", `Bearer svc_sk_test_${"a".repeat(31)}`],
      ["well-shaped but unknown", `Bearer svc_sk_test_${"A1b2C3d4".repeat(5)}`],
      ["a known key with a character changed", `Bearer ${key.slice(0, -1)}${key.endsWith("a") ? "b" : "a"}`],
      ["a known key with more after it", `Bearer ${key}x`],
      ["a key of another prefix with the same random part", `Bearer ${key.replace("svc_sk_test_", "svc_sk_live_")}`],
      ["two keys", `Bearer ${key} ${key}`],
      ["a very long header", `Bearer svc_sk_test_${"a".repeat(8_000)}`],
      ["a revoked secret key", `Bearer ${revoked.keys.secretTest}`],
      ["a revoked publishable key", `Bearer ${revoked.keys.publishableLive}`],
      ["a key with a NUL-like escape", `Bearer ${key}%00`],
    ];
    const wrong: string[] = [];
    const routes = keyedRoutes(t.application.routes);
    for (const route of routes) {
      for (const [what, authorization] of authorizations) {
        const body = validBody(route, world);
        const response = await t.client.request(route.method, pathOf(route, world), {
          headers: { ...(authorization !== undefined ? { authorization } : {}), "Idempotency-Key": "idem-auth" },
          ...(body !== undefined ? { body } : {}),
        });
        if (response.status !== 401 || response.body?.error?.code !== "invalid_api_key") wrong.push(`${route.operationId} with ${what}: ${response.status} ${response.text.slice(0, 120)}`);
      }
    }
    assert.deepEqual(wrong, []);
    const sample = await t.client.get("/v1/products", { headers: { authorization: "Bearer nope" } });
    assertErrorShape(sample, "401");
    assert.equal(sample.body.error.type, "authentication_error");
    assert.doesNotMatch(sample.text, /nope/, "the refused key is not echoed");
  });

  it("a key is read only from the Authorization header, never from the query string or a cookie", async function () {
    const requests: ReadonlyArray<{ path: string; headers: Record<string, string> }> = [
      { path: `/v1/products?api_key=${world.secret}`, headers: {} },
      { path: `/v1/products?access_token=${world.secret}`, headers: {} },
      { path: "/v1/products", headers: { cookie: `api_key=${world.secret}` } },
      { path: "/v1/products", headers: { "x-api-key": world.secret } },
    ];
    for (const request of requests) {
      const response = await t.client.get(request.path, { headers: request.headers });
      assert.equal(response.status, 401, `${request.path}: ${response.text}`);
    }
  });

  describe("customer tokens", function () {
    const tokenRoutes = (): AnyRoute[] => t.application.routes.filter(takesCustomerToken);
    // Carts and checkout consult the token when the request names a customer_id (else they are anonymous).
    const send = (route: AnyRoute, token: string | undefined) => {
      let body = validBody(route, world);
      let query = "";
      if (["addCartItem", "updateCartItem"].includes(route.operationId)) body = { ...body, customer_id: world.customerX.id };
      if (route.operationId === "createOrder") body = { ...checkoutBody({ customer_id: world.customerX.id }) };
      if (["getCart", "removeCartItem"].includes(route.operationId)) query = `?customer_id=${world.customerX.id}`;
      return sendToRoute(t.client, route, pathOf(route, world) + query, {
        key: route.access === "secret" ? world.secret : world.publishable,
        hmacSecret: world.hmacSecret,
        ...(body !== undefined ? { body } : {}),
        headers: token === undefined ? {} : { "x-auth-token": token },
      });
    };
    const expectAll401 = async (label: string, token: string | undefined, codes: readonly string[]): Promise<void> => {
      const routes = tokenRoutes();
      assert.ok(routes.length >= 14, `routes taking a customer token: ${routes.length}`);
      const wrong: string[] = [];
      for (const route of routes) {
        const response = await send(route, token);
        if (response.status !== 401 || !codes.includes(response.body?.error?.code)) wrong.push(`${route.operationId}: ${response.status} ${response.text.slice(0, 120)}`);
      }
      assert.deepEqual(wrong, [], label);
    };

    it("no token, a garbage token, a refresh token used as an access token, another store's token: 401 on every customer route", async function () {
      const foreign = await registerCustomer(t.client, t.otherStore.keys.secretTest);
      await expectAll401("no token", undefined, ["invalid_token"]);
      for (const token of ["garbage", "at_" + "0".repeat(40), world.customerX.refreshToken, foreign.accessToken, `${world.customerX.accessToken}x`, " ".repeat(3) + "x"]) {
        await expectAll401(`token ${token.slice(0, 12)}`, token, ["invalid_token"]);
      }
    });

    it("a logged-out token, and an expired one, are refused on every customer route", async function () {
      const leaving = await registerCustomer(t.client, world.secret);
      const out = await t.client.post("/v1/auth/logout", undefined, { key: world.secret, headers: { "x-auth-token": leaving.accessToken } });
      assert.ok(out.status === 200 || out.status === 204, out.text);
      await expectAll401("logged out", leaving.accessToken, ["invalid_token", "token_expired"]);
      const aging = await registerCustomer(t.client, world.secret);
      clock.advance(61 * 60 * 1000);
      try {
        await expectAll401("expired", aging.accessToken, ["token_expired"]);
      } finally {
        clock.advance(-61 * 60 * 1000);
      }
    });

    it("refresh tokens rotate; reusing a replaced one revokes every token of the family", async function () {
      const customer = await registerCustomer(t.client, world.secret);
      const refresh = (token: string) => t.client.post("/v1/auth/refresh", { refresh_token: token }, { key: world.secret });
      const first = await refresh(customer.refreshToken);
      assert.equal(first.status, 200, first.text);
      const { access_token: access2, refresh_token: refresh2 } = first.body.session;
      assert.notEqual(refresh2, customer.refreshToken);
      const reused = await refresh(customer.refreshToken);
      assert.equal(reused.status, 401, reused.text);
      for (const token of [access2, customer.accessToken]) {
        assert.equal((await t.client.get("/v1/auth/me", { key: world.secret, headers: { "x-auth-token": token } })).status, 401);
      }
      assert.equal((await refresh(refresh2)).status, 401, "the newest refresh token of the family is revoked too");
    });
  });

  describe("sign-in throttles and enumeration", function () {
    let small: TestApplication;
    before(async function () {
      small = await startSecurityApplication({
        env: { STOREFRONT_AUTH_FAILURES_PER_EMAIL: "3", STOREFRONT_AUTH_FAILURES_PER_ADDRESS: "1000", STOREFRONT_AUTH_CODE_REQUESTS_PER_EMAIL: "2" },
      });
    });
    after(() => small?.close());

    it("password guessing: after 3 failures for one email, 429 even with the right password", async function () {
      const key = small.store.keys.secretTest;
      const customer = await registerCustomer(small.client, key);
      for (let i = 0; i < 3; i++) assert.equal((await small.client.post("/v1/auth/login", { email: customer.email, password: `wrong ${i}` }, { key })).status, 401);
      const limited = await small.client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key });
      assert.equal(limited.status, 429, limited.text);
      assert.equal(limited.body.error.code, "rate_limited");
      assert.ok(Number(limited.headers.get("retry-after")) > 0);
    });

    it("one-time code guessing: after 3 wrong codes, 429; code requests are limited per email", async function () {
      const key = small.store.keys.secretTest;
      const customer = await registerCustomer(small.client, key);
      assert.equal((await small.client.post("/v1/auth/otp/request", { email: customer.email }, { key })).status, 202);
      for (let i = 0; i < 3; i++) assert.equal((await small.client.post("/v1/auth/otp/verify", { email: customer.email, code: String(100000 + i) }, { key })).status, 401);
      assert.equal((await small.client.post("/v1/auth/otp/verify", { email: customer.email, code: "999999" }, { key })).status, 429);
      assert.equal((await small.client.post("/v1/auth/otp/request", { email: customer.email }, { key })).status, 202);
      assert.equal((await small.client.post("/v1/auth/otp/request", { email: customer.email }, { key })).status, 429);
    });

    it("an unknown email and a wrong password get the same answer; a code request answers alike for both", async function () {
      const key = small.store.keys.secretTest;
      const customer = await registerCustomer(small.client, key);
      const wrongPassword = await small.client.post("/v1/auth/login", { email: customer.email, password: "not it at all" }, { key });
      const unknown = await small.client.post("/v1/auth/login", { email: `nobody.${Date.now()}@example.com`, password: "not it at all" }, { key });
      assert.equal(unknown.status, wrongPassword.status);
      assert.equal(unknown.body.error.code, wrongPassword.body.error.code);
      assert.equal(unknown.body.error.message, wrongPassword.body.error.message);
      const known = await small.client.post("/v1/auth/otp/request", { email: customer.email }, { key });
      const nobody = await small.client.post("/v1/auth/otp/request", { email: `nobody.${Date.now()}@example.com` }, { key });
      assert.equal(known.status, nobody.status);
      assert.equal(known.text, nobody.text);
    });
  });

  it("secrets are compared in constant time or found by their hash: no == on a signature, digest or secret anywhere", function () {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts")) files.push(path);
      }
    };
    for (const ring of ["domain", "application", "adapters", "composition"]) walk(join(process.cwd(), ring));
    const plainCompare = /(signature|digest|hmac|secret|passwordHash|tokenHash|\bmac)\w*\s*[!=]==?\s*(?!undefined|null|""|'')[\w"'`(]/i;
    const offenders = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => plainCompare.test(line) && !line.trim().startsWith("//") && !/typeof|\.length|\.kind|\.status/.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim()}`),
    );
    assert.deepEqual(offenders, []);
    // The comparisons that do happen go through node's timingSafeEqual.
    for (const file of ["adapters/system/node-hmac-signer.ts", "adapters/payments/constant-time.ts", "adapters/system/scrypt-password-hasher.ts"]) {
      assert.match(readFileSync(join(process.cwd(), file), "utf8"), /timingSafeEqual\(/, file);
    }
  });
});
