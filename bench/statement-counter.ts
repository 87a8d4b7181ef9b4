// Bench only (issue 36, item 1): counts the statements and round trips the server sends its
// database, at the drivers, so that `npm run bench` can report them per cart add and per checkout.
// bench/bench-server.ts installs it when STOREFRONT_BENCH_COUNT_STATEMENTS=1 and answers the
// counts on its stdin/stdout channel; nothing here is loaded by the application or a normal server.
//
// - better-sqlite3: every run/get/all/iterate of a prepared statement and every exec (BEGIN,
//   COMMIT, ROLLBACK) is one statement. SQLite runs inside the process, so a "round trip" is a
//   statement (a call into the engine), and the time spent inside these synchronous calls is
//   SQLite's own CPU (plus any file I/O wait), which is part of the server's CPU.
// - mysql2: every command put on a connection is one exchange with the server: a Query (text
//   protocol: BEGIN, COMMIT and knex-built statements), an Execute (a prepared statement), a
//   Prepare actually sent (one not already prepared on that connection), a Ping, a reset... Query
//   and Execute are statements; a round trip is any command sent. Handshakes are counted apart.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface StatementCounts {
  /** SQL statements sent (BEGIN and COMMIT included). */
  readonly statements: number;
  /** Exchanges with the database (SQLite: = statements). */
  readonly round_trips: number;
  /** Statements by their first keyword: select, insert, update, delete, begin, commit, rollback, other. */
  readonly by_kind: Readonly<Record<string, number>>;
  /** Driver calls or protocol commands by name (run, all, exec...; Query, Execute, Prepare, Ping...). */
  readonly by_command: Readonly<Record<string, number>>;
  /**
   * Statements by their shape (values as "?", whitespace collapsed, cut at 240 characters), only
   * while recording texts is switched on (`recordTexts`): shaping a long MySQL text costs ~25 µs.
   */
  readonly by_text: Readonly<Record<string, number>>;
  /** SQLite only: wall µs spent inside the engine's synchronous calls (file I/O and lock waits included), while timed (`timeEngine`); 0 on MySQL. */
  readonly engine_us: number;
  /** SQLite only: the process's CPU µs (user + system, getrusage) inside those calls: SQLite's own CPU. */
  readonly engine_cpu_us: number;
  /** SQLite only, while recording texts: engine_us by statement shape (as `by_text`). */
  readonly engine_us_by_text: Readonly<Record<string, number>>;
  /** SQLite only: engine_us by statement kind. */
  readonly engine_us_by_kind: Readonly<Record<string, number>>;
  /** New connections opened (MySQL handshakes). */
  readonly connects: number;
  /** HTTP responses the server finished (counted by bench/bench-server.ts through `countResponse`). */
  readonly responses: number;
}

const MAX_TEXTS = 5_000;

