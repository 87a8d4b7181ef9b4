// The knex handle every repository shares. It carries the open transaction of a unit of work
// in AsyncLocalStorage, so repositories join it without being handed it, and it turns driver
// errors that mean "the database is away" into ServiceUnavailable.
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { Knex } from "knex";
import { isRetryableConflict, translateDatabaseError } from "./database-errors.js";

/** How often a transaction chosen as a deadlock victim is run again before the error goes out. */
const CONFLICT_ATTEMPTS = 5;

export type Dialect = "sqlite" | "mysql";

interface SqliteStatement {
  all(...bindings: unknown[]): unknown[];
  run(...bindings: unknown[]): { changes: number };
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface MysqlConnection {
  execute(sql: string, bindings: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
}

export class Database {
  private readonly transactions = new AsyncLocalStorage<Knex.Transaction>();
  private readonly queries = new EventEmitter();
  private readonly statements = new WeakMap<object, Map<string, SqliteStatement>>();

  constructor(
    readonly knex: Knex,
    readonly dialect: Dialect,
  ) {
    knex.on("query", (data: { sql: string }) => this.queries.emit("query", data.sql));
  }

  /** Calls `listener` with the SQL of every query sent, through knex or the fast read path. */
  onQuery(listener: (sql: string) => void): () => void {
    this.queries.on("query", listener);
    return () => this.queries.off("query", listener);
  }

  /**
   * A read on the hot path: plain SQL with `?` placeholders, the same text on both dialects, sent
   * straight to the driver with the statement prepared once per connection (knex's query builder
   * costs ~100 µs a query; this ~10 µs). Inside a unit of work it runs on the transaction's connection.
   */
  async select<Row>(sql: string, bindings: readonly unknown[]): Promise<Row[]> {
    return (await this.prepared(sql, bindings, "rows")) as Row[];
  }

  /** A write on the hot path, as `select`: returns the number of rows it changed. */
  async execute(sql: string, bindings: readonly unknown[]): Promise<number> {
    return (await this.prepared(sql, bindings, "changes")) as number;
  }

  private async prepared(sql: string, bindings: readonly unknown[], want: "rows" | "changes"): Promise<unknown> {
    try {
      this.queries.emit("query", sql);
      // A transaction's client hands out the transaction's own connection (and its release is a no-op).
      const client = (this.transactions.getStore() ?? this.knex).client;
      const connection: unknown = await client.acquireConnection();
      try {
        if (this.dialect === "sqlite") {
          const conn = connection as SqliteConnection & object;
          let cache = this.statements.get(conn);
          if (cache === undefined) this.statements.set(conn, (cache = new Map()));
          let statement = cache.get(sql);
          if (statement === undefined) cache.set(sql, (statement = conn.prepare(sql)));
          return want === "rows" ? statement.all(...bindings) : statement.run(...bindings).changes;
        }
        const result = await new Promise<unknown>((resolve, reject) =>
          (connection as MysqlConnection).execute(sql, [...bindings], (error, rows) => (error === null ? resolve(rows) : reject(error))),
        );
        return want === "rows" ? result : (result as { affectedRows: number }).affectedRows;
      } finally {
        await client.releaseConnection(connection);
      }
    } catch (error) {
      throw translateDatabaseError(error);
    }
  }

  /** The open transaction of the current unit of work, or the pool outside one. */
  get executor(): Knex | Knex.Transaction {
    return this.transactions.getStore() ?? this.knex;
  }

  get inTransaction(): boolean {
    return this.transactions.getStore() !== undefined;
  }

  async run<T>(query: (db: Knex | Knex.Transaction) => Promise<T>): Promise<T> {
    try {
      return await query(this.executor);
    } catch (error) {
      throw translateDatabaseError(error);
    }
  }

  /**
   * Runs `work` in one transaction; inside another, it joins the outer one. A transaction that
   * MySQL rolls back as a deadlock victim is run again from the start (a few times, with jitter),
   * so `work` must keep its effects inside the transaction.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.knex.transaction((trx) => this.transactions.run(trx, work));
      } catch (error) {
        if (attempt < CONFLICT_ATTEMPTS && isRetryableConflict(error)) {
          // Exponential backoff with full jitter: the victim is usually the smaller transaction, and
          // the one it collided with (a checkout) needs tens of milliseconds to finish.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
          continue;
        }
        throw translateDatabaseError(error);
      }
    }
  }

  /** Locks the rows a query reads until the transaction ends; SQLite's single writer already does. */
  lockRows<Q extends Knex.QueryBuilder>(query: Q): Q {
    return this.dialect === "mysql" ? (query.forUpdate() as Q) : query;
  }

  async close(): Promise<void> {
    await this.knex.destroy();
  }
}
