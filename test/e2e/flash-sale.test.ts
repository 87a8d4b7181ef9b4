// A flash sale (issue 36, item 4), on SQLite, on MariaDB and on a 3-node Galera cluster with two
// servers writing through different nodes: 200 shoppers, each with a 3-line cart, check out at once
// while only the last 50 units of the "hot" variant are left. Exactly 50 orders are placed (50
// units sold, never more), every other shopper gets a 409 `insufficient_stock` that names the hot
// variant (its SKU, in the message: the error's `param` is `quantity`), nothing answers 5xx, and
// the stock adds up: the hot variant ends at 0, the two other variants fell by exactly what the
// placed orders hold, and the stock ledger's last entry minus the units the orders hold is the
// stock now. (Checkout writes no stock ledger rows, docs/decisions/back-office.md, "back-office-22":
// the ledger is checked to hold only the receipt of the 50 units, before and after the sale, and
// the units sold are summed from order_items.) Each checkout is sent once, to servers with the
// default pool (10 connections): a 503, a conflict lost five times or a pool wait that timed out,
// is a 5xx the sale must not answer, and is not sent again.
//
// The pool wait (STOREFRONT_DB_ACQUIRE_TIMEOUT_MS) is 15 s here, not the default 2 s. Checkouts of
// the hot variant run one after another while they hold its row. Since issue 36 item 2's first part
// checkout takes its shared locks last (after the promotions, shipping and totals) and refuses a
// line its own read already saw short before locking anything. At the default 2 s wait, with
// both changes, it passed 4 runs of 4 on SQLite (0.9-3.3 s for the 200), 3 of 4 on MariaDB
// (1.6-2.9 s) and 2 of 3 on Galera (1.9-3.7 s) on this 2-core machine, at load 2 to 12 (other
// suites running); the failures, at load 12, were 179 503s on MariaDB and 12 on Galera, pool waits
// that timed out, never an oversell (docs/decisions/checkout.md, "checkout-18"). So a
// sale of this size still needs the longer wait on a loaded machine, which docs/scaling.md says. The consistency checks run
// first, so that a failure on the answers still tells whether anything was oversold or half written.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { after, before, describe, it } from "mocha";
import pino from "pino";
import { sendUntilNotBusy, statusCounts } from "../support/busy-retry.js";
import { newSession } from "../support/cart-fixtures.js";
import { causalKnex, GaleraCluster, galeraUnavailableReason } from "../support/galera-cluster.js";
import { connect, type TestClient, type TestResponse } from "../support/http-client.js";
import { describeMysql } from "../support/mysql-database.js";
import { checkoutBody, createProduct, setUpDelivery, variantStock, type Variant } from "../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";
import { assertStoreConsistent, cartQuantities } from "../support/store-invariants.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../support/test-application.js";

/** The pool wait a sale of 200 checkouts at once needs today (see the head of this file). */
const SALE_POOL_WAIT = { STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: "15000" };
const SHOPPERS = 200;
const HOT_UNITS = 50;
const PLENTY = 100_000;
/** Cart adds in flight at once while the carts are filled (setup, not the race under test). */
const FILL_CONCURRENCY = 16;

/**
 * Shopper i's cart. Every cart holds exactly 1 unit of the hot variant, so that the 50 units go to
 * exactly 50 shoppers whatever order the checkouts commit in (with 2-unit carts, the sale could
 * end on 1 unit nobody can buy); the two other lines vary (1-3 and 1-2 units), so that the stock
 * they lose tells which carts were sold. The variants are created plenty first and hot last, as a
 * shop's staples are older than its new sale item: ids are UUIDv7 and checkout takes stock in
 * variant id order, so every checkout that still saw a unit of the hot one when it read the
 * products, the losers of the last units too, takes (and locks) both shared rows before it reaches
 * the hot one and is refused there, the hostile case. (One that read it sold out is refused before
 * it locks anything.)
 */
const cartOf = (i: number) => ({ hot: 1, first: 1 + (i % 3), second: 1 + (i % 2) });

