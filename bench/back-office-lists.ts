// The back office's lists in a real browser at scale (issue 34: "each page is under 1 s in the
// browser, measured"): a store seeded by bench/bench-seed.ts (a million products and a million
// orders, say), the real server in a child process, and Debian's Chromium driven by
// playwright-core. For each list, the time from asking for the page to its rows on screen:
//
// - "opened": the address typed or bookmarked (page.goto): the app's files (from the browser's
//   cache after the first), GET /admin/v1/me, the list's API call and React's render;
// - "in the app": a click on "Next page" or a filter submitted, which is what a member does most.
//
// Each is measured `--runs` times after one unmeasured warm-up; the report gives the median and
// the slowest. A staff owner is created on the seeded store for the run (its password random).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { CreateStaffMember } from "../application/staff/create-staff-member.js";
import { openBenchApplication } from "./bench-application.js";
import type { SeedSummary } from "./bench-seed.js";
import { buildServers, cleanups, gitState, log, ROOT, runBench, runCleanups, startChild } from "./harness.js";

const USAGE = `Usage: node --import tsx bench/back-office-lists.ts --database-url <url> --seed <summary.json> [--runs 5] [--out <file>]

Seed the store first (see docs/back-office.md, "Lists at a million"):
  node --import tsx bench/bench-seed.ts --database-url <url> --out <summary.json> \\
    --products 1000000 --variants 3000000 --orders 1000000`;

const CHROMIUM = "/usr/bin/chromium";

interface Timing {
  readonly what: string;
  readonly how: "opened" | "in the app";
  readonly runs_ms: readonly number[];
  /** Rows on screen at the end of the last run: a list measured empty would prove nothing. */
  readonly rows: number;
  readonly median_ms: number;
  readonly max_ms: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The page's document, typed loosely: this project's server-side types have no DOM. */
interface PageDocument {
  querySelector(selector: string): { innerText: string } | null;
}

/**
 * Rows on screen: the list's table has a row, or the page says it has none; nothing is loading.
 * A function, not a string: the app's CSP forbids evaluating strings in the page.
 */
const rowsShown = (page: Page, table: string): Promise<unknown> =>
  page.waitForFunction(
    (rows) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      return doc.querySelector(".loading") === null && (doc.querySelector(rows) !== null || /(^|\n)No /.test(doc.querySelector("main")?.innerText ?? ""));
    },
    `${table} tbody tr`,
    { timeout: 30_000 },
  );

