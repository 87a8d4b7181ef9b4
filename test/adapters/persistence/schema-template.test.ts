// The schema the tests copy from a template (test/support/schema-template.ts) is the schema the
// migrations build: every table's SHOW CREATE TABLE and the migrations' bookkeeping are the same
// in a database the migrations ran in and in one given the copy. docs/decisions/operations.md
// operations-21.
import assert from "node:assert/strict";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest, migrationsCurrent } from "../../../adapters/persistence/migrations/migration-source.js";
import { createThrowawayDatabase, describeMysql, type ThrowawayDatabase } from "../../support/mysql-database.js";

const schemaOf = async (db: ThrowawayDatabase): Promise<Map<string, string>> => {
  const database = openDatabase({ dialect: "mysql", url: db.url, poolMin: 0, poolMax: 1, acquireTimeoutMs: 10_000 });
  try {
    const [tables] = (await database.knex.raw("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name", [db.name])) as [Array<{ t: string }>];
    const schema = new Map<string, string>();
    for (const { t } of tables) {
      const [created] = (await database.knex.raw("SHOW CREATE TABLE ??", [t])) as [Array<Record<string, string>>];
      // The next AUTO_INCREMENT value is data, not schema.
      schema.set(t, created[0]!["Create Table"]!.replace(/ AUTO_INCREMENT=\d+/, ""));
    }
    const [done] = (await database.knex.raw("SELECT name FROM knex_migrations ORDER BY id")) as [Array<{ name: string }>];
    schema.set("(migrations run)", done.map((row) => row.name).join(","));
    assert.ok(await migrationsCurrent(database.knex));
    return schema;
  } finally {
    await database.close();
  }
};

describeMysql("the tests' schema template", (getDb) => {
  it("gives a test database exactly the tables, keys and bookkeeping the migrations give", async function () {
    this.timeout(60_000);
    const migrated = getDb();
    const database = openDatabase({ dialect: "mysql", url: migrated.url, poolMin: 0, poolMax: 1, acquireTimeoutMs: 10_000 });
    try {
      await migrateToLatest(database.knex);
    } finally {
      await database.close();
    }
    const copied = await createThrowawayDatabase("schema copy");
    try {
      const expected = await schemaOf(migrated);
      const actual = await schemaOf(copied);
      assert.ok(expected.size > 40, `tables: ${expected.size}`);
      assert.deepEqual([...actual.keys()], [...expected.keys()]);
      for (const [table, ddl] of expected) assert.equal(actual.get(table), ddl, table);
    } finally {
      await copied.drop();
    }
  });
}, { schema: "empty" });
