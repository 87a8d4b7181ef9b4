// Two independent `storefront serve` processes on one MariaDB behave as one service (issue 12,
// docs/scaling.md): an idempotency key used on both answers once, the per-key rate limit is one
// budget across both, each event is delivered once whichever process's worker takes it, and a
// catalog write through one server is searchable through the other within 5 s. Every request of
// these tests counts against the one per-key budget, so the searches poll slowly.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "mocha";
import { connect, type TestClient, type TestResponse } from "../support/http-client.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../support/mysql-database.js";
import { createProduct } from "../support/order-fixtures.js";
import { seedStore, ServerProcess, type SeededStore } from "../support/server-process.js";
import { signedHeaders } from "../support/signed-request.js";
import { verifyReceipt, WebhookReceiver } from "../support/webhook-receiver.js";

const PER_KEY_PER_MINUTE = 30;
const ENV = {
  STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: String(PER_KEY_PER_MINUTE),
  STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1",
  STOREFRONT_WORKER_INTERVAL_MS: "200",
  STOREFRONT_SEARCH_REFRESH_MS: "500",
};

const waitUntil = async (what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<number> => {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) assert.fail(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  return Date.now() - started;
};

describe("two servers on one MariaDB", function () {
  this.timeout(180_000);
  let db: ThrowawayDatabase | undefined;
  let seeded: SeededStore & { publishable_key_live: string };
  const servers: ServerProcess[] = [];
  let a: TestClient;
  let b: TestClient;

  before(async function () {
    if (!(await mysqlReachable())) {
      if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
      console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
      this.skip();
    }
    db = await createThrowawayDatabase("two_servers");
    seeded = (await seedStore(db.url)) as SeededStore & { publishable_key_live: string };
    servers.push(...(await Promise.all([ServerProcess.start(db.url, ENV, [], { worker: true }), ServerProcess.start(db.url, ENV, [], { worker: true })])));
    a = connect(servers[0]!.url);
    b = connect(servers[1]!.url);
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  });

  it("answers an idempotency key once, whichever server each repeat reaches", async () => {
    const body = JSON.stringify({
      provider: "card_redirect",
      amount: 1500,
      email: "amina@example.com",
      success_url: "https://shop.example/paid",
      cancel_url: "https://shop.example/cancelled",
    });
    const key = `pay-${randomUUID()}`;
    const send = (client: TestClient): Promise<TestResponse> =>
      client.request("POST", "/v1/payments/initialize", {
        key: seeded.secret_key,
        body,
        headers: { "content-type": "application/json", ...signedHeaders(body, { key: seeded.secret_key, secret: seeded.hmac_secret, idempotencyKey: key }) },
      });
    const racing = await Promise.all([send(a), send(b)]);
    const created = racing.filter((r) => r.status === 201);
    assert.ok(created.length >= 1, racing.map((r) => `${r.status} ${r.text}`).join("\n"));
    for (const other of racing) {
      // The loser of the race either waited and replayed, or was told the first is still running.
      assert.ok(other.status === 201 || (other.status === 409 && other.body.error.code === "idempotency_in_progress"), other.text);
    }
    const reference = created[0]!.body.reference as string;
    for (const client of [a, b]) {
      const replay = await send(client);
      assert.equal(replay.status, 201, replay.text);
      assert.equal(replay.headers.get("idempotent-replayed"), "true");
      assert.equal(replay.body.reference, reference, "the same payment, not a second one");
    }
    for (const response of created) assert.equal(response.body.reference, reference);
  });

  it("spends one per-key budget across both servers", async () => {
    const key = seeded.publishable_key_live;
    const statuses: number[] = [];
    for (let round = 0; round < PER_KEY_PER_MINUTE; round += 1) {
      const answers = await Promise.all([a, b].map((client) => client.get("/v1/products?limit=1", { key })));
      statuses.push(...answers.map((r) => r.status));
    }
    // 60 requests in all, half to each server: the 30 of the shared budget pass, the rest are 429.
    const ok = statuses.filter((s) => s !== 429);
    assert.equal(ok.length, PER_KEY_PER_MINUTE, `statuses: ${statuses.join(",")}`);
    const refused = await b.get("/v1/products?limit=1", { key });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.equal(refused.headers.get("ratelimit-remaining"), "0");
  });

  it("delivers an event once, whichever server's worker takes it", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const created = await a.post("/v1/webhook_endpoints", { url: receiver.url("/two"), events: ["product.created"] }, { key: seeded.secret_key });
      assert.equal(created.status, 201, created.text);
      const secret = created.body.webhook_endpoint.secret as string;
      const product = await createProduct(b, seeded.secret_key, "Shared outbox kettle", { price: 25_00, stock: 4 });
      await receiver.waitFor((r) => r.length >= 1, 30_000, "the product.created delivery");
      // Both workers poll every 200 ms: give a double delivery every chance to show up.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      assert.equal(receiver.receipts.length, 1, "one delivery, not one per server");
      const event = verifyReceipt(secret, receiver.receipts[0]!);
      assert.equal(event.type, "product.created");
      assert.equal(receiver.receipts[0]!.attempt, 1);
      assert.ok(JSON.stringify(event.data).includes(product.productId));
    } finally {
      await receiver.close();
    }
  });

  it("finds through one server a product written through the other within 5 s", async () => {
    const word = `zanzibarite${randomUUID().slice(0, 6)}`;
    const before = await a.get(`/v1/search?q=${word}`, { key: seeded.secret_key });
    assert.equal(before.status, 200, before.text);
    assert.equal(before.body.totalResults, 0);
    const product = await createProduct(b, seeded.secret_key, `Carved ${word} bowl`, { price: 40_00, stock: 2 });
    const tookMs = await waitUntil("the search through the other server", 5_000, async () => {
      const found = await a.get(`/v1/search?q=${word}`, { key: seeded.secret_key });
      return found.status === 200 && found.body.results.some((r: { productId: string }) => r.productId === product.productId);
    });
    assert.ok(tookMs <= 5_000);
  });
});
