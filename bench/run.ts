// `npm run bench`: per dialect, seeds the bench catalog, starts the real server in a child process
// and loads each scenario with autocannon from this process, next to a bare node:http yardstick.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { createConnection } from "mysql2/promise";
import { openBenchApplication } from "./bench-application.js";
import { seedBench, type SeedSummary } from "./bench-seed.js";
import {
  buildServers,
  cleanups,
  cpuMsOf,
  gitState,
  log,
  memoryOf,
  ROOT,
  runBench,
  runCleanups,
  startChild,
  warmThenMeasure,
  type Child,
  type Measured,
} from "./harness.js";
import { SCENARIOS, type PrepareContext, type Scenario } from "./scenarios.js";
import { countsBetween, type StatementCounts } from "./statement-counter.js";
import { countSyscalls, syscallCountingUnavailable, type SyscallCounts } from "./syscall-counts.js";

// ---------------------------------------------------------------------------------------------
// Options.

interface Options {
  readonly duration: number;
  readonly connections: number;
  readonly warmup: number;
  readonly only: "sqlite" | "mysql" | undefined;
  readonly scenarios: readonly Scenario[];
  readonly out: string;
  readonly mysqlUrl: string;
  readonly skipCeiling: boolean;
  /** Products the catalog is seeded with (three variants each on average). */
  readonly products: number;
  /** A directory for the bench server's --cpu-prof profiles, or undefined. */
  readonly cpuProfDir: string | undefined;
  /** A directory for one CPU profile of each scenario's measured run, or undefined. */
  readonly profileDir: string | undefined;
  /** Count the database statements and round trips (the bench server's drivers wrapped; on unless --skip-statement-counts). */
  readonly countStatements: boolean;
  /** A SQLite file kept after the run: seeded when absent (its seed summary beside it), reused when present. */
  readonly sqliteFile: string | undefined;
  /** Seed (or find the kept file) and stop, measuring nothing. */
  readonly seedOnly: boolean;
  /** MySQL: the write floor sends a cart add's statements in two multi-statement round trips (write-floor-server.ts, --batched). */
  readonly floorBatched: boolean;
}

const USAGE = `npm run bench -- [options]
  --duration <s>       seconds per measured run (default 5)
  --connections <n>    concurrent connections (default 50)
  --warmup <s>         seconds of warm-up before each measured run (default 2, 0 for none)
  --only sqlite|mysql  one dialect only
  --scenario <name>    one scenario (repeatable): ${SCENARIOS.map((s) => s.name).join(", ")}
  --out <file>         results JSON (default bench/results/latest.json)
  --mysql-url <url>    server for the throwaway database (default $STOREFRONT_BENCH_MYSQL_URL or mysql://root@127.0.0.1:3306)
  --skip-ceiling       do not run the node:http yardstick
  --floor-batched      MySQL: the write floor sends a cart add's statements in two round trips
                       (multi-statement texts) instead of one a statement: what batching could save
  --products <n>       seed a catalog of n products, three variants each on average (default 10000)
  --cpu-prof           run the bench server under node --cpu-prof (profiles in .tmp/bench-profiles/<dialect>/)
  --cpu-prof-dir <dir> the same, profiles under <dir>/<dialect>/
  --profile-dir <dir>  a CPU profile of each scenario's measured run only: <dir>/<dialect>-<scenario>.cpuprofile
                       (the server's own inspector, 250 µs sampling; read with bench/profile-summary.ts)
  --skip-statement-counts  do not count database statements and round trips (counted by default: the
                       bench server's drivers are wrapped, a counter and a map update a statement)
  --sqlite-file <file> seed the SQLite catalog into <file> and keep it (its seed summary in <file>.seed.json);
                       a later run given the same file measures on it without seeding again, so that two
                       versions of the code are measured on one million-product file (the writes of
                       each run stay in it)
  --seed-only          seed (or find the kept --sqlite-file) and stop`;

