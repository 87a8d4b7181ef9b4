// `npm run bench:mix`: a shop's traffic on a large catalog (issue 21, item 3). One driver sends a
// weighted mix of product pages, product lists, price lists, searches, cart adds and checkouts,
// each key drawn with a Zipf distribution (a few hot, a long cold tail), to the real server with
// its answer cache on; it reports per kind req/s, p50/p99 and errors, the server's own cache hit
// ratio, its RSS, and a bare node:http server's req/s loaded by the same driver, at each load.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { createConnection } from "mysql2/promise";
import { openBenchApplication } from "./bench-application.js";
import { ADJECTIVES, BRANDS, CATEGORIES, Rng, seedBench, type SeedSummary } from "./bench-seed.js";
import { buildServers, cleanups, cpuMsOf, gitState, log, memoryOf, ROOT, runBench, runCleanups, runContext, startChild, warmThenMeasure, type Child, type Measured } from "./harness.js";
import { latencySummary } from "./latency-percentiles.js";
import { SCENARIOS } from "./scenarios.js";
import { ZipfSampler } from "./zipf-sampler.js";

const USAGE = `npm run bench:mix -- [options]
  --database-url <url>  a database bench/bench-seed.ts filled (sqlite:<file> or mysql://.../<db>); needs --seed
  --seed <file>         the summary bench-seed.ts wrote for it (--out)
  --products <n>        without --seed: seed a throwaway database of n products (default 100000)
  --variants <n>        with --products: variants (default 3 x products)
  --dialect sqlite|mysql  with --products: where the throwaway database goes (default sqlite)
  --mysql-url <url>     with --dialect mysql: the server (default mysql://root@127.0.0.1:3306)
  --connections <list>  concurrent connections, one measured run each (default 10,25,50)
  --duration <s>        seconds measured per load (default 15)
  --warmup <s>          seconds of the same mix before each measured run (default 5)
  --zipf <s>            the Zipf exponent of every key draw (default 1.05)
  --mix <shares>        kind=percent over the default mix, e.g. slug=35,checkout=0 (default
                        slug=30,id=10,list=15,prices=15,search=15,cart=10,checkout=5)
  --out <file>          the JSON report (default bench/results/mix-<dialect>.json)
  --cpu-prof-dir <dir>  run the server under node --cpu-prof, its profile written to <dir> (bench/profile-summary.ts reads it)`;

// ---------------------------------------------------------------------------------------------
// The mix: what a shop's traffic is made of, in percent of requests (docs/decisions/caching.md, caching-40, says why).

type Kind = "product by slug" | "product by id" | "product list" | "price list" | "search" | "cart add" | "checkout";

/** Each kind's share, and its short name for --mix. */
const DEFAULT_MIX: ReadonlyArray<{ kind: Kind; short: string; percent: number }> = [
  // Browsing, 70 %: product pages most of all (shared links and search engines land on slugs).
  { kind: "product by slug", short: "slug", percent: 30 },
  { kind: "product by id", short: "id", percent: 10 },
  { kind: "product list", short: "list", percent: 15 },
  { kind: "price list", short: "prices", percent: 15 },
  { kind: "search", short: "search", percent: 15 },
  { kind: "cart add", short: "cart", percent: 10 },
  { kind: "checkout", short: "checkout", percent: 5 },
];
type Mix = ReadonlyArray<{ kind: Kind; percent: number }>;

/** "slug=40,search=20,..." over the default mix: named kinds get their share, the others keep theirs; the sum must be 100. */
const parseMix = (text: string | undefined): Mix => {
  const given = new Map<string, number>();
  for (const part of text === undefined || text === "" ? [] : text.split(",")) {
    const [short, percent] = part.split("=");
    if (!DEFAULT_MIX.some((m) => m.short === short?.trim()) || !(Number(percent) >= 0)) {
      throw new Error(`--mix takes kind=percent pairs of ${DEFAULT_MIX.map((m) => m.short).join(", ")}; got ${part}`);
    }
    given.set(short!.trim(), Number(percent));
  }
  const mix = DEFAULT_MIX.map((m) => ({ kind: m.kind, percent: given.get(m.short) ?? m.percent }));
  const sum = mix.reduce((total, m) => total + m.percent, 0);
  if (Math.abs(sum - 100) > 1e-9) throw new Error(`the mix's shares add up to ${sum} %, not 100 %`);
  return mix;
};
const READ_KINDS: readonly Kind[] = ["product by slug", "product by id", "product list", "price list", "search"];

/** The targets of issue 21: p99 of reads and of checkouts, in ms, at the highest load without errors. */
const READ_P99_TARGET_MS = 50;
const CHECKOUT_P99_TARGET_MS = 150;

