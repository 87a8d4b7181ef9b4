// Storefront on a real 3-node MariaDB Galera cluster (issue 18, docs/scaling.md "Galera cluster"):
// two `storefront serve` processes write through different nodes (A lists node 1 first, B node 2)
// and keep the promises made on one server: migrations run once, no oversell, no lost cart add,
// one effect per idempotency key; a node SIGKILLed under load costs at most 503s with Retry-After,
// the servers move to live nodes within seconds, nothing is half-written, and the node rejoins.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { after, before, describe, it } from "mocha";
import { migrationsCurrent } from "../../adapters/persistence/migrations/migration-source.js";
import { newSession } from "../support/cart-fixtures.js";
import { faultCheckoutBody, pick, sleep, stockShop, timedRequest, type Outcome, type StockedShop } from "../support/fault-load.js";
import { causalKnex, ClusterWatch, GaleraCluster, galeraUnavailableReason } from "../support/galera-cluster.js";
import { connect, type TestClient, type TestResponse } from "../support/http-client.js";
import { checkoutBody, createProduct, setUpDelivery, variantStock } from "../support/order-fixtures.js";
import { tablesWithoutPrimaryKey } from "../support/primary-keys.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";
import { signedHeaders } from "../support/signed-request.js";
import { assertStoreConsistent, cartQuantities, ordersByNote } from "../support/store-invariants.js";

const DATABASE = "sf";
const METRICS_TOKEN = "galera-metrics-token-0123456789";
const SERVER_ENV = {
  STOREFRONT_DB_POOL_MAX: "10",
  STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: "1000",
  STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000",
  STOREFRONT_METRICS_TOKEN: METRICS_TOKEN,
  // A share of the 2xx request lines, so that the kept tail of the log still holds every 503's cause.
  STOREFRONT_REQUEST_LOG_PERCENT: "1",
};
/** The node killed under load: server B's first host. */
const KILLED = 1;
const LOAD_CLIENTS = 12;
const LOAD_MS = 14_000;
const KILL_AFTER_MS = 3_000;
/** After the kill, server B must answer 2xx again within this. */
const FAILOVER_WITHIN_MS = 8_000;
const ANSWER_WITHIN_MS = 10_000;

const statuses = (responses: readonly { status: number | undefined }[]): string => {
  const counts = new Map<string, number>();
  for (const r of responses) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
  return [...counts].sort().map(([status, n]) => `${status}:${n}`).join(" ");
};

/** How long a client keeps sending again after 503s with Retry-After before it gives up. */
const RETRY_FOR_MS = 30_000;

/**
 * Sends again after a 503 with Retry-After, as a client should (waiting up to the advised delay,
 * for up to RETRY_FOR_MS); any other answer is final. Two nodes writing the same hot rows (a
 * variant's stock) lose certification to each other, and a unit of work that lost five times in a
 * row answers 503 busy; on a slow moment of a shared machine a server's pool wait can time out
 * too (503 unavailable). Either is an answer the contract allows, and the client sends again.
 */
const withRetries = async (send: () => Promise<TestResponse>, retried: { count: number }): Promise<TestResponse> => {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const response = await send();
    if (response.status !== 503 || Date.now() > deadline) return response;
    assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/, "a 503 carries Retry-After");
    retried.count++;
    await sleep(Math.min(1_000, Number(response.headers.get("retry-after")) * 1_000) * (0.2 + Math.random() * 0.8));
  }
};

/** What the servers logged behind their 503s (the driver error), for a failure's message. */
const unavailableCauses = (servers: readonly ServerProcess[]): string =>
  servers
    .map((server, i) => {
      const causes = server.log.split("\n").filter((line) => line.includes('"msg":"service unavailable"'));
      return `server ${"AB"[i]}: ${causes.length} 503s logged${causes.length === 0 ? "" : `, last: ${causes.slice(-3).join(" | ")}`}`;
    })
    .join("; ");

