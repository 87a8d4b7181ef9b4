// Every product and price list walks an index, on both dialects: the statements the repository
// really sends for a list (captured as they go out, with their bindings) are EXPLAINed, and none
// may scan a whole table of products or variants, sort a store's products, or (for an id list)
// walk the store's products instead of looking the ids up. A store of 3,000 products in three
// categories makes the plans those of a real catalog; SQLite is planned as it runs in production,
// without statistics, and MariaDB with the statistics InnoDB keeps by itself (ANALYZE TABLE).
// Search is checked the same way: the engine's full-text match drives every candidate read, and
// the documents are then read by key; in a large catalog's way, each word's postings are read as
// an index range in their order.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { catalogVersionsOf } from "../../../adapters/persistence/catalog-versions.js";
import { ANCHOR_STEP, listAnchorsOf } from "../../../adapters/persistence/list-totals.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexProductRepository, productColumns, variantColumns } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { DatabaseSearchIndex } from "../../../adapters/persistence/repositories/database-search-index.js";
import { searchDocumentsOf } from "../../../adapters/persistence/search-documents.js";
import { WordVectorEmbedder } from "../../../adapters/search/word-vector-embedder.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000aa";
const PRODUCTS = 3_000;
const CATEGORIES = ["01900000-0000-7000-8000-0000000000c1", "01900000-0000-7000-8000-0000000000c2", "01900000-0000-7000-8000-0000000000c3"];
const SUBCATEGORIES = ["01900000-0000-7000-8000-0000000000d1", "01900000-0000-7000-8000-0000000000d2", "01900000-0000-7000-8000-0000000000d3"];
const id = (kind: number, n: number): string => `01900000-0000-7000-8${kind}00-${n.toString(16).padStart(12, "0")}`;

const COLLECTION = "01900000-0000-7000-8000-0000000000e1";

