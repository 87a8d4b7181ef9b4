// Test support for the tests of one migration on rows an older schema already holds: the
// project's migrations, running them up to (not including) the one under test, and the suite on
// both databases.
import type { Knex } from "knex";
import { openDatabase } from "../../adapters/persistence/connection.js";
import type { Database } from "../../adapters/persistence/database.js";
import { StorefrontMigrationSource } from "../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "./mysql-database.js";

/** The project's migrations, as knex's `migrationSource`. */
export const migrationSource = new StorefrontMigrationSource();

/** Runs the migrations before `name` (e.g. "0039-invoices"), one at a time. */
export const migrateBefore = async (knex: Knex, name: string): Promise<void> => {
  for (;;) {
    const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], { name?: string }[]];
    const next = pending[0] as unknown as { name: string } | undefined;
    if (next === undefined || next.name === name) return;
    await knex.migrate.up({ migrationSource });
  }
};

/**
 * One migration's tests on rows an older schema holds, on SQLite and on MariaDB (a throwaway
 * database with no schema; skipped as describeMysql says): `define` adds the `it`s, and reads the
 * suite's open database through `database()`.
 */
export const describeMigration = (migration: string, define: (database: () => Database) => void): void => {
  const suite = (title: string, open: () => Promise<Database>): void =>
    void describe(title, function () {
      this.timeout(120_000);
      let db: Database | undefined;
      before(async () => {
        db = await open();
      });
      after(() => db?.close());
      define(() => {
        if (db === undefined) throw new Error("the suite's database is not open");
        return db;
      });
    });
  suite(`migration ${migration} on existing rows (SQLite)`, async () => openDatabase({ dialect: "sqlite", filename: ":memory:" }));
  describeMysql(
    `migration ${migration} on existing rows (MariaDB)`,
    (getDb) => suite("on MariaDB", async () => openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 2, acquireTimeoutMs: 5_000 })),
    { schema: "empty" },
  );
};
