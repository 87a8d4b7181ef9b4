// What several server processes share must be decided by a committed row, never by a lock or a
// value held in one process (issue 18, item 2; docs/decisions/cluster.md, "Cluster-safe mechanisms"). Each
// case runs with two Database instances (two processes: two connections to one SQLite file, or
// two pools on one MariaDB) racing each other:
// - an idempotency key claimed by both at once: one claim, the other in progress, then both replay;
//   a claim whose insert lost a conflict (on Galera, a certification failure) is made again;
// - one rate-limit budget consumed through both: exactly its points pass; a counter upsert that
//   lost a conflict is sent again instead of answering 503;
// - webhook deliveries claimed through both, also with no row locks at all (as between Galera
//   nodes, where SKIP LOCKED sees only its own node's locks): every delivery claimed exactly once.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexEventOutbox } from "../../../adapters/persistence/repositories/knex-event-outbox.js";
import { KnexIdempotencyRecords } from "../../../adapters/persistence/repositories/knex-idempotency-records.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexWebhookDeliveryQueue } from "../../../adapters/persistence/repositories/knex-webhook-delivery-queue.js";
import { KnexWebhookEndpointRepository } from "../../../adapters/persistence/repositories/knex-webhook-endpoint-repository.js";
import { SqlRateLimiter } from "../../../adapters/persistence/sql-rate-limiter.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import { RateLimited } from "../../../application/errors/limit-errors.js";
import type { RateLimitRule } from "../../../application/ports/rate-limiter.js";
import type { Store } from "../../../domain/stores/store.js";
import { describeMysql } from "../../support/mysql-database.js";

const ids = new UuidV7IdGenerator();
const HOUR = 60 * 60 * 1000;

interface TwoProcesses {
  readonly a: Database;
  readonly b: Database;
  /** A third Database on the same data whose repositories take no row lock (see the outbox case). */
  readonly lockless: Database;
  readonly storeId: string;
}

const deadlock = (): Error => Object.assign(new Error("Deadlock found when trying to get lock; try restarting transaction"), { code: "ER_LOCK_DEADLOCK", errno: 1213 });

