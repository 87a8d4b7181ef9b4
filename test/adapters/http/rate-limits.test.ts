// The global rate limits (docs/api/limits.md, "Rate limits") over real HTTP: per API key on every
// request, per client address on /v1/auth/*, 429 rate_limited with Retry-After and RateLimit-*
// headers, the headers on ordinary answers, the window's reset, and one budget shared by two app
// instances on one SQLite file, one MySQL/MariaDB database and one Redis.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { loadConfig, type Config } from "../../../composition/config.js";
import type { TestClient, TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { deleteRedisKeys, describeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from "../../support/redis-server.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const assertRateLimited = (response: TestResponse, limit: number): void => {
  assert.equal(response.status, 429, response.text);
  assert.equal(response.body.error.type, "rate_limit_error");
  assert.equal(response.body.error.code, "rate_limited");
  assert.equal(response.body.error.request_id, response.headers.get("request-id"));
  const retryAfter = Number(response.headers.get("retry-after"));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.equal(response.headers.get("ratelimit-limit"), String(limit));
  assert.equal(response.headers.get("ratelimit-remaining"), "0");
  assert.equal(response.headers.get("ratelimit-reset"), String(retryAfter));
};

const limits = (perKey: number, authPerAddress = 1_000_000, extra: Record<string, string> = {}): TestApplicationOptions["env"] => ({
  STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: String(perKey),
  STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: String(authPerAddress),
  ...extra,
});

const withWindow =
  (windowSeconds: number) =>
  (config: Config): Config => ({ ...config, rateLimits: { ...config.rateLimits, windowSeconds } });

describe("Global rate limits", function () {
  describe("configuration", function () {
    it("defaults to 1,000 requests a minute per key and 100 a minute per address on /v1/auth/*", () => {
      const config = loadConfig({});
      assert.deepEqual(config.rateLimits, { perKey: 1000, authPerAddress: 100, windowSeconds: 60, maxBatch: 20 });
      assert.equal(config.redis, undefined);
      assert.equal(config.corsOrigins, "*");
    });

    it("reads the limits, the batch and Redis from the environment and rejects bad values", () => {
      const config = loadConfig({
        STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "50",
        STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: "7",
        STOREFRONT_RATE_LIMIT_BATCH: "1",
        STOREFRONT_REDIS_URL: "redis://127.0.0.1:6379/2",
      });
      assert.deepEqual(config.rateLimits, { perKey: 50, authPerAddress: 7, windowSeconds: 60, maxBatch: 1 });
      assert.deepEqual(config.redis, { url: "redis://127.0.0.1:6379/2", keyPrefix: "storefront:" });
      assert.throws(() => loadConfig({ STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "0" }), /STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE/);
      assert.throws(() => loadConfig({ STOREFRONT_REDIS_URL: "http://localhost" }), /STOREFRONT_REDIS_URL/);
    });
  });

  describe("with the default budgets", function () {
    let t: TestApplication;
    before(async () => {
      t = await startTestApplication({ configure: (config) => ({ ...config, rateLimits: loadConfig({}).rateLimits }) });
    });
    after(() => t?.close());

    it("an answer reports the key's budget of 1,000 a minute", async () => {
      const response = await t.client.get("/v1/categories", { key: t.store.keys.publishableTest });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get("ratelimit-limit"), "1000");
      assert.equal(response.headers.get("ratelimit-remaining"), "999");
      const reset = Number(response.headers.get("ratelimit-reset"));
      assert.ok(reset >= 59 && reset <= 60, String(reset));
    });

    it("an auth request reports the address's budget of 100 a minute, the tighter one", async () => {
      const response = await t.client.post("/v1/auth/login", {}, { key: t.store.keys.publishableTest });
      assert.notEqual(response.status, 429);
      assert.equal(response.headers.get("ratelimit-limit"), "100");
      assert.equal(response.headers.get("ratelimit-remaining"), "99");
    });
  });

  describe("per API key", function () {
    let t: TestApplication;
    before(async () => {
      t = await startTestApplication({ env: limits(5) });
    });
    after(() => t?.close());

    it("answers the first N requests with a shrinking RateLimit-Remaining, then 429 with Retry-After", async () => {
      const key = t.store.keys.publishableTest;
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await t.client.get("/v1/categories", { key });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.headers.get("ratelimit-limit"), "5");
        remaining.push(response.headers.get("ratelimit-remaining") ?? "");
      }
      assert.deepEqual(remaining, ["4", "3", "2", "1", "0"]);
      assertRateLimited(await t.client.get("/v1/categories", { key }), 5);
      // Every request counts, whatever it asks for, including writes and errors.
      assertRateLimited(await t.client.get("/v1/no-such-route", { key }), 5);
    });

    it("each key has its own budget; public paths and unauthenticated requests spend none", async () => {
      const other = await t.client.get("/v1/categories", { key: t.store.keys.secretTest });
      assert.equal(other.status, 200, other.text);
      assert.equal(other.headers.get("ratelimit-remaining"), "4");
      const openApi = await t.client.get("/v1/openapi.json");
      assert.equal(openApi.status, 200);
      assert.equal(openApi.headers.get("ratelimit-limit"), null);
      assert.equal((await t.client.get("/v1/categories")).status, 401);
    });
  });

  describe("per client address on /v1/auth/*", function () {
    let t: TestApplication;
    before(async () => {
      // Behind a trusted proxy the client address comes from X-Forwarded-For.
      t = await startTestApplication({ env: limits(1_000_000, 3, { STOREFRONT_TRUST_PROXY: "true" }) });
    });
    after(() => t?.close());

    const from = (address: string) => ({ key: t.store.keys.publishableTest, headers: { "x-forwarded-for": address } });

    it("allows N auth requests per address, whatever their outcome, then 429", async () => {
      for (let i = 0; i < 3; i++) {
        const response = await t.client.post("/v1/auth/login", { email: "nobody@example.com", password: "wrong-password" }, from("203.0.113.7"));
        assert.notEqual(response.status, 429, response.text);
        assert.equal(response.headers.get("ratelimit-limit"), "3");
      }
      assertRateLimited(await t.client.post("/v1/auth/otp/request", { email: "nobody@example.com" }, from("203.0.113.7")), 3);
    });

    it("another address has its own budget, and other paths are not limited per address", async () => {
      const response = await t.client.post("/v1/auth/login", { email: "nobody@example.com", password: "wrong-password" }, from("198.51.100.9"));
      assert.notEqual(response.status, 429, response.text);
      for (let i = 0; i < 5; i++) assert.equal((await t.client.get("/v1/categories", from("203.0.113.7"))).status, 200);
    });

    it("the shop's server naming its shoppers in Storefront-Customer-IP (secret key): each shopper address has the budget, not the server's; a publishable key's header changes nothing", async () => {
      const server = { "x-forwarded-for": "192.0.2.50" };
      const asShopper = (shopper: string) => ({ key: t.store.keys.secretTest, headers: { ...server, "storefront-customer-ip": shopper } });
      // A new email each time: the per-email budget of code requests is not what is tested here.
      const request = (shopper: string, i: number) => t.client.post("/v1/auth/otp/request", { email: `nobody.${shopper}.${i}@example.com` }, asShopper(shopper));
      for (let i = 0; i < 3; i++) assert.notEqual((await request("203.0.113.40", i)).status, 429);
      assertRateLimited(await request("203.0.113.40", 3), 3);
      // Another shopper through the same server address is not limited by the first one's requests.
      for (let i = 0; i < 3; i++) assert.notEqual((await request("203.0.113.41", i)).status, 429);
      // A publishable key cannot choose its address: the forged header is ignored.
      const forged = (shopper: string) => ({ key: t.store.keys.publishableTest, headers: { "x-forwarded-for": "198.51.100.60", "storefront-customer-ip": shopper } });
      for (let i = 0; i < 3; i++) assert.notEqual((await t.client.post("/v1/auth/login", { email: "nobody@example.com", password: "x" }, forged(`203.0.113.${60 + i}`))).status, 429);
      assertRateLimited(await t.client.post("/v1/auth/login", { email: "nobody@example.com", password: "x" }, forged("203.0.113.99")), 3);
    });
  });

  describe("the window", function () {
    let t: TestApplication;
    before(async () => {
      t = await startTestApplication({ env: limits(2), configure: withWindow(1) });
    });
    after(() => t?.close());

    it("a spent budget is whole again after Retry-After seconds", async function () {
      this.timeout(15_000);
      const key = t.store.keys.publishableTest;
      await t.client.get("/v1/categories", { key });
      await t.client.get("/v1/categories", { key });
      const refused = await t.client.get("/v1/categories", { key });
      assertRateLimited(refused, 2);
      await sleep(Number(refused.headers.get("retry-after")) * 1000 + 100);
      const again = await t.client.get("/v1/categories", { key });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.headers.get("ratelimit-remaining"), "1");
    });
  });

  /** Two app instances (two server processes) on one store of counters share every budget. */
  interface SharedPair {
    readonly a: TestApplication;
    readonly b: TestApplication;
    /** Checks where the counters lived, after the test's requests. */
    readonly verify?: () => Promise<void>;
    readonly cleanup?: () => Promise<void>;
  }
  const sharedBudget = (open: () => Promise<SharedPair>) => {
    let a: TestApplication;
    let b: TestApplication;
    let verify: (() => Promise<void>) | undefined;
    let cleanup: (() => Promise<void>) | undefined;
    before(async () => {
      ({ a, b, verify, cleanup } = await open());
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await cleanup?.();
    });

    it("six requests pass between the two instances, the seventh is refused by either", async () => {
      const key = a.store.keys.publishableTest;
      const clients: TestClient[] = [a.client, b.client];
      for (let i = 0; i < 6; i++) {
        const response = await clients[i % 2]!.get("/v1/categories", { key });
        assert.equal(response.status, 200, `request ${i + 1} on instance ${i % 2}: ${response.text}`);
        assert.equal(response.headers.get("ratelimit-remaining"), String(5 - i));
      }
      assertRateLimited(await a.client.get("/v1/categories", { key }), 6);
      assertRateLimited(await b.client.get("/v1/categories", { key }), 6);
      await verify?.();
    });
  };

  describe("shared by two instances on one SQLite file", function () {
    sharedBudget(async () => {
      const dir = mkdtempSync(join(tmpdir(), "sf-rl-http-"));
      const databaseUrl = `sqlite:${join(dir, "shared.sqlite")}`;
      const a = await startTestApplication({ databaseUrl, env: limits(6) });
      const b = await startTestApplication({ databaseUrl, env: limits(6) });
      return { a, b, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    });
  });

  describeMysql("shared by two instances on one MySQL/MariaDB database", (getDb) => {
    sharedBudget(async () => {
      const a = await startTestApplication({ databaseUrl: getDb().url, env: limits(6) });
      const b = await startTestApplication({ databaseUrl: getDb().url, env: limits(6) });
      return { a, b };
    });
  });

  describeRedis("shared by two instances on one Redis", () => {
    sharedBudget(async () => {
      const dir = mkdtempSync(join(tmpdir(), "sf-rl-redis-"));
      const databaseUrl = `sqlite:${join(dir, "shared.sqlite")}`;
      const prefix = uniqueRedisPrefix("http");
      const env = limits(6, 1_000_000, { STOREFRONT_REDIS_URL: TEST_REDIS_URL, STOREFRONT_REDIS_KEY_PREFIX: prefix });
      const a = await startTestApplication({ databaseUrl, env });
      const b = await startTestApplication({ databaseUrl, env });
      return {
        a,
        b,
        verify: async () => {
          const rows = await a.application.database.knex("rate_limits").count({ n: "*" });
          assert.equal(Number(rows[0]?.n), 0, "the counters live in Redis, not in the database");
          const client = new Redis(TEST_REDIS_URL);
          try {
            assert.ok((await client.keys(`${prefix}*`)).length > 0, "no counter in Redis");
          } finally {
            client.disconnect();
          }
        },
        cleanup: async () => {
          await deleteRedisKeys(prefix);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    });
  });
});