/** A server's units of work run again after a lost conflict (its /metrics), all codes together. */
const unitOfWorkRetries = async (client: TestClient): Promise<number> => {
  const response = await client.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.status, 200, response.text);
  return [...response.text.matchAll(/^storefront_unit_of_work_retries_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
};

describe("a 3-node MariaDB Galera cluster with two servers on different nodes", function () {
  this.timeout(240_000);
  let cluster: GaleraCluster | undefined;
  const servers: ServerProcess[] = [];
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
    // Both servers start at once on the empty database, each migrating through its own node.
    const startedAt = Date.now();
    servers.push(
      ...(await Promise.all([
        ServerProcess.start(cluster.multiHostUrl(DATABASE, 0), SERVER_ENV),
        ServerProcess.start(cluster.multiHostUrl(DATABASE, 1), SERVER_ENV),
      ])),
    );
    console.log(`      two servers migrated and listening in ${Date.now() - startedAt} ms`);
    a = connect(servers[0]!.url);
    b = connect(servers[1]!.url);
    seeded = await seedStore(cluster.multiHostUrl(DATABASE, 2));
    // Checks read through node 3, which is never killed.
    knex = causalKnex(cluster.nodes[2]!.url(DATABASE));
    try {
      await setUpDelivery(a, seeded.secret_key);
    } catch (error) {
      console.log(servers[0]!.log.split("\n").filter((line) => /"level":(40|50)/.test(line)).slice(-5).join("\n"));
      throw error;
    }
  });

  after(async function () {
    await knex?.destroy();
    await Promise.all(servers.map((s) => s.stop()));
    await cluster?.stop();
  });

  it("ran the migrations once, though both servers started them through different nodes, and every table has a primary key", async () => {
    assert.ok(await migrationsCurrent(knex!));
    const [batches] = (await knex!.raw("SELECT batch, count(*) AS n, count(DISTINCT name) AS names FROM knex_migrations GROUP BY batch")) as [
      { batch: number; n: number; names: number }[],
    ];
    assert.equal(batches.length, 1, `one batch of migrations: ${JSON.stringify(batches)}`);
    assert.equal(Number(batches[0]!.n), Number(batches[0]!.names), "no migration recorded twice");
    assert.deepEqual(await tablesWithoutPrimaryKey(knex!, DATABASE), []);
    for (const node of cluster!.nodes) {
      const status = await node.status();
      assert.equal(status.wsrep_cluster_size, "3");
      assert.equal(status.wsrep_local_state_comment, "Synced");
    }
  });

  it("sells the last 5 units exactly once: 40 parallel checkouts split across both servers give 5 orders and stock 0", async () => {
    const variant = await createProduct(a, seeded.secret_key, `Last five ${randomUUID().slice(0, 6)}`, { price: 1_500, stock: 5 });
    const sessions = Array.from({ length: 40 }, () => newSession());
    // Each cart is filled through the server that will not check it out.
    const filled = await Promise.all(
      sessions.map((session, i) =>
        (i % 2 === 0 ? b : a).post("/v1/cart/items", { variant_id: variant.variantId, quantity: 1 }, { key: seeded.publishable_key, headers: { "x-session-id": session } }),
      ),
    );
    assert.deepEqual(statuses(filled), "200:40");
    const started = Date.now();
    const retried = { count: 0 };
    const placed = await Promise.all(
      sessions.map((session, i) =>
        withRetries(() => (i % 2 === 0 ? a : b).post("/v1/orders", checkoutBody({ session_id: session }), { key: seeded.secret_key }), retried),
      ),
    );
    console.log(`      40 checkouts in ${Date.now() - started} ms: ${statuses(placed)} (${retried.count} 503 answers sent again)`);
    if (retried.count > 0) console.log(`      ${unavailableCauses(servers)}`);
    assert.equal(placed.filter((r) => r.status === 201).length, 5, statuses(placed));
    for (const refused of placed.filter((r) => r.status !== 201)) {
      assert.ok(refused.status === 409 || refused.status === 422, `${refused.status} ${refused.text} (${unavailableCauses(servers)})`);
    }
    assert.equal(await variantStock(knex!, variant.variantId), 0);
    const [orders] = (await knex!.raw("SELECT count(DISTINCT oi.order_id) AS n FROM order_items oi WHERE oi.variant_id = ?", [variant.variantId])) as [{ n: number }[]];
    assert.equal(Number(orders[0]!.n), 5);
  });

  it("loses no cart add: 40 parallel adds to one cart through both servers sum exactly", async () => {
    const variant = await createProduct(b, seeded.secret_key, `Shared cart ${randomUUID().slice(0, 6)}`, { price: 800, stock: 1_000 });
    const other = await createProduct(a, seeded.secret_key, `Shared cart 2 ${randomUUID().slice(0, 6)}`, { price: 900, stock: 1_000 });
    const session = newSession();
    const first = await a.post("/v1/cart/items", { variant_id: variant.variantId, quantity: 1 }, { key: seeded.publishable_key, headers: { "x-session-id": session } });
    assert.equal(first.status, 200, first.text);
    const started = Date.now();
    const retried = { count: 0 };
    const adds = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        withRetries(
          () =>
            (i % 2 === 0 ? a : b).post(
              "/v1/cart/items",
              { variant_id: i % 4 < 2 ? variant.variantId : other.variantId, quantity: 1 + (i % 3) },
              { key: seeded.publishable_key, headers: { "x-session-id": session } },
            ),
          retried,
        ),
      ),
    );
    console.log(`      40 cart adds in ${Date.now() - started} ms: ${statuses(adds)} (${retried.count} 503 answers sent again)`);
    if (retried.count > 0) console.log(`      ${unavailableCauses(servers)}`);
    for (const add of adds) assert.equal(add.status, 200, `${add.text} (${unavailableCauses(servers)})`);
    const expected = 1 + Array.from({ length: 40 }, (_, i) => 1 + (i % 3)).reduce((x, y) => x + y, 0);
    const quantities = await cartQuantities(knex!, seeded.store_id, [session]);
    assert.equal(quantities.get(session), expected);
    const cart = await b.get("/v1/cart", { key: seeded.publishable_key, headers: { "x-session-id": session } });
    assert.equal(cart.status, 200, cart.text);
    assert.equal((cart.body.cart.items as { quantity: number }[]).reduce((sum, item) => sum + item.quantity, 0), expected);
  });

  it("never makes different shoppers' carts conflict: adds to 40 carts, each through one server, commit without a lost conflict", async () => {
    // Before migration 0023 every session cart of a store wrote the Galera key (store, NULL) of the
    // unique (store_id, customer_id), so adds to different carts through two nodes lost
    // certification to each other (a third of them at once, 1.4 % answered 503 busy in the bench).
    const variant = await createProduct(a, seeded.secret_key, `Many carts ${randomUUID().slice(0, 6)}`, { price: 700, stock: 100_000 });
    const other = await createProduct(b, seeded.secret_key, `Many carts 2 ${randomUUID().slice(0, 6)}`, { price: 600, stock: 100_000 });
    const sessions = Array.from({ length: 40 }, () => newSession());
    const add = (client: TestClient, session: string, variantId: string) =>
      client.post("/v1/cart/items", { variant_id: variantId, quantity: 1 }, { key: seeded.publishable_key, headers: { "x-session-id": session } });
    // Each cart's first add sent to both servers at once: the race to create one session's cart
    // through two nodes is a true conflict (the same owner key), and still ends with one cart.
    const retried = { count: 0 };
    const created = await Promise.all(sessions.flatMap((session) => [a, b].map((client) => withRetries(() => add(client, session, variant.variantId), retried))));
    assert.deepEqual(statuses(created), "200:80");
    const [owners] = (await knex!.raw("SELECT session_id, count(*) AS n FROM carts WHERE store_id = ? AND session_id IN (?) GROUP BY session_id", [seeded.store_id, sessions])) as [
      { session_id: string; n: number }[],
    ];
    assert.deepEqual(owners.map((row) => Number(row.n)), sessions.map(() => 1), "one cart per session");
    // Then 4 more adds to every cart, even carts through A and odd ones through B, all at once:
    // no row is written through both nodes, so nothing may conflict.
    const retriesBefore = (await unitOfWorkRetries(a)) + (await unitOfWorkRetries(b));
    const countersBefore = await Promise.all(cluster!.nodes.map((node) => node.status()));
    // 80 adds at once per server and a pool of 10: on a slow moment of a shared machine a pool
    // wait can time out (503 unavailable, before the unit of work begins), which the client sends
    // again. A lost conflict shows as a unit of work run again (a 503 busy comes only after four),
    // checked below.
    const started = Date.now();
    const waited = { count: 0 };
    const adds = await Promise.all(
      sessions.flatMap((session, i) => [variant, other, variant, other].map((v) => withRetries(() => add(i % 2 === 0 ? a : b, session, v.variantId), waited))),
    );
    const elapsed = Date.now() - started;
    const retries = (await unitOfWorkRetries(a)) + (await unitOfWorkRetries(b)) - retriesBefore;
    const countersAfter = await Promise.all(cluster!.nodes.map((node) => node.status()));
    const delta = (name: string) => countersAfter.map((status, n) => Number(status[name]) - Number(countersBefore[n]![name]));
    const certFailures = delta("wsrep_local_cert_failures");
    const commits = delta("wsrep_local_commits");
    console.log(
      `      40 carts created through both servers at once (${retried.count} 503 busy sent again); then 160 adds in ${elapsed} ms: ${statuses(adds)} (${waited.count} 503 unavailable sent again), ` +
        `${retries} units of work run again, certification failures per node ${certFailures.join("/")}, commits per node ${commits.join("/")}`,
    );
    // The adds went through two nodes (a server passes over a node it finds not ready).
    assert.equal(commits.filter((n) => n >= 40).length, 2, `commits per node ${commits.join("/")}`);
    assert.deepEqual(statuses(adds), "200:160", unavailableCauses(servers));
    assert.equal(retries, 0, "no cart add lost a conflict");
    const quantities = await cartQuantities(knex!, seeded.store_id, sessions);
    for (const session of sessions) assert.equal(quantities.get(session), 6, session);
  });

  it("answers one idempotency key sent to both servers at once with one effect", async () => {
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
    const racing = await Promise.all([send(a), send(b), send(a), send(b)]);
    const created = racing.filter((r) => r.status === 201);
    assert.ok(created.length >= 1, racing.map((r) => `${r.status} ${r.text}`).join("\n"));
    for (const other of racing) {
      assert.ok(other.status === 201 || (other.status === 409 && other.body.error.code === "idempotency_in_progress"), other.text);
    }
    const reference = created[0]!.body.reference as string;
    for (const response of created) assert.equal(response.body.reference, reference, "the same payment, not a second one");
    for (const client of [a, b]) {
      const replay = await send(client);
      assert.equal(replay.status, 201, replay.text);
      assert.equal(replay.headers.get("idempotent-replayed"), "true");
      assert.equal(replay.body.reference, reference);
    }
    const [payments] = (await knex!.raw("SELECT count(*) AS n FROM payments WHERE store_id = ? AND reference = ?", [seeded.store_id, reference])) as [{ n: number }[]];
    assert.equal(Number(payments[0]!.n), 1, "one payment row");
  });

  it("survives a node SIGKILLed under load: only 2xx/4xx/503 with Retry-After, failover within seconds, nothing half-written, the node rejoins", async function () {
    const shop: StockedShop = await stockShop(a, seeded.secret_key, { products: 6, stock: 5_000, giftCards: 4, giftCardBalance: 3_000 });
    const baseUrls = servers.map((s) => s.url);
    const origin = performance.now();
    const deadline = origin + LOAD_MS;
    interface SessionRun {
      readonly session: string;
      readonly server: number;
      attempted: number;
      confirmed: number;
      checkout: Outcome | undefined;
    }
    const runs: SessionRun[] = [];
    const cartAdds: (Outcome & { server: number })[] = [];
    const reads: (Outcome & { server: number })[] = [];

    const client = async (index: number): Promise<void> => {
      const server = index % 2;
      const url = baseUrls[server]!;
      while (performance.now() < deadline) {
        const run: SessionRun = { session: newSession(), server, attempted: 0, confirmed: 0, checkout: undefined };
        runs.push(run);
        const read = await timedRequest(url, { method: "GET", path: "/v1/products?limit=5", key: seeded.publishable_key }, ANSWER_WITHIN_MS * 2, origin);
        reads.push({ ...read, server });
        for (let line = 0, lines = 1 + Math.floor(Math.random() * 2); line < lines; line++) {
          const quantity = 1 + Math.floor(Math.random() * 2);
          const added = await timedRequest(
            url,
            { method: "POST", path: "/v1/cart/items", key: seeded.publishable_key, headers: { "x-session-id": run.session }, body: { variant_id: pick(shop.variantIds), quantity } },
            ANSWER_WITHIN_MS * 2,
            origin,
          );
          cartAdds.push({ ...added, server });
          run.attempted += quantity;
          if (added.status === 200) run.confirmed += quantity;
          if (added.status === 503) await sleep(200);
        }
        const giftCard = Math.random() < 0.5 ? pick(shop.giftCardCodes) : undefined;
        run.checkout = await timedRequest(url, { method: "POST", path: "/v1/orders", key: seeded.secret_key, body: faultCheckoutBody(run.session, giftCard) }, ANSWER_WITHIN_MS * 2, origin);
        if (run.checkout.status === 503) await sleep(200);
      }
    };

    const fault = (async () => {
      await sleep(KILL_AFTER_MS);
      const sentAt = performance.now() - origin;
      await cluster!.kill(KILLED);
      return sentAt;
    })();
    // What the nodes did meanwhile, for the failure message: a stall shows where it was.
    const watch = new ClusterWatch(cluster!.nodes, origin);
    const [killedAt] = await Promise.all([fault, Promise.all(Array.from({ length: LOAD_CLIENTS }, (_, i) => client(i)))]);
    const watched = await watch.stop();
    console.log(`      the nodes meanwhile: at most ${watch.mostSlow} statements running 2 s or more on one node; ${watched.split("\n").length} lines of record`);

    const checkouts = runs.flatMap((r) => (r.checkout === undefined ? [] : [{ ...r.checkout, server: r.server }]));
    const all = [...reads, ...cartAdds, ...checkouts];
    const onB = all.filter((o) => o.server === 1).sort((x, y) => x.at - y.at);
    // A write (cart add or checkout) answered 2xx by server B, sent after the kill: reads may come from the answer cache.
    const writesOnB = new Set<Outcome>([...cartAdds, ...checkouts].filter((o) => o.server === 1));
    const firstOkOnBAfterKill = onB.find((o) => writesOnB.has(o) && o.at > killedAt && o.status !== undefined && o.status < 300);
    const lastUnavailableOnB = [...onB].reverse().find((o) => o.status === 503);
    const failoverMs = firstOkOnBAfterKill === undefined ? Number.POSITIVE_INFINITY : firstOkOnBAfterKill.at + firstOkOnBAfterKill.ms - killedAt;
    console.log(
      `      ${all.length} requests: reads ${statuses(reads)}; cart adds ${statuses(cartAdds)}; checkouts ${statuses(checkouts)}; ` +
        `node ${KILLED + 1} killed at ${Math.round(killedAt)} ms; server B's first 2xx write sent after the kill was answered ${Math.round(failoverMs)} ms after it; ` +
        `last 503 on B at ${lastUnavailableOnB ? Math.round(lastUnavailableOnB.at - killedAt) : "-"} ms after the kill; slowest answer ${Math.round(Math.max(...all.map((o) => o.ms)))} ms`,
    );
    const unavailableKinds = new Map<string, number>();
    /** The driver error the server logged behind a 503 (its "service unavailable" line), shortened. */
    const causeOf = (o: Outcome & { server: number }): string => {
      const line = servers[o.server]!.log.split("\n").find((l) => l.includes('"msg":"service unavailable"') && l.includes(String(o.body?.error?.request_id)));
      const cause = line === undefined ? undefined : (JSON.parse(line) as { cause?: string }).cause;
      return cause === undefined ? "" : ` (${cause.slice(0, 90)})`;
    };
    for (const o of all.filter((x) => x.status === 503)) {
      const phase = o.at < killedAt ? "before" : o.at < killedAt + FAILOVER_WITHIN_MS ? "during" : "after";
      const kind = `${phase} kill, server ${o.server === 0 ? "A" : "B"}: ${o.body?.error?.message}${/unavailable/.test(String(o.body?.error?.message)) ? causeOf(o) : ""}`;
      unavailableKinds.set(kind, (unavailableKinds.get(kind) ?? 0) + 1);
    }
    if (unavailableKinds.size > 0) console.log(`      503s: ${[...unavailableKinds].map(([kind, n]) => `${n} ${kind}`).join("; ")}`);
    const logOf = (outcome: Outcome & { server: number }) =>
      servers[outcome.server]!.log.split("\n").filter((line) => line.includes(String(outcome.body?.error?.request_id))).join("\n");

    const unanswered = [...reads.map((o) => ({ ...o, kind: "read" })), ...cartAdds.map((o) => ({ ...o, kind: "cart add" })), ...checkouts.map((o) => ({ ...o, kind: "checkout" }))].filter(
      (o) => o.error !== undefined,
    );
    assert.equal(
      unanswered.length,
      0,
      `${unanswered.length} requests not answered: ` +
        unanswered.map((o) => `${o.kind} on server ${o.server === 0 ? "A" : "B"} sent at ${Math.round(o.at)} ms: ${o.error}`).join("; ") +
        `\nnode ${KILLED + 1} killed at ${Math.round(killedAt)} ms; the nodes meanwhile:\n${watched}\nserver A's last log lines:\n${servers[0]!.log.split("\n").slice(-15).join("\n")}\nserver B's:\n${servers[1]!.log.split("\n").slice(-15).join("\n")}`,
    );
    for (const outcome of all) {
      assert.ok(outcome.ms < ANSWER_WITHIN_MS, `answered after ${Math.round(outcome.ms)} ms (sent at ${Math.round(outcome.at)} ms); the nodes meanwhile:\n${watched}`);
      assert.ok(outcome.status! < 500 || outcome.status === 503, `answered ${outcome.status} ${JSON.stringify(outcome.body)}\n${logOf(outcome)}`);
    }
    for (const unavailable of all.filter((o) => o.status === 503)) {
      assert.equal(unavailable.body?.error?.code, "service_unavailable", JSON.stringify(unavailable.body));
      assert.match(unavailable.headers?.get("retry-after") ?? "", /^[1-9]\d*$/, "a 503 carries Retry-After");
    }
    for (const read of reads) assert.ok(read.status === 200 || read.status === 503, `read answered ${read.status}`);
    assert.ok(failoverMs <= FAILOVER_WITHIN_MS, `server B answered 2xx again ${Math.round(failoverMs)} ms after its node was killed; the nodes meanwhile:\n${watched}`);
    // "Unavailable" (no usable connection) only around the kill; "busy" (lost conflicts) may come
    // at any time on a multi-writer cluster and is bounded separately.
    const unavailable = all.filter((o) => o.status === 503 && /unavailable/.test(String(o.body?.error?.message)));
    const busy = all.filter((o) => o.status === 503 && /busy/.test(String(o.body?.error?.message)));
    assert.equal(unavailable.length + busy.length, all.filter((o) => o.status === 503).length, "every 503 is unavailable or busy");
    for (const o of unavailable) {
      assert.ok(o.at + o.ms >= killedAt && o.at <= killedAt + FAILOVER_WITHIN_MS, `an unavailable answer at ${Math.round(o.at - killedAt)} ms from the kill`);
    }
    const settled = all.filter((o) => o.at > killedAt + FAILOVER_WITHIN_MS);
    assert.ok(settled.length >= LOAD_CLIENTS, `requests after the failover window: ${settled.length}`);
    assert.ok(settled.filter((o) => o.server === 1 && o.status === 201).length >= 1, "server B places orders again");
    assert.ok(busy.length <= 0.25 * checkouts.length, `503 busy answers: ${busy.length} of ${checkouts.length} checkouts`);

    // Nothing half-written: orders, stock, gift cards and carts agree.
    const report = await assertStoreConsistent(knex!, seeded.store_id, shop.initialStock);
    const orders = await ordersByNote(knex!, seeded.store_id);
    const carts = await cartQuantities(knex!, seeded.store_id, runs.map((r) => r.session));
    for (const run of runs) {
      const placed = orders.get(run.session) ?? [];
      assert.ok(placed.length <= 1, `session ${run.session}: at most one order`);
      if (run.checkout?.status === 201) assert.deepEqual(placed, [run.checkout.body.id], `session ${run.session}: its 201 order is stored`);
      if (run.checkout?.status === 409 || run.checkout?.status === 422) assert.equal(placed.length, 0, `session ${run.session}: a refused checkout leaves no order`);
      if (placed.length === 1) {
        assert.equal(carts.has(run.session), false, `session ${run.session}: the cart of a placed order is gone`);
      } else {
        const quantity = carts.get(run.session) ?? 0;
        assert.ok(quantity >= run.confirmed && quantity <= run.attempted, `session ${run.session}: cart holds ${quantity}, confirmed ${run.confirmed}, attempted ${run.attempted}`);
      }
    }
    console.log(`      consistent: ${report.orders} orders, ${report.orderLines} lines, ${report.giftCardRedemptions} gift card redemptions`);

    // The node rejoins and the cluster is whole again, with the same data on every node.
    const rejoin = performance.now();
    await cluster!.restart(KILLED);
    console.log(`      node ${KILLED + 1} rejoined, cluster of 3 Synced again, in ${Math.round(performance.now() - rejoin)} ms`);
    const counts = await Promise.all(
      cluster!.nodes.map(async (node) => {
        const direct = causalKnex(node.url(DATABASE));
        try {
          const [rows] = (await direct.raw("SELECT (SELECT count(*) FROM orders) AS orders, (SELECT sum(stock) FROM variants) AS stock")) as [{ orders: number; stock: number }[]];
          return `${rows[0]!.orders}/${rows[0]!.stock}`;
        } finally {
          await direct.destroy();
        }
      }),
    );
    assert.equal(new Set(counts).size, 1, `orders/stock per node: ${counts.join(", ")}`);
  });
});
