// The search documents (adapters/persistence/search-documents.ts), on SQLite and MariaDB: a
// catalog write rewrites its product's document and moves the store's word counts in the same
// transaction (a rolled-back write leaves neither), the engine's text index finds it from
// another connection at once, a deleted product takes its words with it, and the backfill
// writes documents for products from before the index. Also the stored forms of words and vectors.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { DatabaseSearchIndex } from "../../../adapters/persistence/repositories/database-search-index.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { dequantize, quantize, readStoredWords, searchDocumentsOf, storedWords } from "../../../adapters/persistence/search-documents.js";
import { WordVectorEmbedder } from "../../../adapters/search/word-vector-embedder.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000cd";
const productId = (n: number) => `01900000-0000-7000-8000-${(0x300 + n).toString(16).padStart(12, "0")}`;
const variantId = (n: number) => `01900000-0000-7000-8000-${(0x700 + n).toString(16).padStart(12, "0")}`;

const suite = (open: () => { db: Database; other: Database; cleanUp: () => Promise<void> }) => {
  let db: Database;
  let other: Database;
  let cleanUp: () => Promise<void>;
  let products: KnexProductRepository;
  const embedder = new WordVectorEmbedder();

  const add = (n: number, name: string, sku = `SKU-D${n}`) =>
    products.insert(STORE, productRecord(productId(n), { name }), [variantRecord(variantId(n), productId(n), sku)]);
  const docs = async (term: string): Promise<number> => {
    const row = await db.knex("search_terms").where({ store_id: STORE, term }).first("docs");
    return row === undefined ? 0 : Number(row.docs);
  };
  /** Searches through another connection with its own index object: nothing shared but the database. */
  const found = async (query: string): Promise<string[]> => {
    const index = new DatabaseSearchIndex(other, embedder, { vocabularyMaxAgeMs: 0 });
    return (await index.text(STORE, query, { limit: 10 })).hits.map((h) => h.productId);
  };

  beforeEach(async () => {
    ({ db, other, cleanUp } = open());
    await migrateToLatest(db.knex);
    await new KnexStoreRepository(db).create({ id: STORE, name: "Docs", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
    searchDocumentsOf(db).useEmbedder(embedder);
    products = new KnexProductRepository(db);
  });
  afterEach(async () => {
    await cleanUp();
  });

  it("a write is searchable from another connection at once, and its words are counted; a rename and a delete move the counts", async () => {
    await add(1, "Canvas Hammock");
    await add(2, "Hammock Stand");
    assert.deepEqual((await found("hammock")).sort(), [productId(1), productId(2)].sort());
    assert.equal(await docs("hammock"), 2);
    assert.equal(await docs("canvas"), 1);

    await products.update(STORE, productRecord(productId(1), { name: "Garden Swing" }));
    assert.deepEqual(await found("swing"), [productId(1)]);
    assert.deepEqual(await found("hammock"), [productId(2)]);
    assert.equal(await docs("hammock"), 1);
    assert.equal(await docs("canvas"), 0);

    await products.update(STORE, productRecord(productId(2), { name: "Hammock Stand", isActive: false }));
    assert.deepEqual(await found("hammock"), [], "an inactive product is not found");
    assert.equal(await docs("hammock"), 0);

    assert.equal(await products.remove(STORE, productId(1), new Date().toISOString()), "deleted");
    assert.deepEqual(await found("swing"), []);
    assert.equal(await docs("swing"), 0);
    const [row] = await db.knex("search_documents").where({ product_id: productId(1) }).count({ n: "*" });
    assert.equal(Number(row!.n), 0);
  });

  it("a rolled-back write leaves neither its document nor its counts", async () => {
    await assert.rejects(
      db.transaction(async () => {
        await add(3, "Copper Lantern");
        throw new Error("refused");
      }),
      /refused/,
    );
    assert.deepEqual(await found("lantern"), []);
    assert.equal(await docs("lantern"), 0);
  });

  it("the backfill writes documents (with vectors) for products that have none, once", async () => {
    await add(4, "Teak Salad Bowl");
    await add(5, "Olive Wood Spoon");
    await db.knex("search_documents").where({ store_id: STORE }).delete();
    await db.knex("search_terms").where({ store_id: STORE }).delete();
    assert.deepEqual(await found("teak"), []);
    assert.equal(await searchDocumentsOf(db).backfill(), 2);
    assert.equal(await searchDocumentsOf(db).backfill(), 0);
    assert.deepEqual(await found("teak"), [productId(4)]);
    assert.equal(await docs("olive"), 1);
    const stored = await db.knex("search_documents").where({ store_id: STORE }).select("vector", "vector_model");
    assert.ok(stored.every((r: { vector: Buffer | null; vector_model: string }) => r.vector !== null && r.vector_model === embedder.model));
  });

  it("finds one- and two-letter words and corrects typos from the store's vocabulary", async () => {
    await add(6, "XL Linen Shirt");
    await add(7, "Linen Trousers");
    assert.deepEqual(await found("xl"), [productId(6)]);
    assert.deepEqual((await found("lnen")).sort(), [productId(6), productId(7)].sort());
    assert.equal((await found("SKU-D7"))[0], productId(7), "an exact SKU first");
  });
};

describe("search documents (SQLite)", () => {
  suite(() => {
    const dir = mkdtempSync(join(tmpdir(), "storefront-docs-"));
    const db = openDatabase({ dialect: "sqlite", filename: join(dir, "store.db") });
    const other = openDatabase({ dialect: "sqlite", filename: join(dir, "store.db") });
    return {
      db,
      other,
      cleanUp: async () => {
        await other.close();
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describeMysql("search documents on MariaDB", (getDb) => {
  suite(() => {
    const settings = { dialect: "mysql" as const, url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 };
    const db = openDatabase(settings);
    const other = openDatabase(settings);
    return {
      db,
      other,
      cleanUp: async () => {
        // The store goes with everything of it (its documents and words too), for the next test.
        await db.knex("stores").where({ id: STORE }).delete();
        await other.close();
        await db.close();
      },
    };
  });
});

describe("stored forms of search words and vectors", () => {
  it("pads short words for InnoDB's minimum token size and reads them back", () => {
    assert.equal(storedWords("mysql", ["xl", "a", "linen"]), "xl_ a__ linen");
    assert.equal(storedWords("sqlite", ["xl", "a"]), "xl a");
    assert.deepEqual(readStoredWords("xl_ a__ linen"), ["xl", "a", "linen"]);
  });

  it("keeps a vector's direction within half a percent in a quarter of the bytes", async () => {
    const [v] = await new WordVectorEmbedder().embed(["green velvet sofa"]);
    const back = dequantize(quantize(v!));
    assert.equal(quantize(v!).length, 4 + v!.length);
    let d = 0;
    let n = 0;
    for (let i = 0; i < v!.length; i++) {
      d += v![i]! * back[i]!;
      n += back[i]! * back[i]!;
    }
    assert.ok(d / Math.sqrt(n) > 0.995, `cosine ${d / Math.sqrt(n)}`);
  });
});