const parseOptions = (argv: readonly string[]): Options => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "50" },
      warmup: { type: "string", default: "2" },
      only: { type: "string" },
      scenario: { type: "string", multiple: true },
      out: { type: "string", default: join(ROOT, "bench/results/latest.json") },
      "mysql-url": { type: "string", default: process.env.STOREFRONT_BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306" },
      "skip-ceiling": { type: "boolean", default: false },
      products: { type: "string", default: "10000" },
      "cpu-prof": { type: "boolean", default: false },
      "cpu-prof-dir": { type: "string" },
      "profile-dir": { type: "string" },
      "skip-statement-counts": { type: "boolean", default: false },
      "sqlite-file": { type: "string" },
      "seed-only": { type: "boolean", default: false },
      "floor-batched": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positive = (name: string, text: string, allowZero = false): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new Error(`--${name} must be a ${allowZero ? "non-negative" : "positive"} number, got ${text}`);
    return n;
  };
  if (values.only !== undefined && values.only !== "sqlite" && values.only !== "mysql") throw new Error(`--only must be sqlite or mysql, got ${values.only}`);
  if (values["seed-only"] && (values["sqlite-file"] === undefined || values.only !== "sqlite")) throw new Error("--seed-only keeps what it seeds only with --only sqlite --sqlite-file <file>");
  const scenarios =
    values.scenario === undefined
      ? SCENARIOS
      : values.scenario.map((name) => {
          const found = SCENARIOS.find((s) => s.name === name);
          if (found === undefined) throw new Error(`unknown scenario ${name}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
          return found;
        });
  return {
    duration: positive("duration", values.duration),
    connections: Math.round(positive("connections", values.connections)),
    warmup: positive("warmup", values.warmup, true),
    only: values.only as Options["only"],
    scenarios,
    out: resolve(values.out),
    mysqlUrl: values["mysql-url"],
    skipCeiling: values["skip-ceiling"],
    products: Math.round(positive("products", values.products)),
    cpuProfDir: values["cpu-prof"] || values["cpu-prof-dir"] !== undefined ? resolve(values["cpu-prof-dir"] ?? join(ROOT, ".tmp/bench-profiles")) : undefined,
    profileDir: values["profile-dir"] === undefined ? undefined : resolve(values["profile-dir"]),
    countStatements: !values["skip-statement-counts"],
    sqliteFile: values["sqlite-file"] === undefined ? undefined : resolve(values["sqlite-file"]),
    seedOnly: values["seed-only"],
    floorBatched: values["floor-batched"],
  };
};

// ---------------------------------------------------------------------------------------------
// Databases.

interface BenchDatabase {
  readonly url: string;
  readonly description: string;
  dispose(): Promise<void>;
  /** Where a kept database's seed summary is (--sqlite-file). */
  readonly kept?: string;
}

interface DialectTarget {
  readonly name: "sqlite" | "mysql";
  /** The database, or a note saying why this dialect is skipped. */
  open(options: Options): Promise<BenchDatabase | string>;
}

const serverOnly = (url: string): string => {
  const u = new URL(url);
  u.pathname = "";
  return u.toString().replace(/\/$/, "");
};

const DIALECTS: readonly DialectTarget[] = [
  {
    name: "sqlite",
    open: async (options) => {
      if (options.sqliteFile !== undefined) {
        const file = options.sqliteFile;
        return { url: `sqlite:${file}`, description: file, dispose: async () => undefined, kept: `${file}.seed.json` };
      }
      const dir = await mkdtemp(join(tmpdir(), "sf-bench-"));
      const file = join(dir, "bench.sqlite");
      return { url: `sqlite:${file}`, description: file, dispose: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "mysql",
    open: async (options) => {
      const server = serverOnly(options.mysqlUrl);
      let conn;
      try {
        conn = await createConnection({ uri: server, connectTimeout: 2_000 });
      } catch (error) {
        return `no MySQL/MariaDB reachable at ${server} (${error instanceof Error ? error.message : String(error)})`;
      }
      const name = `sf_bench_${randomBytes(5).toString("hex")}`;
      try {
        await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      } finally {
        await conn.end().catch(() => conn.destroy());
      }
      return {
        url: `${server}/${name}`,
        description: `${server}/${name}`,
        dispose: async () => {
          const c = await createConnection({ uri: server, connectTimeout: 5_000 });
          try {
            await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
          } finally {
            await c.end().catch(() => c.destroy());
          }
        },
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Load.

const authHeaders = (scenario: Scenario, seed: SeedSummary): Record<string, string> => ({
  authorization: `Bearer ${scenario.key === "secret" ? seed.secret_key : seed.publishable_key}`,
});

/**
 * Sends a spread of the scenario's requests once, one at a time: each must succeed; answers the
 * median body size and, when `counts` reads the server's statement counters, what each request
 * sent its database (read before and after it).
 */
const typicalBodyBytes = async (
  baseUrl: string,
  requests: readonly autocannon.Request[],
  headers: Record<string, string>,
  counts?: () => Promise<StatementCounts>,
): Promise<{ bytes: number; units: StatementCounts[] }> => {
  // A scenario of one request that shapes itself per send (a checkout, each of its own cart) is
  // probed 30 times, so the statement counts cover its variations (lines, the gift card).
  const probes = requests.length === 1 && requests[0]!.setupRequest !== undefined ? 30 : Math.min(requests.length, 41);
  const sizes: number[] = [];
  const units: StatementCounts[] = [];
  for (let i = 0; i < probes; i++) {
    const before = await counts?.();
    const listed = requests[Math.floor((i * requests.length) / probes)]!;
    // A request may shape itself per send (e.g. its cart session), as it does under load.
    const request = (listed.setupRequest?.(listed, {}) ?? listed) as autocannon.Request;
    const response = await fetch(`${baseUrl}${request.path ?? "/"}`, {
      method: request.method ?? "GET",
      headers: { ...headers, ...request.headers },
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${request.method ?? "GET"} ${request.path} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
    sizes.push(body.length);
    if (before !== undefined) units.push(countsBetween(before, await counts!()));
  }
  sizes.sort((a, b) => a - b);
  return { bytes: sizes[Math.floor(sizes.length / 2)]!, units };
};

// ---------------------------------------------------------------------------------------------
// The database's work (issue 36, item 1): statements and round trips, and the database's CPU.

interface Spread {
  readonly mean: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}
const spread = (values: readonly number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number): number => Math.round(n * 100) / 100;
  return {
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
};
const meanOf = (maps: readonly Readonly<Record<string, number>>[], top = Infinity): Record<string, number> => {
  const sum = new Map<string, number>();
  for (const m of maps) for (const [k, v] of Object.entries(m)) sum.set(k, (sum.get(k) ?? 0) + v);
  return Object.fromEntries(
    [...sum]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => [k, Math.round((v / Math.max(1, maps.length)) * 100) / 100]),
  );
};

interface DatabaseWork {
  /** What a round trip is on this dialect. */
  readonly round_trip_means: string;
  /** Requests sent one at a time before the load, the counters read before and after each. */
  readonly per_request_alone: {
    readonly requests: number;
    readonly statements: Spread;
    readonly round_trips: Spread;
    readonly by_kind_mean: Record<string, number>;
    readonly by_command_mean: Record<string, number>;
    /** SQLite: wall µs inside the engine's calls a request, mean (file I/O and lock waits included). */
    readonly engine_us_mean: number;
    /** SQLite: the process's CPU µs inside the engine's calls a request, mean. */
    readonly engine_cpu_us_mean: number;
    /** Statements by text, mean a request (a catalog poll of the server, once a second, may show as a fraction). */
    readonly statements_by_text_mean: Record<string, number>;
    /** SQLite: the wall µs inside each statement shape, a request (the requests sent alone). */
    readonly engine_us_by_text_mean: Record<string, number>;
  };
  /**
   * Over the measured run under load: every statement of the server divided by the responses it
   * finished in the same window (counted at the server: autocannon's count leaves out requests in
   * flight at the window's edges, which at 50 connections and a slow write is not negligible).
   */
  readonly under_load: {
    readonly responses: number;
    /** The server's CPU over the run divided by `responses` (the row's CPU µs/req divides by autocannon's answers). */
    readonly server_cpu_us_per_response: number;
    readonly statements_per_request: number;
    readonly round_trips_per_request: number;
    readonly connects: number;
    /** By kind; a unit of work run again after a conflict shows as a rollback and a second begin. */
    readonly by_kind_per_request: Record<string, number>;
  };
  /** Statements a second with no request in flight (the catalog version poll), measured over `idle_seconds`. */
  readonly idle_statements_per_second: number;
}

interface DatabaseCpu {
  readonly source: string;
  /** The database server's CPU over the measured run, per request answered. */
  readonly us_per_request: number | null;
  /** Its CPU over an idle window just before (other databases on a shared server, background work), in % of a core. */
  readonly idle_cpu_percent: number | null;
  /** us_per_request less the idle rate over the run's wall time. */
  readonly us_per_request_less_idle: number | null;
}

/** The local MariaDB/MySQL server's pid, for its CPU from /proc; undefined when none is found here. */
const databaseServerPid = (mysqlUrl: string): number | undefined => {
  const host = new URL(mysqlUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) return undefined;
  for (const name of ["mariadbd", "mysqld"]) {
    try {
      const pids = execFileSync("pgrep", ["-x", name], { encoding: "utf8" }).trim().split("\n").filter((l) => l !== "");
      if (pids.length > 0) return Number(pids[0]);
    } catch {
      // none of that name
    }
  }
  return undefined;
};

const IDLE_WINDOW_MS = 2_000;
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface ResultRow {
  readonly scenario: string;
  readonly label: string;
  readonly dialect: string;
  readonly connections: number;
  readonly duration_s: number;
  readonly body_bytes: number;
  readonly ours: Measured;
  readonly server_rss_mb: number;
  readonly server_peak_rss_mb: number;
  readonly ceiling: Measured | null;
  /**
   * The write floor (write-floor-server.ts), for scenarios that have one: a bare node:http server
   * sending the same statements straight to the driver; its database server's CPU beside it on MySQL.
   */
  readonly floor: (Measured & { readonly database_cpu_us_per_request: number | null }) | null;
  /** Our CPU per request as a multiple of the floor's. */
  readonly cpu_multiple_of_floor: number | null;
  /** ours / ceiling req/s, in percent. */
  readonly ratio_percent: number | null;
  /** ceiling / ours CPU per request, in percent: the req/s ratio both would reach on a core of their own. */
  readonly cpu_ratio_percent: number | null;
  /** The machine's 1-minute load average right after our measured run: above the core count, other work competed. */
  readonly load_average_1m: number;
  /** Our CPU per request as a multiple of the ceiling's in the same row (issue 36's targets are in this unit). */
  readonly cpu_multiple_of_ceiling: number | null;
  /** Statements and round trips to the database per request, or null when not counted. */
  readonly database_work: DatabaseWork | null;
  readonly database_cpu: DatabaseCpu;
  /** The CPU profile of our measured run, when --profile-dir was given. */
  readonly profile: string | null;
  /** The server's system calls per response over the measured run (bench/syscall-counts.ts), or why they were not counted. */
  readonly syscalls_per_request: SyscallCounts | { readonly not_counted: string };
}

/** The most requests per second a scenario's preparation provides for (e.g. checkout carts). */
const PREPARED_REQUESTS_PER_SECOND = 1_500;

const runScenario = async (
  scenario: Scenario,
  dialect: string,
  seed: SeedSummary,
  server: Child,
  options: Options,
  databaseUrl: string,
  databasePid: number | undefined,
): Promise<ResultRow> => {
  const requests = scenario.requests(seed);
  const headers = authHeaders(scenario, seed);
  const url = `http://127.0.0.1:${server.port}`;
  const requestBudget = Math.ceil((options.warmup + options.duration) * PREPARED_REQUESTS_PER_SECOND) + 100;
  const context: PrepareContext = { baseUrl: url, seed, databaseUrl, requestBudget };
  if (scenario.prepare !== undefined) await scenario.prepare(context);
  const counts = options.countStatements ? async (): Promise<StatementCounts> => (await server.ask("counts")) as StatementCounts : undefined;
  // Statements by text only for the requests sent alone: under load, kinds and counts (shaping
  // each text would cost the server ~25 µs a long MySQL statement).
  if (counts !== undefined) await server.ask("texts-on");
  const probed = await typicalBodyBytes(url, requests, { ...headers, ...(scenario.connectionHeaders?.(999_999) ?? {}) }, counts);
  if (counts !== undefined) await server.ask("texts-off");
  const bodyBytes = probed.bytes;

  // An idle window: the server's background statements and the database server's CPU without us.
  const idleCounts0 = await counts?.();
  const idleDb0 = databasePid === undefined ? undefined : cpuMsOf(databasePid);
  await sleep(IDLE_WINDOW_MS);
  const idleCounts = idleCounts0 === undefined ? undefined : countsBetween(idleCounts0, await counts!());
  const idleDbPercent = idleDb0 === undefined ? null : Math.round(((cpuMsOf(databasePid!) - idleDb0) / IDLE_WINDOW_MS) * 1000) / 10;

  log(`  ${scenario.name}: typical answer ${bodyBytes} B; ${options.warmup} s warm-up, ${options.duration} s x ${options.connections} connections`);
  let loadCounts0: StatementCounts | undefined;
  let loadCounts: StatementCounts | undefined;
  let db0 = 0;
  let dbMs: number | null = null;
  let wall0 = 0;
  let wallMs = 0;
  const syscallsMissing = syscallCountingUnavailable();
  let syscalls: { stop: () => Promise<SyscallCounts> } | undefined;
  let syscallTotals: SyscallCounts | undefined;
  const profile = options.profileDir === undefined ? null : join(options.profileDir, `${dialect}-${scenario.name}.cpuprofile`);
  // The measured run counts statements but does not time SQLite's calls: getrusage and the clock
  // around each would be a tenth of a cart add's CPU. SQLite's CPU comes from the lone requests.
  if (counts !== undefined) await server.ask("timing-off");
  const ours = await warmThenMeasure(url, server.pid, requests, headers, options, scenario.connectionHeaders, {
    before: async () => {
      if (profile !== null) await server.ask("profile-start");
      loadCounts0 = await counts?.();
      if (databasePid !== undefined) db0 = cpuMsOf(databasePid);
      if (syscallsMissing === undefined) syscalls = countSyscalls(server.pid);
      wall0 = performance.now();
    },
    after: async () => {
      wallMs = performance.now() - wall0;
      syscallTotals = await syscalls?.stop();
      if (databasePid !== undefined) dbMs = cpuMsOf(databasePid) - db0;
      if (loadCounts0 !== undefined) loadCounts = countsBetween(loadCounts0, await counts!());
      if (profile !== null) await server.ask(`profile-stop ${profile}`);
    },
  });
  if (counts !== undefined) await server.ask("timing-on");
  const memory = memoryOf(server.pid);
  const loadAfter = loadavg()[0]!;
  const answered = Math.max(1, loadCounts?.responses ?? ours.total_requests);
  const units = probed.units;
  const databaseWork: DatabaseWork | null =
    loadCounts === undefined || idleCounts === undefined
      ? null
      : {
          round_trip_means:
            dialect === "sqlite"
              ? "SQLite runs in the process: a round trip is a statement (a call into the engine: run/get/all/iterate/exec)"
              : "an exchange with the server: each Query (text: BEGIN, COMMIT, knex statements), Execute (prepared), Prepare sent, Ping...",
          per_request_alone: {
            requests: units.length,
            statements: spread(units.map((u) => u.statements)),
            round_trips: spread(units.map((u) => u.round_trips)),
            by_kind_mean: meanOf(units.map((u) => u.by_kind)),
            by_command_mean: meanOf(units.map((u) => u.by_command)),
            engine_us_mean: Math.round(units.reduce((a, u) => a + u.engine_us, 0) / Math.max(1, units.length)),
            engine_cpu_us_mean: Math.round(units.reduce((a, u) => a + u.engine_cpu_us, 0) / Math.max(1, units.length)),
            statements_by_text_mean: meanOf(units.map((u) => u.by_text), 100),
            engine_us_by_text_mean: meanOf(units.map((u) => u.engine_us_by_text), 100),
          },
          under_load: {
            responses: loadCounts.responses,
            server_cpu_us_per_response: Math.round((ours.server_cpu_us_per_request * ours.total_requests) / answered),
            statements_per_request: Math.round((loadCounts.statements / answered) * 100) / 100,
            round_trips_per_request: Math.round((loadCounts.round_trips / answered) * 100) / 100,
            connects: loadCounts.connects,
            by_kind_per_request: Object.fromEntries(Object.entries(loadCounts.by_kind).map(([k, v]) => [k, Math.round((v / answered) * 100) / 100])),
          },
          idle_statements_per_second: Math.round((idleCounts.statements / (IDLE_WINDOW_MS / 1000)) * 100) / 100,
        };
  const databaseCpu: DatabaseCpu =
    dialect === "sqlite"
      ? {
          source:
            "SQLite runs inside the server process: its CPU is part of the server's column. us_per_request is the process's CPU inside SQLite's calls (getrusage around each) over the requests sent alone; the measured run does not time them, which would add a tenth to a cart add's CPU",
          us_per_request: databaseWork === null ? null : databaseWork.per_request_alone.engine_cpu_us_mean,
          idle_cpu_percent: null,
          us_per_request_less_idle: null,
        }
      : dbMs === null
        ? { source: "no local MariaDB/MySQL process found: not measured", us_per_request: null, idle_cpu_percent: null, us_per_request_less_idle: null }
        : {
            source: `mariadbd/mysqld pid ${databasePid}: utime+stime from /proc/<pid>/stat over the measured run (a shared server: other databases' work is included; see idle_cpu_percent)`,
            us_per_request: Math.round((dbMs * 1000) / answered),
            idle_cpu_percent: idleDbPercent,
            us_per_request_less_idle: Math.round(((dbMs - ((idleDbPercent ?? 0) / 100) * wallMs) * 1000) / answered),
          };
  log(`    ours: ${ours.requests_per_sec} req/s, p50 ${ours.latency_p50_ms} ms, p99 ${ours.latency_p99_ms} ms, errors ${ours.errors} (statuses ${JSON.stringify(ours.status_codes)}), RSS ${memory.rss.toFixed(0)} MB, ${ours.server_cpu_us_per_request} µs CPU/req (of it system ${ours.server_system_cpu_us_per_request}; server CPU ${ours.server_cpu_percent} %, generator ${ours.generator_cpu_percent} %)`);
  if (syscallTotals !== undefined) log(`    system calls a response: ${Object.entries(syscallTotals).map(([name, n]) => `${name} ${(n / answered).toFixed(2)}`).join(", ")}`);
  if (databaseWork !== null) {
    const alone = databaseWork.per_request_alone;
    log(`    database: ${alone.statements.mean} statements / ${alone.round_trips.mean} round trips a request alone (min ${alone.statements.min}, max ${alone.statements.max}), ${databaseWork.under_load.statements_per_request} / ${databaseWork.under_load.round_trips_per_request} under load; database CPU ${databaseCpu.us_per_request ?? "-"} µs/req (idle ${databaseCpu.idle_cpu_percent ?? "-"} %, less idle ${databaseCpu.us_per_request_less_idle ?? "-"})`);
  }

  let ceiling: Measured | null = null;
  if (!options.skipCeiling) {
    const yardstick = await startChild("bench/ceiling-server.ts", ["--bytes", String(bodyBytes)]);
    cleanups.push(yardstick.stop);
    try {
      ceiling = await warmThenMeasure(`http://127.0.0.1:${yardstick.port}`, yardstick.pid, requests, headers, options, scenario.connectionHeaders);
    } finally {
      await yardstick.stop();
      cleanups.splice(cleanups.indexOf(yardstick.stop), 1);
    }
    log(`    ceiling: ${ceiling.requests_per_sec} req/s, p50 ${ceiling.latency_p50_ms} ms, p99 ${ceiling.latency_p99_ms} ms, ${ceiling.server_cpu_us_per_request} µs CPU/req (of it system ${ceiling.server_system_cpu_us_per_request}; server CPU ${ceiling.server_cpu_percent} %, generator ${ceiling.generator_cpu_percent} %)`);
  }
  let floor: ResultRow["floor"] = null;
  if (scenario.floor !== undefined && !options.skipCeiling) {
    const bare = await startChild("bench/write-floor-server.ts", [
      "--bytes",
      String(bodyBytes),
      "--database-url",
      databaseUrl,
      "--store-id",
      seed.store_id,
      ...(options.floorBatched ? ["--batched"] : []),
    ]);
    cleanups.push(bare.stop);
    let floorDb0 = 0;
    let floorDbMs: number | null = null;
    try {
      const measured = await warmThenMeasure(`http://127.0.0.1:${bare.port}`, bare.pid, requests, headers, options, scenario.connectionHeaders, {
        before: async () => {
          if (databasePid !== undefined) floorDb0 = cpuMsOf(databasePid);
        },
        after: async () => {
          if (databasePid !== undefined) floorDbMs = cpuMsOf(databasePid) - floorDb0;
        },
      });
      floor = {
        ...measured,
        database_cpu_us_per_request: floorDbMs === null ? null : Math.round((floorDbMs * 1000) / Math.max(1, measured.total_requests)),
      };
    } finally {
      await bare.stop();
      cleanups.splice(cleanups.indexOf(bare.stop), 1);
    }
    log(`    floor${options.floorBatched && dialect === "mysql" ? " (batched)" : ""}: ${floor.requests_per_sec} req/s, p50 ${floor.latency_p50_ms} ms, p99 ${floor.latency_p99_ms} ms, errors ${floor.errors} (statuses ${JSON.stringify(floor.status_codes)}), ${floor.server_cpu_us_per_request} µs CPU/req (of it system ${floor.server_system_cpu_us_per_request}; server CPU ${floor.server_cpu_percent} %), database CPU ${floor.database_cpu_us_per_request ?? "-"} µs/req`);
  }
  await scenario.finish?.(context);
  return {
    scenario: scenario.name,
    label: scenario.label,
    dialect,
    connections: options.connections,
    duration_s: options.duration,
    body_bytes: bodyBytes,
    ours,
    server_rss_mb: Math.round(memory.rss * 10) / 10,
    server_peak_rss_mb: Math.round(memory.peak * 10) / 10,
    ceiling,
    floor,
    cpu_multiple_of_floor:
      floor === null || floor.server_cpu_us_per_request === 0 ? null : Math.round((ours.server_cpu_us_per_request / floor.server_cpu_us_per_request) * 10) / 10,
    load_average_1m: Math.round(loadAfter * 100) / 100,
    cpu_ratio_percent:
      ceiling === null || ours.server_cpu_us_per_request === 0
        ? null
        : Math.round((ceiling.server_cpu_us_per_request / ours.server_cpu_us_per_request) * 1000) / 10,
    ratio_percent: ceiling === null || ceiling.requests_per_sec === 0 ? null : Math.round((ours.requests_per_sec / ceiling.requests_per_sec) * 1000) / 10,
    cpu_multiple_of_ceiling:
      ceiling === null || ceiling.server_cpu_us_per_request === 0 ? null : Math.round((ours.server_cpu_us_per_request / ceiling.server_cpu_us_per_request) * 10) / 10,
    database_work: databaseWork,
    database_cpu: databaseCpu,
    profile,
    syscalls_per_request:
      syscallTotals === undefined
        ? { not_counted: syscallsMissing ?? "not measured" }
        : (Object.fromEntries(Object.entries(syscallTotals).map(([name, n]) => [name, Math.round((n / answered) * 100) / 100])) as SyscallCounts),
  };
};

interface DialectReport {
  readonly dialect: string;
  readonly skipped?: string;
  readonly database?: string;
  readonly seed_seconds?: number;
  readonly seeded?: { readonly products: number; readonly variants: number; readonly simple_products: number };
}

const runDialect = async (target: DialectTarget, options: Options, rows: ResultRow[]): Promise<DialectReport> => {
  const opened = await target.open(options);
  if (typeof opened === "string") {
    log(`${target.name}: skipped: ${opened}`);
    return { dialect: target.name, skipped: opened };
  }
  cleanups.push(opened.dispose);
  try {
    let seed: SeedSummary;
    const kept = opened.kept === undefined || !existsSync(opened.kept) ? undefined : (JSON.parse(await readFile(opened.kept, "utf8")) as SeedSummary);
    if (kept !== undefined) {
      if (kept.products !== options.products) throw new Error(`${opened.kept} holds ${kept.products} products, not the ${options.products} asked for`);
      seed = kept;
      log(`${target.name}: reusing ${opened.description} (${seed.products} products, seeded in ${seed.seconds.toFixed(1)} s)`);
    } else {
      if (opened.kept !== undefined && existsSync(opened.description)) throw new Error(`${opened.description} exists without its seed summary ${opened.kept} (a seed that did not finish?): remove it or name another file`);
      log(`${target.name}: seeding ${opened.description}`);
      const application = openBenchApplication(opened.url);
      try {
        await application.migrate();
        // Three variants a product on average, as the default catalog of 10,000 has.
        seed = await seedBench(application, { products: options.products, variants: options.products * 3 });
      } finally {
        await application.close();
      }
      if (opened.kept !== undefined) await writeFile(opened.kept, `${JSON.stringify(seed)}\n`);
      log(`${target.name}: seeded ${seed.products} products / ${seed.variants} variants in ${seed.seconds.toFixed(1)} s`);
    }
    if (options.seedOnly) return { dialect: target.name, database: opened.description, seed_seconds: Math.round(seed.seconds * 100) / 100 };

    const nodeArgs = options.cpuProfDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${join(options.cpuProfDir, target.name)}`];
    const env: Record<string, string> = {
      ...(options.countStatements ? { STOREFRONT_BENCH_COUNT_STATEMENTS: "1" } : {}),
      ...(options.profileDir !== undefined ? { STOREFRONT_BENCH_PROFILE: "1" } : {}),
    };
    if (options.profileDir !== undefined) await mkdir(options.profileDir, { recursive: true });
    const databasePid = target.name === "mysql" ? databaseServerPid(opened.url) : undefined;
    const server = await startChild("bench/bench-server.ts", ["--database-url", opened.url], nodeArgs, env);
    cleanups.push(server.stop);
    try {
      log(`${target.name}: server pid ${server.pid} on port ${server.port}`);
      for (const scenario of options.scenarios) rows.push(await runScenario(scenario, target.name, seed, server, options, opened.url, databasePid));
    } finally {
      await server.stop();
      cleanups.splice(cleanups.indexOf(server.stop), 1);
    }
    return {
      dialect: target.name,
      database: target.name === "mysql" ? "throwaway database on MySQL/MariaDB" : kept !== undefined ? `kept SQLite file, reused (${opened.description})` : opened.kept !== undefined ? `kept SQLite file, seeded by this run (${opened.description})` : "SQLite file in a temp dir",
      seed_seconds: Math.round(seed.seconds * 100) / 100,
      seeded: { products: seed.products, variants: seed.variants, simple_products: seed.simple_products },
    };
  } finally {
    await opened.dispose();
    cleanups.splice(cleanups.indexOf(opened.dispose), 1);
  }
};

// ---------------------------------------------------------------------------------------------
// Output.

const table = (rows: readonly ResultRow[]): string => {
  const header = ["scenario", "dialect", "req/s", "p50 ms", "p99 ms", "errors", "RSS MB", "ceiling req/s", "ratio", "CPU µs/req", "ceiling CPU µs/req", "CPU ratio", "x ceiling", "floor CPU µs/req", "x floor", "stmts/req", "round trips/req", "DB CPU µs/req", "body B"];
  const lines = rows.map((r) => [
    r.label,
    r.dialect,
    String(r.ours.requests_per_sec),
    String(r.ours.latency_p50_ms),
    String(r.ours.latency_p99_ms),
    String(r.ours.errors),
    r.server_rss_mb.toFixed(0),
    r.ceiling === null ? "-" : String(r.ceiling.requests_per_sec),
    r.ratio_percent === null ? "-" : `${r.ratio_percent.toFixed(1)} %`,
    String(r.ours.server_cpu_us_per_request),
    r.ceiling === null ? "-" : String(r.ceiling.server_cpu_us_per_request),
    r.cpu_ratio_percent === null ? "-" : `${r.cpu_ratio_percent.toFixed(1)} %`,
    r.cpu_multiple_of_ceiling === null ? "-" : `${r.cpu_multiple_of_ceiling}x`,
    r.floor === null ? "-" : String(r.floor.server_cpu_us_per_request),
    r.cpu_multiple_of_floor === null ? "-" : `${r.cpu_multiple_of_floor}x`,
    r.database_work === null ? "-" : String(r.database_work.per_request_alone.statements.mean),
    r.database_work === null ? "-" : String(r.database_work.per_request_alone.round_trips.mean),
    r.database_cpu.us_per_request === null ? "-" : `${r.database_cpu.us_per_request}${r.dialect === "sqlite" ? " (in)" : ""}`,
    String(r.body_bytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: readonly string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [format(header), `|${widths.map((w, i) => (i < 2 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(format)].join("\n");
};


const main = async (): Promise<void> => {
  const options = parseOptions(process.argv.slice(2));
  const started = new Date();
  const git = gitState();
  const loadStart = loadavg();
  if (loadStart[0]! > cpus().length * 0.75) {
    log(`warning: the machine is busy (1-minute load ${loadStart[0]!.toFixed(1)} on ${cpus().length} cores): results will be low and noisy`);
  }
  buildServers();
  const rows: ResultRow[] = [];
  const dialects: DialectReport[] = [];
  try {
    for (const target of DIALECTS) {
      if (options.only !== undefined && options.only !== target.name) continue;
      dialects.push(await runDialect(target, options, rows));
    }
  } finally {
    await runCleanups();
  }
  if (options.seedOnly) return;

  console.log(table(rows));
  for (const d of dialects) if (d.skipped !== undefined) console.log(`note: ${d.dialect} skipped: ${d.skipped}`);

  const report = {
    generated_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    git,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? "unknown",
    load_average_at_start: loadStart.map((n) => Math.round(n * 100) / 100),
    load_average_at_end: loadavg().map((n) => Math.round(n * 100) / 100),
    options: {
      duration_s: options.duration,
      connections: options.connections,
      warmup_s: options.warmup,
      only: options.only ?? null,
      scenarios: options.scenarios.map((s) => s.name),
      ceiling: !options.skipCeiling,
      cpu_prof: options.cpuProfDir !== undefined,
      profile_dir: options.profileDir ?? null,
      statement_counts: options.countStatements,
    },
    dialects,
    results: rows,
  };
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${options.out}`);
  if (options.cpuProfDir !== undefined) log(`server CPU profiles in ${options.cpuProfDir}/<dialect>/`);
};

runBench(main);
