// `npm run bench:metrics`: what serving GET /metrics costs the reads. Seeds the bench catalog on
// SQLite, starts two servers on it, one with STOREFRONT_METRICS_TOKEN (every request counted and
// timed) and one without, and loads each read scenario on both in alternating rounds, so the two
// meet the same machine; reports each one's server CPU per request and req/s (medians of the
// rounds) and the difference in percent.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openBenchApplication } from "./bench-application.js";
import { seedBench } from "./bench-seed.js";
import { buildServers, cleanups, gitState, log, ROOT, runCleanups, startChild, warmThenMeasure, type Measured } from "./harness.js";
import { SCENARIOS } from "./scenarios.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "50" },
    scenario: { type: "string", multiple: true },
    out: { type: "string", default: join(ROOT, "bench/results/metrics-cost.json") },
  },
});
const rounds = Number(values.rounds);
const shape = { duration: Number(values.duration), warmup: Number(values.warmup), connections: Number(values.connections) };
const names = values.scenario ?? ["product-by-slug", "product-by-id", "product-list", "prices-50"];
const scenarios = names.map((name) => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (found === undefined || found.prepare !== undefined) throw new Error(`${name} is not a read scenario of bench/scenarios.ts`);
  return found;
});

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const main = async (): Promise<void> => {
  buildServers();
  const dir = await mkdtemp(join(tmpdir(), "sf-bench-metrics-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const url = `sqlite:${join(dir, "bench.sqlite")}`;
  const application = openBenchApplication(url);
  await application.migrate();
  const seed = await seedBench(application);
  await application.close();
  log(`seeded ${seed.products} products / ${seed.variants} variants`);

  const servers = {
    off: await startChild("bench/bench-server.ts", ["--database-url", url]),
    on: await startChild("bench/bench-server.ts", ["--database-url", url], [], { STOREFRONT_METRICS_TOKEN: "bench-metrics-token-0123456789" }),
  };
  cleanups.push(servers.off.stop, servers.on.stop);
  const headers = { authorization: `Bearer ${seed.publishable_key}` };
  const rows = [];
  for (const scenario of scenarios) {
    const requests = scenario.requests(seed);
    const runs: Record<"off" | "on", Measured[]> = { off: [], on: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always meets the machine just after the other.
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const which of order) {
        const server = servers[which];
        runs[which].push(await warmThenMeasure(`http://127.0.0.1:${server.port}`, server.pid, requests, headers, shape));
      }
    }
    const summary = (which: "off" | "on") => ({
      requests_per_sec: median(runs[which].map((r) => r.requests_per_sec)),
      server_cpu_us_per_request: median(runs[which].map((r) => r.server_cpu_us_per_request)),
      latency_p99_ms: median(runs[which].map((r) => r.latency_p99_ms)),
      errors: runs[which].reduce((n, r) => n + r.errors, 0),
    });
    const off = summary("off");
    const on = summary("on");
    const row = {
      scenario: scenario.name,
      label: scenario.label,
      off,
      on,
      cpu_cost_percent: Math.round(((on.server_cpu_us_per_request - off.server_cpu_us_per_request) / off.server_cpu_us_per_request) * 1000) / 10,
      throughput_loss_percent: Math.round(((off.requests_per_sec - on.requests_per_sec) / off.requests_per_sec) * 1000) / 10,
      rounds: { off: runs.off.map((r) => [r.requests_per_sec, r.server_cpu_us_per_request]), on: runs.on.map((r) => [r.requests_per_sec, r.server_cpu_us_per_request]) },
    };
    rows.push(row);
    log(
      `  ${scenario.name}: metrics off ${off.requests_per_sec} req/s, ${off.server_cpu_us_per_request} µs CPU/req; on ${on.requests_per_sec} req/s, ${on.server_cpu_us_per_request} µs CPU/req; CPU +${row.cpu_cost_percent} %, req/s -${row.throughput_loss_percent} %`,
    );
  }
  console.log("\n| scenario | req/s off | req/s on | req/s lost | CPU µs/req off | CPU µs/req on | CPU added |");
  console.log("|---|--:|--:|--:|--:|--:|--:|");
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.off.requests_per_sec} | ${r.on.requests_per_sec} | ${r.throughput_loss_percent} % | ${r.off.server_cpu_us_per_request} | ${r.on.server_cpu_us_per_request} | ${r.cpu_cost_percent} % |`);
  }
  await writeFile(values.out, `${JSON.stringify({ ...gitState(), measured_at: new Date().toISOString(), load_average_1m: loadavg()[0], rounds, ...shape, rows }, null, 2)}\n`);
  log(`results written to ${values.out}`);
};

try {
  await main();
} finally {
  await runCleanups();
}
