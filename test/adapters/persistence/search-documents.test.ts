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
import { dequantize, quantize, readStoredWords, searchDocumentsOf, storedWords, termKey } from "../../../adapters/persistence/search-documents.js";
import { CHUNK_SIZE, NAME_CODES, NAME_TIER, offsetsOf } from "../../../adapters/search/doc-bitmaps.js";
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
  /**
   * Searches through another connection with its own index object: nothing shared but the
   * database. Both ways of taking candidates must agree: the engine ranking every match, and the
   * postings (a large catalog's way, forced here by a limit of 0).
   */
  const found = async (query: string): Promise<string[]> => {
    const byEngine = new DatabaseSearchIndex(other, embedder, { vocabularyMaxAgeMs: 0 });
    const byPostings = new DatabaseSearchIndex(other, embedder, { vocabularyMaxAgeMs: 0, engineMatchesUpTo: 0 });
    const engine = (await byEngine.text(STORE, query, { limit: 10 })).hits.map((h) => h.productId);
    const postings = (await byPostings.text(STORE, query, { limit: 10 })).hits.map((h) => h.productId);
    assert.deepEqual(postings, engine, `the postings and the engine disagree on ${query}`);
    return engine;
  };
  /** The store's count of searchable documents as writes keep it, checked against a count of them. */
  const counted = async (): Promise<number> => {
    const row = await db.knex("search_counts").where({ store_id: STORE }).first("documents");
    const [actual] = await db.knex("search_documents").where({ store_id: STORE, searchable: true }).count({ n: "*" });
    assert.equal(Number(row?.documents ?? 0), Number(actual!.n), "the kept count is the count");
    return Number(row?.documents ?? 0);
  };
  /**
   * A word's documents as its bitmaps hold them (every tier and chunk), in (tier, doc) order; a
   * name's tier code (its length in words) read as the name's tier, or kept with `codes`.
   */
  const bitmapped = async (term: string, codes = false): Promise<Array<{ tier: number; doc_id: number }>> => {
    const rows = await db.knex("search_bitmaps").where({ term_key: termKey(STORE, term) }).select("tier", "chunk", "bits");
    return rows
      .flatMap((r: { tier: number; chunk: number; bits: Uint8Array }) =>
        offsetsOf(r.bits).map((o) => ({ tier: codes || Number(r.tier) < NAME_CODES ? Number(r.tier) : NAME_TIER, doc_id: Number(r.chunk) * CHUNK_SIZE + o })),
      )
      .sort((a, b) => a.tier - b.tier || a.doc_id - b.doc_id);
  };
  /** A word's postings, checked against its bitmaps: both follow every write from the same documents. */
  const postings = async (term: string, againstBitmaps = true): Promise<Array<{ tier: number; doc_id: number }>> => {
    const rows = (await db.knex("search_postings").where({ term_key: termKey(STORE, term) }).select("tier", "doc_id"))
      .map((r: { tier: number; doc_id: number }) => ({ tier: Number(r.tier), doc_id: Number(r.doc_id) }))
      .sort((a, b) => a.tier - b.tier || a.doc_id - b.doc_id);
    if (againstBitmaps) assert.deepEqual(await bitmapped(term), rows, `the bitmaps of ${term} hold what its postings hold`);
    return rows;
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
    assert.equal(await counted(), 2);

    await products.update(STORE, productRecord(productId(1), { name: "Garden Swing" }));
    assert.deepEqual(await found("swing"), [productId(1)]);
    assert.deepEqual(await found("hammock"), [productId(2)]);
    assert.equal(await docs("hammock"), 1);
    assert.equal(await docs("canvas"), 0);

    await products.update(STORE, productRecord(productId(2), { name: "Hammock Stand", isActive: false }));
    assert.deepEqual(await found("hammock"), [], "an inactive product is not found");
    assert.equal(await docs("hammock"), 0);
    assert.equal(await counted(), 1);

    assert.equal(await products.remove(STORE, productId(1), new Date().toISOString()), "deleted");
    assert.deepEqual(await found("swing"), []);
    assert.equal(await docs("swing"), 0);
    assert.equal(await counted(), 0);
    const [row] = await db.knex("search_documents").where({ product_id: productId(1) }).count({ n: "*" });
    assert.equal(Number(row!.n), 0);
  });

  it("postings follow every write: a word's best field gives its tier, a rename and a delete take theirs away, a rollback leaves none", async () => {
    await add(11, "Canvas Tote", "TOTE-11");
    await products.update(STORE, productRecord(productId(11), { name: "Canvas Tote", brand: "Canvas Co" }));
    const [doc] = await db.knex("search_documents").where({ product_id: productId(11) }).select("doc_id");
    const docId = Number(doc!.doc_id);
    assert.deepEqual(await postings("canvas"), [{ tier: 4, doc_id: docId }], "in the name and the brand: the name's tier, once");
    assert.deepEqual(await postings("tote"), [{ tier: 4, doc_id: docId }]);
    assert.deepEqual(await postings("11"), [{ tier: 3, doc_id: docId }], "a SKU's part");

    assert.deepEqual(await bitmapped("tote", true), [{ tier: NAME_CODES + 2, doc_id: docId }], "a name of two words");

    await products.update(STORE, productRecord(productId(11), { name: "Linen Tote", brand: "Canvas Co" }));
    assert.deepEqual(await postings("canvas"), [{ tier: 2, doc_id: docId }], "now only in the brand");
    assert.deepEqual(await postings("linen"), [{ tier: 4, doc_id: docId }]);
    await products.update(STORE, productRecord(productId(11), { name: "Linen Tote for the Beach", brand: "Canvas Co" }));
    assert.deepEqual(await bitmapped("tote", true), [{ tier: NAME_CODES + 3, doc_id: docId }], "the name's new length, stop words aside");
    await products.update(STORE, productRecord(productId(11), { name: "Linen Tote", brand: "Canvas Co" }));
    assert.deepEqual(await found("canvas"), [productId(11)]);

    await products.update(STORE, productRecord(productId(11), { name: "Linen Tote", brand: "Canvas Co", isActive: false }));
    assert.deepEqual(await postings("linen"), [], "an inactive product has none");
    await products.update(STORE, productRecord(productId(11), { name: "Linen Tote", brand: "Canvas Co" }));
    assert.equal((await postings("linen")).length, 1);
    assert.equal(await products.remove(STORE, productId(11), new Date().toISOString()), "deleted");
    assert.deepEqual(await postings("linen"), []);
    assert.deepEqual(await postings("canvas"), []);

    await assert.rejects(
      db.transaction(async () => {
        await add(12, "Brass Kettle");
        throw new Error("refused");
      }),
      /refused/,
    );
    assert.deepEqual(await postings("kettle"), []);
  });

  it("the postings backfill writes the postings of existing documents, resumes where it stopped, and then has nothing to do", async () => {
    await add(13, "Teak Bowl");
    await add(14, "Teak Spoon");
    await add(15, "Teak Board");
    const ids = (await db.knex("search_documents").where({ store_id: STORE }).orderBy("doc_id").select("doc_id")).map((r: { doc_id: number }) => Number(r.doc_id));
    await db.knex("search_postings").delete();
    // As if a run had written the first document's postings and been stopped.
    await db.knex("search_backfills").insert({ name: "postings", last_doc_id: ids[0], done: false }).onConflict("name").merge();
    assert.equal(await searchDocumentsOf(db).backfillPostings(1), 2, "the two documents after the first");
    assert.deepEqual((await postings("teak", false)).map((p) => p.doc_id).sort((a, b) => a - b), ids.slice(1));
    assert.equal(await searchDocumentsOf(db).backfillPostings(1), 0);
    await db.knex("search_backfills").where({ name: "postings" }).update({ last_doc_id: 0, done: false });
    assert.equal(await searchDocumentsOf(db).backfillPostings(), 3);
    assert.equal((await postings("teak")).length, 3, "written again without duplicates (as the bitmaps hold them)");
    assert.equal((await found("teak bowl"))[0], productId(13));
  });

  it("the bitmaps backfill writes the bitmaps of existing documents, resumes where it stopped, and then has nothing to do", async () => {
    await add(16, "Sisal Basket");
    await add(17, "Sisal Mat");
    await add(18, "Sisal Rug");
    const ids = (await db.knex("search_documents").where({ store_id: STORE }).orderBy("doc_id").select("doc_id")).map((r: { doc_id: number }) => Number(r.doc_id));
    await db.knex("search_bitmaps").delete();
    await db.knex("search_backfills").insert({ name: "bitmaps", last_doc_id: ids[0], done: false }).onConflict("name").merge();
    assert.equal(await searchDocumentsOf(db).backfillBitmaps(1), 2, "the two documents after the first");
    assert.deepEqual((await bitmapped("sisal")).map((p) => p.doc_id), ids.slice(1));
    assert.equal(await searchDocumentsOf(db).backfillBitmaps(1), 0);
    await db.knex("search_backfills").where({ name: "bitmaps" }).update({ last_doc_id: 0, done: false });
    assert.equal(await searchDocumentsOf(db).backfillBitmaps(), 3);
    assert.equal((await postings("sisal")).length, 3, "written again, each document once");
  });

  it("concurrent writers of products sharing words lose none of each other's documents in the bitmaps", async () => {
    // Two connections (two server processes' pools) write products with the same words at once:
    // each rewrites the same bitmap rows, so one building on bytes the other has since changed
    // would drop a document.
    const others = new KnexProductRepository(other);
    searchDocumentsOf(other).useEmbedder(embedder);
    const write = (repository: KnexProductRepository, n: number) =>
      repository.insert(STORE, productRecord(productId(100 + n), { name: `Shared Word Lamp ${n}` }), [variantRecord(variantId(100 + n), productId(100 + n), `LAMP-${n}`)]);
    const writes = Array.from({ length: 40 }, (_, n) => () => write(n % 2 === 0 ? products : others, n));
    // SQLite takes one writer at a time (BEGIN IMMEDIATE), and its driver waits for the file's
    // lock synchronously: two handles in one process take turns here, as two processes would.
    if (db.dialect === "sqlite") for (const w of writes) await w();
    else await Promise.all(writes.map((w) => w()));
    const ids = (await db.knex("search_documents").where({ store_id: STORE }).orderBy("doc_id").select("doc_id")).map((r: { doc_id: number }) => Number(r.doc_id));
    assert.equal(ids.length, 40);
    for (const word of ["shared", "word", "lamp"]) assert.deepEqual((await postings(word)).map((p) => p.doc_id), ids, word);
  });

  it("finds an old product by its exact name among hundreds of newer ones sharing every word but one, first, with the match counted", async () => {
    // The oldest product, then 900 newer ones holding its words in pairs: every word of the
    // query is common, and the old product is the only one holding them all. Candidates chosen
    // by newest postings (until migration 0027) could not find it.
    await add(20, "Kilele Premium Classic Boot", "OLD-20");
    const newer = Array.from({ length: 900 }, (_, k) => {
      const n = 1000 + k;
      const name = ["Kilele Premium Sandal", "Premium Classic Loafer", "Kilele Classic Slipper", "Classic Boot Tree", "Kilele Boot Brush", "Premium Boot Wax"][k % 6]!;
      return { record: productRecord(productId(n), { name: `${name} ${k}` }), variants: [variantRecord(variantId(n), productId(n), `NEW-${n}`)] };
    });
    await products.insertMany(STORE, newer);
    const byBitmaps = new DatabaseSearchIndex(other, embedder, { vocabularyMaxAgeMs: 0, engineMatchesUpTo: 0 });
    for (const query of ["Kilele Premium Classic Boot", "boot classic premium kilele", "kilele premium clasic boot", "kilele premium classic bo"]) {
      const found = await byBitmaps.text(STORE, query, { limit: 5 });
      assert.equal(found.hits[0]?.productId, productId(20), query);
    }
    const found = await byBitmaps.text(STORE, "Kilele Premium Classic Boot", { limit: 5 });
    assert.equal(found.total, 901, "every product holding a word of the query");
    assert.equal(found.estimated, false);
  });

  it("ranks the product of exactly the name asked above names that hold its words among others", async () => {
    await add(21, "Upendo Compact Cast Iron Saucepan");
    await add(22, "Compact Cast Iron Saucepan");
    await add(23, "Compact Cast Iron Cast Saucepan");
    for (const engineMatchesUpTo of [300, 0]) {
      const index = new DatabaseSearchIndex(other, embedder, { vocabularyMaxAgeMs: 0, engineMatchesUpTo });
      assert.equal((await index.text(STORE, "compact cast iron saucepan", { limit: 5 })).hits[0]?.productId, productId(22));
      assert.equal((await index.text(STORE, "saucepan iron cast compact upendo", { limit: 5 })).hits[0]?.productId, productId(21));
    }
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
    assert.equal(await counted(), 0);
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

  it("a stored vector is always of its document's text: a rename by a writer without a model clears it, the next search by meaning makes it", async () => {
    await add(6, "Teak Salad Bowl");
    const vectorOf = async () => (await db.knex("search_documents").where({ store_id: STORE, product_id: productId(6) }).first("vector", "vector_hash", "vector_model")) as {
      vector: Buffer | null;
      vector_hash: string | null;
    };
    const made = await vectorOf();
    assert.ok(made.vector !== null, "the writer with a model stored a vector");
    // `other` has no model: its writer cannot make the new text's vector, so it clears the old one
    // (search by meaning trusts a stored vector without hashing the text again).
    const renamed = productRecord(productId(6), { name: "Brass Door Knocker", updatedAt: "2030-01-02T00:00:00.000Z" });
    await new KnexProductRepository(other).update(STORE, renamed);
    const cleared = await vectorOf();
    assert.equal(cleared.vector, null);
    assert.equal(cleared.vector_hash, null);
    const index = new DatabaseSearchIndex(db, embedder, { vocabularyMaxAgeMs: 0 });
    const hits = (await index.semantic(STORE, "door knocker", { limit: 5 })).hits.map((h) => h.productId);
    assert.equal(hits[0], productId(6));
    const remade = await vectorOf();
    assert.ok(remade.vector !== null && remade.vector_hash !== null, "made again and stored");
    assert.notDeepEqual(Buffer.from(remade.vector!), Buffer.from(made.vector!));
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
