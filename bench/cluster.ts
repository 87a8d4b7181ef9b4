// `npm run bench:cluster`: cart adds and checkouts on a throwaway 3-node MariaDB Galera cluster
// (test/support/galera-cluster.ts: three mariadbd on loopback ports, never the shared MariaDB),
// beside the same on one MariaDB node (a throwaway database on --mysql-url, dropped afterwards),
// measured in the same run with the same seeded catalog: one server on the single node, one server
// on the cluster (through node 1), and two servers on the cluster through different nodes (node 1
// and node 2 first), the connections split between them.
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { createConnection } from "mysql2/promise";
import { GaleraCluster, galeraUnavailableReason, type GaleraNode } from "../test/support/galera-cluster.js";
import { openBenchApplication } from "./bench-application.js";
import { seedBench, type SeedSummary } from "./bench-seed.js";
import { buildServers, cleanups, cpuMsOf, gitState, load, log, measured, ROOT, runBench, runCleanups, runContext, startChild, type Child, type Measured } from "./harness.js";
import { SCENARIOS, type Scenario } from "./scenarios.js";

const USAGE = `npm run bench:cluster -- [options]
  --duration <s>       seconds per measured run (default 5)
  --warmup <s>         seconds of warm-up before each measured run (default 2, 0 for none)
  --connections <n>    concurrent connections in all, split between the servers of a row (default 50)
  --products <n>       products seeded (default 2000, three variants each)
  --scenarios <list>   comma-separated scenarios to measure (default cart-add,checkout)
  --mysql-url <url>    the single MariaDB for the throwaway database (default $STOREFRONT_BENCH_MYSQL_URL or mysql://root@127.0.0.1:3306)
  --log-conflicts <dir> have the nodes log every conflict (wsrep_log_conflicts, cert.log_conflicts) and write
                       each node's log to <dir>/node<n>.log, to see which statements and tables collide
  --out <file>         results JSON (default bench/results/cluster.json)`;

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    products: { type: "string", default: "2000" },
    scenarios: { type: "string", default: "cart-add,checkout" },
    "mysql-url": { type: "string", default: process.env.STOREFRONT_BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306" },
    "log-conflicts": { type: "string" },
    out: { type: "string", default: join(ROOT, "bench/results/cluster.json") },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const number = (name: string, text: string, min: number): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}, got ${text}`);
  return n;
};
const options = {
  duration: number("duration", values.duration, 1),
  warmup: number("warmup", values.warmup, 0),
  connections: Math.round(number("connections", values.connections, 2)),
  products: Math.round(number("products", values.products, 100)),
  mysqlUrl: values["mysql-url"].replace(/\/$/, ""),
  out: resolve(values.out),
};
const DATABASE = "sf_bench";
/** The most checkouts per second a run provides carts for (as bench/run.ts). */
const PREPARED_REQUESTS_PER_SECOND = 1_500;

const scenario = (name: string): Scenario => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no scenario ${name}`);
  return found;
};
const MEASURED = values.scenarios.split(",").map((name) => scenario(name.trim()));

interface Target {
  /** "MariaDB, 1 node" or "Galera, 3 nodes". */
  readonly database: string;
  /** One URL per server; the first is also used to seed. */
  readonly serverUrls: readonly string[];
  /** The rows: how many of the servers take load (1, or all). */
  readonly serverCounts: readonly number[];
  /** The cluster's nodes, whose conflict counters each row reads before and after its measured run. */
  readonly nodes?: readonly GaleraNode[];
  /** One host's URL (mysql2 takes no list of hosts) for the stock check. */
  readonly checkUrl: string;
}

/** Per node (in node order), what a measured run added to its Galera conflict counters. */
interface GaleraConflicts {
  /** wsrep_local_cert_failures: local transactions that failed certification at commit. */
  readonly cert_failures: readonly number[];
  /** wsrep_local_bf_aborts: local transactions aborted by a replicated write set applied over them. */
  readonly bf_aborts: readonly number[];
  /** wsrep_local_commits: transactions committed through the node (where the servers' writes went). */
  readonly local_commits: readonly number[];
}

