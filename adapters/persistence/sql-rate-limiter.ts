// The rate-limiter port on rate-limiter-flexible's SQL stores over the `rate_limits` table, shared
// by every server process: RateLimiterSQLite or RateLimiterMySQL through the knex pool. Call it
// outside a unit of work: on SQLite the pool has one connection, which a transaction holds.
import { RateLimiterMySQL, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { RateLimited } from "../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule } from "../../application/ports/rate-limiter.js";
import { translateDatabaseError } from "./database-errors.js";
import type { Database } from "./database.js";

export const RATE_LIMIT_TABLE = "rate_limits";

export class SqlRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterStoreAbstract>();

  constructor(private readonly db: Database) {}

  private limiterFor(rule: RateLimitRule): RateLimiterStoreAbstract {
    const id = `${rule.name}/${rule.points}/${rule.windowSeconds}`;
    const known = this.limiters.get(id);
    if (known !== undefined) return known;
    const options = {
      storeClient: this.db.knex,
      storeType: "knex",
      tableName: RATE_LIMIT_TABLE,
      // The table comes from the migrations; the worker's purge job clears expired rows.
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.windowSeconds,
    };
    const limiter =
      this.db.dialect === "sqlite"
        ? new RateLimiterSQLite(options)
        : new RateLimiterMySQL({ ...options, dbName: this.databaseName() });
    this.limiters.set(id, limiter);
    return limiter;
  }

  /** RateLimiterMySQL qualifies the table with its database. */
  private databaseName(): string {
    const connection = (this.db.knex.client as { config: { connection?: { database?: unknown } } }).config.connection;
    if (typeof connection?.database !== "string") throw new Error("the MySQL connection names no database");
    return connection.database;
  }

  async consume(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.limiterFor(rule).consume(key, 1);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        throw new RateLimited({
          message: "Too many attempts. Try again later.",
          retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
          limit: rule.points,
          remaining: 0,
        });
      }
      throw translateDatabaseError(outcome);
    }
  }

  async refund(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.limiterFor(rule).reward(key, 1);
    } catch (error) {
      throw translateDatabaseError(error);
    }
  }
}
