// The knex handle every repository shares. It carries the open transaction of a unit of work
// in AsyncLocalStorage, so repositories join it without being handed it, and it turns driver
// errors that mean "the database is away" into ServiceUnavailable.
//
// A unit of work is a transaction run on one pooled connection with plain BEGIN / COMMIT /
// ROLLBACK (on SQLite, a share of one: units of work that arrive together are committed together,
// see CommitGroup), not through knex.transaction: knex's transaction machinery (a Transaction emitter, a
// new knex object with its properties redefined, its promise plumbing and the query builder for
// BEGIN and COMMIT) cost ~120-330 µs of CPU per transaction, a fifth of a cart add. Repositories
// that build queries with knex inside a unit of work get, on first use, a knex bound to the
// transaction's connection (built as knex builds its own transaction clients).
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { Knex } from "knex";
import makeKnex from "knex/lib/knex-builder/make-knex.js";
import { CommitGroupLost, isRetryableConflict, isUnavailableError, translateDatabaseError } from "./database-errors.js";
import type { HostChange, HostChoice } from "./host-choice.js";
import type { SqliteCheckpoints } from "./sqlite-checkpoints.js";

/**
 * How often a unit of work that lost a conflict (a deadlock victim, a lock wait timeout, a
 * Galera certification failure, a busy SQLite file) is run in all; after the last, a 503.
 */
const CONFLICT_ATTEMPTS = 5;

export type Dialect = "sqlite" | "mysql";

interface SqliteStatement {
  readonly reader: boolean;
  all(...bindings: unknown[]): unknown[];
  run(...bindings: unknown[]): { changes: number };
  raw(toggle: boolean): SqliteStatement;
  columns(): ReadonlyArray<{ readonly name: string }>;
}

/** A prepared statement and, for one that reads rows, what makes a row object of a raw row. */
interface PreparedSqlite {
  readonly statement: SqliteStatement;
  readonly row: ((values: readonly unknown[]) => unknown) | undefined;
  /** How many columns `row` was made for. */
  readonly width: number;
}

/**
 * A function returning `{ name0: values[0], name1: values[1], ... }` for a statement's columns:
 * one object literal, so every row of the statement shares V8's fast shape. better-sqlite3 builds
 * row objects natively, property by property, which took 40 % of a 50-product page's reads
 * (measured: 608 µs → 356 µs for its 150 variant rows). A name given twice keeps its first place
 * and its last value, as better-sqlite3's own objects do. Names are written as JSON strings.
 */
const rowMaker = (names: readonly string[]): ((values: readonly unknown[]) => unknown) =>
  new Function("values", `return { ${names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(", ")} };`) as (values: readonly unknown[]) => unknown;

const prepareSqlite = (statement: SqliteStatement): PreparedSqlite => {
  if (!statement.reader) return { statement, row: undefined, width: 0 };
  const names = statement.columns().map((c) => c.name);
  return { statement: statement.raw(true), row: rowMaker(names), width: names.length };
};

interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface SqliteConnection {
  exec(sql: string): unknown;
}
interface MysqlConnection {
  execute(sql: string, bindings: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
  query(sql: string, callback: (error: Error | null) => void): void;
  destroy(): void;
}

/** The unit of work in progress: its connection, and a knex bound to it once one is asked for. */
interface Scope {
  readonly connection: object;
  bound: Knex | undefined;
  /** Set once COMMIT or ROLLBACK has been sent: a later query is a bug, refused. */
  closed: boolean;
  /** Settles when the transaction has ended, committed or not. */
  readonly ended: Promise<void>;
  /** Work to run at the end of the unit of work, just before COMMIT (see `beforeCommit`). */
  readonly beforeCommit: (() => Promise<void>)[];
}

/** What the knex client internals used here look like (knex builds transaction clients this way). */
interface KnexClientInternals extends EventEmitter {
  constructor: { prototype: object };
  version: unknown;
  config: unknown;
  driver: unknown;
  connectionSettings: unknown;
  valueForUndefined: unknown;
  logger: unknown;
  transacting: boolean;
  query(connection: unknown, query: unknown): Promise<unknown>;
  stream(connection: unknown, query: unknown, stream: unknown, options: unknown): Promise<unknown>;
  acquireConnection(): Promise<object>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Waits for every statement queued together, then fails with the first failure (in the order
 * they were queued), so that none is left running or rejecting unobserved.
 */
export const settleAll = async (sent: readonly Promise<unknown>[]): Promise<void> => {
  const results = await Promise.allSettled(sent);
  for (const result of results) if (result.status === "rejected") throw result.reason;
};

/** The lengths an IN list is padded to (see `inList`); longer lists keep their own length. */
const IN_LIST_LENGTHS = [1, 4, 16, 64, 128, 256, 512];

/**
 * Placeholders and values of an IN list, padded with its last value to one of a few lengths: a
 * statement is prepared once per connection for each distinct text, and lists of every length
 * from 1 to 500 made hundreds of them on each connection (MariaDB allows 16,382 prepared
 * statements in all, every connection of every process together). Repeating a value changes
 * nothing an IN list matches.
 */
export const inList = <T>(values: readonly T[]): { readonly sql: string; readonly values: readonly T[] } => {
  if (values.length === 0) throw new Error("an IN list needs a value");
  const list = padded(values);
  return { sql: Array.from({ length: list.length }, () => "?").join(", "), values: list };
};

/**
 * `items` padded with its last item to one of the IN lists' lengths, for statements of many
 * rows (or OR'ed conditions) where a repeated row changes nothing: one prepared text per length.
 */
export const padded = <T>(items: readonly T[]): readonly T[] => {
  const length = IN_LIST_LENGTHS.find((n) => n >= items.length) ?? items.length;
  return items.length === length ? items : [...items, ...Array.from({ length: length - items.length }, () => items[items.length - 1]!)];
};

/**
 * A function answering one `T` per database handle, made by `make` on first use and shared by
 * everything the handle serves (repositories, the HTTP answer cache): the process's catalog
 * versions, product copies, kept pages and the like. The one registry beside the container, for
 * state that belongs to a handle; its entries are listed in docs/architecture.md, "The container
 * and the per-database registry".
 */
export const onePerDatabase = <T>(make: (db: Database) => T): ((db: Database) => T) => {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let one = made.get(db);
    if (one === undefined) made.set(db, (one = make(db)));
    return one;
  };
};

/**
 * SQLite's group commit (docs/decisions/checkout.md, "checkout-35"): at most this many units of
 * work share one transaction, and a group takes no new unit once it has been open this long, so
 * that the first unit's answer never waits long for the others' work.
 */
export const GROUP_UNITS = 16;
export const GROUP_OPEN_MS = 10;

/** A commit group's bounds (see GROUP_UNITS); a Database's own, which tests may widen. */
export interface GroupLimits {
  units: number;
  openMs: number;
}

/** SQLite: the savepoint each unit of work after a group's first runs in. */
const UNIT_SAVEPOINT = "storefront_unit";

/**
 * Units of work that share one SQLite transaction (group commit, checkout-35). SQLite has one
 * writer, so a file's units of work run one after another on its one connection; while one runs
 * the next ones queue. Each of them used to BEGIN and COMMIT on its own, and a commit's cost is
 * mostly its pages (each written to the WAL with two system calls, then copied by the checkpoint):
 * the pages that every order, cart or event touches (the right-hand leaves of their tables and
 * indexes) were written again by every unit. Now the units queued behind a running one take their
 * turns inside its transaction, each in a savepoint (its failure undoes only its own writes), and
 * one COMMIT ends them all; no unit's answer is given before that COMMIT.
 */
class CommitGroup {
  /** Units waiting for a turn: told true (their turn) or false (the group closed before them: join the next); rejected when the group could not open. */
  private readonly queue: Array<{ readonly turn: (yes: boolean) => void; readonly fail: (error: unknown) => void }> = [];
  /** Units that had a turn, and of those the ones whose work is kept. */
  private members = 0;
  private kept = 0;
  private openedAt = 0;
  private closing = false;
  /** Set when a unit's failure took the transaction with it: the units kept before it are lost. */
  private broken: unknown = undefined;
  connection: object | undefined;
  private settleEnded!: () => void;
  /** Settles when the group's transaction has ended, committed or not (every member's `ended`). */
  readonly ended = new Promise<void>((resolve) => (this.settleEnded = resolve));
  private settleCommitted!: (error: unknown) => void;
  /** Resolves once the group's COMMIT is done; rejects when the group's transaction was lost. */
  readonly committed = new Promise<void>((resolve, reject) => (this.settleCommitted = (error) => (error === undefined ? resolve() : reject(error))));