/** Where shoppers are: place names the geocoder knows, and region overrides. Nairobi first: the store is there. */
const PLACES = [
  "place_name=Nairobi",
  "place_name=Kampala",
  "place_name=Mombasa",
  "place_name=Dar%20es%20Salaam",
  "region=UG",
  "place_name=Kigali",
  "place_name=Kisumu",
  "place_name=Lagos",
  "region=EU",
  "place_name=London",
  "place_name=Accra",
  "place_name=Johannesburg",
  "region=US",
  "place_name=Arusha",
];

/** Products per list and price-list page. */
const PAGE_SIZE = 50;
/** Cart adds per shopper's cart before the next shopper, so carts stay the size of a store's. */
const ADDS_PER_CART = 5;
/** Cart adds only pick variants with at least this stock: several adds of a hot one to one cart must not run out. */
const CART_STOCK_AT_LEAST = 20;
/** Checkout carts seeded per second of load (5 % of up to 8,000 req/s); a run that outpaces them says so. */
const CHECKOUT_CARTS_PER_SECOND = 400;
const METRICS_TOKEN = `mix-bench-${randomBytes(8).toString("hex")}`;

// ---------------------------------------------------------------------------------------------
// Options.

interface Options {
  readonly databaseUrl: string | undefined;
  readonly seedFile: string | undefined;
  readonly products: number;
  readonly variants: number;
  readonly dialect: "sqlite" | "mysql";
  readonly mysqlUrl: string;
  readonly connections: readonly number[];
  readonly duration: number;
  readonly warmup: number;
  readonly zipf: number;
  readonly mix: Mix;
  readonly out: string | undefined;
  /** Where the server's --cpu-prof profile goes, or undefined for none. */
  readonly cpuProfDir: string | undefined;
}

const parseOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      seed: { type: "string" },
      products: { type: "string", default: "100000" },
      variants: { type: "string" },
      dialect: { type: "string", default: "sqlite" },
      "mysql-url": { type: "string", default: process.env.STOREFRONT_BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306" },
      connections: { type: "string", default: "10,25,50" },
      duration: { type: "string", default: "15" },
      warmup: { type: "string", default: "5" },
      zipf: { type: "string", default: "1.05" },
      mix: { type: "string" },
      out: { type: "string" },
      "cpu-prof-dir": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, text: string, allowZero = false): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new Error(`--${name} must be a ${allowZero ? "non-negative" : "positive"} number, got ${text}`);
    return n;
  };
  if ((values["database-url"] === undefined) !== (values.seed === undefined)) throw new Error("--database-url and --seed go together (or neither, to seed with --products)");
  if (values.dialect !== "sqlite" && values.dialect !== "mysql") throw new Error(`--dialect must be sqlite or mysql, got ${values.dialect}`);
  const products = Math.round(number("products", values.products));
  return {
    databaseUrl: values["database-url"],
    seedFile: values.seed,
    products,
    variants: values.variants === undefined ? 3 * products : Math.round(number("variants", values.variants)),
    dialect: values.dialect,
    mysqlUrl: values["mysql-url"],
    connections: values.connections.split(",").map((text) => Math.round(number("connections", text.trim()))),
    duration: number("duration", values.duration),
    warmup: number("warmup", values.warmup, true),
    zipf: number("zipf", values.zipf, true),
    mix: parseMix(values.mix),
    out: values.out === undefined ? undefined : resolve(values.out),
    cpuProfDir: values["cpu-prof-dir"] === undefined ? undefined : resolve(values["cpu-prof-dir"]),
  };
};

// ---------------------------------------------------------------------------------------------
// The database: a seeded one given, or a throwaway one seeded here.

interface Catalog {
  readonly url: string;
  readonly seed: SeedSummary;
}

const throwawayCatalog = async (options: Options): Promise<Catalog> => {
  let url: string;
  if (options.dialect === "sqlite") {
    const dir = join(ROOT, ".tmp", `mix-${randomBytes(4).toString("hex")}`);
    await mkdir(dir, { recursive: true });
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    url = `sqlite:${join(dir, "mix.sqlite")}`;
  } else {
    const server = new URL(options.mysqlUrl);
    server.pathname = "";
    const serverUrl = server.toString().replace(/\/$/, "");
    const name = `sf_mix_${randomBytes(5).toString("hex")}`;
    const conn = await createConnection({ uri: serverUrl, connectTimeout: 5_000 });
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    cleanups.push(async () => {
      const c = await createConnection({ uri: serverUrl, connectTimeout: 5_000 });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    });
    url = `${serverUrl}/${name}`;
  }
  log(`seeding ${options.products} products / ${options.variants} variants into ${url} (a few minutes at 100,000)`);
  const application = openBenchApplication(url);
  try {
    await application.migrate();
    const seed = await seedBench(application, { products: options.products, variants: options.variants });
    log(`seeded in ${seed.seconds.toFixed(0)} s`);
    return { url, seed };
  } finally {
    await application.close();
  }
};

// ---------------------------------------------------------------------------------------------
// The keys traffic is drawn from: the whole catalog, in a seeded random order of popularity.

