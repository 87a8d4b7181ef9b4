// Search: each product's vector per embedding model (with the hash of the text it was made
// from, so a changed product is re-embedded), and indexes that let every process find what
// changed in a store's catalog since a moment cheaply.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0012-search";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("product_embeddings", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("model", 100).notNullable();
    t.integer("dimensions").notNullable();
    /** float32 little-endian, base64: the same text on both dialects. */
    t.text("vector").notNullable();
    t.string("content_hash", 64).notNullable();
    timestamp(t, "updated_at").notNullable();
    t.primary(["store_id", "model", "product_id"]);
    t.index(["product_id"]);
  });
  await knex.schema.alterTable("products", (t) => {
    t.index(["store_id", "updated_at"], "products_store_updated_idx");
  });
  await knex.schema.alterTable("variants", (t) => {
    t.index(["store_id", "updated_at"], "variants_store_updated_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("variants", (t) => t.dropIndex(["store_id", "updated_at"], "variants_store_updated_idx"));
  await knex.schema.alterTable("products", (t) => t.dropIndex(["store_id", "updated_at"], "products_store_updated_idx"));
  await knex.schema.dropTableIfExists("product_embeddings");
}