  constructor(
    private readonly limits: Readonly<GroupLimits>,
    private readonly open: () => Promise<object>,
    private readonly control: (connection: object, sql: SqlControl) => Promise<void>,
    private readonly release: (connection: object) => Promise<unknown>,
    private readonly forget: (group: CommitGroup) => void,
  ) {
    // Members that were told of a lost COMMIT have rejected already; nobody else must see it unhandled.
    this.committed.catch(() => undefined);
    // A unit of work runs to its end within one turn of the event loop (its statements are
    // synchronous calls), so none could queue behind a running one: the group opens one turn later
    // instead, and the requests that arrive in that turn, each run up to its unit of work, join it.
    // Its transaction then runs from BEGIN to COMMIT without giving the event loop back, so the
    // file's write lock is never held across a turn (another connection to the file in this
    // process would otherwise wait on it, with the event loop, until its busy timeout).
    setImmediate(() => this.start());
  }

  private start(): void {
    this.open().then(
      (connection) => {
        this.connection = connection;
        this.openedAt = performance.now();
        this.next();
      },
      (error: unknown) => {
        this.closing = true;
        this.forget(this);
        for (const waiting of this.queue.splice(0)) waiting.fail(error);
        this.settleCommitted(error);
        this.settleEnded();
      },
    );
  }

  /** Whether a unit arriving now may wait for a turn in this group. */
  accepting(): boolean {
    return !this.closing && this.members + this.queue.length < this.limits.units && (this.openedAt === 0 || performance.now() - this.openedAt < this.limits.openMs);
  }

  /** Waits for this unit's turn: true, or false when the group closed before it came. */
  turn(): Promise<boolean> {
    return new Promise((turn, fail) => this.queue.push({ turn, fail }));
  }

  /** Whether the unit whose turn it is runs first in the transaction (then it needs no savepoint: a failure rolls back all there is). */
  get first(): boolean {
    return this.members === 1;
  }

  /** The unit whose turn it was is done: `kept` when its work stays; `broken` when the transaction is gone. */
  async done(kept: boolean, broken?: unknown): Promise<void> {
    if (kept) this.kept++;
    if (broken !== undefined) this.broken = broken;
    // A first unit that failed was rolled back with its transaction: the group has nothing left to commit.
    const rolledBack = this.members === 1 && !kept;
    if (!rolledBack && this.broken === undefined && this.queue.length > 0 && this.members < this.limits.units && performance.now() - this.openedAt < this.limits.openMs) {
      this.next();
      return;
    }
    await this.close(rolledBack);
  }

  private next(): void {
    this.members++;
    this.queue.shift()!.turn(true);
  }

  private async close(rolledBack: boolean): Promise<void> {
    this.closing = true;
    this.forget(this);
    const connection = this.connection!;
    let failure: unknown = this.broken === undefined ? undefined : new CommitGroupLost(this.broken);
    try {
      if (failure === undefined && !rolledBack) await this.control(connection, "COMMIT");
    } catch (error) {
      // Alone, a unit of work gets its COMMIT's error as before; shared, the error may be another
      // member's doing, so every member is run again (as a deadlock victim is).
      failure = this.kept > 1 ? new CommitGroupLost(error) : error;
    }
    if (failure !== undefined) {
      try {
        // Nothing of a lost group may stay open on the connection the next group begins on.
        await this.control(connection, "ROLLBACK");
      } catch {
        // The transaction is gone already.
      }
    }
    await this.release(connection);
    this.settleCommitted(failure);
    this.settleEnded();
    // Units still waiting (the group was full, or done): each joins the next group, in its order.
    for (const waiting of this.queue.splice(0)) waiting.turn(false);
  }
}

type SqlControl = "BEGIN" | "BEGIN IMMEDIATE" | "COMMIT" | "ROLLBACK" | `SAVEPOINT ${string}` | `RELEASE ${string}` | `ROLLBACK TO ${string}`;

/** At most this many prepared statements are kept per SQLite connection. */
const STATEMENTS_PER_CONNECTION = 1_000;

export class Database {
  private readonly transactions = new AsyncLocalStorage<Scope>();
  private readonly queries = new EventEmitter();
  private readonly retries = new EventEmitter();
  private readonly statements = new WeakMap<object, Map<string, PreparedSqlite>>();
  /** SQLite: the commit group new units of work join (running, or waiting for the connection). */
  private group: CommitGroup | undefined;
  /** SQLite: how many units of work a commit group takes, and for how long (GROUP_UNITS, GROUP_OPEN_MS). */
  readonly groupLimits: GroupLimits = { units: GROUP_UNITS, openMs: GROUP_OPEN_MS };

