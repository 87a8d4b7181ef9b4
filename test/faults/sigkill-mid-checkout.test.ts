// SIGKILL in the middle of checkouts: a `storefront serve` child on MariaDB (a throwaway database
// on the shared server) takes 60 concurrent checkouts with gift cards, limited stock and an
// Idempotency-Key each, and is killed at a random moment while they run. A new server on the same
// database finds no half order, stock and gift cards consistent, and retries with the same keys
// replay what was done or do it once — never twice.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import knexFactory, { type Knex } from "knex";
import { newSession } from "../support/cart-fixtures.js";
import { faultCheckoutBody, pick, sleep, stockShop, timedRequest, type Outcome, type StockedShop } from "../support/fault-load.js";
import { connect } from "../support/http-client.js";
import { describeMysql } from "../support/mysql-database.js";
import { fillSessionCart } from "../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";
import { assertStoreConsistent, cartQuantities, ordersByNote } from "../support/store-invariants.js";

const CHECKOUTS = 60;
const ENV = { STOREFRONT_DB_POOL_MAX: "10", STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: "10000", STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000" };

interface Attempt {
  readonly session: string;
  readonly key: string;
  readonly body: Record<string, unknown>;
  readonly quantity: number;
  first?: Outcome;
}

describeMysql("faults: SIGKILL mid-checkout", (getDb) => {
  const servers: ServerProcess[] = [];
  let knex: Knex | undefined;
  let seeded: SeededStore;
  let shop: StockedShop;

  before(async function () {
    this.timeout(120_000);
    seeded = await seedStore(getDb().url);
    servers.push(await ServerProcess.start(getDb().url, ENV));
    shop = await stockShop(connect(servers[0]!.url), seeded.secret_key, { products: 4, stock: 25, giftCards: 4, giftCardBalance: 1_000 });
    knex = knexFactory({ client: "mysql2", connection: getDb().url, pool: { min: 0, max: 2 } });
  });

  after(async function () {
    this.timeout(60_000);
    for (const server of servers) await server.stop();
    await knex?.destroy();
  });

  it("leaves no half order, keeps stock and gift cards consistent, and retries never charge twice", async function () {
    this.timeout(180_000);
    const first = servers[0]!;
    const client = connect(first.url);
    const attempts: Attempt[] = [];
    for (let i = 0; i < CHECKOUTS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, CHECKOUTS - i) }, async () => {
          const lines = [{ variantId: pick(shop.variantIds), quantity: 1 + Math.floor(Math.random() * 2) }];
          if (Math.random() < 0.5) lines.push({ variantId: pick(shop.variantIds.filter((id) => id !== lines[0]!.variantId)), quantity: 1 });
          const session = await fillSessionCart(client, seeded.publishable_key, lines, newSession());
          const giftCard = Math.random() < 0.7 ? pick(shop.giftCardCodes) : undefined;
          return { session, key: randomUUID(), body: faultCheckoutBody(session, giftCard), quantity: lines.reduce((sum, l) => sum + l.quantity, 0) };
        }),
      );
      attempts.push(...batch);
    }

    // All checkouts at once; the server is killed a random moment after the tenth answer.
    const origin = performance.now();
    let firstAnswer!: () => void;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const send = (server: ServerProcess, attempt: Attempt) =>
      timedRequest(server.url, { method: "POST", path: "/v1/orders", key: seeded.secret_key, headers: { "idempotency-key": attempt.key }, body: attempt.body }, 30_000, origin);
    let answers = 0;
    const inFlight = attempts.map(async (attempt) => {
      attempt.first = await send(first, attempt);
      if (++answers === 10) firstAnswer();
    });
    await answered;
    const delay = Math.floor(Math.random() * 150);
    await sleep(delay);
    first.kill("SIGKILL");
    assert.deepEqual(await first.exit(), { code: null, signal: "SIGKILL" });
    await Promise.all(inFlight);
    // On a busy machine a checkout may wait past the pool's acquire timeout and be answered 503:
    // that wrote nothing and is not kept as the key's answer, so it is retried like a cut one.
    for (const attempt of attempts) {
      if (attempt.first!.status === 503) attempt.first = { ...attempt.first!, status: undefined };
    }
    const cut = attempts.filter((a) => a.first!.status === undefined).length;
    console.log(`      killed ${Math.round(performance.now() - origin)} ms in (${delay} ms after the tenth answer): ${CHECKOUTS - cut} answered, ${cut} cut off`);
    assert.ok(cut > 0, "the kill landed while checkouts were under way");
    for (const attempt of attempts) {
      if (attempt.first!.status !== undefined) assert.ok([201, 409, 422].includes(attempt.first!.status), `answered ${attempt.first!.status} ${JSON.stringify(attempt.first!.body)}`);
    }

    // Nothing half-written, straight after the crash.
    const report = await assertStoreConsistent(knex!, seeded.store_id, shop.initialStock);
    const orders = await ordersByNote(knex!, seeded.store_id);
    const carts = await cartQuantities(knex!, seeded.store_id, attempts.map((a) => a.session));
    for (const attempt of attempts) {
      const placed = orders.get(attempt.session) ?? [];
      assert.ok(placed.length <= 1, "at most one order per cart");
      if (attempt.first!.status === 201) assert.deepEqual(placed, [attempt.first!.body.id], "an answered order is stored");
      if (placed.length === 1) assert.equal(carts.has(attempt.session), false, "the cart of a placed order is gone");
      else assert.equal(carts.get(attempt.session), attempt.quantity, "the cart of an order not placed is whole");
    }

    // A new server on the same database. The killed server's claims on keys stay locked for a
    // minute (CLAIM_LOCK_MS): a retry meanwhile is a 409; the lock's end is simulated here.
    const second = await ServerProcess.start(getDb().url, ENV);
    servers.push(second);
    const held = attempts.filter((a) => a.first!.status === undefined);
    if (held.length > 0) {
      const early = await send(second, held[0]!);
      assert.ok([201, 409].includes(early.status!), `a retry while the claim may be held: ${early.status} ${JSON.stringify(early.body)}`);
    }
    await knex!("idempotency_records").where({ store_id: seeded.store_id, state: "in_progress" }).update({ locked_until: "2000-01-01T00:00:00.000Z" });

    const retries = await Promise.all(attempts.map((attempt) => send(second, attempt)));
    for (const [i, attempt] of attempts.entries()) {
      const retry = retries[i]!;
      assert.ok([201, 409, 422].includes(retry.status!), `retry answered ${retry.status} ${JSON.stringify(retry.body)}\n${second.log.slice(-4000)}`);
      if (attempt.first!.status !== undefined) {
        assert.equal(retry.status, attempt.first!.status, "a retry of an answered checkout replays its answer");
        assert.equal(retry.headers?.get("idempotent-replayed"), "true");
        if (retry.status === 201) assert.equal(retry.body.id, attempt.first!.body.id, "the same order");
      }
    }
    // And once more: every answer is now a replay of the same thing.
    const again = await Promise.all(attempts.map((attempt) => send(second, attempt)));
    for (const [i, answer] of again.entries()) {
      assert.equal(answer.status, retries[i]!.status, "a second retry replays the first retry");
      assert.equal(answer.headers?.get("idempotent-replayed"), "true");
      if (answer.status === 201) assert.equal(answer.body.id, retries[i]!.body.id);
    }

    const final = await assertStoreConsistent(knex!, seeded.store_id, shop.initialStock);
    const finalOrders = await ordersByNote(knex!, seeded.store_id);
    for (const [i, attempt] of attempts.entries()) {
      const placed = finalOrders.get(attempt.session) ?? [];
      assert.equal(placed.length, retries[i]!.status === 201 ? 1 : 0, `session ${attempt.session}: one order exactly when the retry says 201`);
    }
    console.log(`      after the crash ${report.orders} orders; after the retries ${final.orders} orders, ${final.giftCardRedemptions} gift card redemptions, all consistent`);
  });
});
