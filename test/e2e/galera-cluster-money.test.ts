// Storefront on a real 3-node MariaDB Galera cluster (issue 18, docs/scaling.md "Galera cluster"),
// the promises about money and messages: a gift card drawn by parallel checkouts through two
// servers on different nodes never goes below 0 and its ledger matches the orders; webhook workers
// on two nodes deliver every event, none twice within a lease. (Migrations, oversells, cart adds,
// idempotency keys and a node killed under load: test/e2e/galera-cluster.test.ts.)
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { after, before, describe, it } from "mocha";
import { sendUntilNotBusy, statusCounts } from "../support/busy-retry.js";
import { newSession } from "../support/cart-fixtures.js";
import { causalKnex, GaleraCluster, galeraUnavailableReason } from "../support/galera-cluster.js";
import { connect, type TestClient } from "../support/http-client.js";
import { checkoutBody, createProduct, setUpDelivery, variantStock } from "../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";
import { assertStoreConsistent } from "../support/store-invariants.js";
import { verifyReceipt, WebhookReceiver } from "../support/webhook-receiver.js";
import { WorkerProcess } from "../support/worker-process.js";

const DATABASE = "sf_money";
const SERVER_ENV = {
  STOREFRONT_DB_POOL_MAX: "10",
  STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: "1000",
  STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000",
  STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1",
};
const CLAIM_TTL_MS = 9_000;
const WORKER_ENV = {
  STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1",
  STOREFRONT_WORKER_INTERVAL_MS: "50",
  STOREFRONT_WEBHOOK_BATCH_SIZE: "4",
  STOREFRONT_WEBHOOK_TIMEOUT_MS: "8000",
  STOREFRONT_WEBHOOK_CLAIM_TTL_MS: String(CLAIM_TTL_MS),
  // Each run of the delivery job is logged with what it sent, so the test can tell which worker sent what.
  STOREFRONT_LOG_LEVEL: "debug",
};

/** What a worker's delivery job runs reported, summed over its log. */
const deliveryTotals = (log: string): { attempted: number; succeeded: number } => {
  const totals = { attempted: 0, succeeded: 0 };
  for (const line of log.split("\n")) {
    if (!line.includes('"job ran"') || !line.includes('"webhook-delivery"')) continue;
    try {
      const entry = JSON.parse(line) as { result?: { attempted?: number; succeeded?: number } };
      totals.attempted += entry.result?.attempted ?? 0;
      totals.succeeded += entry.result?.succeeded ?? 0;
    } catch {
      // a line cut by the tail
    }
  }
  return totals;
};
const CHECKOUTS = 32;
/** KES major units: about ten checkouts of one 15.00 item (with tax and delivery, 317.40 each). */
const CARD_BALANCE = 3_000;
const PRODUCTS_FOR_EVENTS = 20;
const ENDPOINTS = ["/node-a", "/node-b", "/node-c"];

