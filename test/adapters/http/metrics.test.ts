// GET /metrics (issue 19, operations): Prometheus text behind its own bearer token, not served
// without one; requests counted by method, route template and status (also the cached answers
// the fast path writes), the database pool, the answer cache's hits and misses, webhook
// deliveries by state, rate-limit rejections by budget, and Node's event-loop lag.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const TOKEN = "metrics-token-for-the-tests-0123";

/** The value of a sample line `name{labels} value` (labels in any order), or undefined. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    // Between the first "{" and the last "}": a route label holds braces of its own ("/v1/products/{id}").
    const inside = line.includes("{") ? line.slice(line.indexOf("{") + 1, line.lastIndexOf("}")) : "";
    const found = Object.fromEntries([...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
};

describe("GET /metrics", function () {
  let t: TestApplication;
  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_METRICS_TOKEN: TOKEN, STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "30" } });
  });
  after(() => t?.close());

  const scrape = async (): Promise<string> => {
    const response = await t.client.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    return response.text;
  };

  it("answers 401 without the metrics token or with an API key, and spends no rate budget", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${t.store.keys.secretTest}` }, { authorization: `Bearer ${TOKEN}x` }];
    for (const headers of attempts) {
      const response = await t.client.get("/metrics", { headers });
      assert.equal(response.status, 401, response.text);
      assert.equal(response.body.error.code, "invalid_metrics_token");
      assert.equal(response.headers.get("ratelimit-limit"), null);
    }
  });

  it("counts requests by route template and status, the fast path's cached answers too, with their latency", async () => {
    const key = t.store.keys.publishableTest;
    const before = sample(await scrape(), "storefront_http_requests_total", { method: "GET", route: "/v1/products/{id}", status: "404" }) ?? 0;
    for (let i = 0; i < 3; i++) assert.equal((await t.client.get("/v1/products/00000000-0000-4000-8000-000000000000", { key })).status, 404);
    // Four reads of one list: the later ones are answered from the cache, some by the fast path.
    for (let i = 0; i < 4; i++) assert.equal((await t.client.get("/v1/categories?limit=5", { key })).status, 200);
    const text = await scrape();
    assert.equal(sample(text, "storefront_http_requests_total", { method: "GET", route: "/v1/products/{id}", status: "404" }), before + 3);
    assert.equal(sample(text, "storefront_http_requests_total", { method: "GET", route: "/v1/categories", status: "200" }), 4);
    assert.equal(sample(text, "storefront_http_request_duration_seconds_count", { method: "GET", route: "/v1/categories", status: "200" }), 4);
    assert.ok((sample(text, "storefront_http_request_duration_seconds_sum", { route: "/v1/categories" }) ?? 0) > 0);
    assert.ok((sample(text, "storefront_answer_cache_lookups", { outcome: "hit" }) ?? 0) >= 3, "three cached answers");
    assert.ok((sample(text, "storefront_answer_cache_lookups", { outcome: "miss" }) ?? 0) >= 1);
    // A path no route has is one label, whatever it is.
    await t.client.get("/v1/no-such-thing-" + "x".repeat(20), { key });
    assert.ok((sample(await scrape(), "storefront_http_requests_total", { route: "unmatched", status: "404" }) ?? 0) >= 1);
  });

  it("reports the pool, webhook deliveries by state, event-loop lag, and unit-of-work retries by code", async () => {
    const text = await scrape();
    assert.ok((sample(text, "storefront_db_pool_connections", { state: "used" }) ?? -1) >= 0);
    assert.ok((sample(text, "storefront_db_pool_connections", { state: "waiting" }) ?? -1) >= 0);
    assert.ok((sample(text, "storefront_db_pool_acquire_seconds_count") ?? 0) > 0, "acquires were timed");
    assert.equal(sample(text, "storefront_webhook_deliveries", { state: "pending" }), 0);
    assert.ok(sample(text, "nodejs_eventloop_lag_seconds") !== undefined);
    assert.match(text, /# TYPE storefront_unit_of_work_retries_total counter/);
  });

  it("counts requests refused by a spent budget, by budget", async () => {
    const key = t.store.keys.secretTest;
    let refused = 0;
    for (let i = 0; i < 40 && refused === 0; i++) {
      const response = await t.client.get("/v1/orders?limit=1", { key });
      if (response.status === 429) refused++;
    }
    assert.equal(refused, 1, "the per-key budget of 30 a minute ran out");
    const text = await scrape();
    const rejections = text.split("\n").filter((line) => line.startsWith("storefront_rate_limit_rejections_total{"));
    assert.ok(rejections.some((line) => Number(line.slice(line.lastIndexOf(" ") + 1)) >= 1), rejections.join("\n"));
    assert.ok((sample(text, "storefront_http_requests_total", { status: "429" }) ?? 0) >= 1);
  });
});

describe("GET /metrics without a metrics token", () => {
  let t: TestApplication;
  before(async () => {
    t = await startTestApplication();
  });
  after(() => t?.close());

  it("is not served: it asks for an API key as any unknown path does, and says 404 to one", async () => {
    const anonymous = await t.client.get("/metrics", { headers: { authorization: "Bearer anything-at-all-0123456789" } });
    assert.equal(anonymous.status, 401, anonymous.text);
    const keyed = await t.client.get("/metrics", { key: t.store.keys.secretTest });
    assert.equal(keyed.status, 404, keyed.text);
    assert.equal(keyed.body.error.code, "route_not_found");
    assert.doesNotMatch(keyed.text, /storefront_/);
  });
});