  constructor(
    readonly knex: Knex,
    readonly dialect: Dialect,
    /** With several hosts in the URL: which one new connections go to (connection.ts). */
    private readonly hosts?: HostChoice,
    /** On MySQL, the database (schema) the URL names; knex's own connection settings may be a function. */
    readonly databaseName?: string,
    /** A SQLite file's checkpoint worker (sqlite-checkpoints.ts), stopped before the connection closes. */
    readonly checkpoints?: SqliteCheckpoints,
  ) {
    knex.on("query", (data: { sql: string; bindings?: readonly unknown[] }) => this.queries.emit("query", data.sql, data.bindings ?? []));
  }

  /**
   * ` force index (<index>)` on MySQL, nothing on SQLite: for a statement whose index MariaDB's
   * sampled statistics may get wrong (SQLite plans without statistics, and `+column` keeps a term
   * off its indexes there).
   */
  indexHint(index: string): string {
    return this.dialect === "mysql" ? ` force index (${index})` : "";
  }

  /** Calls `listener` with the SQL (and its bindings) of every statement sent: through knex, the fast path, or BEGIN / COMMIT / ROLLBACK. */
  onQuery(listener: (sql: string, bindings: readonly unknown[]) => void): () => void {
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

  /**
   * A query built with knex, run as `select` runs plain SQL: its text compiled once per call, then
   * sent as a statement prepared once per connection. Knex's own runner prepares the statement
   * again on every run, which with its runner cost a sixth of an uncached product list's CPU.
   * Booleans are bound as 0/1 (and, on SQLite, dates as their milliseconds), as knex binds them.
   */
  async selectQuery<Row>(query: Knex.QueryBuilder): Promise<Row[]> {
    const { sql, bindings } = query.toSQL().toNative();
    const values = (bindings as readonly unknown[]).map((value) =>
      typeof value === "boolean" ? (value ? 1 : 0) : value instanceof Date && this.dialect === "sqlite" ? value.valueOf() : value,
    );
    return this.select<Row>(sql, values);
  }

  /** A write on the hot path, as `select`: returns the number of rows it changed. */
  async execute(sql: string, bindings: readonly unknown[]): Promise<number> {
    return (await this.prepared(sql, bindings, "changes")) as number;
  }

  /**
   * Inserts `rows` (all with the same keys) many to a statement, as prepared statements: the
   * driver binds the values, where knex's builder escapes them into the SQL text, which for an
   * import's batches of thousands of rows cost a seventh of the process (mysql2's escaping and the
   * text it made). Booleans are stored as 0/1 and undefined as NULL, as the builder does. The
   * statements are queued on the connection together (MySQL runs them one after the other, in
   * order), so the database works on one while the next is being made.
   */
  async insertRows(table: string, rows: readonly Readonly<Record<string, unknown>>[], perStatement: number): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    // Quoted: a column may be named by a reserved word (`lines` is one on MySQL).
    const quote = this.dialect === "mysql" ? "`" : '"';
    const head = `insert into ${table} (${columns.map((column) => `${quote}${column}${quote}`).join(", ")}) values `;
    const sent: Promise<number>[] = [];
    for (let start = 0; start < rows.length; start += perStatement) {
      const end = Math.min(rows.length, start + perStatement);
      const bindings: unknown[] = [];
      for (let i = start; i < end; i++) {
        const row = rows[i]!;
        for (const column of columns) {
          const value = row[column];
          bindings.push(value === undefined ? null : typeof value === "boolean" ? (value ? 1 : 0) : value);
        }
      }
      sent.push(this.execute(head + Array.from({ length: end - start }, () => tuple).join(", "), bindings));
    }
    await settleAll(sent);
  }