const clusterSafeSuite = (title: string, open: () => Promise<{ a: Database; b: Database; lockless: Database; close(): Promise<void> }>): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let p: TwoProcesses;
    let close: () => Promise<void>;

    before(async () => {
      const opened = await open();
      close = opened.close;
      await migrateToLatest(opened.a.knex);
      const store = { id: ids.newId(), name: "Cluster store", baseCurrency: "KES", hmacSecret: "h".repeat(48), createdAt: new Date().toISOString() } as Store;
      await new KnexStoreRepository(opened.a).create(store);
      p = { a: opened.a, b: opened.b, lockless: opened.lockless, storeId: store.id };
    });
    after(() => close?.());

    it("gives an idempotency key claimed through both processes at once to one of them; the other waits (409), then both replay", async () => {
      const first = new KnexIdempotencyRecords(p.a);
      const second = new KnexIdempotencyRecords(p.b);
      const now = new Date();
      for (let i = 0; i < 20; i++) {
        const ref = { storeId: p.storeId, operation: "createOrder", key: `race-${i}-${ids.newId()}` };
        const claims = await Promise.all([first.claim(ref, "hash", now, 60_000, HOUR), second.claim(ref, "hash", now, 60_000, HOUR)]);
        assert.deepEqual(claims.map((c) => c.kind).sort(), ["claimed", "in_progress"], `key ${i}: one winner`);
        const winner = claims[0]!.kind === "claimed" ? first : second;
        await winner.complete(ref, { status: 201, headers: {}, body: `{"n":${i}}` });
        for (const records of [first, second]) {
          const again = await records.claim(ref, "hash", now, 60_000, HOUR);
          assert.equal(again.kind, "replay");
          if (again.kind === "replay") assert.equal(again.response.body, `{"n":${i}}`);
        }
      }
    });

    it("makes a claim again when its insert lost a conflict, and finds the row the other process committed", async () => {
      const ref = { storeId: p.storeId, operation: "createOrder", key: `certification-${ids.newId()}` };
      const winner = new KnexIdempotencyRecords(p.a);
      // The other node's insert of the same key committed; this one's failed certification (1213).
      let lost = false;
      const loser = new Database(p.b.knex, p.b.dialect);
      // The claim's insert is its first statement (a prepared one, through insertRows); the error goes up as the Database translates it.
      const run = loser.run.bind(loser);
      const insertRows = loser.insertRows.bind(loser);
      loser.insertRows = async (...args) => {
        if (!lost) {
          lost = true;
          assert.equal((await winner.claim(ref, "hash", new Date(), 60_000, HOUR)).kind, "claimed");
          return run(async () => {
            throw deadlock();
          });
        }
        return insertRows(...args);
      };
      const claim = await new KnexIdempotencyRecords(loser).claim(ref, "hash", new Date(), 60_000, HOUR);
      assert.ok(lost);
      assert.equal(claim.kind, "in_progress", "the committed claim decides: a 409, not a 503 and not a second claim");
    });

    it("spends one rate-limit budget through both processes: exactly its points pass", async () => {
      const rule: RateLimitRule = { name: `cluster-${ids.newId().slice(-8)}`, points: 40, windowSeconds: 60 };
      const limiters = [new SqlRateLimiter(p.a), new SqlRateLimiter(p.b)];
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          limiters[i % 2]!.consume(rule, "pk_shared").then(
            () => "passed",
            (error: unknown) => (error instanceof RateLimited ? "limited" : `failed: ${String(error)}`),
          ),
        ),
      );
      assert.equal(outcomes.filter((o) => o === "passed").length, 40, outcomes.join(","));
      assert.equal(outcomes.filter((o) => o === "limited").length, 20, outcomes.join(","));
    });

    it("sends a rate-limit counter's upsert again when it lost a conflict, instead of answering 503", async () => {
      let failures = 2;
      class Conflicted extends SqlRateLimiter {
        protected override createLimiter(rule: RateLimitRule): RateLimiterAbstract {
          const limiter = super.createLimiter(rule);
          const consume = limiter.consume.bind(limiter);
          limiter.consume = async (key, points, options) => {
            if (failures-- > 0) throw deadlock();
            return consume(key, points, options);
          };
          return limiter;
        }
      }
      const rule: RateLimitRule = { name: `conflicted-${ids.newId().slice(-8)}`, points: 5, windowSeconds: 60 };
      const status = await new Conflicted(p.a).consume(rule, "pk_conflicted");
      assert.equal(status.remaining, 4, "counted once");
      assert.equal(failures, -1, "sent three times: two lost conflicts, then counted");
    });

    const claimRace = async (first: Database, second: Database): Promise<void> => {
      // The earlier race's endpoints and deliveries are set aside.
      await p.a.knex("webhook_deliveries").where("state", "pending").update({ state: "failed" });
      await p.a.knex("webhook_endpoints").update({ enabled: false });
      const endpoints = new KnexWebhookEndpointRepository(p.a);
      const now = new Date(Date.UTC(2030, 0, 1));
      const at = (ms: number): string => new Date(now.getTime() + ms).toISOString();
      for (let i = 0; i < 4; i++) {
        await endpoints.insert({
          id: ids.newId(),
          storeId: p.storeId,
          livemode: false,
          url: "https://hooks.example.com/x",
          events: ["order.paid"],
          enabled: true,
          metadata: {},
          secret: "whsec_c2VjcmV0",
          previousSecret: null,
          previousSecretExpiresAt: null,
          disabledReason: null,
          lastSuccessAt: null,
          lastFailureAt: null,
          stats: { total: 0, successful: 0, failed: 0 },
          createdAt: at(-10_000),
          updatedAt: at(-10_000),
        });
      }
      const outbox = new KnexEventOutbox(p.a, ids, { now: () => new Date(now.getTime() - 5_000) });
      for (let i = 0; i < 15; i++) await outbox.record({ storeId: p.storeId, type: "order.paid", livemode: false, data: { n: i } });
      const queues = [new KnexWebhookDeliveryQueue(first, ids, outbox), new KnexWebhookDeliveryQueue(second, ids, outbox)];
      await queues[0]!.fanOut(at(-1_000), 100);
      const taken: string[] = [];
      for (let round = 0; round < 40; round++) {
        const claims = await Promise.all(
          [0, 1, 0, 1].map((q) => queues[q]!.claim({ claimToken: ids.newId(), now: at(0), leaseUntil: at(60_000), limit: 3, perEndpoint: 100 })),
        );
        const got = claims.flat();
        if (got.length === 0) break;
        taken.push(...got.map((c) => c.deliveryId));
      }
      assert.equal(taken.length, 60, "every delivery claimed");
      assert.equal(new Set(taken).size, 60, "none claimed twice within its lease");
    };

    it("claims each webhook delivery once through both processes", () => claimRace(p.a, p.b));

    it("claims each webhook delivery once with no row locks at all: the guarded UPDATE's committed row decides", () => claimRace(p.a, p.lockless));
  });

clusterSafeSuite("cluster-safe mechanisms on one SQLite file shared by two processes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-cluster-safe-"));
  const filename = join(dir, "store.sqlite");
  const a = openDatabase({ dialect: "sqlite", filename });
  const b = openDatabase({ dialect: "sqlite", filename });
  return {
    a,
    b,
    lockless: b,
    close: async () => {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("cluster-safe mechanisms on MariaDB", (getDb) =>
  clusterSafeSuite("two pools", async () => {
    const settings = { dialect: "mysql" as const, url: getDb().url, poolMin: 0, poolMax: 5, acquireTimeoutMs: 10_000 };
    const a = openDatabase(settings);
    const b = openDatabase(settings);
    const c = openDatabase(settings);
    // A Database that calls itself SQLite on a MariaDB pool: the delivery queue then reads its
    // candidates with no FOR UPDATE SKIP LOCKED and no transaction, as a Galera node that cannot
    // see another node's locks; only the guarded UPDATE can keep two claims apart.
    const lockless = new Database(c.knex, "sqlite");
    return {
      a,
      b,
      lockless,
      close: async () => {
        await Promise.all([a.close(), b.close(), c.close()]);
      },
    };
  }),
);
