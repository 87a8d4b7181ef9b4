// Content: blog posts with their linked products and lookbooks, lookbooks with images and
// product hotspots, and the posts' view counter, spread over 16 shard rows per post so that
// concurrent readers update different rows instead of queueing on one.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0011-content";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("posts", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable();
    t.text("excerpt").nullable();
    t.text("content", "mediumtext").notNullable();
    t.string("featured_image", 2048).nullable();
    t.string("category_id", 36).nullable().references("id").inTable("categories").onDelete("SET NULL");
    t.string("author_name", 200).nullable();
    t.string("author_avatar", 2048).nullable();
    t.string("status", 16).notNullable();
    timestamp(t, "published_at").nullable();
    t.string("seo_title", 300).nullable();
    t.text("seo_description").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "slug"]);
    t.index(["store_id", "status", "published_at", "id"]);
    t.index(["category_id"]);
  });

  await knex.schema.createTable("lookbooks", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable();
    t.text("description").nullable();
    t.string("featured_image", 2048).nullable();
    t.string("collection_id", 36).nullable().references("id").inTable("collections").onDelete("SET NULL");
    timestamp(t, "published_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "slug"]);
    t.index(["store_id", "published_at", "id"]);
    t.index(["collection_id"]);
  });

  // Links cascade from both sides: deleting a product or a lookbook takes it out of the posts
  // (a blog mention never keeps a product from being erased).
  await knex.schema.createTable("post_products", (t) => {
    t.string("post_id", 36).notNullable().references("id").inTable("posts").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("sort_order").notNullable();
    t.primary(["post_id", "product_id"]);
    t.index(["product_id"]);
  });

  await knex.schema.createTable("post_lookbooks", (t) => {
    t.string("post_id", 36).notNullable().references("id").inTable("posts").onDelete("CASCADE");
    t.string("lookbook_id", 36).notNullable().references("id").inTable("lookbooks").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("sort_order").notNullable();
    t.primary(["post_id", "lookbook_id"]);
    t.index(["lookbook_id"]);
  });

  await knex.schema.createTable("lookbook_images", (t) => {
    t.string("id", 36).primary();
    t.string("lookbook_id", 36).notNullable().references("id").inTable("lookbooks").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("url", 2048).notNullable();
    t.string("alt_text", 300).nullable();
    t.text("caption").nullable();
    t.integer("position").notNullable();
    t.index(["lookbook_id", "position"]);
  });

  await knex.schema.createTable("lookbook_hotspots", (t) => {
    t.string("image_id", 36).notNullable().references("id").inTable("lookbook_images").onDelete("CASCADE");
    // Not a foreign key: the image's cascade already removes the hotspots of a deleted lookbook.
    t.string("lookbook_id", 36).notNullable();
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.integer("position").notNullable();
    t.integer("x").notNullable();
    t.integer("y").notNullable();
    t.primary(["image_id", "position"]);
    t.index(["lookbook_id"]);
    t.index(["product_id"]);
  });

  await knex.schema.createTable("post_view_counts", (t) => {
    t.string("post_id", 36).notNullable().references("id").inTable("posts").onDelete("CASCADE");
    t.integer("shard").notNullable();
    t.bigInteger("views").notNullable();
    t.primary(["post_id", "shard"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["post_view_counts", "lookbook_hotspots", "lookbook_images", "post_lookbooks", "post_products", "lookbooks", "posts"]) {
    await knex.schema.dropTableIfExists(table);
  }
}
