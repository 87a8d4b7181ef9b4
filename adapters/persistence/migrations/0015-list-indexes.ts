// Indexes that let every filtered product and price list walk an index in its order (newest
// first) instead of sorting a category's or subcategory's products on each request; the EXPLAIN
// tests (test/adapters/persistence/list-plans.test.ts) keep them in use.
import type { Knex } from "knex";

export const name = "0015-list-indexes";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("products", (t) => {
    t.index(["store_id", "is_active", "category_id", "created_at", "id"], "products_list_category_idx");
    t.index(["store_id", "is_active", "subcategory_id", "created_at", "id"], "products_list_subcategory_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("products", (t) => {
    t.dropIndex(["store_id", "is_active", "subcategory_id", "created_at", "id"], "products_list_subcategory_idx");
    t.dropIndex(["store_id", "is_active", "category_id", "created_at", "id"], "products_list_category_idx");
  });
}
