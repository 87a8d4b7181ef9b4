// The admin returns list (docs/staff.md, "Refunds and returns") walks its index in order on both
// dialects: all of a store's returns by (store_id, created_at, id), one status's by (store_id,
// status, created_at, id). The statements KnexReturnRepository sends for a first page and a deep
// one are EXPLAINed over 3,000 returns of a store beside another store's 1,000: no scan, no sort.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexReturnRepository } from "../../../adapters/persistence/repositories/knex-return-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { RETURN_STATUSES, type ReturnStatus } from "../../../domain/orders/order-return.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000aa";
const OTHER = "01900000-0000-7000-8000-0000000000bb";
const id = (store: number, n: number): string => `01900000-0000-7000-8${store}00-${n.toString(16).padStart(12, "0")}`;

const seed = async (db: Database): Promise<void> => {
  const stores = new KnexStoreRepository(db);
  for (const store of [STORE, OTHER]) await stores.create({ id: store, name: "Plans", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
  const rows: Record<string, unknown>[] = [];
  for (let n = 0; n < 4_000; n++) {
    const store = n % 4 === 3 ? OTHER : STORE;
    const at = new Date(Date.parse("2030-01-01T00:00:00.000Z") + n * 60_000).toISOString();
    rows.push({
      id: id(store === STORE ? 1 : 2, n),
      store_id: store,
      // The order rows are not needed for a plan: foreign keys are off while seeding.
      order_id: id(3, n),
      customer_id: null,
      status: RETURN_STATUSES[n % RETURN_STATUSES.length],
      reason: "Plans",
      lines: "[]",
      staff_note: null,
      refund_id: null,
      livemode: false,
      created_at: at,
      updated_at: at,
    });
  }
  await db.knex.transaction(async (trx) => {
    if (db.dialect === "mysql") await trx.raw("SET FOREIGN_KEY_CHECKS=0");
    for (let start = 0; start < rows.length; start += 500) await trx("returns").insert(rows.slice(start, start + 500));
  });
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

const planSuite = (title: string, open: () => Promise<{ db: Database; prepare: () => Promise<void>; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(120_000);
    let db: Database;
    let close: () => Promise<void>;
    let repository: KnexReturnRepository;
    before(async () => {
      let analyze: () => Promise<void>;
      let prepare: () => Promise<void>;
      ({ db, prepare, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await prepare();
      await seed(db);
      await analyze();
      repository = new KnexReturnRepository(db);
    });
    after(() => close?.());

    const check = async (status: ReturnStatus | undefined, index: string): Promise<void> => {
      const first = await repository.listPage(STORE, { status }, { limit: 50 });
      assert.equal(first.items.length, 50);
      assert.ok(first.items.every((r) => status === undefined || r.status === status));
      let cursor = first.nextCursor!;
      for (let i = 0; i < 5; i++) cursor = (await repository.listPage(STORE, { status }, { limit: 50, cursor })).nextCursor!;
      const sent = [
        ...(await captured(db, () => repository.listPage(STORE, { status }, { limit: 50 }))),
        ...(await captured(db, () => repository.listPage(STORE, { status }, { limit: 50, cursor }))),
      ];
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          const details = plan.map((p) => p.detail).join("\n");
          assert.match(details, new RegExp(`SEARCH returns USING INDEX ${index} \\(store_id=\\?`), `${sql}\n${details}`);
          assert.doesNotMatch(details, /SCAN returns|TEMP B-TREE/, `${sql}\n${details}`);
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ type: string; key: string | null; Extra: string | null }[]];
          const what = `${sql}\n${JSON.stringify(rows)}`;
          assert.equal(rows[0]!.key, index, what);
          assert.notEqual(rows[0]!.type, "ALL", what);
          assert.doesNotMatch(rows[0]!.Extra ?? "", /filesort/, what);
        }
      }
    };

    it("all returns, first and deep page: returns_store_id_created_at_id_index in order", () => check(undefined, "returns_store_id_created_at_id_index"));
    it("one status, first and deep page: returns_store_id_status_created_at_id_index in order", () => check("approved", "returns_store_id_status_created_at_id_index"));
  });

planSuite("return list query plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-return-plans-"));
  const db = openDatabase({ dialect: "sqlite", filename: join(dir, "plans.db") });
  return {
    db,
    prepare: async () => void (await db.knex.raw("PRAGMA foreign_keys = OFF")),
    analyze: async () => undefined,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("return list query plans (MariaDB)", (getDb) => {
  planSuite("plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      prepare: async () => undefined,
      analyze: async () => void (await db.knex.raw("analyze table returns")),
      close: () => db.close(),
    };
  });
});
