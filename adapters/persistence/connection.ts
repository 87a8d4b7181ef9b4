// Opens knex on one of the two dialects: SQLite (better-sqlite3, WAL, foreign keys on) as the
// embedded default, or MySQL/MariaDB through mysql2 with a bounded pool and a short acquire wait.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import knexFactory, { type Knex } from "knex";
import { Database } from "./database.js";
import type { DatabaseSettings } from "./database-settings.js";

interface SqliteConnection {
  pragma(source: string): unknown;
}

interface MysqlConnection {
  query(sql: string, callback: (error: Error | null) => void): void;
}

const sqliteConfig = (filename: string): Knex.Config => {
  if (filename !== ":memory:") mkdirSync(dirname(filename), { recursive: true });
  return {
    client: "better-sqlite3",
    connection: { filename },
    useNullAsDefault: true,
    // One connection: SQLite has one writer, and an in-memory database lives in its connection.
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) => {
        conn.pragma("journal_mode = WAL");
        conn.pragma("foreign_keys = ON");
        conn.pragma("busy_timeout = 5000");
        conn.pragma("synchronous = NORMAL");
        done(null, conn);
      },
    },
    acquireConnectionTimeout: 10_000,
  };
};

const mysqlConfig = (settings: Extract<DatabaseSettings, { dialect: "mysql" }>): Knex.Config => {
  const url = new URL(settings.url);
  return {
    client: "mysql2",
    connection: {
      host: url.hostname,
      port: url.port === "" ? 3306 : Number(url.port),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.replace(/^\//, "")),
      charset: "utf8mb4",
      timezone: "Z",
      connectTimeout: Math.max(1_000, settings.acquireTimeoutMs),
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
    },
    pool: {
      min: settings.poolMin,
      max: settings.poolMax,
      createRetryIntervalMillis: 200,
      idleTimeoutMillis: 30_000,
      // READ COMMITTED: a locking read locks the rows it finds and no gaps, so two carts whose
      // lines sit next to each other in an index no longer deadlock on the gap between them (under
      // REPEATABLE READ a third of concurrent cart adds did). Every read-then-write in the code is
      // serialised on a parent row's lock (cart, promotion, gift card, order, payment) or is one
      // conditional statement, so nothing relied on gap locks; see docs/decisions.md.
      afterCreate: (conn: MysqlConnection, done: (error: Error | null, conn: MysqlConnection) => void) => {
        conn.query("set session transaction isolation level read committed", (error) => done(error, conn));
      },
    },
    acquireConnectionTimeout: settings.acquireTimeoutMs,
  };
};

export const openDatabase = (settings: DatabaseSettings): Database => {
  const config = settings.dialect === "sqlite" ? sqliteConfig(settings.filename) : mysqlConfig(settings);
  return new Database(knexFactory(config), settings.dialect);
};
