// `npm run bench`: per dialect, seeds the bench catalog, starts the real server in a child process
// and loads each scenario with autocannon from this process, next to a bare node:http yardstick.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createConnection } from "mysql2/promise";
import { openBenchApplication } from "./bench-application.js";
import { seedBench, type SeedSummary } from "./bench-seed.js";
import { SCENARIOS, type Scenario } from "./scenarios.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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
  /** A directory for the bench server's --cpu-prof profiles, or undefined. */
  readonly cpuProfDir: string | undefined;
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
  --cpu-prof           run the bench server under node --cpu-prof (profiles in .tmp/bench-profiles/<dialect>/)
  --cpu-prof-dir <dir> the same, profiles under <dir>/<dialect>/`;

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
      "cpu-prof": { type: "boolean", default: false },
      "cpu-prof-dir": { type: "string" },
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
    cpuProfDir: values["cpu-prof"] || values["cpu-prof-dir"] !== undefined ? resolve(values["cpu-prof-dir"] ?? join(ROOT, ".tmp/bench-profiles")) : undefined,
  };
};

// ---------------------------------------------------------------------------------------------
// Cleanup that also runs on Ctrl-C: children stopped, throwaway databases dropped.

const cleanups: Array<() => Promise<void>> = [];
const runCleanups = async (): Promise<void> => {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
  }
};
process.once("SIGINT", () => {
  console.error("\ninterrupted: cleaning up");
  void runCleanups().finally(() => process.exit(130));
});

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

// ---------------------------------------------------------------------------------------------
// Databases.

interface BenchDatabase {
  readonly url: string;
  readonly description: string;
  dispose(): Promise<void>;
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
    open: async () => {
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
// Child processes: the bench server and the yardstick, each on its own core.

interface Child {
  readonly pid: number;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * Compiles the servers the bench starts (the rings and bench/bench-server.ts, bench/ceiling-server.ts)
 * to dist-bench/, so that both run as compiled JavaScript, as the installed package runs: under
 * tsx a server holds about 80 MB more (its loader, the transformed sources and their source maps).
 */
const buildServers = (): void => {
  log("compiling the bench servers (tsconfig.bench.json -> dist-bench/)");
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.bench.json")], { cwd: ROOT, stdio: "inherit" });
};

/** `entry`: a bench/*.ts server, started from its compiled form in dist-bench/. */
const startChild = async (entry: string, args: readonly string[], nodeArgs: readonly string[] = []): Promise<Child> => {
  const compiled = join(ROOT, "dist-bench", entry.replace(/\.ts$/, ".js"));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, compiled, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const ready = await new Promise<{ port: number; pid: number }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${entry} not ready within 60 s`)), 60_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        const message = JSON.parse(line) as { ready?: boolean; port?: number; pid?: number };
        if (message.ready === true && typeof message.port === "number") {
          clearTimeout(timer);
          done({ port: message.port, pid: message.pid ?? child.pid! });
        }
      } catch {
        // not our line
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`${entry} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return { pid: ready.pid, port: ready.port, stop };
};

/** VmRSS and VmHWM (peak) of a process, in MB. */
const memoryOf = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
};

// ---------------------------------------------------------------------------------------------
// Load.

const authHeaders = (scenario: Scenario, seed: SeedSummary): Record<string, string> => ({
  authorization: `Bearer ${scenario.key === "secret" ? seed.secret_key : seed.publishable_key}`,
});

/** Sends a spread of the scenario's requests once: each must succeed; returns the median body size. */
const typicalBodyBytes = async (baseUrl: string, requests: readonly autocannon.Request[], headers: Record<string, string>): Promise<number> => {
  const probes = Math.min(requests.length, 41);
  const sizes: number[] = [];
  for (let i = 0; i < probes; i++) {
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
  }
  sizes.sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)]!;
};

type ConnectionHeaders = ((index: number) => Record<string, string>) | undefined;

const load = async (
  url: string,
  requests: readonly autocannon.Request[],
  headers: Record<string, string>,
  connections: number,
  duration: number,
  connectionHeaders?: ConnectionHeaders,
): Promise<autocannon.Result> => {
  let clientIndex = 0;
  const n = requests.length;
  const instance = autocannon({
    url,
    connections,
    duration,
    headers,
    timeout: 10,
    requests: requests.map((r) => ({ ...r })),
    // Each connection starts at its own offset, so they do not ask for the same record at once.
    setupClient: (client) => {
      const index = clientIndex++;
      const own = connectionHeaders?.(index);
      if (n <= 1 && own === undefined) return;
      const offset = n <= 1 ? 0 : Math.floor((index * n) / connections) % n;
      // Per-connection headers go into each request: autocannon rebuilds requests from their own headers.
      client.setRequests(
        [...requests.slice(offset), ...requests.slice(0, offset)].map((r) => ({ ...r, headers: { ...headers, ...r.headers, ...own } })),
      );
    },
  });
  return await instance;
};

interface Measured {
  readonly requests_per_sec: number;
  readonly latency_p50_ms: number;
  readonly latency_p99_ms: number;
  readonly latency_avg_ms: number;
  readonly total_requests: number;
  /** non-2xx answers + socket errors (autocannon's `errors`, which already includes timeouts). */
  readonly errors: number;
  /** Answers by HTTP status, so errors say what they were. */
  readonly status_codes: Record<string, number>;
  readonly non2xx: number;
  readonly socket_errors: number;
  readonly timeouts: number;
  /**
   * Server CPU time (user + system, from /proc) per answered request: unlike req/s it hardly moves
   * when other processes compete for the cores.
   */
  readonly server_cpu_us_per_request: number;
  /** Server CPU time over wall time: near 100 % the server is the bottleneck; far below, it was starved. */
  readonly server_cpu_percent: number;
  /** The load generator's (this process's) CPU over wall time: near 100 % it may be the bottleneck. */
  readonly generator_cpu_percent: number;
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process so far, in ms. */
const cpuMsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
};

interface Run {
  readonly result: autocannon.Result;
  readonly serverCpuMs: number;
  readonly generatorCpuMs: number;
  readonly wallMs: number;
}

const measured = ({ result, serverCpuMs, generatorCpuMs, wallMs }: Run): Measured => ({
  requests_per_sec: Math.round(result.requests.average),
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  latency_avg_ms: Math.round(result.latency.average * 100) / 100,
  total_requests: result.requests.total,
  errors: result.non2xx + result.errors,
  status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
  non2xx: result.non2xx,
  socket_errors: result.errors,
  timeouts: result.timeouts,
  server_cpu_us_per_request: result.requests.total === 0 ? 0 : Math.round((serverCpuMs * 1000) / result.requests.total),
  server_cpu_percent: Math.round((serverCpuMs / wallMs) * 1000) / 10,
  generator_cpu_percent: Math.round((generatorCpuMs / wallMs) * 1000) / 10,
});

const warmThenMeasure = async (
  url: string,
  serverPid: number,
  requests: readonly autocannon.Request[],
  headers: Record<string, string>,
  options: Options,
  connectionHeaders?: ConnectionHeaders,
): Promise<Measured> => {
  if (options.warmup > 0) await load(url, requests, headers, options.connections, options.warmup, connectionHeaders);
  const serverCpu = cpuMsOf(serverPid);
  const generatorCpu = process.cpuUsage();
  const started = performance.now();
  const result = await load(url, requests, headers, options.connections, options.duration, connectionHeaders);
  const wallMs = performance.now() - started;
  const generator = process.cpuUsage(generatorCpu);
  return measured({
    result,
    serverCpuMs: cpuMsOf(serverPid) - serverCpu,
    generatorCpuMs: (generator.user + generator.system) / 1000,
    wallMs,
  });
};

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
  /** ours / ceiling req/s, in percent. */
  readonly ratio_percent: number | null;
  /** ceiling / ours CPU per request, in percent: the req/s ratio both would reach on a core of their own. */
  readonly cpu_ratio_percent: number | null;
  /** The machine's 1-minute load average right after our measured run: above the core count, other work competed. */
  readonly load_average_1m: number;
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
): Promise<ResultRow> => {
  const requests = scenario.requests(seed);
  const headers = authHeaders(scenario, seed);
  const url = `http://127.0.0.1:${server.port}`;
  if (scenario.prepare !== undefined) {
    const requestBudget = Math.ceil((options.warmup + options.duration) * PREPARED_REQUESTS_PER_SECOND) + 100;
    await scenario.prepare({ baseUrl: url, seed, databaseUrl, requestBudget });
  }
  const bodyBytes = await typicalBodyBytes(url, requests, { ...headers, ...(scenario.connectionHeaders?.(999_999) ?? {}) });
  log(`  ${scenario.name}: typical answer ${bodyBytes} B; ${options.warmup} s warm-up, ${options.duration} s x ${options.connections} connections`);
  const ours = await warmThenMeasure(url, server.pid, requests, headers, options, scenario.connectionHeaders);
  const memory = memoryOf(server.pid);
  const loadAfter = loadavg()[0]!;
  log(`    ours: ${ours.requests_per_sec} req/s, p50 ${ours.latency_p50_ms} ms, p99 ${ours.latency_p99_ms} ms, errors ${ours.errors} (statuses ${JSON.stringify(ours.status_codes)}), RSS ${memory.rss.toFixed(0)} MB, ${ours.server_cpu_us_per_request} µs CPU/req (server CPU ${ours.server_cpu_percent} %, generator ${ours.generator_cpu_percent} %)`);

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
    log(`    ceiling: ${ceiling.requests_per_sec} req/s, p50 ${ceiling.latency_p50_ms} ms, p99 ${ceiling.latency_p99_ms} ms, ${ceiling.server_cpu_us_per_request} µs CPU/req (server CPU ${ceiling.server_cpu_percent} %, generator ${ceiling.generator_cpu_percent} %)`);
  }
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
    load_average_1m: Math.round(loadAfter * 100) / 100,
    cpu_ratio_percent:
      ceiling === null || ours.server_cpu_us_per_request === 0
        ? null
        : Math.round((ceiling.server_cpu_us_per_request / ours.server_cpu_us_per_request) * 1000) / 10,
    ratio_percent: ceiling === null || ceiling.requests_per_sec === 0 ? null : Math.round((ours.requests_per_sec / ceiling.requests_per_sec) * 1000) / 10,
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
    log(`${target.name}: seeding ${opened.description}`);
    const application = openBenchApplication(opened.url);
    let seed: SeedSummary;
    try {
      await application.migrate();
      seed = await seedBench(application);
    } finally {
      await application.close();
    }
    log(`${target.name}: seeded ${seed.products} products / ${seed.variants} variants in ${seed.seconds.toFixed(1)} s`);

    const nodeArgs = options.cpuProfDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${join(options.cpuProfDir, target.name)}`];
    const server = await startChild("bench/bench-server.ts", ["--database-url", opened.url], nodeArgs);
    cleanups.push(server.stop);
    try {
      log(`${target.name}: server pid ${server.pid} on port ${server.port}`);
      for (const scenario of options.scenarios) rows.push(await runScenario(scenario, target.name, seed, server, options, opened.url));
    } finally {
      await server.stop();
      cleanups.splice(cleanups.indexOf(server.stop), 1);
    }
    return {
      dialect: target.name,
      database: target.name === "sqlite" ? "SQLite file in a temp dir" : "throwaway database on MySQL/MariaDB",
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
  const header = ["scenario", "dialect", "req/s", "p50 ms", "p99 ms", "errors", "RSS MB", "ceiling req/s", "ratio", "CPU µs/req", "ceiling CPU µs/req", "CPU ratio", "body B"];
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
    String(r.body_bytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: readonly string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [format(header), `|${widths.map((w, i) => (i < 2 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(format)].join("\n");
};

/** The commit measured, and whether the working tree differed from it. */
const gitState = (): { commit: string | null; dirty: boolean | null } => {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const changes = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim();
    return { commit, dirty: changes !== "" };
  } catch {
    return { commit: null, dirty: null };
  }
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
    },
    dialects,
    results: rows,
  };
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${options.out}`);
  if (options.cpuProfDir !== undefined) log(`server CPU profiles in ${options.cpuProfDir}/<dialect>/`);
};

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await runCleanups();
  process.exit(1);
});
