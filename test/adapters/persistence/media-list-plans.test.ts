// The admin media list walks the (store_id, created_at, id) index in its order, on both dialects:
// the statements KnexMediaRepository really sends for a first page and a later one are EXPLAINed
// over a store of 3,000 images beside another store's 1,000, and none may scan the table or sort.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexMediaRepository, mediaColumns } from "../../../adapters/persistence/repositories/knex-media-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import type { Media } from "../../../domain/media/media.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000aa";
const OTHER = "01900000-0000-7000-8000-0000000000bb";
const id = (store: number, n: number): string => `01900000-0000-7000-8${store}00-${n.toString(16).padStart(12, "0")}`;

const media = (storeId: string, mediaId: string, createdAt: string): Media => ({
  id: mediaId,
  storeId,
  contentType: "image/png",
  width: 100,
  height: 100,
  bytes: 1000,
  fileName: null,
  variants: [{ name: "200", contentType: "image/webp", width: 100, height: 100, bytes: 100, key: `${storeId}/${mediaId}/200.webp`, etag: "0".repeat(32) }],
  createdBy: { type: "api_key", id: null, label: "key" },
  createdAt,
});

const seed = async (db: Database): Promise<void> => {
  const repository = new KnexStoreRepository(db);
  for (const store of [STORE, OTHER]) await repository.create({ id: store, name: "Plans", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
  const rows = [];
  for (let n = 0; n < 4_000; n++) {
    const store = n % 4 === 3 ? OTHER : STORE;
    rows.push(mediaColumns(media(store, id(store === STORE ? 1 : 2, n), new Date(Date.parse("2030-01-01T00:00:00.000Z") + n * 60_000).toISOString())));
  }
  for (let start = 0; start < rows.length; start += 500) await db.knex("media").insert(rows.slice(start, start + 500));
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

const planSuite = (title: string, open: () => Promise<{ db: Database; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(120_000);
    let db: Database;
    let close: () => Promise<void>;
    let repository: KnexMediaRepository;
    before(async () => {
      let analyze: () => Promise<void>;
      ({ db, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await seed(db);
      await analyze();
      repository = new KnexMediaRepository(db);
    });
    after(() => close?.());

    it("the first page and a deep page walk media_store_created_idx in order: no scan, no sort", async () => {
      const first = await repository.listPage(STORE, { limit: 50 });
      assert.equal(first.items.length, 50);
      assert.ok(first.items.every((m) => m.storeId === STORE));
      let cursor = first.nextCursor!;
      for (let i = 0; i < 20; i++) cursor = (await repository.listPage(STORE, { limit: 50, cursor })).nextCursor!;
      const sent = [
        ...(await captured(db, () => repository.listPage(STORE, { limit: 50 }))),
        ...(await captured(db, () => repository.listPage(STORE, { limit: 50, cursor }))),
      ];
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          const details = plan.map((p) => p.detail).join("\n");
          assert.match(details, /SEARCH media USING INDEX media_store_created_idx \(store_id=\?/, `${sql}\n${details}`);
          assert.doesNotMatch(details, /SCAN media|TEMP B-TREE/, `${sql}\n${details}`);
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null; Extra: string | null }[]];
          const what = `${sql}\n${JSON.stringify(rows)}`;
          assert.equal(rows[0]!.key, "media_store_created_idx", what);
          assert.notEqual(rows[0]!.type, "ALL", what);
          assert.doesNotMatch(rows[0]!.Extra ?? "", /filesort/, what);
        }
      }
    });

    it("a read by id is by primary key", async () => {
      const sent = await captured(db, () => repository.find(STORE, id(1, 5)));
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          assert.match(plan.map((p) => p.detail).join("\n"), /SEARCH media USING INDEX sqlite_autoindex_media_1 \(id=\?\)/);
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ key: string | null }[]];
          assert.equal(rows[0]!.key, "PRIMARY");
        }
      }
    });
  });

planSuite("media list query plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-media-plans-"));
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

describeMysql("media list query plans (MariaDB)", (getDb) => {
  planSuite("plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      analyze: async () => void (await db.knex.raw("analyze table media")),
      close: () => db.close(),
    };
  });
});
