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
   * straight to the driver with the statement prepared once (knex's query builder costs ~100 µs a
   * query; this ~10 µs). Inside a unit of work it runs in the transaction through knex.
   */
  async select<Row>(sql: string, bindings: readonly unknown[]): Promise<Row[]> {
    try {
      const trx = this.transactions.getStore();
      if (trx !== undefined) {
        const result: unknown = await trx.raw(sql, [...bindings] as Knex.RawBinding[]);
        return (this.dialect === "mysql" ? (result as [Row[]])[0] : result) as Row[];
      }
      this.queries.emit("query", sql);
      const connection: unknown = await this.knex.client.acquireConnection();
      try {
        if (this.dialect === "sqlite") {
          const conn = connection as SqliteConnection & object;
          let cache = this.statements.get(conn);
          if (cache === undefined) this.statements.set(conn, (cache = new Map()));
          let statement = cache.get(sql);
          if (statement === undefined) cache.set(sql, (statement = conn.prepare(sql)));
          return statement.all(...bindings) as Row[];
        }
        return await new Promise<Row[]>((resolve, reject) =>
          (connection as MysqlConnection).execute(sql, [...bindings], (error, rows) => (error === null ? resolve(rows as Row[]) : reject(error))),
        );
      } finally {
        await this.knex.client.releaseConnection(connection);
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
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
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
