// Per-store catalog versions: every write that changes what a catalog or price answer shows
// adds one to a row here in its own transaction, so every server process can tell, with one
// small query a second, that its cached answers of that store are out of date.
import type { Knex } from "knex";

export const name = "0013-catalog-versions";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("catalog_versions", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    /** One of a few rows per store, picked at random per write, so concurrent writers rarely wait on one row lock. */
    t.integer("shard").notNullable();
    t.bigInteger("version").notNullable().defaultTo(0);
    t.primary(["store_id", "shard"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("catalog_versions");
}
