// The request log: one JSON line per request with the Request-Id the client got, the route
// template, status, duration, store and key-id prefix, never a key or token; requests the fast path
// answers from the cache are logged as well; a share of successful requests can be kept while
// every error is.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "mocha";
import pino from "pino";
import type { TestResponse } from "../../support/http-client.js";
import { createProduct } from "../../support/order-fixtures.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const collecting = () => {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n")) if (text.trim() !== "") lines.push(JSON.parse(text));
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
};

describe("request log", function () {
  const all = collecting();
  const sampled = collecting();
  let t: TestApplication;
  let s: TestApplication;
  let productId: string;
  before(async () => {
    t = await startTestApplication({ logger: all.logger });
    s = await startTestApplication({ logger: sampled.logger, env: { STOREFRONT_REQUEST_LOG_PERCENT: "1" } });
    productId = (await createProduct(t.client, t.store.keys.secretTest, "Logged Lamp", { price: 1_000, stock: 3 })).productId;
  });
  after(async () => {
    await t?.close();
    await s?.close();
  });

  const requests = (lines: any[]) => lines.filter((line) => line.msg === "request");
  const waitFor = async (check: () => boolean): Promise<void> => {
    for (let i = 0; i < 50 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("writes one line per request, with the Request-Id the client got and the route template, never the key", async () => {
    const key = t.store.keys.publishableTest;
    const responses: TestResponse[] = [];
    // The first read fills the answer cache; the repeats are answered by the fast path in front of Koa.
    for (let i = 0; i < 3; i++) responses.push(await t.client.get(`/v1/products/${productId}`, { key }));
    responses.push(await t.client.get("/v1/no-such-route", { key }));
    responses.push(await t.client.get("/v1/products", { key: "svc_pk_test_not_a_real_key_000000000000000000000" }));
    await waitFor(() => responses.every((r) => requests(all.lines).some((line) => line.requestId === r.headers.get("request-id"))));
    for (const response of responses) {
      const id = response.headers.get("request-id");
      const found = requests(all.lines).filter((line) => line.requestId === id);
      assert.equal(found.length, 1, `one line for ${id} (${response.status})`);
      assert.equal(found[0].status, response.status);
      assert.equal(found[0].method, "GET");
      assert.equal(typeof found[0].ms, "number");
    }
    const [first, second] = responses.map((r) => requests(all.lines).find((line) => line.requestId === r.headers.get("request-id")));
    assert.equal(first.route, "/v1/products/{id}");
    assert.equal(second.route, "/v1/products/{id}", "the fast path logs the route template too");
    assert.equal(first.store, t.store.store.id);
    assert.equal(first.key.length, 8);
    const notFound = requests(all.lines).find((line) => line.requestId === responses[3]!.headers.get("request-id"));
    assert.deepEqual([notFound.status, notFound.route], [404, null]);
    const unauthenticated = requests(all.lines).find((line) => line.requestId === responses[4]!.headers.get("request-id"));
    assert.deepEqual([unauthenticated.status, unauthenticated.store, unauthenticated.key], [401, null, null]);
    const text = JSON.stringify(all.lines);
    for (const secret of [key, t.store.keys.secretTest, "svc_pk_test_not_a_real_key"]) assert.ok(!text.includes(secret), "no key in the log");
  });

  it("keeps a share of the successful requests (STOREFRONT_REQUEST_LOG_PERCENT) and every error", async () => {
    const key = s.store.keys.publishableTest;
    for (let i = 0; i < 200; i++) assert.equal((await s.client.get("/v1/categories", { key })).status, 200);
    for (let i = 0; i < 5; i++) assert.equal((await s.client.get("/v1/no-such-route", { key })).status, 404);
    await waitFor(() => requests(sampled.lines).filter((line) => line.status === 404).length === 5);
    const ok = requests(sampled.lines).filter((line) => line.status === 200).length;
    assert.ok(ok < 20, `1 % of 200 successes kept, got ${ok}`);
    assert.equal(requests(sampled.lines).filter((line) => line.status === 404).length, 5, "every error kept");
  });
});
