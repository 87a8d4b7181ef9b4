// Versions of parts of a store's catalog (issue 21, "Invalidate less"): a write that changes only
// some products' records (stock taken at checkout, a variant's price) adds one to the rows of
// those products' buckets, not to the store's `catalog_versions`, so every process drops only the
// cached answers that show those products. One more row per store counts changes to what text
// search matches (a SKU, a variant's name): lists filtered by `search` and searches depend on it.
import type { Knex } from "knex";

export const name = "0024-catalog-item-versions";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("catalog_item_versions", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    /** The bucket of the products it counts (catalog-versions.ts `bucketOf`), or the search row. */
    t.integer("bucket").notNullable();
    t.bigInteger("version").notNullable().defaultTo(0);
    t.primary(["store_id", "bucket"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("catalog_item_versions");
}
