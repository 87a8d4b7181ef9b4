// The cost of a catalog write on a seeded database: renaming a product and creating one (with a
// variant), each in its own transaction through the product repository, as the API's writes are,
// search data included. Reports the latency (p50, p99, mean) and the statements sent per write.
// Run it against databases seeded by the same commit to compare two versions of the write path
// (docs/decisions/search.md, search-15):
//   node --import tsx bench/catalog-writes.ts --database-url <url> --seed <summary.json> [--writes 300]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { v7 as uuidv7 } from "uuid";
import { ProductRepository, type ProductRecord, type ProductWithVariants } from "../application/ports/product-repository.js";
import type { SeedSummary } from "./bench-seed.js";
import { openBenchApplication } from "./bench-application.js";
import { log, runBench } from "./harness.js";

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { "database-url": { type: "string" }, seed: { type: "string" }, writes: { type: "string", default: "300" } },
  });
  if (values["database-url"] === undefined || values.seed === undefined) throw new Error("--database-url and --seed are required");
  const seed = JSON.parse(readFileSync(values.seed, "utf8")) as SeedSummary;
  const writes = Number(values.writes);
  const app = openBenchApplication(values["database-url"]);
  try {
    await app.migrate();
    const products = app.container.get(ProductRepository);
    let statements = 0;
    app.database.onQuery(() => statements++);
    const storeId = seed.store_id;
    const ids = seed.sample.product_ids.slice(0, writes);
    const measure = async (what: string, work: (i: number) => Promise<void>) => {
      const ms: number[] = [];
      const before = statements;
      for (let i = 0; i < ids.length; i++) {
        const t = performance.now();
        await work(i);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! * 100) / 100;
      const row = {
        what,
        writes: ms.length,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        mean_ms: Math.round((ms.reduce((a, b) => a + b, 0) / ms.length) * 100) / 100,
        statements_per_write: Math.round(((statements - before) / ms.length) * 10) / 10,
      };
      log(JSON.stringify(row));
      return row;
    };
    const found: ProductWithVariants[] = [];
    for (const id of ids) {
      const p = await products.findById(storeId, id, { activeOnly: false });
      if (p !== undefined) found.push(p);
    }
    const rows = [];
    rows.push(
      await measure("rename a product", async (i) => {
        const p = found[i % found.length]!;
        await products.update(storeId, { ...(p.product as unknown as ProductRecord), name: `${p.product.name} Edition`, updatedAt: new Date().toISOString() });
      }),
    );
    rows.push(
      await measure("create a product with a variant", async (i) => {
        const p = found[i % found.length]!;
        const id = uuidv7();
        const now = new Date().toISOString();
        await products.insert(storeId, { ...(p.product as unknown as ProductRecord), id, slug: `bench-${id}`, name: `${p.product.name} Copy`, createdAt: now, updatedAt: now }, [
          { ...p.variants[0], id: uuidv7(), productId: id, sku: `BENCH-${id}` },
        ]);
      }),
    );
    console.log(JSON.stringify({ database: values["database-url"].replace(/\/\/[^@]*@/, "//"), products: seed.products, rows }, null, 2));
  } finally {
    await app.close();
  }
};

runBench(main);
