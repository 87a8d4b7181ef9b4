// The dashboard's and the stock ledger's reads walk their indexes, on both dialects (docs/staff.md,
// "Dashboard", "Stock ledger"): the statements KnexSalesFigures and KnexStockLedger really send are
// EXPLAINed over a store with 30 days of quarter-hour counters in every shard, 2,000 product rows,
// 3,000 variants and 1,000 ledger entries, beside another store's; none may scan a table, and the
// ledger page and the low-stock list may not sort.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { productColumns, variantColumns } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexSalesFigures, SHARDS } from "../../../adapters/persistence/repositories/knex-sales-figures.js";
import { KnexStockLedger } from "../../../adapters/persistence/repositories/knex-stock-ledger.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { bucketOf } from "../../../domain/sales/sales-calendar.js";
import { describeMysql } from "../../support/mysql-database.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";

const STORE = "01900000-0000-7000-8000-0000000000aa";
const OTHER = "01900000-0000-7000-8000-0000000000bb";
const id = (kind: number, n: number): string => `01900000-0000-7000-8${kind}00-${n.toString(16).padStart(12, "0")}`;
const NOW = Date.parse("2030-03-01T00:00:00.000Z");
const RANGE = { fromBucket: bucketOf(NOW - 30 * 86_400_000), toBucket: bucketOf(NOW) };

const insert = async (db: Database, table: string, rows: readonly Record<string, unknown>[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += 200) await db.knex(table).insert(rows.slice(start, start + 200));
};