interface Shop {
  /** The servers the shoppers are spread over (one in process, or two on Galera). */
  readonly clients: readonly TestClient[];
  readonly secret: string;
  readonly publishable: string;
  readonly storeId: string;
  /** Reads the tables (on Galera through a third node, with causal reads). */
  readonly knex: Knex;
  /** Cart adds that answered 503 busy and were sent again (setup only; never checkouts). */
  readonly fillRetries: { count: number };
  /** What the servers logged behind their 503s (the driver error), for a failure's message. */
  unavailableCauses(): string;
}

/** The log lines of 503s ("service unavailable", with the driver error as `cause`): how many, and the last one's cause. */
const causesIn = (log: string): string => {
  const lines = log.split("\n").filter((line) => line.includes('"msg":"service unavailable"'));
  if (lines.length === 0) return "none logged";
  const causes = new Map<string, number>();
  for (const line of lines) {
    let cause = line;
    try {
      cause = String((JSON.parse(line) as { cause?: unknown }).cause ?? line);
    } catch {
      // a line cut by the tail
    }
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
  }
  return [...causes].map(([cause, n]) => `${n} x ${cause}`).join("; ");
};

/** Runs `work` over `items`, at most `limit` at a time. */
const inBatches = async <T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
    }),
  );
  return results;
};

const ledgerOf = async (shop: Shop, variantId: string): Promise<{ delta: number; stock_before: number; stock_after: number; reason: string; order_id: string | null }[]> => {
  const response = await shop.clients[0]!.get(`/admin/v1/variants/${variantId}/stock-ledger?limit=200`, { key: shop.secret });
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.pagination.has_more, false);
  return response.body.entries;
};