interface Keys {
  /** Active products, hottest first. */
  readonly products: ReadonlyArray<{ readonly id: string; readonly slug: string }>;
  /** An in-stock variant of active products, in the products' order of popularity. */
  readonly cartVariants: readonly string[];
  /** Product list pages: the filter's query and the cursors of pages 2 and 3 (null when there are none). */
  readonly lists: ReadonlyArray<{ readonly filter: string; readonly cursors: ReadonlyArray<string | null> }>;
  readonly categoryIds: readonly string[];
  readonly queries: readonly string[];
}

/** What shoppers type: product words, brand names, pairs of them and a few misspellings. */
const searchVocabulary = (rng: Rng): string[] => {
  const queries = new Set<string>();
  for (const category of CATEGORIES) {
    for (const sub of category.subcategories) {
      queries.add(sub.name.toLowerCase());
      for (const noun of sub.nouns) {
        queries.add(noun.toLowerCase());
        for (const material of rng.sample(category.materials, 2)) queries.add(`${material} ${noun}`.toLowerCase());
        queries.add(`${rng.pick(ADJECTIVES)} ${noun}`.toLowerCase());
        queries.add(`${rng.pick(BRANDS)} ${noun.split(" ").at(-1)!}`.toLowerCase());
      }
    }
  }
  for (const brand of BRANDS) queries.add(brand.toLowerCase());
  for (const typo of ["rain jaket", "sneekers", "hedphones", "cofee", "duvet cuver", "moisturiser", "chinoes", "bluetooth speeker"]) queries.add(typo);
  return rng.shuffle([...queries]);
};

const loadKeys = async (catalog: Catalog, baseUrl: string, rng: Rng): Promise<Keys> => {
  const application = openBenchApplication(catalog.url);
  let products: Array<{ id: string; slug: string }>;
  let variants: Array<{ id: string; product_id: string }>;
  try {
    // The summary's sample (2,000) is too small a tail for 100,000 products: read them all.
    const knex = application.database.knex;
    products = await knex("products").where({ store_id: catalog.seed.store_id, is_active: true }).select("id", "slug");
    variants = await knex("variants").where("store_id", catalog.seed.store_id).andWhere("stock", ">=", CART_STOCK_AT_LEAST).select("id", "product_id");
  } finally {
    await application.close();
  }
  rng.shuffle(products);
  const variantOf = new Map<string, string>();
  for (const v of variants) if (!variantOf.has(v.product_id)) variantOf.set(v.product_id, v.id);
  const cartVariants = products.flatMap((p) => {
    const id = variantOf.get(p.id);
    return id === undefined ? [] : [id];
  });

  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${catalog.seed.publishable_key}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  };
  const categoryIds = (await get<{ categories: Array<{ id: string }> }>("/v1/categories?limit=200")).categories.map((c) => c.id);
  const subcategoryIds: string[] = [];
  for (const id of categoryIds) {
    subcategoryIds.push(...(await get<{ subcategories: Array<{ id: string }> }>(`/v1/subcategories?limit=500&category_id=${id}`)).subcategories.map((s) => s.id));
  }
  // The whole catalog's first page is the home page, the hottest list; categories next, then subcategories.
  const filters = ["", ...rng.shuffle(categoryIds.map((id) => `&category_id=${id}`)), ...rng.shuffle(subcategoryIds.map((id) => `&subcategory_id=${id}`))];
  const lists = [];
  for (const filter of filters) {
    const cursors: Array<string | null> = [];
    let cursor: string | null = null;
    for (let page = 1; page <= 2; page++) {
      const answer: { pagination: { next_cursor: string | null } } = await get(
        `/v1/products?limit=${PAGE_SIZE}${filter}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}&fields=product_id`,
      );
      cursor = answer.pagination.next_cursor;
      cursors.push(cursor);
      if (cursor === null) break;
    }
    lists.push({ filter, cursors });
  }
  return { products, cartVariants, lists, categoryIds: rng.shuffle([...categoryIds]), queries: searchVocabulary(rng) };
};

// ---------------------------------------------------------------------------------------------
// Requests.

interface MixRequest {
  readonly kind: Kind;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Makes the next request of the mix: a kind by weight, then its key by Zipf rank. */
class MixSource {
  private readonly rng: Rng;
  private readonly kinds: Array<{ kind: Kind; upTo: number }> = [];
  private readonly productRanks: ZipfSampler;
  private readonly cartRanks: ZipfSampler;
  private readonly listRanks: ZipfSampler;
  private readonly categoryRanks: ZipfSampler;
  private readonly placeRanks: ZipfSampler;
  private readonly queryRanks: ZipfSampler;
  private readonly publishable: Record<string, string>;
  private readonly secret: Record<string, string>;
  private readonly runId = Date.now().toString(36);
  private cartAdds = 0;
  /** Checkouts sent, and how many seeded carts there are for them. */
  checkouts = 0;
  checkoutBudget = 0;
  /** Checkouts not sent because the seeded carts ran out (a browse request went instead). */
  checkoutsWithoutCart = 0;

