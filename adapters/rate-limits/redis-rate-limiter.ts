// The rate-limiter port on Redis (rate-limiter-flexible's RateLimiterRedis over ioredis), for
// deployments that set STOREFRONT_REDIS_URL: counters shared by every server process, one atomic
// Lua INCR per consume. While Redis is away each process falls back to an in-memory counter of
// the same rule (rate-limiter-flexible's insurance limiter) rather than failing requests.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ServiceUnavailable } from "../../application/errors/infrastructure-errors.js";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../application/ports/rate-limiter.js";
import { FlexibleRateLimiter } from "./flexible-rate-limiter.js";

/** How long the first consume waits for a connection still being opened before using the in-memory fallback. */
const FIRST_CONNECTION_WAIT_MS = 2_000;

export class RedisRateLimiter extends FlexibleRateLimiter implements RateLimiter {
  private readonly firstReady: Promise<void>;

  /** `keyPrefix` namespaces the counters, e.g. "storefront:rl:" (one Redis for several apps or tests). */
  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
  ) {
    super();
    this.firstReady =
      client.status === "ready"
        ? Promise.resolve()
        : new Promise((resolve) => {
            // Ready, or known to be away (a failed attempt or a closed client): stop waiting.
            const done = (): void => {
              clearTimeout(timer);
              for (const event of ["ready", "error", "end"]) client.off(event, done);
              resolve();
            };
            const timer = setTimeout(done, FIRST_CONNECTION_WAIT_MS);
            timer.unref();
            for (const event of ["ready", "error", "end"]) client.on(event, done);
          });
  }

  protected createLimiter(rule: RateLimitRule): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.client,
      keyPrefix: `${this.keyPrefix}${rule.name}`,
      points: rule.points,
      duration: rule.windowSeconds,
      // A lost connection must not queue every request behind reconnection attempts.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.windowSeconds }),
    });
  }

  protected translateFailure(error: unknown): unknown {
    return new ServiceUnavailable({ message: "The rate limit store is unavailable.", retryAfterSeconds: 1, cause: error });
  }

  override async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitStatus> {
    await this.firstReady;
    return super.consume(rule, key, points);
  }

  override async refund(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    await this.firstReady;
    return super.refund(rule, key, points);
  }
}