const seed = async (db: Database): Promise<void> => {
  const stores = new KnexStoreRepository(db);
  for (const store of [STORE, OTHER]) await stores.create({ id: store, name: "Plans", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
  const products = [];
  const variants = [];
  for (let n = 0; n < 1_000; n++) {
    const store = n % 4 === 3 ? OTHER : STORE;
    const productId = id(1, n);
    products.push(productColumns(store, productRecord(productId, { slug: `p-${n}` })));
    for (let k = 0; k < 3; k++) variants.push(variantColumns(store, variantRecord(id(2, n * 3 + k), productId, `SKU-${n}-${k}`, { stock: (n * 7 + k) % 300 }), "2030-01-01T00:00:00.000Z"));
  }
  await insert(db, "products", products);
  await insert(db, "variants", variants);
  const sales = [];
  const productSales = [];
  for (let bucket = RANGE.fromBucket - 200; bucket < RANGE.toBucket + 10; bucket++) {
    for (let shard = 0; shard < SHARDS; shard++) sales.push({ store_id: bucket % 5 === 0 ? OTHER : STORE, bucket, currency: "KES", livemode: false, shard, orders: 1, paid_orders: 1, revenue: 100, refunds: 0, refunded: 0 });
    if (bucket % 2 === 0) productSales.push({ store_id: STORE, bucket, currency: "KES", livemode: false, product_id: id(1, bucket % 1_000), units: 1, revenue: 100 });
  }
  await insert(db, "sales_quarter_hours", sales);
  await insert(db, "product_sales_quarter_hours", productSales);
  const ledger = [];
  for (let n = 0; n < 1_000; n++) {
    ledger.push({
      id: id(3, n),
      store_id: n % 4 === 3 ? OTHER : STORE,
      variant_id: id(2, n % 7),
      product_id: id(1, 0),
      sku: "SKU",
      delta: 1,
      stock_before: n,
      stock_after: n + 1,
      reason: "received",
      note: null,
      actor_type: "api_key",
      actor_id: null,
      actor_label: "key",
      order_id: null,
      request_id: null,
      created_at: new Date(NOW - n * 60_000).toISOString(),
    });
  }
  await insert(db, "stock_ledger", ledger);
};

const captured = async (db: Database, work: () => Promise<unknown>): Promise<{ sql: string; bindings: readonly unknown[] }[]> => {
  const sent: { sql: string; bindings: readonly unknown[] }[] = [];
  const stop = db.onQuery((sql, bindings) => {
    if (/^\s*select/i.test(sql)) sent.push({ sql, bindings });
  });
  try {
    await work();
  } finally {
    stop();
  }
  assert.ok(sent.length > 0);
  return sent;
};

interface MysqlPlanRow {
  table: string;
  type: string;
  key: string | null;
  Extra: string | null;
}

const planSuite = (title: string, open: () => Promise<{ db: Database; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(120_000);
    let db: Database;
    let close: () => Promise<void>;
    let figures: KnexSalesFigures;
    let ledger: KnexStockLedger;
    before(async () => {
      let analyze: () => Promise<void>;
      ({ db, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await seed(db);
      await analyze();
      figures = new KnexSalesFigures(db);
      ledger = new KnexStockLedger(db);
    });
    after(() => close?.());

    const sqlitePlan = async (sql: string, bindings: readonly unknown[]): Promise<string> =>
      ((await db.knex.raw(`explain query plan ${sql}`, bindings as never[])) as { detail: string }[]).map((p) => p.detail).join("\n");
    const mysqlPlan = async (sql: string, bindings: readonly unknown[]): Promise<MysqlPlanRow[]> =>
      ((await db.knex.raw(`explain ${sql}`, bindings as never[])) as [MysqlPlanRow[]])[0];

    it("the quarter-hour counters are read by primary key range", async () => {
      const buckets = await figures.buckets(STORE, RANGE, { currency: "KES" });
      assert.ok(buckets.length > 2_000);
      assert.ok(buckets.every((b) => b.bucket >= RANGE.fromBucket && b.bucket < RANGE.toBucket && b.orders === SHARDS));
      for (const { sql, bindings } of await captured(db, () => figures.buckets(STORE, RANGE, { currency: "KES" }))) {
        if (db.dialect === "sqlite") {
          const plan = await sqlitePlan(sql, bindings);
          assert.match(plan, /SEARCH sales_quarter_hours USING INDEX sqlite_autoindex_sales_quarter_hours_1 \(store_id=\? AND bucket>\? AND bucket<\?\)/, `${sql}\n${plan}`);
          assert.doesNotMatch(plan, /SCAN sales_quarter_hours/, plan);
        } else {
          const rows = await mysqlPlan(sql, bindings);
          assert.equal(rows[0]!.key, "PRIMARY", JSON.stringify(rows));
          assert.equal(rows[0]!.type, "range", JSON.stringify(rows));
        }
      }
    });

    it("top products read the product counters by primary key range, and names by id", async () => {
      const top = await figures.topProducts(STORE, RANGE, { currency: "KES" }, "units", 10);
      assert.equal(top.length, 10);
      // Another range than the one just read: the top lists of a range are kept a minute
      // (docs/architecture.md, "Caches and per-process copies").
      const other = { fromBucket: RANGE.fromBucket + 1, toBucket: RANGE.toBucket };
      const sent = await captured(db, () => figures.topProducts(STORE, other, { currency: "KES" }, "revenue", 10));
      assert.ok(sent.some(({ sql }) => /product_sales_quarter_hours/.test(sql)));
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan = await sqlitePlan(sql, bindings);
          assert.match(plan, /SEARCH (product_sales_quarter_hours USING INDEX sqlite_autoindex_product_sales_quarter_hours_1 \(store_id=\? AND bucket>\? AND bucket<\?\)|products USING INDEX sqlite_autoindex_products_1 \(id=\?\))/, `${sql}\n${plan}`);
          assert.doesNotMatch(plan, /SCAN (product_sales_quarter_hours|products)/, plan);
        } else {
          const rows = await mysqlPlan(sql, bindings);
          assert.equal(rows[0]!.key, "PRIMARY", JSON.stringify(rows));
          assert.equal(rows[0]!.type, "range", JSON.stringify(rows));
        }
      }
    });

    it("low stock walks variants_store_stock_idx in its order: no scan, no sort", async () => {
      const low = await figures.lowStock(STORE, 5, 20);
      assert.ok(low.items.length > 0 && low.items.every((v) => v.stock <= 5));
      for (const { sql, bindings } of await captured(db, () => figures.lowStock(STORE, 5, 20))) {
        if (db.dialect === "sqlite") {
          const plan = await sqlitePlan(sql, bindings);
          assert.match(plan, /SEARCH v USING INDEX variants_store_stock_idx \(store_id=\? AND stock<\?\)/, `${sql}\n${plan}`);
          assert.doesNotMatch(plan, /SCAN|TEMP B-TREE/, plan);
        } else {
          const rows = await mysqlPlan(sql, bindings);
          assert.equal(rows[0]!.key, "variants_store_stock_idx", JSON.stringify(rows));
          assert.doesNotMatch(rows[0]!.Extra ?? "", /filesort/, JSON.stringify(rows));
        }
      }
    });

    it("a variant's ledger pages walk stock_ledger_variant_idx newest first: no scan, no sort", async () => {
      const first = await ledger.page(STORE, id(2, 0), { limit: 20 });
      assert.equal(first.items.length, 20);
      const sent = [
        ...(await captured(db, () => ledger.page(STORE, id(2, 0), { limit: 20 }))),
        ...(await captured(db, () => ledger.page(STORE, id(2, 0), { limit: 20, cursor: first.nextCursor! }))),
      ];
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan = await sqlitePlan(sql, bindings);
          assert.match(plan, /SEARCH stock_ledger USING INDEX stock_ledger_variant_idx \(store_id=\? AND variant_id=\?/, `${sql}\n${plan}`);
          assert.doesNotMatch(plan, /SCAN|TEMP B-TREE/, plan);
        } else {
          const rows = await mysqlPlan(sql, bindings);
          assert.equal(rows[0]!.key, "stock_ledger_variant_idx", JSON.stringify(rows));
          assert.doesNotMatch(rows[0]!.Extra ?? "", /filesort/, JSON.stringify(rows));
        }
      }
    });
  });

planSuite("dashboard and stock ledger query plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-dashboard-plans-"));
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

describeMysql("dashboard and stock ledger query plans (MariaDB)", (getDb) => {
  planSuite("plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      analyze: async () => void (await db.knex.raw("analyze table sales_quarter_hours, product_sales_quarter_hours, variants, stock_ledger")),
      close: () => db.close(),
    };
  });
});