const conflictCounters = async (nodes: readonly GaleraNode[]): Promise<{ cert: number[]; bf: number[]; commits: number[] }> => {
  const statuses = await Promise.all(nodes.map((node) => node.status()));
  return {
    cert: statuses.map((status) => Number(status.wsrep_local_cert_failures ?? 0)),
    bf: statuses.map((status) => Number(status.wsrep_local_bf_aborts ?? 0)),
    commits: statuses.map((status) => Number(status.wsrep_local_commits ?? 0)),
  };
};

interface Row {
  readonly scenario: string;
  readonly label: string;
  readonly database: string;
  readonly servers: number;
  readonly connections: number;
  readonly duration_s: number;
  /** Each server's own figures. */
  readonly per_server: readonly Measured[];
  readonly requests_per_sec: number;
  /** The higher of the servers' medians and 99th percentiles (autocannon gives percentiles, not histograms to merge). */
  readonly latency_p50_ms: number;
  readonly latency_p99_ms: number;
  readonly errors: number;
  readonly status_codes: Record<string, number>;
  /** Server CPU time (all servers of the row) per answered request. */
  readonly server_cpu_us_per_request: number;
  readonly load_average_1m: number;
  /** The error answers of the measured run by status, code and message. */
  readonly error_kinds: Record<string, number>;
  /** On the cluster: the nodes' conflict counters over the measured run. */
  readonly galera_conflicts?: GaleraConflicts;
}

/**
 * Stock against sales over a database's runs, read before and after through one connection: for
 * every variant, what its stock lost must equal the units its order lines gained less those given
 * back (order_restocks). `oversold`
 * counts variants that lost more than they sold or went below zero, `lost_updates` those that
 * lost less (a sale whose stock was not taken).
 */
interface StockCheck {
  readonly variants_sold: number;
  readonly units_sold: number;
  readonly oversold: number;
  readonly lost_updates: number;
  readonly negative_stock: number;
}

type StockSnapshot = Map<string, { stock: number; sold: number }>;

const stockSnapshot = async (url: string, storeId: string): Promise<StockSnapshot> => {
  const c = await createConnection({ uri: url, connectTimeout: 5_000 });
  try {
    // On a Galera node, wait until every write set the cluster committed is applied here (a single
    // MariaDB has the setting too, and it does nothing there).
    await c.query("set session wsrep_sync_wait = 1").catch(() => undefined);
    // The three reads in one consistent snapshot: servers still finish requests the load generator
    // gave up on after a run ends, and a checkout committed between a read of the stock and a read
    // of the order lines would count as a sale whose stock was not taken (it did: 15 and 33
    // variants in the 2026-11-27 19:58 run, read with one snapshot per statement; in a run at 20:46
    // the same reads found 5 and 35 such variants one statement at a time, and none in one snapshot).
    await c.query("set session transaction isolation level repeatable read");
    await c.query("start transaction with consistent snapshot, read only");
    const [stocks] = (await c.query("select id, stock from variants where store_id = ?", [storeId])) as unknown as [{ id: string; stock: number }[]];
    const [sold] = (await c.query("select variant_id, sum(quantity) as units from order_items where store_id = ? group by variant_id", [storeId])) as unknown as [
      { variant_id: string; units: number | string }[],
    ];
    const snapshot: StockSnapshot = new Map(stocks.map((r) => [r.id, { stock: Number(r.stock), sold: 0 }]));
    // Units given back (a cancelled order, a refund or return with restock: order_restocks) are
    // no longer sold.
    const [restocked] = (await c.query(
      "select oi.variant_id, sum(r.quantity) as units from order_restocks r join order_items oi on oi.id = r.line_id where r.store_id = ? group by oi.variant_id",
      [storeId],
    )) as unknown as [{ variant_id: string; units: number | string }[]];
    await c.query("commit");
    for (const r of sold) {
      const entry = snapshot.get(r.variant_id);
      if (entry !== undefined) entry.sold = Number(r.units);
    }
    for (const r of restocked) {
      const entry = snapshot.get(r.variant_id);
      if (entry !== undefined) entry.sold -= Number(r.units);
    }
    return snapshot;
  } finally {
    await c.end().catch(() => c.destroy());
  }
};

