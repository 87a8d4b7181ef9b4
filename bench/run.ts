// `npm run bench`: per dialect, seeds the bench catalog, starts the real server in a child process
// and loads each scenario with autocannon from this process, next to a bare node:http yardstick.
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
import { SCENARIOS, type Scenario } from "./scenarios.js";

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
  --products <n>       seed a catalog of n products, three variants each on average (default 10000)
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
      products: { type: "string", default: "10000" },
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
    products: Math.round(positive("products", values.products)),
    cpuProfDir: values["cpu-prof"] || values["cpu-prof-dir"] !== undefined ? resolve(values["cpu-prof-dir"] ?? join(ROOT, ".tmp/bench-profiles")) : undefined,
  };
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
      // Three variants a product on average, as the default catalog of 10,000 has.
      seed = await seedBench(application, { products: options.products, variants: options.products * 3 });
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

runBench(main);