  private async prepared(sql: string, bindings: readonly unknown[], want: "rows" | "changes"): Promise<unknown> {
    try {
      this.queries.emit("query", sql, bindings);
      const scope = this.transactions.getStore();
      if (scope !== undefined) {
        if (scope.closed) throw new Error(`a query after its unit of work ended: ${sql}`);
        return await this.send(scope.connection, sql, bindings, want);
      }
      const client = this.knex.client as unknown as KnexClientInternals;
      const connection = await client.acquireConnection();
      try {
        return await this.send(connection, sql, bindings, want);
      } finally {
        await client.releaseConnection(connection);
      }
    } catch (error) {
      throw this.translate(error, this.inTransaction);
    }
  }

  private async send(connection: object, sql: string, bindings: readonly unknown[], want: "rows" | "changes"): Promise<unknown> {
    if (this.dialect === "sqlite") {
      const conn = connection as SqliteConnection & object;
      let cache = this.statements.get(conn);
      if (cache === undefined) this.statements.set(conn, (cache = new Map()));
      let prepared = cache.get(sql);
      if (prepared === undefined) {
        // Texts vary with their lists' lengths (`in (?, ?, ...)`): the cache is bounded by starting over.
        if (cache.size >= STATEMENTS_PER_CONNECTION) cache.clear();
        cache.set(sql, (prepared = prepareSqlite(conn.prepare(sql))));
      }
      if (want === "changes") return prepared.statement.run(...bindings).changes;
      if (prepared.row === undefined) return prepared.statement.all(...bindings);
      const rows = prepared.statement.all(...bindings) as unknown[][];
      // SQLite prepares a statement again after a schema change (a migration): its columns may differ.
      if (rows.length > 0 && rows[0]!.length !== prepared.width) cache.set(sql, (prepared = prepareSqlite(prepared.statement.raw(false))));
      return rows.map(prepared.row!);
    }
    const result = await new Promise<unknown>((resolve, reject) =>
      (connection as MysqlConnection).execute(sql, [...bindings], (error, rows) => (error === null ? resolve(rows) : reject(error))),
    );
    return want === "rows" ? result : (result as { affectedRows: number }).affectedRows;
  }

  /** BEGIN, COMMIT or ROLLBACK on a connection (text protocol: these cannot be prepared on MySQL). */
  private async control(connection: object, sql: SqlControl): Promise<void> {
    this.queries.emit("query", sql, []);
    if (this.dialect === "sqlite") {
      (connection as SqliteConnection).exec(sql);
      return;
    }
    await new Promise<void>((resolve, reject) => (connection as MysqlConnection).query(sql, (error) => (error === null ? resolve() : reject(error))));
  }

  /** The open transaction's knex (bound to its connection), or the pool outside one. */
  get executor(): Knex {
    const scope = this.transactions.getStore();
    if (scope === undefined) return this.knex;
    return (scope.bound ??= this.bind(scope));
  }

  get inTransaction(): boolean {
    return this.transactions.getStore() !== undefined;
  }

  /**
   * The unit of work in progress, as an identity (the same object for every statement of one
   * transaction) and a promise that settles when it has ended, committed or rolled back; undefined
   * outside one.
   */
  get currentTransaction(): { readonly id: object; readonly ended: Promise<void> } | undefined {
    const scope = this.transactions.getStore();
    return scope === undefined ? undefined : { id: scope, ended: scope.ended };
  }

  async run<T>(query: (db: Knex) => Promise<T>): Promise<T> {
    try {
      return await query(this.executor);
    } catch (error) {
      // Inside a unit of work a lost conflict goes up as it is: the unit of work runs again.
      throw this.translate(error, this.inTransaction);
    }
  }

  /**
   * Runs `step` in the current unit of work after its own work, just before COMMIT (in the order
   * registered); returns false, and does nothing, outside one. For writes to hot rows that every
   * kind of unit of work touches (the catalog version stamps): taken last, their locks are held
   * for the shortest time and cannot come between locks taken in one order (variants by id), so
   * they never close a deadlock cycle.
   */
  beforeCommit(step: () => Promise<void>): boolean {
    const scope = this.transactions.getStore();
    if (scope === undefined || scope.closed) return false;
    scope.beforeCommit.push(step);
    return true;
  }

