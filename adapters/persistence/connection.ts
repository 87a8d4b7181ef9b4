// Opens knex on one of the two dialects: SQLite (better-sqlite3, WAL, foreign keys on) as the
// embedded default, or MySQL/MariaDB through mysql2 with a bounded pool and a short acquire wait.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Either } from "effect";
import knexFactory, { type Knex } from "knex";
import mysql2 from "mysql2";
import { Database } from "./database.js";
import type { DatabaseSettings } from "./database-settings.js";
import { HostNotUsable, isGaleraNode, type MysqlCallbackConnection, setCausalReads, unusableNodeReason } from "./cluster-node-check.js";
import { HostChoice } from "./host-choice.js";
import { type MysqlHost, parseMysqlUrl } from "./mysql-url.js";
import { SqliteCheckpoints, WAL_PAGES_BOUND } from "./sqlite-checkpoints.js";

interface SqliteConnection {
  pragma(source: string): unknown;
}

interface MysqlConnection extends MysqlCallbackConnection {
  readonly config: { readonly host?: string; readonly port?: number };
  destroy(): void;
}

/** How long choosing a host waits for one that does not answer before it tries the next. */
const HOST_CHECK_TIMEOUT_MS = 1_000;

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
        // Units of work share transactions, each after the first in a savepoint (database.ts,
        // CommitGroup). A savepoint keeps the pages it changes that the transaction had changed
        // before in a sub-journal, which SQLite spills to a temporary file past 64 KiB: 109 more
        // pwrite calls a realistic checkout, counted. In memory it is a copy of each such page.
        conn.pragma("temp_store = MEMORY");
        // A file's checkpoints are the worker's (sqlite-checkpoints.ts); SQLite's own, in a commit
        // on the event loop, only bounds the WAL when the worker falls behind.
        if (filename !== ":memory:") conn.pragma(`wal_autocheckpoint = ${WAL_PAGES_BOUND}`);
        done(null, conn);
      },
    },
    acquireConnectionTimeout: 10_000,
  };
};

/** The isolation level every connection uses; see the comment in mysqlConfig. */
const setReadCommitted = (conn: MysqlCallbackConnection): Promise<void> =>
  new Promise((resolve, reject) =>
    conn.query("set session transaction isolation level read committed", (error) => (error === null ? resolve() : reject(error))),
  );

/** Connects to `host` on its own, outside the pool, and says whether it is usable (undefined) or why not. */
const checkHost =
  (base: Knex.MySql2ConnectionConfig) =>
  (host: MysqlHost): Promise<string | undefined> =>
    new Promise((resolve) => {
      const conn = mysql2.createConnection({ ...base, host: host.host, port: host.port, connectTimeout: HOST_CHECK_TIMEOUT_MS } as mysql2.ConnectionOptions);
      conn.on("error", () => undefined);
      const done = (reason: string | undefined) => {
        conn.destroy();
        resolve(reason);
      };
      conn.connect((error) => {
        if (error) return done((error as { code?: string }).code ?? error.message);
        unusableNodeReason(conn).then(done, (failure: Error & { code?: string }) => done(failure.code ?? failure.message));
      });
    });

const mysqlConfig = (settings: Extract<DatabaseSettings, { dialect: "mysql" }>, hosts: HostChoice | undefined, url: ReturnType<typeof parsedUrl>): Knex.Config => {
  const base: Knex.MySql2ConnectionConfig = {
    user: url.user,
    password: url.password,
    database: url.database,
    charset: "utf8mb4",
    timezone: "Z",
    connectTimeout: Math.max(1_000, settings.acquireTimeoutMs),
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
  };
  const only = url.hosts[0]!;
  return {
    client: "mysql2",
    // One host: a fixed configuration. Several: each new connection asks which host is chosen, and
    // the configuration expires when another is, so the pool drops connections to the old one.
    connection:
      hosts === undefined
        ? { ...base, host: only.host, port: only.port }
        : async () => {
            const host = await hosts.choose();
            return { ...base, host: host.host, port: host.port, expirationChecker: () => !hosts.isChosen(host) };
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
      // conditional statement, so nothing relied on gap locks; see docs/decisions/cluster.md, cluster-01.
      // On a Galera node reads are made causal (cluster-node-check.ts, setCausalReads). With
      // several hosts, a new connection is also checked (a Galera node must be Synced and in the
      // primary component); one that is not is closed and its host suspected.
      afterCreate: (conn: MysqlConnection, done: (error: Error | null, conn: MysqlConnection) => void) => {
        const ready = async () => {
          await setReadCommitted(conn);
          if (!(await isGaleraNode(conn))) return;
          await setCausalReads(conn);
          if (hosts === undefined) return;
          const reason = await unusableNodeReason(conn);
          if (reason !== undefined) throw new HostNotUsable({ host: conn.config.host ?? "", port: conn.config.port ?? 0 }, reason);
        };
        ready().then(
          () => done(null, conn),
          (error: Error) => {
            // knex does not close a connection whose afterCreate failed.
            if (hosts !== undefined) conn.destroy();
            done(error, conn);
          },
        );
      },
      // A pooled connection to a host that is no longer the chosen one is closed, not reused.
      ...(hosts === undefined ? {} : { validate: (conn: MysqlConnection) => hosts.isChosen(conn.config) }),
    },
    acquireConnectionTimeout: settings.acquireTimeoutMs,
  };
};

const parsedUrl = (url: string) => {
  const parsed = parseMysqlUrl(url);
  // The configuration was validated at start-up (composition/config.ts); this is a programming error.
  if (Either.isLeft(parsed)) throw new Error(`the database URL ${parsed.left}`);
  return parsed.right;
};

export const openDatabase = (settings: DatabaseSettings): Database => {
  if (settings.dialect === "sqlite") {
    const knex = knexFactory(sqliteConfig(settings.filename));
    if (settings.filename === ":memory:") return new Database(knex, "sqlite");
    return new Database(knex, "sqlite", undefined, undefined, new SqliteCheckpoints(settings.filename));
  }
  const url = parsedUrl(settings.url);
  const hosts = url.hosts.length > 1 ? new HostChoice(url.hosts, checkHost({ user: url.user, password: url.password, database: url.database })) : undefined;
  const knex = knexFactory(mysqlConfig(settings, hosts, url));
  if (hosts !== undefined) {
    // A connection that could not be made (refused, timed out, the host not usable): choose again.
    (knex.client as { pool?: { on(event: "createFail", listener: () => void): void } }).pool?.on("createFail", () => hosts.suspect());
  }
  return new Database(knex, "mysql", hosts, url.database);
};
