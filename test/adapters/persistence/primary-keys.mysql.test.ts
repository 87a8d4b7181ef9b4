// Every table has a primary key after the migrations: Galera replicates rows by key, and a table
// without one cannot take deletes and updates on a cluster (docs/scaling.md, "Galera cluster");
// and no unique key has a nullable column, which Galera would make one key shared by many rows.
// Also: the migrations run once when several processes start them together.
import assert from "node:assert/strict";
import knexFactory from "knex";
import { migrateToLatest, migrationsCurrent } from "../../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "../../support/mysql-database.js";
import { tablesWithoutPrimaryKey, uniqueKeysWithNullableColumns } from "../../support/primary-keys.js";

describeMysql("schema on MySQL/MariaDB", (getDb) => {
  it("gives every table a primary key, as Galera needs", async () => {
    const knex = knexFactory({ client: "mysql2", connection: getDb().url, pool: { min: 0, max: 2 } });
    try {
      await migrateToLatest(knex);
      const [tables] = (await knex.raw("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = ?", [getDb().name])) as [{ n: number }[]];
      assert.ok(Number(tables[0]!.n) >= 40, `tables after the migrations: ${tables[0]!.n}`);
      assert.deepEqual(await tablesWithoutPrimaryKey(knex, getDb().name), []);
      // Galera would make (store_id, NULL) one key shared by every row with the NULL (migration 0023).
      assert.deepEqual(await uniqueKeysWithNullableColumns(knex, getDb().name), []);
    } finally {
      await knex.destroy();
    }
  });

  it("runs the migrations once when four processes start them at the same moment", async () => {
    const url = getDb().url;
    const knexes = Array.from({ length: 4 }, (_, i) => knexFactory({ client: "mysql2", connection: url, pool: { min: 0, max: i === 0 ? 1 : 2 } }));
    try {
      await knexes[0]!.raw("DROP TABLE IF EXISTS knex_migrations, knex_migrations_lock, storefront_migration_lock");
      // A fresh database: drop what the previous test made.
      const [rows] = (await knexes[0]!.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?", [getDb().name])) as [{ name: string }[]];
      await knexes[0]!.raw("SET FOREIGN_KEY_CHECKS = 0");
      for (const { name } of rows) await knexes[0]!.raw("DROP TABLE ??", [name]);
      await knexes[0]!.destroy();
      knexes[0] = knexFactory({ client: "mysql2", connection: url, pool: { min: 0, max: 2 } });
      const results = await Promise.allSettled(knexes.map((knex) => migrateToLatest(knex)));
      assert.deepEqual(
        results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok")),
        ["ok", "ok", "ok", "ok"],
      );
      assert.ok(await migrationsCurrent(knexes[1]!));
      const [batches] = (await knexes[1]!.raw("SELECT batch, count(*) AS n FROM knex_migrations GROUP BY batch")) as [{ batch: number; n: number }[]];
      assert.equal(batches.length, 1, `one batch: ${JSON.stringify(batches)}`);
      const [locks] = (await knexes[1]!.raw("SELECT count(*) AS n FROM storefront_migration_lock")) as [{ n: number }[]];
      assert.equal(Number(locks[0]!.n), 0, "the lock is released");
    } finally {
      await Promise.all(knexes.map((knex) => knex.destroy()));
    }
  });
}, { schema: "empty" });
