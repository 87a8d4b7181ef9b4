// Migration 0039 (docs/invoices.md, "Numbers") on a database that already has a store, on both
// dialects: the store gets its four document counters at 0, and the tables take invoices and
// credit notes; undone, the tables go and the rest stays.
import "reflect-metadata";
import assert from "node:assert/strict";
import { describeMigration, migrateBefore, migrationSource } from "../../support/migration-steps.js";

const SHOP = "01900000-0000-7000-8000-0000000039a1";
const AT = "2030-01-01T00:00:00.000Z";

describeMigration("0039", (database) => {
  it("gives an existing store its four counters at 0; undone, its tables go", async () => {
    const db = database();
    const knex = db.knex;
    await migrateBefore(knex, "0039-invoices");
    await knex("stores").insert({ id: SHOP, name: "Old shop", base_currency: "KES", hmac_secret: "x".repeat(48), created_at: AT, updated_at: AT });
    await knex.migrate.up({ migrationSource });
    const counters: { series: string; last_number: number | string }[] = await knex("document_sequences").where({ store_id: SHOP }).orderBy("series");
    assert.deepEqual(
      counters.map((c) => [c.series, Number(c.last_number)]),
      [
        ["credit_note", 0],
        ["credit_note_test", 0],
        ["invoice", 0],
        ["invoice_test", 0],
      ],
    );
    assert.ok(await knex.schema.hasTable("invoices"));
    assert.ok(await knex.schema.hasTable("credit_notes"));
    await knex.migrate.down({ migrationSource });
    for (const table of ["invoices", "credit_notes", "document_sequences"]) assert.equal(await knex.schema.hasTable(table), false, table);
    assert.equal((await knex("stores").where({ id: SHOP })).length, 1);
  });
});
