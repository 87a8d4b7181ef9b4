// Chooses where rate-limit counters live (Redis when STOREFRONT_REDIS_URL is set, the database
// otherwise) and builds the global limits (docs/api/limits.md, "Rate limits") on top, with
// pre-allocation so that most requests do not touch the shared counters.
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { RateLimiter } from "../application/ports/rate-limiter.js";
import type { GlobalRateLimits } from "../adapters/http/middleware/rate-limits.js";
import type { Database } from "../adapters/persistence/database.js";
import { SqlRateLimiter } from "../adapters/persistence/sql-rate-limiter.js";
import { PreAllocatingRateLimiter } from "../adapters/rate-limits/pre-allocating-rate-limiter.js";
import { RedisRateLimiter } from "../adapters/rate-limits/redis-rate-limiter.js";
import { requirePackage } from "../adapters/system/on-first-use.js";
import type { Config } from "./config.js";

export interface RateLimitStore {
  /** The exact limiter (every consume reaches the shared counters): the RateLimiter port's binding. */
  readonly limiter: RateLimiter;
  /** The global per-key and per-address limits of the HTTP app. */
  readonly global: GlobalRateLimits;
  close(): Promise<void>;
}

const redisClient = (url: string, logger: Logger): Redis => {
  // ioredis loads only when Redis is configured, not at every start-up (operations-23).
  const { Redis } = requirePackage("ioredis") as typeof import("ioredis");
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let away = false;
  client.on("error", (error: Error) => {
    if (away) return;
    away = true;
    logger.warn({ err: error }, "Redis is unreachable; rate limits are counted per process until it returns");
  });
  client.on("ready", () => {
    if (away) logger.info("Redis is back; rate limits are shared again");
    away = false;
  });
  return client;
};

/**
 * A busy key's batch covers about this long of its traffic in this process: a key at 10,000
 * requests a second then costs 4 store trips a second instead of 500, and at most about this
 * long of its traffic (one and a half batches) lapses unused at a window's end.
 */
const BATCH_HORIZON_MS = 250;

export const openRateLimitStore = (config: Config, database: Database, logger: Logger): RateLimitStore => {
  const client = config.redis === undefined ? undefined : redisClient(config.redis.url, logger);
  const limiter: RateLimiter =
    client === undefined || config.redis === undefined ? new SqlRateLimiter(database) : new RedisRateLimiter(client, config.redis.keyPrefix);
  const { perKey, authPerAddress, windowSeconds, maxBatch } = config.rateLimits;
  return {
    limiter,
    global: {
      // The next batch is taken while half of the last is left, so a busy key never waits on the store;
      // a busy key's batches grow with its rate (see BATCH_HORIZON_MS).
      limiter: new PreAllocatingRateLimiter(limiter, { maxBatch, refillBelow: Math.floor(maxBatch / 2), batchHorizonMs: BATCH_HORIZON_MS }),
      perKey: { name: "req-key", points: perKey, windowSeconds },
      authPerAddress: { name: "req-auth-addr", points: authPerAddress, windowSeconds },
    },
    close: async () => {
      if (client !== undefined) await client.quit().catch(() => client.disconnect());
    },
  };
};
