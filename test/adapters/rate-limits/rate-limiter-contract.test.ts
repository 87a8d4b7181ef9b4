// The RateLimiter port's contract, run on every store: SQLite (a file two connections share),
// MySQL/MariaDB and Redis. Each "process" is a limiter with its own connection to the store.
// It also runs the pre-allocating limiter over each store, as the global limits use it.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { RateLimited } from "../../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule } from "../../../application/ports/rate-limiter.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { SqlRateLimiter } from "../../../adapters/persistence/sql-rate-limiter.js";
import { PreAllocatingRateLimiter } from "../../../adapters/rate-limits/pre-allocating-rate-limiter.js";
import { RedisRateLimiter } from "../../../adapters/rate-limits/redis-rate-limiter.js";
import { describeMysql } from "../../support/mysql-database.js";
import { deleteRedisKeys, describeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from "../../support/redis-server.js";

interface LimiterStore {
  /** A limiter as another server process would hold it: its own connection to the same store. */
  process(): RateLimiter;
  close(): Promise<void>;
}

const rule = (points: number, windowSeconds = 60): RateLimitRule => ({ name: `t-${randomBytes(4).toString("hex")}`, points, windowSeconds });

const refused = (error: unknown): boolean => error instanceof RateLimited;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rateLimiterContract = (open: () => Promise<LimiterStore>): void => {
  let store: LimiterStore;
  before(async () => {
    store = await open();
  });
  after(async () => {
    await store?.close();
  });

  it("allows the rule's points, answering what is left, then refuses with the seconds to wait", async () => {
    const limiter = store.process();
    const r = rule(3);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await limiter.consume(r, "a"));
    assert.deepEqual(statuses.map((s) => [s.limit, s.remaining]), [[3, 2], [3, 1], [3, 0]]);
    for (const s of statuses) {
      assert.ok(s.resetSeconds >= 1 && s.resetSeconds <= 60, String(s.resetSeconds));
      assert.ok(s.resetMs > 0 && s.resetMs <= 60_000, String(s.resetMs));
    }
    await assert.rejects(limiter.consume(r, "a"), (error) => {
      assert.ok(error instanceof RateLimited);
      assert.equal(error.limit, 3);
      assert.equal(error.remaining, 0);
      assert.ok(error.retryAfterSeconds >= 1 && error.retryAfterSeconds <= 60);
      return true;
    });
    assert.equal((await limiter.consume(r, "b")).remaining, 2, "another key has its own budget");
    assert.equal((await limiter.consume({ ...r, name: `${r.name}-x` }, "a")).remaining, 2, "another rule has its own budget");
  });

  it("a refused batch of several points spends nothing and says how many were left", async () => {
    const limiter = store.process();
    const r = rule(5);
    assert.equal((await limiter.consume(r, "k", 3)).remaining, 2);
    await assert.rejects(limiter.consume(r, "k", 3), (error) => error instanceof RateLimited && error.remaining === 2);
    assert.equal((await limiter.consume(r, "k", 2)).remaining, 0);
    await assert.rejects(limiter.consume(r, "k"), refused);
  });

  it("a refund gives points back", async () => {
    const limiter = store.process();
    const r = rule(2);
    await limiter.consume(r, "k");
    await limiter.refund(r, "k");
    await limiter.consume(r, "k");
    await limiter.consume(r, "k");
    await assert.rejects(limiter.consume(r, "k"), refused);
  });

  it("counts parallel attempts exactly: of 12, the rule's 5 pass", async () => {
    const limiter = store.process();
    const r = rule(5);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.consume(r, "burst")));
    assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 5);
    for (const o of outcomes) if (o.status === "rejected") assert.ok(refused(o.reason), String(o.reason));
  });

  it("two processes share one budget", async () => {
    const [a, b] = [store.process(), store.process()];
    const r = rule(4);
    await a.consume(r, "shared");
    await b.consume(r, "shared");
    await a.consume(r, "shared");
    assert.equal((await b.consume(r, "shared")).remaining, 0);
    await assert.rejects(a.consume(r, "shared"), refused);
    await assert.rejects(b.consume(r, "shared"), refused);
  });

  it("a budget is whole again once its window ends", async function () {
    this.timeout(10_000);
    const limiter = store.process();
    const r = rule(2, 1);
    await limiter.consume(r, "w");
    await limiter.consume(r, "w");
    let wait = 0;
    await assert.rejects(limiter.consume(r, "w"), (error) => {
      assert.ok(error instanceof RateLimited);
      wait = error.retryAfterSeconds;
      return true;
    });
    assert.equal(wait, 1);
    await sleep(1_100);
    assert.equal((await limiter.consume(r, "w")).remaining, 1);
  });

  it("pre-allocating limiters in two processes hand out exactly the shared budget between them", async function () {
    this.timeout(60_000);
    const r = rule(300);
    const processes = [store.process(), store.process()].map((s) => new PreAllocatingRateLimiter(s, { maxBatch: 20 }));
    const granted = [0, 0];
    await Promise.all(
      processes.map(async (limiter, i) => {
        // Each process keeps asking (4 requests at a time) until it is refused.
        const worker = async () => {
          for (;;) {
            try {
              await limiter.consume(r, "hot");
              granted[i]! += 1;
            } catch (error) {
              assert.ok(refused(error), String(error));
              return;
            }
          }
        };
        await Promise.all([worker(), worker(), worker(), worker()]);
      }),
    );
    assert.equal(granted[0]! + granted[1]!, 300, `granted ${granted.join(" + ")}`);
    assert.ok(granted[0]! > 0 && granted[1]! > 0, `both processes got points: ${granted.join(" + ")}`);
    // Once refused, a process answers from memory until the window ends.
    await assert.rejects(processes[0]!.consume(r, "hot"), refused);
  });
};

