// `npm run bench:large`: the large-catalog scenario (issue 17) on one seeded database. Seeding a
// million products takes a quarter of an hour or more, so it is its own step (bench/bench-seed.ts
// with --products and --variants, which writes the summary this reads). The server runs compiled,
// without the answer cache, so every figure is the uncached cost. Measured: ready time and RSS
// after start, after 100 searches and after the whole scenario; the first search after a restart;
// text and semantic search at 10 and 50 connections; /v1/prices at offset 0, half-way and the
// last page; filtered product and price lists.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import type { SeedSummary } from "./bench-seed.js";
import { buildServers, cleanups, gitState, log, memoryOf, ROOT, runBench, runCleanups, startChild, warmThenMeasure, type Child, type Measured } from "./harness.js";

const USAGE = `npm run bench:large -- --database-url <url> --seed <summary.json> [options]
  --database-url <url>  a database seeded by bench/bench-seed.ts (sqlite:<file> or mysql://...)
  --seed <file>         the summary bench-seed.ts wrote for it (--out)
  --duration <s>        seconds per measured run (default 5)
  --out <file>          where the JSON report goes (default bench/results/large-<dialect>.json)
  --admin-only          only the admin reads over the seeded order history (seed with --orders)
  --heap-mb <n>         the server's old-space limit (--max-old-space-size, docs/configuration.md, "Memory");
                        0 leaves Node's default, which on this machine lets garbage grow to GBs (default 256)

Seed first, e.g.:
  node --import tsx bench/bench-seed.ts --database-url sqlite:.tmp/large/large.sqlite \\
    --out .tmp/large/sqlite-seed.json --products 1000000 --variants 3000000`;

const TEXT_QUERIES = ["denim jacket", "linen trousers", "maxi dress", "graphic tee", "chinos", "rain jaket", "puffer", "wrap dress", "leather", "smart home", "hibiscus juice", "doorbell"];
const MEANING_QUERIES = ["something warm for winter", "a gift for a coffee lover", "comfortable shoes for running", "lights for the garden", "a healthy drink", "clothes for a wedding"];
/** Different queries for the 100 searches after start (memory after searching). */
const MORE_QUERIES = ["shirt", "dress", "jacket", "kettle", "sofa", "lamp", "juice", "band", "video", "premium", "cotton", "wool", "red", "blue", "kids", "set", "tea", "coffee", "bag", "boots"];

interface Row {
  readonly what: string;
  readonly connections: number;
  readonly measured: Measured;
}

class AdminOnlyDone extends Error {}

/**
 * The admin reads over the seeded order history (issue 33, item 5), with the secret key at 10
 * connections: the order list's first page and each of its filters, customers, the inbox, the
 * dashboard and a stock ledger. A read the server does not have (404) or refuses (400: a filter
 * named otherwise) is left out and said so, so the bench measures whichever admin lists exist.
 */