export const installStatementCounters = (): {
  read: () => StatementCounts;
  countResponse: () => void;
  recordTexts: (on: boolean) => void;
  timeEngine: (on: boolean) => void;
} => {
  let texts = false;
  // Timing each SQLite call costs two getrusage calls and two clock reads (a tenth of a cart add's
  // CPU here, with the wrapper): on for the requests sent alone, off for the measured run.
  let timing = true;
  let statements = 0;
  let roundTrips = 0;
  let engineMs = 0;
  let engineCpuUs = 0;
  const engineMsByKind = new Map<string, number>();
  const engineMsByText = new Map<string, number>();
  /** The shape of the statement being run, while texts are recorded (SQLite's calls are synchronous: noted, then timed). */
  let running: string | undefined;
  let connects = 0;
  let responses = 0;
  const byKind = new Map<string, number>();
  const byCommand = new Map<string, number>();
  const byText = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string): void => {
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  // A statement's kind by its text: the same few texts come again and again (prepared statements).
  const kinds = new Map<string, string>();
  const kindOf = (text: string): string => {
    let kind = kinds.get(text);
    if (kind !== undefined) return kind;
    const first = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? "other";
    kind = ["select", "insert", "update", "delete", "begin", "commit", "rollback", "with", "replace"].includes(first) ? first : "other";
    if (kinds.size < MAX_TEXTS) kinds.set(text, kind);
    return kind;
  };
  const noteStatement = (sql: unknown): string => {
    statements++;
    const text = typeof sql === "string" ? sql : "(unknown)";
    const kind = kindOf(text);
    bump(byKind, kind);
    running = undefined;
    if (!texts) return kind;
    // knex's MySQL statements arrive with their values written in: those become "?" here.
    const shape = text.replace(/'(?:[^'\\]|\\.)*'/g, "?").replace(/\b\d+(?:\.\d+)?\b/g, "?").replace(/\s+/g, " ");
    const key = shape.length > 240 ? `${shape.slice(0, 240)}…` : shape;
    if (byText.size < MAX_TEXTS || byText.has(key)) bump(byText, key);
    running = key;
    return kind;
  };
  /** Runs a synchronous SQLite call, its wall time and the process's CPU in it noted under `kind`. */
  const timed = <T>(kind: string, call: () => T): T => {
    if (!timing) return call();
    const cpu = process.cpuUsage();
    const started = performance.now();
    try {
      return call();
    } finally {
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      engineMs += ms;
      engineCpuUs += used.user + used.system;
      engineMsByKind.set(kind, (engineMsByKind.get(kind) ?? 0) + ms);
      if (running !== undefined) engineMsByText.set(running, (engineMsByText.get(running) ?? 0) + ms);
    }
  };

  const require = createRequire(import.meta.url);

  // better-sqlite3: the Statement class is native, reached through a statement's prototype.
  try {
    const Database = require("better-sqlite3") as new (file: string) => { prepare(sql: string): object; close(): void };
    const probe = new Database(":memory:");
    const statementPrototype = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, (...args: unknown[]) => unknown>;
    probe.close();
    for (const method of ["run", "get", "all", "iterate"]) {
      const original = statementPrototype[method]!;
      statementPrototype[method] = function counted(this: { source: string }, ...args: unknown[]): unknown {
        const kind = noteStatement(this.source);
        roundTrips++;
        bump(byCommand, method);
        return timed(kind, () => original.apply(this, args));
      };
    }
    const databasePrototype = (Database as unknown as { prototype: Record<string, (...args: unknown[]) => unknown> }).prototype;
    const exec = databasePrototype.exec!;
    databasePrototype.exec = function counted(this: unknown, sql: unknown): unknown {
      const kind = noteStatement(sql);
      roundTrips++;
      bump(byCommand, "exec");
      return timed(kind, () => exec.call(this, sql));
    };
  } catch {
    // better-sqlite3 not installed: nothing to count there
  }

  // mysql2: every command goes through BaseConnection.prototype.addCommand; a Prepare found in
  // the connection's statement cache sends nothing (its start() answers null).
  try {
    const lib = join(dirname(require.resolve("mysql2")), "lib");
    const BaseConnection = require(join(lib, "base/connection.js")) as { prototype: Record<string, (...args: unknown[]) => unknown> };
    const Prepare = require(join(lib, "commands/prepare.js")) as { prototype: Record<string, (...args: unknown[]) => unknown> };
    const addCommand = BaseConnection.prototype.addCommand!;
    BaseConnection.prototype.addCommand = function counted(this: unknown, ...args: unknown[]): unknown {
      const command = args[0] as { constructor: { name: string }; sql?: unknown };
      const name = command.constructor.name;
      if (name === "ClientHandshake" || name === "ServerHandshake") {
        connects++;
      } else if (name !== "Prepare") {
        // Prepare is counted when it is sent (below).
        bump(byCommand, name);
        roundTrips++;
        if (name === "Query" || name === "Execute") noteStatement(command.sql);
      }
      return addCommand.call(this, command);
    };
    const start = Prepare.prototype.start!;
    Prepare.prototype.start = function counted(this: unknown, ...args: unknown[]): unknown {
      const next = start.apply(this, args);
      if (next !== null) {
        bump(byCommand, "Prepare");
        roundTrips++;
      }
      return next;
    };
  } catch {
    // mysql2 not installed: nothing to count there
  }

  const read = (): StatementCounts => ({
    statements,
    round_trips: roundTrips,
    by_kind: Object.fromEntries(byKind),
    by_command: Object.fromEntries(byCommand),
    by_text: Object.fromEntries(byText),
    engine_us: Math.round(engineMs * 1000),
    engine_cpu_us: Math.round(engineCpuUs),
    engine_us_by_kind: Object.fromEntries([...engineMsByKind].map(([k, ms]) => [k, Math.round(ms * 1000)])),
    engine_us_by_text: Object.fromEntries([...engineMsByText].map(([k, ms]) => [k, Math.round(ms * 1000)])),
    connects,
    responses,
  });
  return {
    read,
    countResponse: () => {
      responses++;
    },
    recordTexts: (on) => {
      texts = on;
    },
    timeEngine: (on) => {
      timing = on;
    },
  };
};

/** `after - before`, key by key (keys absent before count from 0). */
export const countsBetween = (before: StatementCounts, after: StatementCounts): StatementCounts => {
  const minus = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [key, value] of Object.entries(a)) {
      const d = value - (b[key] ?? 0);
      if (d !== 0) out[key] = d;
    }
    return out;
  };
  return {
    statements: after.statements - before.statements,
    round_trips: after.round_trips - before.round_trips,
    by_kind: minus(after.by_kind, before.by_kind),
    by_command: minus(after.by_command, before.by_command),
    by_text: minus(after.by_text, before.by_text),
    engine_us: after.engine_us - before.engine_us,
    engine_cpu_us: after.engine_cpu_us - before.engine_cpu_us,
    engine_us_by_kind: minus(after.engine_us_by_kind, before.engine_us_by_kind),
    engine_us_by_text: minus(after.engine_us_by_text, before.engine_us_by_text),
    connects: after.connects - before.connects,
    responses: after.responses - before.responses,
  };
};