const sqlStore = (open: () => Promise<{ databases: () => Database; cleanup: () => Promise<void> }>) => async (): Promise<LimiterStore> => {
  const { databases, cleanup } = await open();
  const opened: Database[] = [];
  return {
    process: () => {
      const db = databases();
      opened.push(db);
      return new SqlRateLimiter(db);
    },
    close: async () => {
      for (const db of opened) await db.close();
      await cleanup();
    },
  };
};

describe("RateLimiter contract", function () {
  describe("SqlRateLimiter on SQLite (one file, a connection per process)", function () {
    rateLimiterContract(
      sqlStore(async () => {
        const dir = mkdtempSync(join(tmpdir(), "sf-rl-"));
        const filename = join(dir, "limits.sqlite");
        const first = openDatabase({ dialect: "sqlite", filename });
        await migrateToLatest(first.knex);
        await first.close();
        return {
          databases: () => openDatabase({ dialect: "sqlite", filename }),
          cleanup: async () => rmSync(dir, { recursive: true, force: true }),
        };
      }),
    );
  });

  describeMysql("SqlRateLimiter on MySQL/MariaDB", (getDb) => {
    rateLimiterContract(
      sqlStore(async () => {
        const settings = { dialect: "mysql" as const, url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 };
        const first = openDatabase(settings);
        await migrateToLatest(first.knex);
        await first.close();
        return { databases: () => openDatabase(settings), cleanup: async () => undefined };
      }),
    );
  });

  describeRedis("RedisRateLimiter (ioredis)", () => {
    rateLimiterContract(async () => {
      const prefix = uniqueRedisPrefix("contract");
      const clients: Redis[] = [];
      return {
        process: () => {
          const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
          clients.push(client);
          return new RedisRateLimiter(client, prefix);
        },
        close: async () => {
          for (const client of clients) client.disconnect();
          await deleteRedisKeys(prefix);
        },
      };
    });

    it("counts in memory, per process, while Redis is away", async () => {
      // Nothing listens on port 1: the client never becomes ready, so the insurance limiter answers.
      const client = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on("error", () => undefined);
      const limiter = new RedisRateLimiter(client, uniqueRedisPrefix("down"));
      const r = rule(2);
      await limiter.consume(r, "k");
      await limiter.consume(r, "k");
      await assert.rejects(limiter.consume(r, "k"), refused);
      client.disconnect();
    });
  });
});