const adminLoads = async (base: string, pid: number, seed: SeedSummary, duration: number): Promise<Row[]> => {
  const history = seed.order_history!;
  const key = { authorization: `Bearer ${seed.secret_key}` };
  const day = 86_400_000;
  const from = new Date(Date.now() - 200 * day).toISOString();
  const to = new Date(Date.now() - 193 * day).toISOString();
  const year = new Date(Date.now() - 100 * day).getUTCFullYear();
  const loads: Array<[string, string[]]> = [
    ["GET /admin/v1/orders (first page)", ["/admin/v1/orders?limit=50"]],
    ["GET /admin/v1/orders?status=", ["processing", "shipped", "cancelled", "pending"].map((s) => `/admin/v1/orders?limit=50&status=${s}`)],
    ["GET /admin/v1/orders?payment_status=", ["paid", "pending", "failed", "refunded"].map((s) => `/admin/v1/orders?limit=50&payment_status=${s}`)],
    ["GET /admin/v1/orders?fulfilment_status=", ["unfulfilled", "fulfilled"].map((s) => `/admin/v1/orders?limit=50&fulfilment_status=${s}`)],
    ["GET /admin/v1/orders?customer_id=", [`/admin/v1/orders?limit=50&customer_id=${history.sample_customer_id}`]],
    ["GET /admin/v1/orders?created_from=&created_to= (a week, 200 days back)", [`/admin/v1/orders?limit=50&created_from=${from}&created_to=${to}`]],
    ["GET /admin/v1/orders?total_min=&total_max=", ["/admin/v1/orders?limit=50&total_min=1000000&total_max=1200000", "/admin/v1/orders?limit=50&total_min=5000000"]],
    [
      "GET /admin/v1/orders?q= (number prefix, email, phone)",
      [`/admin/v1/orders?limit=50&q=ORD-${year}-00012`, "/admin/v1/orders?limit=50&q=customer42%40bench.example", "/admin/v1/orders?limit=50&q=%2B254710000042"],
    ],
    ["GET /admin/v1/orders (all filters at once)", [`/admin/v1/orders?limit=50&status=processing&payment_status=paid&created_from=${from}&total_min=100000`]],
    ["GET /admin/v1/customers (first page)", ["/admin/v1/customers?limit=50"]],
    ["GET /admin/v1/customers?q=", ["amina", "wanjiru", "customer12", "2547100"].map((q) => `/admin/v1/customers?limit=50&q=${q}`)],
    ["GET /admin/v1/inbox/threads (first page)", ["/admin/v1/inbox/threads?limit=50"]],
    ["GET /admin/v1/inbox/threads?status=&unread=", ["/admin/v1/inbox/threads?limit=50&status=active", "/admin/v1/inbox/threads?limit=50&unread=true", "/admin/v1/inbox/threads?limit=50&type=order_inquiry"]],
    ["GET /admin/v1/dashboard", ["/admin/v1/dashboard", "/admin/v1/dashboard?timezone=Africa%2FNairobi", "/admin/v1/dashboard?timezone=Asia%2FKathmandu"]],
    ["GET /admin/v1/variants/{id}/stock-ledger", history.ledger_variant_ids.map((id) => `/admin/v1/variants/${id}/stock-ledger?limit=50`)],
  ];
  const rows: Row[] = [];
  for (const [what, paths] of loads) {
    const usable: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, { headers: key });
      const body = await response.text();
      if (response.ok) usable.push(path);
      else log(`${what}: ${path} answered ${response.status}, left out: ${body.slice(0, 200)}`);
    }
    if (usable.length === 0) continue;
    const measured = await warmThenMeasure(base, pid, usable.map((path) => ({ method: "GET", path })), key, { warmup: 1, connections: 10, duration });
    log(`${what} x10: ${measured.requests_per_sec} req/s, p50 ${measured.latency_p50_ms} ms, p99 ${measured.latency_p99_ms} ms, errors ${measured.errors}`);
    rows.push({ what, connections: 10, measured });
  }
  return rows;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      seed: { type: "string" },
      duration: { type: "string", default: "5" },
      out: { type: "string" },
      "heap-mb": { type: "string", default: "256" },
      "admin-only": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || values["database-url"] === undefined || values.seed === undefined) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const databaseUrl = values["database-url"];
  const dialect = databaseUrl.startsWith("sqlite:") ? "sqlite" : "mysql";
  const seed = JSON.parse(readFileSync(values.seed, "utf8")) as SeedSummary;
  const duration = Number(values.duration);
  const heapMb = Number(values["heap-mb"]);
  const out = values.out ?? join(ROOT, `bench/results/large-${dialect}.json`);
  const started = new Date();
  buildServers();

  const startServer = async (): Promise<{ server: Child; readyMs: number }> => {
    const t0 = performance.now();
    const server = await startChild("bench/bench-server.ts", ["--database-url", databaseUrl], heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : [], {
      STOREFRONT_ANSWER_CACHE_MB: "0",
    });
    cleanups.push(server.stop);
    return { server, readyMs: Math.round(performance.now() - t0) };
  };
  const stopServer = async (server: Child): Promise<void> => {
    await server.stop();
    cleanups.splice(cleanups.indexOf(server.stop), 1);
  };
  const key = { authorization: `Bearer ${seed.publishable_key}` };
  const timed = async (url: string, init: RequestInit = {}): Promise<number> => {
    const t0 = performance.now();
    const response = await fetch(url, { ...init, headers: { ...key, ...(init.headers ?? {}) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
    return Math.round((performance.now() - t0) * 10) / 10;
  };
  const semanticInit = (query: string): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, limit: 20 }),
  });

  const report: Record<string, unknown> = { products: seed.products, variants: seed.variants, dialect, heap_mb: heapMb > 0 ? heapMb : "node default" };
  const rows: Row[] = [];
  let { server, readyMs } = await startServer();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    if (seed.order_history !== undefined) {
      report.order_history = seed.order_history;
      rows.push(...(await adminLoads(base, server.pid, seed, duration)));
    }
    if (values["admin-only"]) {
      report.admin_only = true;
      throw new AdminOnlyDone();
    }
    report.ready_ms = readyMs;
    report.rss_ready_mb = Math.round(memoryOf(server.pid).rss);
    report.first_text_search_ms = await timed(`${base}/v1/search?q=${encodeURIComponent("linen shirt")}`);
    report.first_semantic_search_ms = await timed(`${base}/v1/search`, semanticInit("comfortable couch"));
    for (let i = 0; i < 100; i++) {
      const q = MORE_QUERIES[i % MORE_QUERIES.length]!;
      await (i % 2 === 0 ? timed(`${base}/v1/search?q=${encodeURIComponent(q)}`) : timed(`${base}/v1/search`, semanticInit(`${q} for home`)));
    }
    report.rss_after_100_searches_mb = Math.round(memoryOf(server.pid).rss);

    const categories = ((await (await fetch(`${base}/v1/categories?limit=200`, { headers: key })).json()) as { categories: Array<{ id: string }> }).categories;
    const subcategories = ((await (await fetch(`${base}/v1/subcategories?limit=500&category_id=${categories[0]!.id}`, { headers: key })).json()) as {
      subcategories: Array<{ id: string }>;
    }).subcategories;
    const first = (await (await fetch(`${base}/v1/prices?limit=1`, { headers: key })).json()) as { total: number };
    const total = first.total;
    const pages = (from: number): autocannon.Request[] =>
      Array.from({ length: 20 }, (_, k) => ({ method: "GET", path: `/v1/prices?limit=50&offset=${Math.max(0, Math.min(total - 50, from + k * 50))}` }));
    const searches = TEXT_QUERIES.map((q) => ({ method: "GET", path: `/v1/search?q=${encodeURIComponent(q)}` }));
    const meanings = MEANING_QUERIES.map((q) => ({ method: "POST", path: "/v1/search", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q, limit: 20 }) }));
    const loads: Array<[string, autocannon.Request[], number[]]> = [
      ["text search GET /v1/search (12 queries)", searches, [10, 50]],
      ["semantic search POST /v1/search (6 queries)", meanings, [10, 50]],
      ["/v1/prices?limit=50, offsets from 0", pages(0), [10]],
      ["/v1/prices?limit=50, offsets from half-way", pages(Math.floor(total / 2)), [10]],
      ["/v1/prices?limit=50, the last pages", pages(total - 20 * 50), [10]],
      ["/v1/products?limit=50&category_id= (each category)", categories.map((c) => ({ method: "GET", path: `/v1/products?limit=50&category_id=${c.id}` })), [10]],
      ["/v1/products?limit=50&subcategory_id=", subcategories.map((s) => ({ method: "GET", path: `/v1/products?limit=50&subcategory_id=${s.id}` })), [10]],
      [
        "/v1/prices?limit=50&category_id=, half-way",
        categories.map((c, i) => ({ method: "GET", path: `/v1/prices?limit=50&category_id=${c.id}&offset=${(i + 1) * 1_000}` })),
        [10],
      ],
      ["/v1/products?limit=50&search=", ["linen", "jacket", "kettle", "doorbell", "hibiscus"].map((q) => ({ method: "GET", path: `/v1/products?limit=50&search=${q}` })), [10]],
      ["/v1/prices?limit=50&search=", ["linen", "jacket", "kettle", "doorbell", "hibiscus"].map((q) => ({ method: "GET", path: `/v1/prices?limit=50&search=${q}` })), [10]],
    ];
    for (const [what, requests, widths] of loads) {
      for (const connections of widths) {
        const measured = await warmThenMeasure(base, server.pid, requests, key, { warmup: 1, connections, duration });
        log(`${what} x${connections}: ${measured.requests_per_sec} req/s, p50 ${measured.latency_p50_ms} ms, p99 ${measured.latency_p99_ms} ms, errors ${measured.errors}`);
        rows.push({ what, connections, measured });
      }
    }
    report.rss_after_scenario_mb = Math.round(memoryOf(server.pid).rss);
    report.peak_rss_mb = Math.round(memoryOf(server.pid).peak);
    await stopServer(server);

    ({ server, readyMs } = await startServer());
    const again = `http://127.0.0.1:${server.port}`;
    report.restart_ready_ms = readyMs;
    report.restart_first_text_search_ms = await timed(`${again}/v1/search?q=${encodeURIComponent("denim jacket")}`);
    report.restart_first_semantic_search_ms = await timed(`${again}/v1/search`, semanticInit("something warm for winter"));
    report.restart_rss_mb = Math.round(memoryOf(server.pid).rss);
  } catch (error) {
    if (!(error instanceof AdminOnlyDone)) throw error;
  } finally {
    await runCleanups();
  }

  const lines = [
    `| ${dialect}, ${seed.products.toLocaleString("en")} products, old space ${heapMb > 0 ? `${heapMb} MB` : "Node's default"} | figure |`,
    "|---|--:|",
    // --admin-only measures the admin reads alone: no start-up, search or memory figures to show.
    ...(report.admin_only === true
      ? []
      : [
          `| ready after start | ${report.ready_ms} ms, RSS ${report.rss_ready_mb} MB |`,
          `| first text search / first semantic search | ${report.first_text_search_ms} ms / ${report.first_semantic_search_ms} ms |`,
          `| RSS after 100 searches / after the scenario (peak) | ${report.rss_after_100_searches_mb} MB / ${report.rss_after_scenario_mb} MB (${report.peak_rss_mb} MB) |`,
          `| after a restart: ready, first text search, first semantic search | ${report.restart_ready_ms} ms, ${report.restart_first_text_search_ms} ms, ${report.restart_first_semantic_search_ms} ms |`,
        ]),
    ...rows.map((r) => `| ${r.what}, ${r.connections} connections | ${r.measured.requests_per_sec} req/s, p50 ${r.measured.latency_p50_ms} ms, p99 ${r.measured.latency_p99_ms} ms, errors ${r.measured.errors} |`),
  ];
  console.log(lines.join("\n"));
  await mkdir(dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        generated_at: started.toISOString(),
        git: gitState(),
        cpus: cpus().length,
        load_average_at_end: loadavg(),
        duration_s: duration,
        answer_cache: "off",
        ...report,
        loads: rows.map((r) => ({ what: r.what, connections: r.connections, ...r.measured })),
      },
      null,
      2,
    )}\n`,
  );
  log(`results written to ${out}`);
};

runBench(main);