/** The first row of a list changed from `before` (a new page is on screen) and nothing is loading. */
const firstRowChanged = (page: Page, table: string, before: string): Promise<unknown> =>
  page.waitForFunction(
    ({ rows, before }) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      return doc.querySelector(".loading") === null && (doc.querySelector(rows)?.innerText ?? null) !== before;
    },
    { rows: `${table} tbody tr`, before },
    { timeout: 30_000 },
  );

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      seed: { type: "string" },
      runs: { type: "string", default: "5" },
      out: { type: "string" },
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
  const runs = Number(values.runs);
  const out = values.out ?? join(ROOT, `bench/results/back-office-lists-${dialect}.json`);
  const started = new Date();

  // The seeded store gets an owner for this run (the schema first: the seed may predate a migration).
  const email = `bench.owner.${randomBytes(4).toString("hex")}@bench.example`;
  const password = `${randomBytes(12).toString("base64url")}-Aa1`;
  const application = openBenchApplication(databaseUrl);
  try {
    await application.migrate();
    await application.container.get(CreateStaffMember).execute({ storeId: seed.store_id, email, name: "Bench Owner", role: "owner", password }, { type: "system", id: null, label: "bench" });
  } finally {
    await application.close();
  }

  buildServers();
  const server = await startChild("bench/bench-server.ts", ["--database-url", databaseUrl], [], { STOREFRONT_ANSWER_CACHE_MB: "0" });
  cleanups.push(server.stop);
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText("Signed in as").waitFor();

  // Sample values the lists are filtered by: a customer's email, the start of a real order number
  // (the store's first, asked of the API), a word of a product's name.
  const history = seed.order_history;
  const firstOrders = (await (await fetch(`${base}/admin/v1/orders?limit=1`, { headers: { authorization: `Bearer ${seed.secret_key}` } })).json()) as { orders: Array<{ order_number: string }> };
  const numberStart = firstOrders.orders[0]!.order_number.slice(0, -3);
  const weekAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const opened: Array<[string, string, string]> = [
    ["Dashboard", "/admin", "table"],
    ["Orders, first page", "/admin/orders", "table.orders"],
    ["Orders by status and payment", "/admin/orders?status=processing&payment_status=paid", "table.orders"],
    ["Orders by fulfilment", "/admin/orders?fulfilment_status=unfulfilled", "table.orders"],
    ["Orders placed in a week 200 days back", `/admin/orders?created_from=${weekAgo(207)}&created_to=${weekAgo(200)}`, "table.orders"],
    ["Orders by a customer's email", "/admin/orders?q=customer42%40bench.example", "table.orders"],
    ["Orders by an order number's start", `/admin/orders?q=${numberStart}`, "table.orders"],
    ["Customers, first page", "/admin/customers", "table.customers"],
    ["Customers by a name's start", "/admin/customers?q=wanjiru", "table.customers"],
    ["Products, first page", "/admin/products", "table.products"],
    ["Products by search", "/admin/products?search=linen", "table.products"],
    ["Inbox, first page", "/admin/inbox", "table.threads"],
    ["Inbox, active threads", "/admin/inbox?status=active", "table.threads"],
    ["Returns", "/admin/returns", "table"],
    ["Gift cards", "/admin/gift-cards", "table.gift-cards"],
    ["Promotions", "/admin/promotions", "table.promotions"],
    ["Audit log", "/admin/audit-log", "table.audit"],
  ];
  const timings: Timing[] = [];
  const record = async (what: string, how: Timing["how"], samples: number[], table: string) => {
    const rows = await page.locator(`${table} tbody tr`).count();
    const timing = { what, how, runs_ms: samples, median_ms: median(samples), max_ms: Math.max(...samples), rows };
    timings.push(timing);
    log(`${how.padEnd(10)} ${what}: median ${timing.median_ms} ms, slowest ${timing.max_ms} ms (${rows} rows)`);
  };

  for (const [what, path, table] of opened) {
    const samples: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      await page.goto(path);
      await rowsShown(page, table);
      if (i > 0) samples.push(Math.round(performance.now() - t0));
    }
    await record(what, "opened", samples, table);
  }

  // In the app: the next page of orders, customers and products by their "Next page" link, and
  // the orders' status filter submitted from the form.
  for (const [what, path, table] of [
    ["Orders, next page", "/admin/orders", "table.orders"],
    ["Customers, next page", "/admin/customers", "table.customers"],
    ["Products, next page", "/admin/products", "table.products"],
  ] as const) {
    const samples: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(path);
      await rowsShown(page, table);
      const first = await page.locator(`${table} tbody tr`).first().innerText();
      const t0 = performance.now();
      await page.getByRole("link", { name: "Next page" }).click();
      await firstRowChanged(page, table, first);
      if (i > 0) samples.push(Math.round(performance.now() - t0));
    }
    await record(what, "in the app", samples, table);
  }
  {
    const samples: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto("/admin/orders");
      await rowsShown(page, "table.orders");
      const status = ["shipped", "cancelled", "pending", "delivered", "processing", "shipped"][i % 6]!;
      const t0 = performance.now();
      await page.getByLabel("Status").selectOption(status);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.searchParams.get("status") === status);
      await rowsShown(page, "table.orders");
      if (i > 0) samples.push(Math.round(performance.now() - t0));
    }
    await record("Orders filtered by status from the form", "in the app", samples, "table.orders");
  }
  {
    // An order's page with its timeline, from the list.
    const samples: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(`/admin/orders?status=${["processing", "shipped", "delivered"][i % 3]}`);
      await rowsShown(page, "table.orders");
      const t0 = performance.now();
      await page.locator("table.orders tbody tr").nth(i).getByRole("link").first().click();
      await page.getByRole("heading", { name: "Timeline" }).waitFor({ timeout: 30_000 });
      if (i > 0) samples.push(Math.round(performance.now() - t0));
    }
    await record("An order's page from the list", "in the app", samples, "table");
  }

  const report = {
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    dialect,
    products: seed.products,
    variants: seed.variants,
    order_history: history,
    runs,
    machine: { cpus: cpus().length, load_at_end: loadavg().map((l) => Math.round(l * 100) / 100) },
    git: gitState(),
    timings,
    slowest_median_ms: Math.max(...timings.map((t) => t.median_ms)),
    slowest_ms: Math.max(...timings.map((t) => t.max_ms)),
  };
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${out}: slowest median ${report.slowest_median_ms} ms, slowest ${report.slowest_ms} ms`);
  await runCleanups();
};

runBench(main);
