// The seller's tax registration number on its invoices and credit notes (docs/invoices.md, "What an
// invoice holds"): set with PATCH /v1/store beside the store's address, which the `address` column
// already held. Stores made before it have none, and their documents say so (null), as before.
import type { Knex } from "knex";

export const name = "0041-store-tax-number";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.string("tax_number", 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.dropColumn("tax_number");
  });
}
