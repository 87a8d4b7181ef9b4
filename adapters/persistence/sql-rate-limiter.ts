// The rate-limiter port on rate-limiter-flexible's SQL stores over the `rate_limits` table, shared
// by every server process: RateLimiterSQLite or RateLimiterMySQL through the knex pool. Call it
// outside a unit of work: on SQLite the pool has one connection, which a transaction holds.
import { RateLimiterMySQL, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimitRule } from "../../application/ports/rate-limiter.js";
import { FlexibleRateLimiter } from "../rate-limits/flexible-rate-limiter.js";
import { isRetryableConflict, translateDatabaseError } from "./database-errors.js";
import type { Database } from "./database.js";

export const RATE_LIMIT_TABLE = "rate_limits";

export class SqlRateLimiter extends FlexibleRateLimiter {
  constructor(private readonly db: Database) {
    super();
  }

  protected createLimiter(rule: RateLimitRule): RateLimiterAbstract {
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
    return this.db.dialect === "sqlite"
      ? new RateLimiterSQLite(options)
      : new RateLimiterMySQL({ ...options, dbName: this.databaseName() });
  }

  protected translateFailure(error: unknown): unknown {
    return translateDatabaseError(error);
  }

  /** A deadlock or lock wait (Galera: a certification failure) rolled the counter's upsert back whole. */
  protected override isLostConflict(error: unknown): boolean {
    return isRetryableConflict(error);
  }

  /** RateLimiterMySQL qualifies the table with its database. */
  private databaseName(): string {
    if (this.db.databaseName) return this.db.databaseName;
    const connection = (this.db.knex.client as { config: { connection?: { database?: unknown } } }).config.connection;
    if (typeof connection?.database !== "string") throw new Error("the MySQL connection names no database");
    return connection.database;
  }
}
