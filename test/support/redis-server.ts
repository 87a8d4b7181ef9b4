// Test support: the Redis every developer and CI machine runs (127.0.0.1:6379, or
// STOREFRONT_TEST_REDIS_URL), a unique key prefix per test, and a `describeRedis` wrapper that
// skips (locally) or fails (CI=true) when no server answers.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.STOREFRONT_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export const redisReachable = async (url = TEST_REDIS_URL): Promise<boolean> => {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

/** A prefix no other test run uses, so tests never see each other's counters. */
export const uniqueRedisPrefix = (label: string): string => `sf-test:${label}:${randomBytes(6).toString("hex")}:`;

/** Removes every key under a prefix (the counters of a test). */
export const deleteRedisKeys = async (prefix: string, url = TEST_REDIS_URL): Promise<void> => {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
};

/** A mocha `describe` that needs Redis: skipped with a printed reason locally, failed in CI. */
export function describeRedis(title: string, body: () => void): void {
  describe(title, function () {
    before(async function () {
      if (await redisReachable()) return;
      if (process.env.CI !== "true") {
        console.log(`  skipped: ${title}: no Redis reachable at ${TEST_REDIS_URL} (set CI=true to require it)`);
        this.skip();
      }
      throw new Error(`Redis is required in CI (CI=true) but none is reachable at ${TEST_REDIS_URL}`);
    });
    body();
  });
}
