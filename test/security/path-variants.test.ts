// One path rule for the whole app: a route answers only at its exact path, in its exact case and
// without a trailing slash. Every other spelling (upper case, a trailing slash, a doubled slash, an
// encoded slash) is a 404 route_not_found that reaches no handler, so a rule keyed on the path
// (the per-address budget of /v1/auth/*, public routes, idempotency fingerprints) cannot be
// sidestepped by spelling a path differently.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import type { TestApplication } from "../support/test-application.js";
import { assertErrorShape, customerHeaders, pathOf, sendToRoute, startWorld, validBody, type StoreWorld } from "./security-world.js";

/** The spellings of `path` that name the same resource to a lenient router. */
export const pathVariants = (path: string): string[] => {
  const [, version, first, ...rest] = path.split("/");
  const tail = rest.length > 0 ? `/${rest.join("/")}` : "";
  return [
    path.toUpperCase(),
    `/${version}/${first!.charAt(0).toUpperCase()}${first!.slice(1)}${tail}`,
    `/${version!.toUpperCase()}/${first}${tail}`,
    `${path}/`,
    `/${path}`,
    `/${version}//${first}${tail}`,
    `/${version}%2F${first}${tail}`,
    `/${version}%2f${first}${tail}`,
  ];
};

describe("path spellings: one exact path per route", function () {
  let t: TestApplication;
  let world: StoreWorld;
  before(async () => {
    ({ t, world } = await startWorld({ env: { STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: "1000000" } }));
  });
  after(() => t?.close());

  it("every route answers 404 route_not_found to every other spelling of its path, with any key", async function () {
    this.timeout(120_000);
    let checked = 0;
    for (const route of t.application.routes as readonly AnyRoute[]) {
      const exact = pathOf(route, world);
      const body = validBody(route, world);
      for (const variant of pathVariants(exact)) {
        const response = await sendToRoute(t.client, route, variant, { key: world.secret, hmacSecret: world.hmacSecret, body, headers: customerHeaders(world) });
        assert.equal(response.status, 404, `${route.method} ${variant}: ${response.status} ${response.text.slice(0, 200)}`);
        assert.equal(response.body.error.code, "route_not_found", `${route.method} ${variant}`);
        assertErrorShape(response, `${route.method} ${variant}`);
        checked++;
      }
    }
    assert.ok(checked >= 8 * 100, `spellings checked: ${checked}`);
  });
});

describe("path spellings: the per-address budget of /v1/auth/*", function () {
  let t: TestApplication;
  before(async () => {
    t = (await startWorld({ env: { STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: "3", STOREFRONT_TRUST_PROXY: "true" } })).t;
  });
  after(() => t?.close());

  it("no spelling of an auth path reaches its handler, so none escapes the address's budget", async () => {
    const from = { key: t.store.keys.secretTest, headers: { "x-forwarded-for": "203.0.113.40" } };
    const register = (path: string, i: number) =>
      t.client.post(path, { email: `variant-${i}-${Date.now()}@example.com`, password: "a long enough password", name: "Variant" }, from);
    for (let i = 0; i < 3; i++) assert.notEqual((await register("/v1/auth/register", i)).status, 429);
    let i = 10;
    for (const path of ["/v1/auth/register", "/v1/auth/login"].flatMap(pathVariants)) {
      const response = await register(path, i++);
      assert.ok(response.status === 404 || response.status === 429, `${path}: ${response.status} ${response.text.slice(0, 160)}`);
      if (response.status === 429) assert.equal(response.headers.get("ratelimit-limit"), "3", path);
    }
    const limited = await register("/v1/auth/register", 99);
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.headers.get("ratelimit-limit"), "3");
  });
});