/** The sale, and every check of it; answers the three variants. */
const flashSale = async (shop: Shop, label: string): Promise<readonly Variant[]> => {
  const [client] = shop.clients as [TestClient];
  const tag = randomUUID().slice(0, 6);
  const first = await createProduct(client, shop.secret, `Flash sale tote ${tag}`, { price: 1_200, stock: PLENTY });
  const second = await createProduct(client, shop.secret, `Flash sale socks ${tag}`, { price: 450, stock: PLENTY });
  // The hot variant is created empty, then the last 50 units are received: the ledger's one entry.
  const hot = await createProduct(client, shop.secret, `Flash sale sneaker ${tag}`, { price: 8_900, stock: 0 });
  const received = await client.post(`/admin/v1/variants/${hot.variantId}/stock-adjustments`, { delta: HOT_UNITS, reason: "received", note: "flash sale" }, { key: shop.secret });
  assert.equal(received.status, 201, received.text);
  assert.equal(received.body.stock_after, HOT_UNITS);
  const variants: Record<"hot" | "first" | "second", Variant> = { hot, first, second };
  const ledgerBefore = { hot: await ledgerOf(shop, hot.variantId), first: await ledgerOf(shop, first.variantId), second: await ledgerOf(shop, second.variantId) };
  assert.deepEqual(
    ledgerBefore.hot.map((e) => [e.reason, e.delta, e.stock_before, e.stock_after]),
    [["received", HOT_UNITS, 0, HOT_UNITS]],
    "the hot variant's ledger: the receipt of its last 50 units",
  );
  const stockBefore = { hot: HOT_UNITS, first: await variantStock(shop.knex, first.variantId), second: await variantStock(shop.knex, second.variantId) };
  assert.equal(await variantStock(shop.knex, hot.variantId), HOT_UNITS);
  // What the ledger says each variant holds before the sale: its last entry, or what it was created with.
  for (const key of ["first", "second"] as const) {
    const latest = ledgerBefore[key][0];
    assert.equal(latest === undefined ? PLENTY : latest.stock_after, stockBefore[key]);
  }

  // 200 carts of 3 lines. Shopper i's cart is filled through the server that will not check it out.
  const sessions = Array.from({ length: SHOPPERS }, () => newSession());
  const filledAt = Date.now();
  await inBatches(sessions, FILL_CONCURRENCY, async (session, i) => {
    const through = shop.clients[(i + 1) % shop.clients.length]!;
    const lines = cartOf(i);
    for (const key of ["hot", "first", "second"] as const) {
      const added = await sendUntilNotBusy(
        () => through.post("/v1/cart/items", { variant_id: variants[key].variantId, quantity: lines[key] }, { key: shop.publishable, headers: { "x-session-id": session } }),
        shop.fillRetries,
      );
      assert.equal(added.status, 200, added.text);
    }
  });
  const fillMs = Date.now() - filledAt;
  const cartsBefore = await cartQuantities(shop.knex, shop.storeId, sessions);
  sessions.forEach((session, i) => assert.equal(cartsBefore.get(session), 1 + cartOf(i).first + cartOf(i).second, "each cart holds its 3 lines"));

  // The sale: all 200 checkouts at once, shopper i through server i mod (number of servers). Sent
  // once each: a 5xx is not sent again here, it fails the test.
  const startedAt = Date.now();
  const tookMs: number[] = [];
  const answers: TestResponse[] = await Promise.all(
    sessions.map(async (session, i) => {
      const answer = await shop.clients[i % shop.clients.length]!.post("/v1/orders", checkoutBody({ session_id: session }, { notes: session }), { key: shop.secret });
      tookMs[i] = Date.now() - startedAt;
      return answer;
    }),
  );
  const saleMs = Date.now() - startedAt;
  const placed = answers.flatMap((r, i) => (r.status === 201 ? [i] : []));
  const failed = answers.flatMap((r, i) => (r.status >= 500 ? [i] : []));
  const slowest = (indexes: readonly number[]) => (indexes.length === 0 ? "-" : `${Math.min(...indexes.map((i) => tookMs[i]!))}-${Math.max(...indexes.map((i) => tookMs[i]!))} ms`);
  console.log(
    `      ${label}: ${SHOPPERS} carts of 3 lines filled in ${fillMs} ms (${shop.fillRetries.count} busy cart adds sent again); ` +
      `${SHOPPERS} checkouts at once in ${saleMs} ms: ${statusCounts(answers)}` +
      (shop.clients.length > 1 ? `; orders through A ${placed.filter((i) => i % 2 === 0).length}, through B ${placed.filter((i) => i % 2 === 1).length}` : "") +
      `; 201s answered after ${slowest(placed)}, 409s after ${slowest(answers.flatMap((r, i) => (r.status === 409 ? [i] : [])))}, 5xx after ${slowest(failed)}`,
  );

  // First what must hold whatever the answers were: no oversell, every order what its cart held,
  // no half-written checkout, the stock and the ledger adding up. Then the answers themselves.
  assert.ok(placed.length * cartOf(0).hot <= HOT_UNITS, `oversold: ${placed.length} orders of 1 unit for ${HOT_UNITS} units (${statusCounts(answers)})`);
  for (const i of placed) {
    const order = answers[i]!.body;
    const quantities = new Map((order.items as { variant_id: string; quantity: number }[]).map((item) => [item.variant_id, item.quantity]));
    assert.deepEqual(
      Object.fromEntries(quantities),
      { [hot.variantId]: 1, [first.variantId]: cartOf(i).first, [second.variantId]: cartOf(i).second },
      `order ${order.order_number} holds shopper ${i}'s 3 lines`,
    );
  }
  // The stock: the hot variant fell by the orders' units, the others by exactly what the placed carts held.
  const soldByCarts = { hot: placed.length, first: placed.reduce((sum, i) => sum + cartOf(i).first, 0), second: placed.reduce((sum, i) => sum + cartOf(i).second, 0) };
  const orderIds = placed.map((i) => answers[i]!.body.id as string);
  const lineRows: { order_id: string; variant_id: string; quantity: number | string }[] = await shop
    .knex("order_items")
    .where({ store_id: shop.storeId })
    .whereIn("variant_id", [hot.variantId, first.variantId, second.variantId]);
  assert.deepEqual(new Set(lineRows.map((row) => row.order_id)), new Set(orderIds), "the orders holding these variants are exactly the 201s");
  assert.equal(lineRows.length, 3 * placed.length, "3 lines per order, no line of a refused checkout");
  const stockAfter: Record<string, number> = {};
  for (const key of ["hot", "first", "second"] as const) {
    const inOrders = lineRows.filter((row) => row.variant_id === variants[key].variantId).reduce((sum, row) => sum + Number(row.quantity), 0);
    const now = await variantStock(shop.knex, variants[key].variantId);
    stockAfter[key] = now;
    assert.ok(now >= 0, `${key}: stock ${now} below 0`);
    assert.equal(inOrders, soldByCarts[key], `${key}: order lines hold what the sold carts held`);
    assert.equal(now, stockBefore[key] - inOrders, `${key}: stock ${stockBefore[key]} - ${inOrders} in orders`);
    // The ledger: checkout enters nothing; its last entry, less the units in orders, is the stock now.
    const ledgerAfter = await ledgerOf(shop, variants[key].variantId);
    assert.deepEqual(ledgerAfter, ledgerBefore[key], `${key}: checkout wrote no stock ledger entry`);
    const ledgerStock = ledgerAfter[0] === undefined ? PLENTY : ledgerAfter[0].stock_after;
    assert.equal(ledgerStock - inOrders, now, `${key}: ledger ${ledgerStock} - ${inOrders} units in orders = stock ${now}`);
  }
  // The buyers' carts are emptied, every other cart (refused or failed) is as it was.
  const cartsAfter = await cartQuantities(shop.knex, shop.storeId, sessions);
  sessions.forEach((session, i) =>
    assert.equal(cartsAfter.get(session) ?? 0, placed.includes(i) ? 0 : cartsBefore.get(session), placed.includes(i) ? "a buyer's cart is emptied" : "an unsold shopper's cart is as it was"),
  );
  // Every order whole, with its order.created event; stock = start - units in orders, store-wide.
  const report = await assertStoreConsistent(shop.knex, shop.storeId, new Map([[hot.variantId, HOT_UNITS], [first.variantId, stockBefore.first], [second.variantId, stockBefore.second]]));
  assert.ok(report.orders >= placed.length);

  // The answers: nothing but 201 and 409; no 5xx, nothing else.
  const unexpected = answers.filter((r) => r.status !== 201 && r.status !== 409);
  assert.deepEqual(
    unexpected.map((r) => `${r.status} ${r.text}`).slice(0, 3),
    [],
    `every answer is a 201 or a 409, but ${statusCounts(answers)}: ${failed.length} 5xx, answered after ${slowest(failed)} ` +
      `(${placed.length} of ${HOT_UNITS} units sold, hot stock left ${stockAfter.hot}); the server's causes: ${shop.unavailableCauses()}`,
  );
  for (const refused of answers.filter((r) => r.status === 409)) {
    assert.equal(refused.body?.error?.code, "insufficient_stock", refused.text);
    assert.equal(refused.body?.error?.type, "conflict_error", refused.text);
    // The variant is named by its SKU (the message), and it is the hot one, never another line.
    const said = JSON.stringify(refused.body.error);
    assert.ok(said.includes(hot.sku) || said.includes(hot.variantId), `the 409 names the hot variant ${hot.sku}: ${refused.text}`);
    assert.ok(!said.includes(first.sku) && !said.includes(second.sku), `the 409 names no other line: ${refused.text}`);
  }
  // Exactly 50 hot units sold: 50 orders of 1 unit each; the variant sold out.
  assert.equal(placed.length * cartOf(0).hot, HOT_UNITS, `orders x hot units = ${HOT_UNITS}: ${statusCounts(answers)}`);
  assert.equal(stockAfter.hot, 0, "the hot variant sold out");
  // Through the API as well, on every server.
  for (const server of shop.clients) {
    const product = await server.get(`/v1/products/${hot.productId}`, { key: shop.publishable });
    assert.equal(product.status, 200, product.text);
    assert.match(product.text, /"stock":0[,}]/, product.text.slice(0, 300));
  }
  return [hot, first, second];
};