const stockCheck = (before: StockSnapshot, after: StockSnapshot): StockCheck => {
  let variantsSold = 0;
  let unitsSold = 0;
  let oversold = 0;
  let lostUpdates = 0;
  let negative = 0;
  for (const [id, now] of after) {
    const then = before.get(id) ?? { stock: now.stock, sold: now.sold };
    const sold = now.sold - then.sold;
    const taken = then.stock - now.stock;
    if (sold > 0) {
      variantsSold++;
      unitsSold += sold;
    }
    if (now.stock < 0) negative++;
    if (taken > sold || now.stock < 0) oversold++;
    else if (taken < sold) lostUpdates++;
  }
  return { variants_sold: variantsSold, units_sold: unitsSold, oversold, lost_updates: lostUpdates, negative_stock: negative };
};

/** Error answers seen in the measured runs: "503 service_unavailable: ..." -> how many. */
const errorKinds = new Map<string, number>();
const noteError = (status: number, body: string): void => {
  if (status < 400) return;
  let kind = `${status}`;
  try {
    const error = (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
    kind = `${status} ${error?.code ?? "?"}: ${error?.message ?? ""}`;
  } catch {
    // not JSON
  }
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
};

/**
 * The scenario's requests for server `index` of `count`, each answer's error (if any) noted; cart
 * adds of different servers go to different carts (as shoppers' carts would).
 */
const requestsFor = (s: Scenario, seed: SeedSummary, index: number, count: number): autocannon.Request[] =>
  s.requests(seed).map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => noteError(status, body),
    ...(count === 1 || s.name !== "cart-add"
      ? {}
      : {
          setupRequest: (r: autocannon.Request, context: Record<string, unknown>) => {
            const shaped = request.setupRequest?.(r, context) ?? r;
            return { ...shaped, headers: { ...shaped.headers, "x-session-id": `${shaped.headers?.["x-session-id"] ?? "cart"}-s${index}` } };
          },
        }),
  }));

