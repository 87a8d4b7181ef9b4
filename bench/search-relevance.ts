// `npm run bench:search`: relevance of text and semantic search over the graded queries of
// test/fixtures (recall@5, MRR), then the resident memory of a real `storefront serve` process
// with semantic search in use over 10,000 generated products.
// Options: --relevance-only, --products N (default 10000).
// `npm run bench:search -- --known-item --database-url URL --seed FILE`: the known-item set on a
// seeded catalog instead (bench/known-item.ts).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { CreateStore } from "../application/stores/create-store.js";
import { ProductRepository } from "../application/ports/product-repository.js";
import { UnitOfWork } from "../application/ports/unit-of-work.js";
import { createApplication } from "../composition/container.js";
import { productRecord, variantRecord } from "../test/support/catalog-fixtures.js";
import { connect } from "../test/support/http-client.js";
import { loadSearchCatalog, measureBothModes, searchCatalog } from "../test/support/search-relevance.js";
import { childEnv } from "../test/support/server-process.js";
import { startTestApplication, testConfig } from "../test/support/test-application.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const productCount = Number(args[args.indexOf("--products") + 1] ?? 10_000) || 10_000;

const pct = (x: number): string => x.toFixed(3);

const relevance = async () => {
  // STOREFRONT_SEARCH_ENGINE_MATCHES=0 forces every query through the bitmaps (a large catalog's way).
  const forced = process.env.STOREFRONT_SEARCH_ENGINE_MATCHES;
  const app = await startTestApplication(forced === undefined ? {} : { env: { STOREFRONT_SEARCH_ENGINE_MATCHES: forced } });
  try {
    const key = app.store.keys.secretTest;
    const skuOf = await loadSearchCatalog(app.client, key);
    return await measureBothModes(app.client, key, skuOf);
  } finally {
    await app.close();
  }
};

/** A store of `count` products whose words are drawn from the fixture catalog, in a SQLite file. */
const seedLargeCatalog = async (databaseUrl: string, count: number): Promise<{ secretKey: string; productId: string }> => {
  const app = createApplication(testConfig({ databaseUrl }), { logger: pino({ level: "silent" }) });
  await app.migrate();
  const created = await app.container.get(CreateStore).execute({ name: "Big Store", baseCurrency: "USD" });
  const products = app.container.get(ProductRepository);
  const uow = app.container.get(UnitOfWork);
  const source = searchCatalog();
  const storeId = created.store.id;
  const now = new Date().toISOString();
  let firstId = "";
  for (let start = 0; start < count; start += 1000) {
    await uow.run(async () => {
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const a = source[i % source.length]!;
        const b = source[(i * 7 + 3) % source.length]!;
        const id = `00000000-0000-7000-8000-${String(i).padStart(12, "0")}`;
        if (firstId === "") firstId = id;
        await products.insert(
          storeId,
          productRecord(id, {
            name: `${a.name.split(" ")[0]} ${b.name} ${i}`,
            brand: a.brand,
            tags: [...a.tags, ...b.tags],
            description: `${a.description} ${b.description}`,
            slug: `product-${i}`,
            createdAt: now,
            updatedAt: now,
          }),
          [variantRecord(`00000000-0000-7000-9000-${String(i).padStart(12, "0")}`, id, `GEN-${i}`, { variantAttributes: { colour: b.colour } })],
        );
      }
    });
  }
  await app.close();
  return { secretKey: created.keys.secretTest, productId: firstId };
};

const memoryOfServer = async (count: number) => {
  const dir = await mkdtemp(join(tmpdir(), "storefront-search-bench-"));
  const databaseUrl = `sqlite:${join(dir, "bench.sqlite")}`;
  try {
    const seeded = await seedLargeCatalog(databaseUrl, count);
    const child = spawn(process.execPath, [join(ROOT, "bin", "storefront.js"), "serve", "--no-worker", "--no-demo"], {
      cwd: ROOT,
      env: childEnv({ STOREFRONT_DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", STOREFRONT_LOG_LEVEL: "info" }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const port = await new Promise<number>((done, fail) => {
        let text = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          const match = /"msg":"storefront listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"msg":"storefront listening"/.exec(text);
          if (match !== null) done(Number(match[1] ?? match[2]));
        });
        child.once("exit", (code) => fail(new Error(`server exited with ${code}`)));
      });
      const client = connect(`http://127.0.0.1:${port}`);
      const rssOf = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
      await client.get("/v1/categories", { key: seeded.secretKey });
      const idleRssMb = rssOf();
      const key = seeded.secretKey;
      const timings: Record<string, number> = {};
      const time = async (label: string, work: () => Promise<{ status: number; text: string }>) => {
        const started = performance.now();
        const response = await work();
        timings[label] = Math.round(performance.now() - started);
        if (response.status !== 200) throw new Error(`${label}: ${response.status} ${response.text}`);
      };
      await time("first text search (builds the index)", () => client.get("/v1/search?q=sofa", { key }));
      await time("first semantic search (embeds 10k products)", () => client.post("/v1/search", { query: "comfortable couch" }, { key }));
      await time("semantic search", () => client.post("/v1/search", { query: "warm clothes for winter" }, { key }));
      await time("text search", () => client.get("/v1/search?q=sneekers", { key }));
      await time("recommendations", () => client.post("/v1/recommendations", { product_id: seeded.productId }, { key }));
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
      return { idleRssMb, rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024, timings };
    } finally {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

if (args.includes("--known-item")) {
  await import("./known-item.js");
} else {
  await relevanceAndMemory();
}

async function relevanceAndMemory(): Promise<void> {
  const figures = await relevance();
  console.log(`search relevance over ${searchCatalog().length} products, 50 graded queries (test/fixtures)`);
  console.log(`  text     (GET /v1/search):  recall@5 ${pct(figures.text.recallAt5)}  MRR ${pct(figures.text.mrr)}`);
  console.log(`  semantic (POST /v1/search): recall@5 ${pct(figures.semantic.recallAt5)}  MRR ${pct(figures.semantic.mrr)}`);
  console.log(`  text misses (first relevant below 5th): ${figures.text.misses.join(", ") || "none"}`);
  console.log(`  semantic misses: ${figures.semantic.misses.join(", ") || "none"}`);
  if (!args.includes("--relevance-only")) {
    const memory = await memoryOfServer(productCount);
    console.log(`storefront serve with semantic search over ${productCount} products:`);
    console.log(`  RSS ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakRssMb.toFixed(0)} MB; ${memory.idleRssMb.toFixed(0)} MB before the first search)`);
    for (const [label, ms] of Object.entries(memory.timings)) console.log(`  ${label}: ${ms} ms`);
  }
}