  /**
   * Driver errors as the callers see them (translateDatabaseError); one that says the host is away
   * or refuses statements (not a full pool, which is only busy) makes new connections choose a
   * host again, when the URL lists several.
   */
  private translate(error: unknown, keepConflicts = false): unknown {
    if (this.hosts !== undefined && isUnavailableError(error) && !(error instanceof Error && error.name === "KnexTimeoutError")) {
      this.hosts.suspect();
    }
    return translateDatabaseError(error, keepConflicts);
  }

  /** Calls `listener` when new connections move to another host of a multi-host URL (never with one host). */
  onHostChange(listener: (change: HostChange) => void): () => void {
    return this.hosts?.onChange(listener) ?? (() => undefined);
  }

  /** Calls `listener` each time a unit of work that lost a conflict is run again (for the log and metrics). */
  onConflictRetry(listener: (attempt: number, error: unknown) => void): () => void {
    this.retries.on("retry", listener);
    return () => this.retries.off("retry", listener);
  }

  /**
   * Runs `work` in one transaction; inside another, it joins the outer one. A transaction that
   * lost a conflict (a deadlock victim, a lock wait timeout, a Galera certification failure, a
   * SQLite file busy past its timeout) is rolled back and run again from the start, a few times
   * with jitter, so `work` must keep its effects inside the transaction (no provider call). After
   * the last attempt the error is a ServiceUnavailable (503 with Retry-After), never a 500.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactionOnce(work);
      } catch (error) {
        if (attempt < CONFLICT_ATTEMPTS && isRetryableConflict(error)) {
          this.retries.emit("retry", attempt, error);
          // Exponential backoff with full jitter: the victim is usually the smaller transaction, and
          // the one it collided with (a checkout) needs tens of milliseconds to finish.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
          continue;
        }
        throw this.translate(error);
      }
    }
  }

  private async transactionOnce<T>(work: () => Promise<T>): Promise<T> {
    // SQLite's units of work share transactions (CommitGroup); MySQL's each have their own, on a pooled connection.
    if (this.dialect === "sqlite") return this.groupedUnit(work);
    const client = this.knex.client as unknown as KnexClientInternals;
    const connection = await client.acquireConnection();
    let settle!: () => void;
    const scope: Scope = { connection, bound: undefined, closed: false, ended: new Promise<void>((resolve) => (settle = resolve)), beforeCommit: [] };
    try {
      await this.control(connection, "BEGIN");
      let result: T;
      try {
        result = await this.runInScope(scope, work);
      } catch (error) {
        scope.closed = true;
        await this.rollback(connection);
        throw error;
      }
      scope.closed = true;
      try {
        await this.control(connection, "COMMIT");
      } catch (error) {
        await this.rollback(connection);
        throw error;
      }
      return result;
    } finally {
      scope.closed = true;
      settle();
      await client.releaseConnection(connection);
    }
  }

  /** Runs a unit of work's `work` with `scope` as its transaction, then its `beforeCommit` steps in order. */
  private runInScope<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    return this.transactions.run(scope, async () => {
      const value = await work();
      for (let i = 0; i < scope.beforeCommit.length; i++) await scope.beforeCommit[i]!();
      return value;
    });
  }

  /** A new commit group, which new units of work join from now on (see CommitGroup). */
  private openGroup(): CommitGroup {
    const client = this.knex.client as unknown as KnexClientInternals;
    const group = new CommitGroup(
      this.groupLimits,
      async () => {
        const connection = await client.acquireConnection();
        try {
          // As the writer at once: a deferred transaction that reads and then writes cannot wait
          // for another process's write (SQLITE_BUSY_SNAPSHOT), while BEGIN IMMEDIATE waits on the
          // busy file (busy_timeout), so processes sharing one file take turns.
          await this.control(connection, "BEGIN IMMEDIATE");
        } catch (error) {
          await client.releaseConnection(connection);
          throw error;
        }
        return connection;
      },
      (connection, sql) => this.control(connection, sql),
      (connection) => client.releaseConnection(connection),
      (closed) => {
        if (this.group === closed) this.group = undefined;
      },
    );
    this.group = group;
    return group;
  }