describe("a 3-node MariaDB Galera cluster: gift cards and webhooks through two nodes", function () {
  this.timeout(180_000);
  let cluster: GaleraCluster | undefined;
  const servers: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];
  let a: TestClient;
  let b: TestClient;
  let seeded: SeededStore;
  let knex: Knex | undefined;

  before(async function () {
    const reason = galeraUnavailableReason();
    if (reason !== undefined) {
      if (process.env.CI === "true") throw new Error(`a Galera cluster cannot be started here, and CI=true requires these tests: ${reason}`);
      console.log(`    (skipped: ${reason})`);
      this.skip();
    }
    cluster = await GaleraCluster.start();
    console.log(`      cluster of 3 Synced nodes in ${cluster.startedInMs} ms (ports ${cluster.nodes.map((n) => n.port).join(", ")})`);
    await cluster.createDatabase(DATABASE);
    // Server A writes through node 1, server B through node 2; the checks read through node 3.
    servers.push(
      ...(await Promise.all([
        ServerProcess.start(cluster.multiHostUrl(DATABASE, 0), SERVER_ENV),
        ServerProcess.start(cluster.multiHostUrl(DATABASE, 1), SERVER_ENV),
      ])),
    );
    a = connect(servers[0]!.url);
    b = connect(servers[1]!.url);
    seeded = await seedStore(cluster.multiHostUrl(DATABASE, 2));
    knex = causalKnex(cluster.nodes[2]!.url(DATABASE));
    await setUpDelivery(a, seeded.secret_key);
  });

  after(async function () {
    for (const worker of workers) await worker.kill();
    await knex?.destroy();
    await Promise.all(servers.map((s) => s.stop()));
    await cluster?.stop();
  });

  it(`never draws a gift card below 0: ${CHECKOUTS} parallel checkouts through both servers, and its ledger matches the orders`, async () => {
    const variant = await createProduct(a, seeded.secret_key, `Gift card goods ${randomUUID().slice(0, 6)}`, { price: 1_500, stock: 1_000 });
    const issued = await b.post("/v1/gift-cards", { initial_balance: CARD_BALANCE }, { key: seeded.secret_key });
    assert.equal(issued.status, 201, issued.text);
    const card = { id: issued.body.id as string, code: issued.body.code as string };
    const sessions = Array.from({ length: CHECKOUTS }, () => newSession());
    // Each cart is filled through the server that will not check it out.
    const filled = await Promise.all(
      sessions.map((session, i) =>
        (i % 2 === 0 ? b : a).post("/v1/cart/items", { variant_id: variant.variantId, quantity: 1 }, { key: seeded.publishable_key, headers: { "x-session-id": session } }),
      ),
    );
    assert.equal(statusCounts(filled), `200:${CHECKOUTS}`);

    const started = Date.now();
    const retried = [{ count: 0 }, { count: 0 }];
    const placed = await Promise.all(
      sessions.map((session, i) =>
        sendUntilNotBusy(
          () => (i % 2 === 0 ? a : b).post("/v1/orders", checkoutBody({ session_id: session }, { notes: session, gift_card_code: card.code }), { key: seeded.secret_key }),
          retried[i % 2]!,
        ),
      ),
    );
    const created = placed.filter((r) => r.status === 201);
    const throughA = placed.filter((r, i) => r.status === 201 && i % 2 === 0).length;
    console.log(
      `      ${CHECKOUTS} checkouts with one card in ${Date.now() - started} ms: ${statusCounts(placed)} (503 busy answers sent again: ${retried[0]!.count} to A, ${retried[1]!.count} to B); ` +
        `orders through A ${throughA}, through B ${created.length - throughA}`,
    );
    for (const refused of placed.filter((r) => r.status !== 201)) {
      if (refused.status !== 422) {
        // What the servers logged of it (the request id is in the answer), to tell which statement
        // a refusal other than the card's came from (a 409 reference_conflict once, in a CI run of
        // 2026-11-27, not seen again in 8 runs alone).
        const id = String(refused.body?.error?.request_id ?? "");
        for (const server of servers) for (const line of server.log.split("\n")) if (id !== "" && line.includes(id)) console.log(`      ${line.slice(0, 2_000)}`);
      }
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.error.code, "gift_card_not_usable", refused.text);
    }
    assert.ok(created.length >= 2, `orders paid with the card: ${created.length}`);
    for (const order of created) assert.ok(Number(order.body.gift_card_amount) > 0, `order ${order.body.id} drew from the card: ${order.text}`);

    // The card's rows, read through node 3: never below 0, balance = initial - draws = initial - what the orders record.
    const row: { balance: number | string; initial_balance: number | string; redemption_count: number | string } = await knex!("gift_cards").where({ id: card.id }).first();
    const ledger: { kind: string; amount: number | string; balance_after: number | string; order_id: string | null }[] = await knex!("gift_card_ledger").where({
      gift_card_id: card.id,
    });
    const orders: { id: string; gift_card_amount: number | string; total_amount: number | string }[] = await knex!("orders").where({ gift_card_id: card.id });
    const draws = ledger.filter((e) => e.kind === "redemption");
    const drawn = draws.reduce((sum, e) => sum + Number(e.amount), 0);
    const ordersTook = orders.reduce((sum, o) => sum + Number(o.gift_card_amount), 0);
    console.log(
      `      card ${Number(row.initial_balance) / 100} -> ${Number(row.balance) / 100}: ${draws.length} draws of ${drawn / 100} in all, ` +
        `${orders.length} orders took ${ordersTook / 100}; ledger balances ${draws.map((e) => Number(e.balance_after) / 100).sort((x, y) => y - x).join(", ")}`,
    );
    assert.equal(Number(row.initial_balance), CARD_BALANCE * 100);
    assert.ok(Number(row.balance) >= 0, `balance ${row.balance}`);
    assert.equal(Number(row.balance), 0, "more checkouts than the card could pay: it ran out");
    assert.equal(Number(row.balance), Number(row.initial_balance) - drawn, "balance = initial - ledger draws");
    assert.equal(drawn, ordersTook, "ledger draws = the gift card amounts of the orders that used the card");
    assert.equal(draws.length, orders.length, "one draw per order");
    assert.equal(Number(row.redemption_count), orders.length);
    assert.deepEqual(new Set(draws.map((e) => e.order_id)), new Set(orders.map((o) => o.id)), "each draw names an order that used the card");
    assert.deepEqual(new Set(created.map((r) => r.body.id as string)), new Set(orders.map((o) => o.id)), "the stored orders are the 201s");
    // The draws form one chain from the initial balance down: no two checkouts drew from the same balance.
    let balance = Number(row.initial_balance);
    for (const entry of [...draws].sort((x, y) => Number(y.balance_after) - Number(x.balance_after))) {
      assert.ok(Number(entry.balance_after) >= 0);
      balance -= Number(entry.amount);
      assert.equal(Number(entry.balance_after), balance, "each draw starts from the balance the one before it left");
    }
    // Every order but the last was paid whole by the card; the last took what was left.
    assert.equal(orders.filter((o) => Number(o.gift_card_amount) < Number(o.total_amount)).length, 1, "one partial draw, the last");
    assert.equal(await variantStock(knex!, variant.variantId), 1_000 - orders.length);
    await assertStoreConsistent(knex!, seeded.store_id, new Map([[variant.variantId, 1_000]]));

    // Both servers tell the same card.
    for (const client of [a, b]) {
      const detail = await client.get(`/v1/gift-cards/${card.id}`, { key: seeded.secret_key });
      assert.equal(detail.status, 200, detail.text);
      assert.equal(Number(detail.body.balance ?? detail.body.gift_card?.balance), 0, detail.text);
    }
  });

  it("delivers every event with workers on two nodes: each to every endpoint, none twice within a lease", async () => {
    const receivedAt: number[] = [];
    const receiver = await WebhookReceiver.start((_receipt, index) => {
      receivedAt[index] = Date.now();
      return { status: 200, delayMs: 5 + Math.floor(Math.random() * 40) };
    });
    try {
      const secrets = new Map<string, string>();
      for (const [i, path] of ENDPOINTS.entries()) {
        const created = await (i % 2 === 0 ? a : b).post("/v1/webhook_endpoints", { url: receiver.url(path), events: ["product.created"] }, { key: seeded.secret_key });
        assert.equal(created.status, 201, created.text);
        secrets.set(path, created.body.webhook_endpoint.secret);
      }
      // One worker on node 1, one on node 2, both running while the events arrive.
      workers.push(
        ...(await Promise.all([WorkerProcess.start(cluster!.multiHostUrl(DATABASE, 0), WORKER_ENV), WorkerProcess.start(cluster!.multiHostUrl(DATABASE, 1), WORKER_ENV)])),
      );
      const started = Date.now();
      const productIds = new Set<string>();
      await Promise.all(
        Array.from({ length: PRODUCTS_FOR_EVENTS }, async (_, i) => {
          const product = await createProduct(i % 2 === 0 ? a : b, seeded.secret_key, `Webhook item ${i} ${randomUUID().slice(0, 6)}`, { price: 1_000, stock: 1 });
          productIds.add(product.productId);
        }),
      );
      const expected = PRODUCTS_FOR_EVENTS * ENDPOINTS.length;
      await receiver.waitFor((r) => r.length >= expected, 90_000, `${expected} deliveries`);
      const deliveredInMs = Date.now() - started;
      // Time for a second delivery to show up: the workers poll every 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const running = workers.splice(0);
      for (const worker of running) await worker.stop();
      const sent = running.map((worker) => deliveryTotals(worker.log));

      const seen = new Map<string, number[]>();
      receiver.receipts.forEach((r, i) => seen.set(`${r.path} ${r.id}`, [...(seen.get(`${r.path} ${r.id}`) ?? []), receivedAt[i]!]));
      const twice = [...seen].filter(([, at]) => at.length > 1);
      const withinLease = twice.filter(([, at]) => at.some((t, i) => i > 0 && t - at[i - 1]! < CLAIM_TTL_MS));
      console.log(
        `      ${receiver.receipts.length} deliveries of ${PRODUCTS_FOR_EVENTS} events to ${ENDPOINTS.length} endpoints in ${deliveredInMs} ms; ` +
          `sent by the worker on node 1: ${sent[0]!.attempted}, on node 2: ${sent[1]!.attempted}; received twice: ${twice.length}`,
      );
      assert.equal(sent[0]!.attempted + sent[1]!.attempted, expected, "the two workers' attempts add up to one per delivery");
      assert.deepEqual(withinLease.map(([key]) => key), [], "no delivery sent twice within a lease");
      assert.equal(twice.length, 0, "nothing sent twice at all: every receiver answered 200 at once");
      assert.equal(receiver.receipts.length, expected, `${PRODUCTS_FOR_EVENTS} events x ${ENDPOINTS.length} endpoints`);
      assert.ok(receiver.receipts.every((r) => r.attempt === 1), "every delivery on its first attempt");
      const delivered = new Set<string>();
      for (const receipt of receiver.receipts) {
        const event = verifyReceipt(secrets.get(receipt.path)!, receipt);
        assert.equal(event.type, "product.created");
        const data = JSON.stringify(event.data);
        for (const id of productIds) if (data.includes(id)) delivered.add(`${receipt.path} ${id}`);
      }
      for (const path of ENDPOINTS) for (const id of productIds) assert.ok(delivered.has(`${path} ${id}`), `${path} got product ${id}`);

      const deliveries: { state: string; attempts: number | string }[] = await knex!("webhook_deliveries").where({ store_id: seeded.store_id }).select("state", "attempts");
      assert.equal(deliveries.length, expected, "one delivery row per event and endpoint");
      assert.deepEqual(statusCounts(deliveries.map((d) => ({ status: d.state === "succeeded" ? 200 : 0 }))), `200:${expected}`, "every delivery succeeded");
      assert.ok(deliveries.every((d) => Number(d.attempts) === 1), "every delivery claimed once");
      const attempts: { n: number | string }[] = await knex!("webhook_delivery_attempts").where({ store_id: seeded.store_id }).count({ n: "*" });
      assert.equal(Number(attempts[0]!.n), expected, "one recorded attempt per delivery");
    } finally {
      await receiver.close();
    }
  });
});