  constructor(
    private readonly keys: Keys,
    seed: SeedSummary,
    mix: Mix,
    exponent: number,
    private readonly checkoutRequest: autocannon.Request,
  ) {
    this.rng = new Rng(seed.seed ^ 0x3a1f);
    let upTo = 0;
    for (const { kind, percent } of mix) this.kinds.push({ kind, upTo: (upTo += percent / 100) });
    this.productRanks = new ZipfSampler(keys.products.length, exponent);
    this.cartRanks = new ZipfSampler(keys.cartVariants.length, exponent);
    this.listRanks = new ZipfSampler(keys.lists.length, exponent);
    this.categoryRanks = new ZipfSampler(keys.categoryIds.length, exponent);
    this.placeRanks = new ZipfSampler(PLACES.length, exponent);
    this.queryRanks = new ZipfSampler(keys.queries.length, exponent);
    this.publishable = { authorization: `Bearer ${seed.publishable_key}` };
    this.secret = { authorization: `Bearer ${seed.secret_key}` };
  }

  next(): MixRequest {
    const u = this.rng.next();
    const kind = this.kinds.find((k) => u < k.upTo)?.kind ?? "product by slug";
    return this.request(kind === "checkout" && this.checkouts >= this.checkoutBudget ? this.withoutCart() : kind);
  }

  private withoutCart(): Kind {
    this.checkoutsWithoutCart++;
    return "product by slug";
  }

  private pick<T>(items: readonly T[], ranks: ZipfSampler): T {
    return items[ranks.rank(this.rng.next())]!;
  }