const measureRow = async (s: Scenario, target: Target, servers: readonly Child[], seed: SeedSummary): Promise<Row> => {
  const headers = { authorization: `Bearer ${s.key === "secret" ? seed.secret_key : seed.publishable_key}` };
  const split = (i: number) => Math.floor(options.connections / servers.length) + (i < options.connections % servers.length ? 1 : 0);
  const runAll = (duration: number) =>
    Promise.all(servers.map((server, i) => load(`http://127.0.0.1:${server.port}`, requestsFor(s, seed, i, servers.length), headers, split(i), duration)));
  if (options.warmup > 0) await runAll(options.warmup);
  errorKinds.clear();
  const countersBefore = target.nodes === undefined ? undefined : await conflictCounters(target.nodes);
  const cpuBefore = servers.map((server) => cpuMsOf(server.pid));
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const results = await runAll(options.duration);
  const wallMs = performance.now() - started;
  const generator = process.cpuUsage(generatorBefore);
  const countersAfter = target.nodes === undefined ? undefined : await conflictCounters(target.nodes);
  const perServer = results.map((result, i) =>
    measured({ result, serverCpuMs: cpuMsOf(servers[i]!.pid) - cpuBefore[i]!, generatorCpuMs: (generator.user + generator.system) / 1000, wallMs }),
  );
  const statusCodes: Record<string, number> = {};
  for (const m of perServer) for (const [code, n] of Object.entries(m.status_codes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const total = perServer.reduce((sum, m) => sum + m.total_requests, 0);
  const cpuMs = servers.reduce((sum, server, i) => sum + cpuMsOf(server.pid) - cpuBefore[i]!, 0);
  const row: Row = {
    scenario: s.name,
    label: s.label,
    database: target.database,
    servers: servers.length,
    connections: options.connections,
    duration_s: options.duration,
    per_server: perServer,
    requests_per_sec: perServer.reduce((sum, m) => sum + m.requests_per_sec, 0),
    latency_p50_ms: Math.max(...perServer.map((m) => m.latency_p50_ms)),
    latency_p99_ms: Math.max(...perServer.map((m) => m.latency_p99_ms)),
    errors: perServer.reduce((sum, m) => sum + m.errors, 0),
    status_codes: statusCodes,
    server_cpu_us_per_request: total === 0 ? 0 : Math.round((cpuMs * 1000) / total),
    load_average_1m: Math.round(loadavg()[0]! * 100) / 100,
    error_kinds: Object.fromEntries(errorKinds),
    ...(countersBefore === undefined || countersAfter === undefined
      ? {}
      : {
          galera_conflicts: {
            cert_failures: countersAfter.cert.map((n, i) => n - countersBefore.cert[i]!),
            bf_aborts: countersAfter.bf.map((n, i) => n - countersBefore.bf[i]!),
            local_commits: countersAfter.commits.map((n, i) => n - countersBefore.commits[i]!),
          },
        }),
  };
  log(
    `    ${s.name}, ${row.database}, ${row.servers} server(s): ${row.requests_per_sec} req/s, p50 ${row.latency_p50_ms} ms, p99 ${row.latency_p99_ms} ms, ` +
      `errors ${row.errors} (statuses ${JSON.stringify(row.status_codes)}), ${row.server_cpu_us_per_request} µs CPU/req` +
      (errorKinds.size === 0 ? "" : `; errors: ${JSON.stringify(row.error_kinds)}`) +
      (row.galera_conflicts === undefined
        ? ""
        : `; per node: cert failures ${row.galera_conflicts.cert_failures.join("/")}, BF aborts ${row.galera_conflicts.bf_aborts.join("/")}, commits ${row.galera_conflicts.local_commits.join("/")}`),
  );
  return row;
};

const runTarget = async (target: Target, rows: Row[]): Promise<{ database: string; seed_seconds: number; stock: StockCheck }> => {
  log(`${target.database}: migrating and seeding ${options.products} products`);
  const application = openBenchApplication(target.serverUrls[0]!);
  let seed: SeedSummary;
  try {
    await application.migrate();
    seed = await seedBench(application, { products: options.products, variants: options.products * 3, sampleSize: Math.min(2_000, options.products) });
  } finally {
    await application.close();
  }
  log(`${target.database}: seeded ${seed.products} products / ${seed.variants} variants in ${seed.seconds.toFixed(1)} s`);
  const servers: Child[] = [];
  let stock: StockCheck | undefined;
  const start = async (url: string): Promise<void> => {
    const server = await startChild("bench/bench-server.ts", ["--database-url", url]);
    cleanups.push(server.stop);
    servers.push(server);
  };
  try {
    await start(target.serverUrls[0]!);
    // Every scenario's setup through the first server, once per database with carts for every row
    // that runs on it, before the other servers start: each process caches the store's settings
    // for STOREFRONT_API_KEY_CACHE_MS (30 s), and a server that read the store before its location
    // was set would refuse checkouts (422) until then.
    for (const s of MEASURED) {
      const requestBudget = target.serverCounts.length * (Math.ceil((options.warmup + options.duration) * PREPARED_REQUESTS_PER_SECOND) + 100);
      await s.prepare?.({ baseUrl: `http://127.0.0.1:${servers[0]!.port}`, seed, databaseUrl: target.serverUrls[0]!, requestBudget });
    }
    for (const url of target.serverUrls.slice(1)) await start(url);
    const before = await stockSnapshot(target.checkUrl, seed.store_id);
    for (const s of MEASURED) for (const count of target.serverCounts) rows.push(await measureRow(s, target, servers.slice(0, count), seed));
    stock = stockCheck(before, await stockSnapshot(target.checkUrl, seed.store_id));
    log(`  ${target.database}: ${stock.units_sold} units of ${stock.variants_sold} variants sold; oversold ${stock.oversold}, lost stock updates ${stock.lost_updates}, negative stock ${stock.negative_stock}`);
  } finally {
    for (const server of servers) {
      await server.stop();
      cleanups.splice(cleanups.indexOf(server.stop), 1);
    }
  }
  if (stock === undefined) throw new Error(`${target.database}: the stock was not checked`);
  return { database: target.database, seed_seconds: Math.round(seed.seconds * 100) / 100, stock };
};

const table = (rows: readonly Row[]): string => {
  const header = ["scenario", "database", "servers", "req/s", "p50 ms", "p99 ms", "errors", "statuses", "CPU µs/req"];
  const lines = rows.map((r) => [
    r.label,
    r.database,
    String(r.servers),
    String(r.requests_per_sec),
    String(r.latency_p50_ms),
    String(r.latency_p99_ms),
    String(r.errors),
    Object.entries(r.status_codes)
      .sort()
      .map(([code, n]) => `${code}: ${n}`)
      .join(", "),
    String(r.server_cpu_us_per_request),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const left = (i: number) => i < 2 || i === 7;
  const format = (cells: readonly string[]) => `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [format(header), `|${widths.map((w, i) => (left(i) ? `${"-".repeat(w + 2)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(format)].join("\n");
};

const main = async (): Promise<void> => {
  const reason = galeraUnavailableReason();
  if (reason !== undefined) throw new Error(`a Galera cluster cannot be started here: ${reason}`);
  const started = new Date();
  const git = gitState();
  const loadStart = loadavg();
  buildServers();

  const single = `sf_bench_${randomBytes(5).toString("hex")}`;
  const admin = await createConnection({ uri: options.mysqlUrl, connectTimeout: 2_000 });
  try {
    await admin.query(`CREATE DATABASE \`${single}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end().catch(() => admin.destroy());
  }
  cleanups.push(async () => {
    const c = await createConnection({ uri: options.mysqlUrl, connectTimeout: 5_000 });
    try {
      await c.query(`DROP DATABASE IF EXISTS \`${single}\``);
    } finally {
      await c.end().catch(() => c.destroy());
    }
  });
  log("starting a 3-node Galera cluster");
  const cluster = await GaleraCluster.start();
  cleanups.push(() => cluster.stop());
  log(`cluster of 3 Synced nodes in ${cluster.startedInMs} ms (ports ${cluster.nodes.map((n) => n.port).join(", ")})`);
  await cluster.createDatabase(DATABASE);
  const conflictLogs = values["log-conflicts"];
  if (conflictLogs !== undefined) {
    await mkdir(conflictLogs, { recursive: true });
    for (const node of cluster.nodes) {
      const file = join(conflictLogs, `node${node.index + 1}.log`);
      await writeFile(file, "");
      node.onOutput((text) => appendFileSync(file, text));
      await node.setGlobals({ wsrep_log_conflicts: "ON", wsrep_provider_options: "cert.log_conflicts=YES" });
    }
    log(`conflicts logged to ${conflictLogs}/node<n>.log`);
  }

  const targets: Target[] = [
    { database: "MariaDB, 1 node", serverUrls: [`${options.mysqlUrl}/${single}`], serverCounts: [1], checkUrl: `${options.mysqlUrl}/${single}` },
    {
      database: "Galera, 3 nodes",
      serverUrls: [cluster.multiHostUrl(DATABASE, 0), cluster.multiHostUrl(DATABASE, 1)],
      serverCounts: [1, 2],
      nodes: cluster.nodes,
      checkUrl: cluster.nodes[2]!.url(DATABASE),
    },
  ];
  const rows: Row[] = [];
  const seeded: { database: string; seed_seconds: number; stock: StockCheck }[] = [];
  try {
    for (const target of targets) seeded.push(await runTarget(target, rows));
  } finally {
    await runCleanups();
  }
  console.log(table(rows));
  const report = {
    ...runContext(started, loadStart, git),
    options: { duration_s: options.duration, warmup_s: options.warmup, connections: options.connections, products: options.products, scenarios: MEASURED.map((s) => s.name) },
    cluster_started_in_ms: cluster.startedInMs,
    seeded,
    results: rows,
  };
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${options.out}`);
};

runBench(main);
