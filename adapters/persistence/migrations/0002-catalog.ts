// The catalog: categories, subcategories, products with their variants, and collections.
// Every row carries its store; unique keys (slug, SKU) are unique per store.
import type { Knex } from "knex";
import { date, timestamp } from "../column-types.js";

export const name = "0002-catalog";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("categories", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.text("description").nullable();
    t.string("image", 2048).nullable();
    t.boolean("active").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "active", "name", "id"]);
  });

  await knex.schema.createTable("subcategories", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("category_id", 36).notNullable().references("id").inTable("categories").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.text("description").nullable();
    t.string("image", 2048).nullable();
    t.boolean("active").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "active", "name", "id"]);
    t.index(["category_id"]);
  });

  await knex.schema.createTable("products", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.text("description").nullable();
    t.string("category_id", 36).nullable().references("id").inTable("categories").onDelete("SET NULL");
    t.string("subcategory_id", 36).nullable().references("id").inTable("subcategories").onDelete("SET NULL");
    t.string("brand", 200).nullable();
    t.string("thumbnail_url", 2048).nullable();
    t.text("media").notNullable();
    t.string("slug", 200).notNullable();
    t.string("seo_title", 300).nullable();
    t.text("seo_description").nullable();
    t.string("seo_keywords", 500).nullable();
    t.boolean("featured").notNullable();
    t.integer("featured_order").notNullable();
    t.text("tags").nullable();
    t.text("attributes").notNullable();
    t.text("shipping_info").notNullable();
    t.boolean("is_active").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "slug"]);
    t.index(["store_id", "is_active", "created_at", "id"]);
    t.index(["store_id", "category_id"]);
    t.index(["store_id", "subcategory_id"]);
    t.index(["store_id", "featured", "featured_order"]);
  });

  await knex.schema.createTable("variants", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("sku", 100).notNullable();
    t.bigInteger("price").notNullable();
    t.bigInteger("sale_price").nullable();
    t.integer("stock").notNullable();
    t.integer("threshold").nullable();
    date(t, "last_restocked").nullable();
    t.string("variant_name", 200).notNullable();
    t.text("variant_attributes").notNullable();
    t.boolean("is_default").notNullable();
    t.integer("position").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "sku"]);
    t.index(["product_id", "position"]);
  });

  await knex.schema.createTable("collections", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("slug", 200).notNullable();
    t.string("type", 50).notNullable();
    t.text("description").nullable();
    t.boolean("is_active").notNullable();
    t.boolean("show_on_homepage").notNullable();
    t.integer("display_priority").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "slug"]);
    t.index(["store_id", "display_priority", "id"]);
  });

  await knex.schema.createTable("collection_items", (t) => {
    t.string("collection_id", 36).notNullable().references("id").inTable("collections").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("sort_order").notNullable();
    t.primary(["collection_id", "product_id"]);
    t.index(["collection_id", "sort_order"]);
    t.index(["product_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["collection_items", "collections", "variants", "products", "subcategories", "categories"]) {
    await knex.schema.dropTableIfExists(table);
  }
}