const seed = async (db: Database): Promise<void> => {
  await new KnexStoreRepository(db).create({ id: STORE, name: "Plans", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
  const at = "2030-01-01T00:00:00.000Z";
  await db.knex("categories").insert(
    CATEGORIES.map((c, i) => ({ id: c, store_id: STORE, name: `Category ${i}`, active: true, created_at: at, updated_at: at })),
  );
  await db.knex("subcategories").insert(
    SUBCATEGORIES.map((s, i) => ({ id: s, store_id: STORE, category_id: CATEGORIES[i], name: `Sub ${i}`, active: true, created_at: at, updated_at: at })),
  );
  for (let start = 0; start < PRODUCTS; start += 500) {
    const products = [];
    const variants = [];
    for (let n = start; n < start + 500; n++) {
      const created = new Date(Date.parse(at) + n * 60_000).toISOString();
      const product = productRecord(id(1, n), {
        slug: `product-${n}`,
        categoryId: CATEGORIES[n % 3]!,
        subcategoryId: SUBCATEGORIES[n % 3]!,
        isActive: n % 50 !== 0,
        createdAt: created,
        updatedAt: created,
      });
      products.push(productColumns(STORE, product));
      variants.push(variantColumns(STORE, variantRecord(id(2, n), product.id, `SKU-${n}`), created));
    }
    await db.knex("products").insert(products);
    await db.knex("variants").insert(variants);
    await searchDocumentsOf(db).refresh(STORE, products.map((p) => p.id as string));
  }
  // A small collection in the big store.
  await db.knex("collections").insert({ id: COLLECTION, store_id: STORE, name: "Picks", slug: "picks", type: "manual", is_active: true, show_on_homepage: false, display_priority: 0, created_at: at, updated_at: at });
  await db.knex("collection_items").insert(Array.from({ length: 30 }, (_, k) => ({ collection_id: COLLECTION, product_id: id(1, k * 97 + 1), store_id: STORE, sort_order: k })));
};

interface Sent {
  readonly sql: string;
  readonly bindings: readonly unknown[];
}

/** The selects a piece of work sends. */
const captured = async (db: Database, work: () => Promise<unknown>): Promise<Sent[]> => {
  const sent: Sent[] = [];
  const stop = db.onQuery((sql, bindings) => {
    if (/^\s*select/i.test(sql)) sent.push({ sql, bindings });
  });
  try {
    await work();
  } finally {
    stop();
  }
  assert.ok(sent.length > 0, "the work sent selects");
  return sent;
};

/** The lists the catalog and price routes read, and an id lookup (carts, collection items). */
const LISTS: ReadonlyArray<readonly [string, (products: KnexProductRepository) => Promise<unknown>]> = [
  ["the price list, a deep page", (p) => p.listOffset(STORE, {}, { limit: 50, offset: 2_000 })],
  ["the price list of a category", (p) => p.listOffset(STORE, { categoryId: CATEGORIES[1] }, { limit: 50, offset: 500 })],
  ["the price list of a subcategory", (p) => p.listOffset(STORE, { subcategoryId: SUBCATEGORIES[2] }, { limit: 50, offset: 100 })],
  ["the product list", (p) => p.listPage(STORE, {}, { limit: 50 })],
  ["the product list of a category", (p) => p.listPage(STORE, { categoryId: CATEGORIES[0] }, { limit: 50 })],
  ["the product list of a subcategory", (p) => p.listPage(STORE, { subcategoryId: SUBCATEGORIES[1] }, { limit: 50 })],
  ["products by 100 ids", (p) => p.findManyByIds(STORE, Array.from({ length: 100 }, (_, n) => id(1, n * 7 + 1)))],
  ["the product list of a small collection", (p) => p.listPage(STORE, { collectionId: COLLECTION }, { limit: 50 })],
  ["the price list of a small collection", (p) => p.listOffset(STORE, { collectionId: COLLECTION }, { limit: 10, offset: 10 })],
  // `search=`: a common word's matches are dense (the list is walked, the total counted from the
  // postings), a SKU's number is rare (its products read by key, wherever the page is).
  ["the price list searched for a common word", (p) => p.listOffset(STORE, { search: "sku-" }, { limit: 50, offset: 0 })],
  ["the price list searched for a SKU", (p) => p.listOffset(STORE, { search: "SKU-2999" }, { limit: 50, offset: 0 })],
  ["the price list searched for a word, a deep page", (p) => p.listOffset(STORE, { search: "sku-1" }, { limit: 50, offset: 900 })],
  ["the product list searched for a SKU", (p) => p.listPage(STORE, { search: "ku-123" }, { limit: 50 })],
  ["the product list of a category searched for a common word", (p) => p.listPage(STORE, { categoryId: CATEGORIES[2], search: "sku" }, { limit: 50 })],
];

const SQLITE_SCAN = /^SCAN (p|v|products|variants)\b/;
/** A statement that walks a list in its order (as opposed to reading the rows of known ids, which may sort those few rows). */
const walksList = (sql: string): boolean =>
  /order by [`"]?p[`"]?\.[`"]?(created_at|featured_order)/i.test(sql) &&
  // A collection's list reads its items' products by key and sorts those few rows, as a search
  // with few matches does with its candidates.
  !/collection_items|search_postings/.test(sql);

/**
 * Documents named by id (candidates, seeds of similar products) are read by that key: beside the
 * store's terms, both engines would take the store's index and walk every document of the store
 * (SQLite for product ids; MariaDB, with statistics, for both). Candidates chosen by the postings
 * are joined by key, the chosen ids leading.
 */
const documentsByKey = (sql: string, plan: readonly string[] | readonly { table: string; key: string | null; type?: string }[], what: string): void => {
  const byDoc = /from search_documents d\b[^(]*(\(primary\)\s*)?where d\.doc_id in \(/.test(sql) || /\bsearch_documents d\b.* on d\.doc_id = c\.doc_id/.test(sql);
  const byProduct = /from search_documents d\b[^(]*where .*d\.product_id in \(/.test(sql);
  if (!byDoc && !byProduct) return;
  if (typeof plan[0] === "string") {
    const details = plan as readonly string[];
    const wanted = byDoc ? /^SEARCH d USING INTEGER PRIMARY KEY \(rowid=\?\)/ : /^SEARCH d USING INDEX search_documents_product_unique \(product_id=\?\)/;
    assert.ok(details.some((d) => wanted.test(d)), `documents by key: ${what}`);
  } else {
    const rows = plan as readonly { table: string; key: string | null; type?: string }[];
    const d = rows.find((r) => r.table === "d");
    assert.equal(d?.key, byDoc ? "PRIMARY" : "search_documents_product_unique", `documents by key: ${what}`);
    if (/straight_join/.test(sql)) assert.equal(d?.type, "eq_ref", `documents joined by key: ${what}`);
  }
};

const planSuite = (title: string, open: () => Promise<{ db: Database; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(120_000);
    let db: Database;
    let close: () => Promise<void>;
    let products: KnexProductRepository;
    before(async () => {
      let analyze: () => Promise<void>;
      ({ db, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await seed(db);
      await analyze();
      products = new KnexProductRepository(db);
    });
    after(() => close?.());

    const checkPlans = async (name: string, read: (products: KnexProductRepository) => Promise<unknown>): Promise<void> => {
        for (const { sql, bindings } of await captured(db, () => read(products))) {
          const what = `${name}: ${sql}`;
          if (db.dialect === "sqlite") {
            const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
            for (const { detail } of plan) {
              assert.doesNotMatch(detail, SQLITE_SCAN, `${what}\n${plan.map((p) => p.detail).join("\n")}`);
              if (walksList(sql)) assert.doesNotMatch(detail, /TEMP B-TREE FOR ORDER BY/, what);
            }
            if (/ p\.id in \(|collection_items/.test(sql)) assert.ok(plan.some((p) => /SEARCH p USING INDEX sqlite_autoindex_products_1 \(id=\?\)/.test(p.detail)), `${what}: ids looked up by key\n${plan.map((p) => p.detail).join("\n")}`);
          } else {
            const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null; Extra: string | null }[]];
            for (const row of rows) {
              if (!/^(p|v|products|variants)$/.test(row.table)) continue;
              assert.notEqual(row.type, "ALL", `${what}: a scan of ${row.table}\n${JSON.stringify(rows)}`);
              if (walksList(sql) && row.table === "p") assert.doesNotMatch(row.Extra ?? "", /filesort/, `${what}\n${JSON.stringify(rows)}`);
              if (/ p\.id in \(|collection_items/.test(sql) && row.table === "p") assert.equal(row.key, "PRIMARY", `${what}: ids looked up by key\n${JSON.stringify(rows)}`);
            }
          }
        }
    };

    for (const [name, read] of LISTS) {
      it(`${name}: no table scan, no sort of the store's products`, () => checkPlans(name, read));
    }

    it("a deep price page from the anchor before it (anchors every 300 entries): no table scan, no sort", async () => {
      const versions = catalogVersionsOf(db);
      listAnchorsOf(db).step = 300;
      versions.start(60_000, (error) => assert.fail(String(error)));
      await versions.poll();
      try {
        for (const [name, read] of [
          ["the price list at offset 2,500", (p: KnexProductRepository) => p.listOffset(STORE, {}, { limit: 50, offset: 2_500 })],
          ["a category's price list at offset 700", (p: KnexProductRepository) => p.listOffset(STORE, { categoryId: CATEGORIES[1] }, { limit: 50, offset: 700 })],
        ] as const) {
          await checkPlans(name, read);
          const sent = await captured(db, () => read(products));
          const anchored = sent.filter((s) => /created_at[`"]? < \?/.test(s.sql));
          assert.ok(anchored.length > 0, `${name}: the page starts after an anchor`);
          if (db.dialect === "sqlite") {
            for (const { sql, bindings } of anchored) {
              const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
              assert.ok(plan.some((p) => /created_at<\?/.test(p.detail)), `${name}: the index walk starts at the anchor\n${sql}\n${plan.map((p) => p.detail).join("\n")}`);
            }
          }
        }
      } finally {
        versions.stop();
        listAnchorsOf(db).step = ANCHOR_STEP;
      }
    });

    it("search (text, by meaning, similar products): the full-text match drives, documents and words read by key", async () => {
      searchDocumentsOf(db).useEmbedder(new WordVectorEmbedder());
      const index = new DatabaseSearchIndex(db, new WordVectorEmbedder(), { vocabularyMaxAgeMs: 0 });
      const sent = await captured(db, async () => {
        await index.text(STORE, "product 0001", { limit: 20 });
        await index.text(STORE, "prodct", { limit: 20, categoryId: CATEGORIES[1] });
        await index.semantic(STORE, "product", { limit: 20 });
        await index.similar(STORE, [id(1, 7)], 10);
      });
      assert.ok(sent.some((s) => /search_fts|against/.test(s.sql)), "the engine's index was asked");
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          const details = plan.map((p) => p.detail);
          const what = `${sql}\n${details.join("\n")}`;
          for (const detail of details) assert.doesNotMatch(detail, /^SCAN (d|v|p|search_documents|search_terms|variants|products)\b/, what);
          documentsByKey(sql, details, what);
          if (/search_fts/.test(sql)) {
            assert.match(details[0] ?? "", /^SCAN f VIRTUAL TABLE/, `the match is the outer loop: ${what}`);
            assert.ok(details.some((d) => /SEARCH d USING (INTEGER PRIMARY KEY|COVERING INDEX search_documents_store_idx \(store_id=\? AND searchable=\? AND doc_id=\?)/.test(d)), `documents by key: ${what}`);
          }
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null }[]];
          const what = `${sql}\n${JSON.stringify(rows)}`;
          // A derived table is a statement's own few rows (a word's postings), not a table.
          for (const row of rows) if (!/^<(union|derived)/.test(row.table ?? "<union")) assert.notEqual(row.type, "ALL", `a scan of ${row.table}: ${what}`);
          documentsByKey(sql, rows, what);
          if (/against/.test(sql)) assert.ok(rows.some((r) => r.table === "d" && r.type === "fulltext"), `the FULLTEXT index drives: ${what}`);
        }
      }
    });

    it("search= of a SKU's number reads its few SKU words by key, not every SKU word of the store", async () => {
      const sent = await captured(db, () => products.listOffset(STORE, { search: "SKU-2999" }, { limit: 50, offset: 0 }));
      const skuWords = sent.filter((s) => /from search_terms/.test(s.sql) && /in_sku > 0/.test(s.sql));
      assert.equal(skuWords.length, 1, sent.map((s) => s.sql).join("\n"));
      const { sql, bindings } = skuWords[0]!;
      if (db.dialect === "sqlite") {
        const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
        assert.ok(plan.some((p) => /SEARCH search_terms USING (PRIMARY KEY|INDEX sqlite_autoindex_search_terms_1) \(store_id=\? AND term>\? AND term<\?\)/.test(p.detail)), plan.map((p) => p.detail).join("\n"));
      } else {
        const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ type: string; key: string | null; rows: number | string }[]];
        assert.equal(rows[0]!.type, "range", JSON.stringify(rows));
        assert.equal(rows[0]!.key, "PRIMARY", JSON.stringify(rows));
        assert.ok(Number(rows[0]!.rows) < 100, JSON.stringify(rows));
      }
    });

    it("search of common words (a large catalog's way): each word's bitmaps and postings are read by key (postings in index order), documents by key", async () => {
      searchDocumentsOf(db).useEmbedder(new WordVectorEmbedder());
      const index = new DatabaseSearchIndex(db, new WordVectorEmbedder(), { vocabularyMaxAgeMs: 0, engineMatchesUpTo: 0 });
      const sent = await captured(db, async () => {
        await index.text(STORE, "product 0001", { limit: 20 });
        await index.text(STORE, "prodct", { limit: 20 });
        await index.semantic(STORE, "product", { limit: 20 });
        await index.similar(STORE, [id(1, 7)], 10);
      });
      assert.ok(sent.some((s) => /search_postings/.test(s.sql)), "the postings were read");
      assert.ok(sent.some((s) => /from search_bitmaps/.test(s.sql)), "the bitmaps were read");
      assert.ok(sent.some((s) => /from search_documents d\b[^(]*(\(primary\)\s*)?where d\.doc_id in \(/.test(s.sql)), "the chosen documents were read by key");
      assert.ok(!sent.some((s) => /search_fts|against/.test(s.sql)), "the engine was not asked");
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { id: number; parent: number; detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          const details = plan.map((p) => p.detail);
          const what = `${sql}\n${details.join("\n")}`;
          for (const detail of details) assert.doesNotMatch(detail, /^SCAN (d|v|p|search_documents|search_terms|search_postings|variants|products)\b/, what);
          documentsByKey(sql, details, what);
          if (/from search_bitmaps/.test(sql)) assert.ok(details.some((d) => /SEARCH search_bitmaps USING PRIMARY KEY \(term_key=\?\)/.test(d)), `bitmaps by key: ${what}`);
          if (/search_postings/.test(sql)) {
            assert.ok(details.some((d) => /SEARCH search_postings USING PRIMARY KEY \(term_key=\?\)/.test(d)), `postings by key: ${what}`);
            // Each word's postings in the index's order (only a group's few hundred chosen rows are sorted, above them).
            const postings = plan.filter((p) => /search_postings/.test(p.detail));
            for (const read of postings) {
              const besideIt = plan.filter((p) => p.parent === read.parent && p !== read);
              assert.ok(!besideIt.some((p) => /TEMP B-TREE FOR ORDER BY/.test(p.detail)), `postings read in their order: ${what}`);
            }
          }
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null; Extra: string | null }[]];
          const what = `${sql}\n${JSON.stringify(rows)}`;
          documentsByKey(sql, rows, what);
          for (const row of rows) {
            if (/^<(union|derived)/.test(row.table ?? "<union")) continue;
            assert.notEqual(row.type, "ALL", `a scan of ${row.table}: ${what}`);
            if (row.table === "search_bitmaps") assert.equal(row.key, "PRIMARY", `bitmaps by key: ${what}`);
            if (row.table === "search_postings") {
              assert.equal(row.key, "PRIMARY", `postings by key: ${what}`);
              assert.doesNotMatch(row.Extra ?? "", /filesort/, `postings read in their order: ${what}`);
            }
          }
        }
      }
    });

    it("the price list answers every page in order with the exact total, past the end empty", async () => {
      const first = await products.listOffset(STORE, {}, { limit: 1_000, offset: 0 });
      const active = PRODUCTS - PRODUCTS / 50;
      assert.equal(first.total, active);
      const all = [...first.items];
      for (let offset = 1_000; offset < active; offset += 1_000) all.push(...(await products.listOffset(STORE, {}, { limit: 1_000, offset })).items);
      assert.equal(all.length, active);
      const created = all.map((p) => p.product.createdAt);
      assert.deepEqual(created, [...created].sort().reverse(), "newest first");
      assert.equal(new Set(all.map((p) => p.product.id)).size, active, "no product twice");
      assert.deepEqual(await products.listOffset(STORE, {}, { limit: 10, offset: active }), { items: [], total: active });
    });
  });

planSuite("list query plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-plans-"));
  const db = openDatabase({ dialect: "sqlite", filename: join(dir, "plans.db") });
  return {
    db,
    analyze: async () => undefined,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("list query plans (MariaDB)", (getDb) => {
  planSuite("plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      analyze: async () => void (await db.knex.raw("analyze table products, variants, categories, subcategories, search_documents, search_terms, search_postings")),
      close: () => db.close(),
    };
  });
});