describe("a flash sale: 200 shoppers with 3-line carts, the last 50 units of one variant", function () {
  const inProcess = (title: string, label: string, options: () => TestApplicationOptions) =>
    describe(title, function () {
      this.timeout(120_000);
      let t: TestApplication | undefined;
      let shop: Shop;

      before(async () => {
        // The application's warnings kept in memory: a 503 is logged with the driver error behind it.
        const log: string[] = [];
        t = await startTestApplication({ ...options(), logger: pino({ level: "warn" }, { write: (line: string) => void log.push(line) }) });
        await setUpDelivery(t.client, t.store.keys.secretTest);
        shop = {
          clients: [t.client],
          secret: t.store.keys.secretTest,
          publishable: t.store.keys.publishableTest,
          storeId: t.store.store.id,
          knex: t.application.database.knex,
          fillRetries: { count: 0 },
          unavailableCauses: () => causesIn(log.join("")),
        };
      });
      after(() => t?.close());

      it("sells exactly 50 units: 50 orders, 150 409s naming the variant, no 5xx, the stock adds up", () => flashSale(shop, label));
    });

  inProcess("on SQLite", "SQLite", () => ({}));
  describeMysql("on MariaDB", (getDb) => inProcess("with a pool of 10", "MariaDB", () => ({ databaseUrl: getDb().url, env: { STOREFRONT_DB_POOL_MAX: "10", ...SALE_POOL_WAIT } })));

  describe("on a 3-node Galera cluster, through two servers on different nodes", function () {
    this.timeout(240_000);
    const DATABASE = "sf_flash_sale";
    const METRICS_TOKEN = "flash-sale-metrics-token-0123456789";
    let cluster: GaleraCluster | undefined;
    const servers: ServerProcess[] = [];
    let seeded: SeededStore;
    let knex: Knex | undefined;
    let shop: Shop;

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
      const env = { STOREFRONT_DB_POOL_MAX: "10", ...SALE_POOL_WAIT, STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000", STOREFRONT_METRICS_TOKEN: METRICS_TOKEN };
      servers.push(...(await Promise.all([ServerProcess.start(cluster.multiHostUrl(DATABASE, 0), env), ServerProcess.start(cluster.multiHostUrl(DATABASE, 1), env)])));
      seeded = await seedStore(cluster.multiHostUrl(DATABASE, 2));
      knex = causalKnex(cluster.nodes[2]!.url(DATABASE));
      const clients = servers.map((server) => connect(server.url));
      await setUpDelivery(clients[0]!, seeded.secret_key);
      shop = {
        clients,
        secret: seeded.secret_key,
        publishable: seeded.publishable_key,
        storeId: seeded.store_id,
        knex,
        fillRetries: { count: 0 },
        unavailableCauses: () => servers.map((server, i) => `server ${"AB"[i]}: ${causesIn(server.log)}`).join("; "),
      };
    });

    after(async function () {
      await knex?.destroy();
      await Promise.all(servers.map((s) => s.stop()));
      await cluster?.stop();
    });

    /** The units of work a server ran again after a lost conflict (its /metrics), all codes together. */
    const unitOfWorkRetries = async (client: TestClient): Promise<number> => {
      const response = await client.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      assert.equal(response.status, 200, response.text);
      return [...response.text.matchAll(/^storefront_unit_of_work_retries_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };

    it("sells exactly 50 units through both servers: 50 orders, 150 409s naming the variant, no 5xx, the stock adds up on every node", async () => {
      const retriesBefore = await Promise.all(shop.clients.map(unitOfWorkRetries));
      const certBefore = await Promise.all(cluster!.nodes.map((node) => node.status()));
      let sold: readonly Variant[] = [];
      try {
        sold = await flashSale(shop, "Galera");
      } finally {
        const retries = (await Promise.all(shop.clients.map(unitOfWorkRetries))).map((n, i) => n - retriesBefore[i]!);
        const certAfter = await Promise.all(cluster!.nodes.map((node) => node.status()));
        const certFailures = certAfter.map((status, i) => Number(status.wsrep_local_cert_failures) - Number(certBefore[i]!.wsrep_local_cert_failures));
        console.log(
          `      Galera: units of work run again after a lost conflict: A ${retries[0]}, B ${retries[1]}; certification failures per node ${certFailures.join("/")}; ` +
            `503s: ${shop.unavailableCauses()}`,
        );
      }
      // Every node holds the same stock of the three variants (read through each one, with causal reads).
      const hotStock: string[] = [];
      for (const node of cluster!.nodes) {
        const direct = causalKnex(node.url(DATABASE));
        try {
          const rows: { stock: number }[] = await direct("variants").whereIn("id", sold.map((v) => v.variantId)).orderBy("id").select("stock");
          hotStock.push(rows.map((row) => row.stock).join(","));
        } finally {
          await direct.destroy();
        }
      }
      assert.equal(new Set(hotStock).size, 1, `every node reads the same stock: ${hotStock.join(" | ")}`);
    });
  });
});