  request(kind: Kind): MixRequest {
    const get = (path: string): MixRequest => ({ kind, method: "GET", path, headers: this.publishable });
    switch (kind) {
      case "product by slug":
        return get(`/v1/products/by-slug/${this.pick(this.keys.products, this.productRanks).slug}`);
      case "product by id":
        return get(`/v1/products/${this.pick(this.keys.products, this.productRanks).id}`);
      case "product list": {
        const list = this.pick(this.keys.lists, this.listRanks);
        // Most shoppers stay on page 1; fewer go on to 2 and 3.
        const roll = this.rng.next();
        const page = roll < 0.65 ? 0 : roll < 0.9 ? 1 : 2;
        const cursor = page === 0 ? null : (list.cursors[page - 1] ?? null);
        return get(`/v1/products?limit=${PAGE_SIZE}${list.filter}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`);
      }
      case "price list": {
        const place = this.pick(PLACES, this.placeRanks);
        const category = this.rng.chance(0.5) ? `&category_id=${this.pick(this.keys.categoryIds, this.categoryRanks)}` : "";
        const roll = this.rng.next();
        const offset = roll < 0.7 ? 0 : roll < 0.9 ? PAGE_SIZE : 2 * PAGE_SIZE;
        return get(`/v1/prices?limit=${PAGE_SIZE}&${place}${category}${offset === 0 ? "" : `&offset=${offset}`}`);
      }
      case "search":
        return get(`/v1/search?q=${encodeURIComponent(this.pick(this.keys.queries, this.queryRanks))}`);
      case "cart add": {
        const shopper = Math.floor(this.cartAdds++ / ADDS_PER_CART);
        return {
          kind,
          method: "POST",
          path: "/v1/cart/items",
          headers: { ...this.publishable, "content-type": "application/json", "x-session-id": `mix-${this.runId}-cart-${shopper}` },
          body: JSON.stringify({ variant_id: this.pick(this.keys.cartVariants, this.cartRanks), quantity: 1 }),
        };
      }
      case "checkout": {
        // The checkout scenario's own request: the next seeded session cart, delivered in Nairobi.
        this.checkouts++;
        const shaped = this.checkoutRequest.setupRequest!(this.checkoutRequest, {})!;
        return { kind, method: "POST", path: shaped.path!, headers: { ...this.secret, ...shaped.headers }, body: String(shaped.body) };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The driver: `connections` loops, each with one keep-alive connection and one request in flight.

interface Answer {
  readonly status: number;
  readonly bytes: number;
  readonly errorBody?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

const send = (agent: Agent, port: number, request: MixRequest): Promise<Answer> =>
  new Promise((done, fail) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, agent, method: request.method, path: request.path, headers: request.headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const status = response.statusCode ?? 0;
        let bytes = 0;
        const kept: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (status >= 300 && bytes < 2_000) kept.push(chunk);
        });
        response.on("end", () => done({ status, bytes, ...(status >= 300 ? { errorBody: Buffer.concat(kept).toString("utf8").slice(0, 300) } : {}) }));
        response.on("error", fail);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on("error", fail);
    outgoing.end(request.body);
  });

interface KindFigures {
  readonly count: number;
  readonly requests_per_sec: number;
  readonly latency_p50_ms: number;
  readonly latency_p90_ms: number;
  readonly latency_p99_ms: number;
  readonly latency_max_ms: number;
  /** Answers other than 2xx, by status. */
  readonly non2xx: Record<string, number>;
  /** Requests without an answer (socket errors, timeouts). */
  readonly failures: number;
  readonly errors: number;
}

interface DriverRun {
  readonly wall_s: number;
  readonly kinds: Record<string, KindFigures>;
  readonly total: { readonly count: number; readonly requests_per_sec: number; readonly errors: number };
  /** All reads together. */
  readonly reads: { readonly latency_p50_ms: number; readonly latency_p99_ms: number };
  /** The driver's CPU over wall time: near 100 % it, not the server, would be the limit. */
  readonly driver_cpu_percent: number;
  readonly server_cpu_percent: number;
  readonly server_cpu_us_per_request: number;
  /** A few answers that were errors, to say what they were. */
  readonly error_samples: string[];
  readonly median_body_bytes: Record<string, number>;
}

interface DriveHooks {
  /** Runs when the warm-up ends and measuring starts. */
  readonly onMeasureStart?: () => Promise<void> | void;
}

/** Loads the server on `port` for warm-up + duration seconds; only requests started after the warm-up count. */
const drive = async (port: number, serverPid: number, connections: number, warmup: number, duration: number, next: () => MixRequest, hooks: DriveHooks = {}): Promise<DriverRun> => {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = new Map<Kind, number[]>();
  const sizes = new Map<Kind, number[]>();
  const non2xx = new Map<Kind, Record<string, number>>();
  const failures = new Map<Kind, number>();
  const errorSamples: string[] = [];
  let measuring = warmup === 0;
  const startedAt = performance.now();
  const measureFrom = startedAt + warmup * 1000;
  const endAt = measureFrom + duration * 1000;
  let serverCpuAtStart = cpuMsOf(serverPid);
  let driverCpuAtStart = process.cpuUsage();
  const measureStarted = new Promise<void>((done) => {
    const begin = async (): Promise<void> => {
      serverCpuAtStart = cpuMsOf(serverPid);
      driverCpuAtStart = process.cpuUsage();
      measuring = true;
      await hooks.onMeasureStart?.();
      done();
    };
    if (warmup === 0) void begin();
    else setTimeout(() => void begin(), warmup * 1000);
  });
  if (warmup === 0) await measureStarted;

  const loop = async (): Promise<void> => {
    while (performance.now() < endAt) {
      const request = next();
      const t0 = performance.now();
      const counted = measuring && t0 >= measureFrom;
      try {
        const answer = await send(agent, port, request);
        if (!counted) continue;
        const ms = performance.now() - t0;
        (latencies.get(request.kind) ?? latencies.set(request.kind, []).get(request.kind)!).push(ms);
        if (answer.status < 300) {
          const list = sizes.get(request.kind) ?? sizes.set(request.kind, []).get(request.kind)!;
          if (list.length < 1_000) list.push(answer.bytes);
        } else {
          const byStatus = non2xx.get(request.kind) ?? non2xx.set(request.kind, {}).get(request.kind)!;
          byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
          if (errorSamples.length < 10) errorSamples.push(`${request.method} ${request.path} -> ${answer.status}: ${answer.errorBody ?? ""}`);
        }
      } catch (error) {
        if (!counted) continue;
        failures.set(request.kind, (failures.get(request.kind) ?? 0) + 1);
        if (errorSamples.length < 10) errorSamples.push(`${request.method} ${request.path} -> ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  await measureStarted;
  const wallMs = performance.now() - measureFrom;
  const driverCpu = process.cpuUsage(driverCpuAtStart);
  const serverCpuMs = cpuMsOf(serverPid) - serverCpuAtStart;
  agent.destroy();

  const kinds: Record<string, KindFigures> = {};
  let total = 0;
  let totalErrors = 0;
  const reads: number[] = [];
  for (const [kind, values] of latencies) {
    const summary = latencySummary(values);
    const statuses = non2xx.get(kind) ?? {};
    const failed = failures.get(kind) ?? 0;
    const errors = Object.values(statuses).reduce((a, b) => a + b, 0) + failed;
    kinds[kind] = {
      count: values.length,
      requests_per_sec: Math.round(values.length / duration),
      latency_p50_ms: summary.p50,
      latency_p90_ms: summary.p90,
      latency_p99_ms: summary.p99,
      latency_max_ms: summary.max,
      non2xx: statuses,
      failures: failed,
      errors,
    };
    total += values.length + failed;
    totalErrors += errors;
    // A loop, not push(...values): a spread of 100,000 arguments overflows the stack.
    if ((READ_KINDS as readonly string[]).includes(kind)) for (const value of values) reads.push(value);
  }
  // A kind whose every request failed has no latencies, but its failures count all the same.
  for (const [kind, failed] of failures) {
    if (latencies.has(kind)) continue;
    kinds[kind] = { count: 0, requests_per_sec: 0, latency_p50_ms: NaN, latency_p90_ms: NaN, latency_p99_ms: NaN, latency_max_ms: NaN, non2xx: {}, failures: failed, errors: failed };
    total += failed;
    totalErrors += failed;
  }
  const readSummary = latencySummary(reads);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    wall_s: Math.round(wallMs / 100) / 10,
    kinds,
    total: { count: total, requests_per_sec: Math.round(total / duration), errors: totalErrors },
    reads: { latency_p50_ms: readSummary.p50, latency_p99_ms: readSummary.p99 },
    driver_cpu_percent: Math.round(((driverCpu.user + driverCpu.system) / 1000 / wallMs) * 1000) / 10,
    server_cpu_percent: Math.round((serverCpuMs / wallMs) * 1000) / 10,
    server_cpu_us_per_request: total === 0 ? 0 : Math.round((serverCpuMs * 1000) / total),
    error_samples: errorSamples,
    median_body_bytes: Object.fromEntries([...sizes].map(([kind, list]) => [kind, median(list)])),
  };
};

// ---------------------------------------------------------------------------------------------
// The server's own figures: answer cache lookups from GET /metrics, memory from /proc.

const cacheLookups = async (baseUrl: string): Promise<{ hits: number; misses: number }> => {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}: ${text.slice(0, 300)}`);
  const value = (outcome: string): number => {
    const match = new RegExp(`^storefront_answer_cache_lookups\\{outcome="${outcome}"\\} (\\S+)$`, "m").exec(text);
    if (match === null) throw new Error("GET /metrics has no storefront_answer_cache_lookups: is the answer cache on?");
    return Number(match[1]);
  };
  return { hits: value("hit"), misses: value("miss") };
};

interface LoadRow {
  readonly connections: number;
  readonly duration_s: number;
  readonly warmup_s: number;
  readonly ours: DriverRun;
  readonly answer_cache: { readonly hits: number; readonly misses: number; readonly hit_ratio_percent: number | null };
  readonly server_rss_mb: { readonly start: number; readonly peak_sampled: number; readonly end: number; readonly peak_since_start: number };
  readonly checkouts_without_cart: number;
  /** The yardstick loaded by this driver. */
  readonly ceiling: DriverRun;
  /** The yardstick loaded by autocannon, as `npm run bench` does. */
  readonly ceiling_autocannon: Measured;
  readonly ceiling_body_bytes: number;
  /** Our total req/s over the ceiling's, in percent. */
  readonly ratio_percent: number | null;
  readonly load_average_1m: number;
  readonly targets: { readonly read_p99_ok: boolean; readonly checkout_p99_ok: boolean; readonly zero_errors: boolean };
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

const runLoad = async (server: Child, source: MixSource, connections: number, options: Options, ceilingBytes: number): Promise<LoadRow> => {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  let before = { hits: 0, misses: 0 };
  let rssStart = 0;
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(server.pid).rss);
  }, 200);
  const withoutCartBefore = source.checkoutsWithoutCart;
  log(`  ${connections} connections: ${options.warmup} s warm-up, ${options.duration} s measured`);
  let ours: DriverRun;
  try {
    ours = await drive(server.port, server.pid, connections, options.warmup, options.duration, () => source.next(), {
      onMeasureStart: async () => {
        rssStart = memoryOf(server.pid).rss;
        rssPeak = rssStart;
        before = await cacheLookups(baseUrl);
      },
    });
  } finally {
    clearInterval(sampler);
  }
  const after = await cacheLookups(baseUrl);
  const memory = memoryOf(server.pid);
  const loadAverage = loadavg()[0]!;
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  const hitRatio = hits + misses === 0 ? null : round1((hits / (hits + misses)) * 100);
  log(
    `    ours: ${ours.total.requests_per_sec} req/s, reads p99 ${ours.reads.latency_p99_ms} ms, checkout p99 ${ours.kinds.checkout?.latency_p99_ms ?? "-"} ms, errors ${ours.total.errors}, cache hits ${hitRatio} %, RSS ${memory.rss.toFixed(0)} MB, server CPU ${ours.server_cpu_percent} %, driver CPU ${ours.driver_cpu_percent} %`,
  );
  for (const sample of ours.error_samples.slice(0, 3)) log(`    error: ${sample}`);

  // The yardstick at the same width, loaded by this same driver: what a bare node:http server answers.
  // The yardstick at the same width, loaded twice: by this same driver (so the ratio compares like
  // with like), and by autocannon as `npm run bench` loads it, since a node:http client tops out
  // well below what the yardstick can answer (see its driver CPU).
  let ceiling: DriverRun;
  let ceilingAutocannon: Measured;
  const yardstick = await startChild("bench/ceiling-server.ts", ["--bytes", String(ceilingBytes)]);
  cleanups.push(yardstick.stop);
  try {
    const request: MixRequest = { kind: "product by slug", method: "GET", path: "/v1/products/by-slug/ceiling", headers: {} };
    ceiling = await drive(yardstick.port, yardstick.pid, connections, Math.min(2, options.warmup), options.duration, () => request);
    ceilingAutocannon = await warmThenMeasure(`http://127.0.0.1:${yardstick.port}`, yardstick.pid, [{ method: "GET", path: request.path }], {}, {
      warmup: Math.min(2, options.warmup),
      connections,
      duration: options.duration,
    });
  } finally {
    await yardstick.stop();
    cleanups.splice(cleanups.indexOf(yardstick.stop), 1);
  }
  log(`    ceiling: ${ceiling.total.requests_per_sec} req/s, p99 ${ceiling.reads.latency_p99_ms} ms, driver CPU ${ceiling.driver_cpu_percent} %; by autocannon ${ceilingAutocannon.requests_per_sec} req/s (its CPU ${ceilingAutocannon.generator_cpu_percent} %)`);

  const readP99s = READ_KINDS.flatMap((k) => (ours.kinds[k] === undefined ? [] : [ours.kinds[k].latency_p99_ms]));
  return {
    connections,
    duration_s: options.duration,
    warmup_s: options.warmup,
    ours,
    answer_cache: { hits, misses, hit_ratio_percent: hitRatio },
    server_rss_mb: { start: round1(rssStart), peak_sampled: round1(Math.max(rssPeak, memory.rss)), end: round1(memory.rss), peak_since_start: round1(memory.peak) },
    checkouts_without_cart: source.checkoutsWithoutCart - withoutCartBefore,
    ceiling,
    ceiling_autocannon: ceilingAutocannon,
    ceiling_body_bytes: ceilingBytes,
    ratio_percent: ceiling.total.requests_per_sec === 0 ? null : round1((ours.total.requests_per_sec / ceiling.total.requests_per_sec) * 100),
    load_average_1m: Math.round(loadAverage * 100) / 100,
    targets: {
      read_p99_ok: readP99s.every((p) => p < READ_P99_TARGET_MS),
      checkout_p99_ok: ours.kinds.checkout === undefined || ours.kinds.checkout.latency_p99_ms < CHECKOUT_P99_TARGET_MS,
      zero_errors: ours.total.errors === 0,
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Output.

const markdownTable = (header: readonly string[], lines: ReadonlyArray<readonly string[]>): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: readonly string[]): string => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [format(header), `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(format)].join("\n");
};

const report = (dialect: string, mix: Mix, rows: readonly LoadRow[], best: LoadRow | undefined): string => {
  const summary = markdownTable(
    ["connections", "req/s", "reads p50 ms", "reads p99 ms", "checkout p99 ms", "errors", "cache hits", "RSS start/peak/end MB", "ceiling req/s", "ratio", "ceiling req/s (autocannon)", "server CPU", "driver CPU"],
    rows.map((r) => [
      String(r.connections),
      String(r.ours.total.requests_per_sec),
      String(r.ours.reads.latency_p50_ms),
      String(r.ours.reads.latency_p99_ms),
      String(r.ours.kinds.checkout?.latency_p99_ms ?? "-"),
      String(r.ours.total.errors),
      r.answer_cache.hit_ratio_percent === null ? "-" : `${r.answer_cache.hit_ratio_percent} %`,
      `${r.server_rss_mb.start.toFixed(0)}/${r.server_rss_mb.peak_sampled.toFixed(0)}/${r.server_rss_mb.end.toFixed(0)}`,
      String(r.ceiling.total.requests_per_sec),
      r.ratio_percent === null ? "-" : `${r.ratio_percent} %`,
      String(r.ceiling_autocannon.requests_per_sec),
      `${r.ours.server_cpu_percent} %`,
      `${r.ours.driver_cpu_percent} %`,
    ]),
  );
  const parts = [`### ${dialect}: every load`, summary];
  if (best !== undefined) {
    parts.push(
      `### ${dialect}: per kind at ${best.connections} connections (the highest load without errors)`,
      markdownTable(
        ["kind", "share", "count", "req/s", "p50 ms", "p99 ms", "errors"],
        mix.map(({ kind, percent }) => {
          const k = best.ours.kinds[kind];
          return [kind, `${percent} %`, String(k?.count ?? 0), String(k?.requests_per_sec ?? 0), String(k?.latency_p50_ms ?? "-"), String(k?.latency_p99_ms ?? "-"), String(k?.errors ?? 0)];
        }),
      ),
      `targets at ${best.connections} connections: reads p99 < ${READ_P99_TARGET_MS} ms: ${best.targets.read_p99_ok ? "met" : "missed"}; checkout p99 < ${CHECKOUT_P99_TARGET_MS} ms: ${best.targets.checkout_p99_ok ? "met" : "missed"}`,
    );
  } else {
    parts.push("no load ran without errors");
  }
  return parts.join("\n\n");
};

// ---------------------------------------------------------------------------------------------

const main = async (): Promise<void> => {
  const options = parseOptions();
  const started = new Date();
  const loadStart = loadavg();
  buildServers();
  const catalog: Catalog =
    options.databaseUrl !== undefined && options.seedFile !== undefined
      ? { url: options.databaseUrl, seed: JSON.parse(readFileSync(options.seedFile, "utf8")) as SeedSummary }
      : await throwawayCatalog(options);
  const dialect = catalog.url.startsWith("sqlite:") ? "sqlite" : "mysql";
  const out = options.out ?? join(ROOT, `bench/results/mix-${dialect}.json`);

  // The real server as configured by default (answer cache on), with the metrics route open to us.
  const nodeArgs = options.cpuProfDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfDir}`];
  const server = await startChild("bench/bench-server.ts", ["--database-url", catalog.url], nodeArgs, { STOREFRONT_METRICS_TOKEN: METRICS_TOKEN });
  cleanups.push(server.stop);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const rows: LoadRow[] = [];
  let keysReport: Record<string, number> = {};
  let ceilingBytes = 0;
  try {
    log(`${dialect}: server pid ${server.pid} on port ${server.port}, RSS ${memoryOf(server.pid).rss.toFixed(0)} MB`);
    const keys = await loadKeys(catalog, baseUrl, new Rng(catalog.seed.seed ^ 0x51c));
    keysReport = {
      products: keys.products.length,
      cart_variants: keys.cartVariants.length,
      product_lists: keys.lists.length,
      categories: keys.categoryIds.length,
      places: PLACES.length,
      search_queries: keys.queries.length,
    };
    log(`keys: ${JSON.stringify(keysReport)}`);

    // Checkouts take the checkout scenario's seeded session carts and its store set-up (delivery around Nairobi).
    const checkout = SCENARIOS.find((s) => s.name === "checkout")!;
    const checkoutBudget = Math.ceil(options.connections.length * (options.warmup + options.duration + 2) * CHECKOUT_CARTS_PER_SECOND) + 100;
    await checkout.prepare!({ baseUrl, seed: catalog.seed, databaseUrl: catalog.url, requestBudget: checkoutBudget });
    const source = new MixSource(keys, catalog.seed, options.mix, options.zipf, checkout.requests(catalog.seed)[0]!);
    source.checkoutBudget = checkoutBudget;

    // Every kind answers before the load: a broken request must fail here, not hide among errors.
    const probeAgent = new Agent({ keepAlive: true });
    const slugSizes: number[] = [];
    for (const { kind, percent } of options.mix) {
      if (percent === 0) continue;
      for (let i = 0; i < (kind === "product by slug" ? 41 : 5); i++) {
        const request = source.request(kind);
        const answer = await send(probeAgent, server.port, request);
        if (answer.status >= 300) throw new Error(`${request.method} ${request.path} answered ${answer.status}: ${answer.errorBody}`);
        if (kind === "product by slug") slugSizes.push(answer.bytes);
      }
    }
    probeAgent.destroy();
    slugSizes.sort((a, b) => a - b);
    ceilingBytes = slugSizes[Math.floor(slugSizes.length / 2)]!;
    log(`probes answered; a product page is ${ceilingBytes} B (the ceiling's body)`);

    for (const connections of options.connections) rows.push(await runLoad(server, source, connections, options, ceilingBytes));
  } finally {
    await runCleanups();
  }

  const clean = rows.filter((r) => r.ours.total.errors === 0);
  const best = clean.reduce<LoadRow | undefined>((a, r) => (a === undefined || r.connections > a.connections ? r : a), undefined);
  const meeting = clean
    .filter((r) => r.targets.read_p99_ok && r.targets.checkout_p99_ok)
    .reduce<LoadRow | undefined>((a, r) => (a === undefined || r.connections > a.connections ? r : a), undefined);
  console.log(report(dialect, options.mix, rows, best));
  const git = gitState();
  await mkdir(dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        ...runContext(started, loadStart, git),
        dialect,
        catalog: { products: catalog.seed.products, variants: catalog.seed.variants, seeded_here: options.seedFile === undefined },
        answer_cache: "on (default size)",
        mix_percent: Object.fromEntries(options.mix.map((m) => [m.kind, m.percent])),
        zipf_exponent: options.zipf,
        keys: keysReport,
        targets: { read_p99_ms: READ_P99_TARGET_MS, checkout_p99_ms: CHECKOUT_P99_TARGET_MS },
        highest_load_without_errors: best === undefined ? null : { connections: best.connections, requests_per_sec: best.ours.total.requests_per_sec, ...best.targets },
        highest_load_meeting_targets: meeting === undefined ? null : { connections: meeting.connections, requests_per_sec: meeting.ours.total.requests_per_sec },
        loads: rows,
      },
      null,
      2,
    )}\n`,
  );
  log(`results written to ${out}`);
};

runBench(main);