  /** One attempt at a unit of work on SQLite, as a member of a commit group (see CommitGroup). */
  private async groupedUnit<T>(work: () => Promise<T>): Promise<T> {
    let group: CommitGroup;
    for (;;) {
      group = this.group !== undefined && this.group.accepting() ? this.group : this.openGroup();
      if (await group.turn()) break;
    }
    const connection = group.connection!;
    const sqlite = connection as SqliteConnection & { readonly inTransaction: boolean };
    const first = group.first;
    const scope: Scope = { connection, bound: undefined, closed: false, ended: group.ended, beforeCommit: [] };
    let kept = false;
    let broken: unknown;
    let result!: T;
    try {
      if (!first) await this.control(connection, `SAVEPOINT ${UNIT_SAVEPOINT}`);
      try {
        result = await this.runInScope(scope, work);
      } catch (error) {
        scope.closed = true;
        if (first) await this.rollback(connection);
        else {
          try {
            await this.control(connection, `ROLLBACK TO ${UNIT_SAVEPOINT}`);
            await this.control(connection, `RELEASE ${UNIT_SAVEPOINT}`);
          } catch (undo) {
            broken = undo;
          }
          // Some failures (a full disk, an I/O error) end the whole transaction in SQLite.
          if (!sqlite.inTransaction) broken ??= error;
        }
        throw error;
      }
      scope.closed = true;
      if (!first) {
        try {
          await this.control(connection, `RELEASE ${UNIT_SAVEPOINT}`);
        } catch (error) {
          // Its writes would stay in the transaction although it failed: the group is lost.
          broken = error;
          throw error;
        }
      }
      kept = true;
    } finally {
      scope.closed = true;
      await group.done(kept, broken);
    }
    // The answer waits for the group's COMMIT; a lost one reaches `transaction`, which runs this again.
    await group.committed;
    return result;
  }

  /**
   * Rolls back; when even that fails the connection's state is unknown, so it is closed (the pool
   * then drops it on its next check) rather than handed to someone else mid-transaction.
   */
  private async rollback(connection: object): Promise<void> {
    try {
      await this.control(connection, "ROLLBACK");
    } catch {
      if (this.dialect === "mysql") (connection as MysqlConnection).destroy();
    }
  }

  /**
   * A knex whose queries all run on the unit of work's connection, made as knex makes the client
   * of its own transactions (knex/lib/execution/transaction.js, makeTxClient). `transacting` is
   * set, so a `q.transaction(...)` inside it is a savepoint, as inside a knex transaction.
   */
  private bind(scope: Scope): Knex {
    const client = this.knex.client as unknown as KnexClientInternals;
    const bound = Object.create(client.constructor.prototype) as KnexClientInternals;
    bound.version = client.version;
    bound.config = client.config;
    bound.driver = client.driver;
    bound.connectionSettings = client.connectionSettings;
    bound.transacting = true;
    bound.valueForUndefined = client.valueForUndefined;
    bound.logger = client.logger;
    for (const event of ["start", "query", "query-error", "query-response"]) {
      bound.on(event, (...args: unknown[]) => client.emit(event, ...args));
    }
    const refuseOutside = (connection: unknown, query: unknown): void => {
      if (connection !== scope.connection) throw new Error("a query on another connection than its unit of work's");
      if (scope.closed) throw new Error(`a query after its unit of work ended: ${JSON.stringify((query as { sql?: string })?.sql ?? query)}`);
    };
    const query = bound.query;
    bound.query = function (this: KnexClientInternals, connection, q) {
      try {
        refuseOutside(connection, q);
      } catch (error) {
        return Promise.reject(error);
      }
      return query.call(this, connection, q);
    };
    const stream = bound.stream;
    bound.stream = function (this: KnexClientInternals, connection, q, target, options) {
      try {
        refuseOutside(connection, q);
      } catch (error) {
        return Promise.reject(error);
      }
      return stream.call(this, connection, q, target, options);
    };
    bound.acquireConnection = () => Promise.resolve(scope.connection);
    bound.releaseConnection = () => Promise.resolve();
    return makeKnex(bound) as Knex;
  }

  /** Locks the rows a query reads until the transaction ends; SQLite's single writer already does. */
  lockRows<Q extends Knex.QueryBuilder>(query: Q): Q {
    return this.dialect === "mysql" ? (query.forUpdate() as Q) : query;
  }

  async close(): Promise<void> {
    await this.checkpoints?.close();
    await this.knex.destroy();
  }
}
