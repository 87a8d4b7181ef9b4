// Customers and what hangs off them: sign-in sessions with their hashed tokens, one-time
// codes, wishlists, and message threads with their messages. Every row carries its store.
import type { Knex } from "knex";
import { date, timestamp } from "../column-types.js";

export const name = "0003-customers";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("customers", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("email", 254).notNullable();
    t.string("name", 200).notNullable();
    t.string("phone", 40).nullable();
    t.string("address", 500).nullable();
    t.string("status", 16).notNullable().defaultTo("active");
    t.string("password_hash", 255).nullable();
    t.boolean("email_confirmed").notNullable().defaultTo(false);
    date(t, "join_date").notNullable();
    // Purchase history: pricing reads it for segment and tier; checkout adds to it.
    t.integer("total_purchases").notNullable().defaultTo(0);
    t.bigInteger("total_spent").notNullable().defaultTo(0);
    timestamp(t, "first_purchase_at").nullable();
    timestamp(t, "last_purchase_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "email"]);
    t.index(["store_id", "created_at", "id"]);
  });

  // One row per sign-in: the family of every access and refresh token issued from it.
  await knex.schema.createTable("customer_sessions", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("customer_id", 36).notNullable().references("id").inTable("customers").onDelete("CASCADE");
    timestamp(t, "created_at").notNullable();
    timestamp(t, "revoked_at").nullable();
    t.string("revoke_reason", 32).nullable();
    t.index(["customer_id"]);
  });

  await knex.schema.createTable("customer_tokens", (t) => {
    t.string("id", 36).primary();
    t.string("session_id", 36).notNullable().references("id").inTable("customer_sessions").onDelete("CASCADE");
    t.string("store_id", 36).notNullable();
    t.string("customer_id", 36).notNullable();
    t.string("kind", 8).notNullable();
    t.string("token_hash", 64).notNullable().unique();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "expires_at").notNullable();
    timestamp(t, "rotated_at").nullable();
    t.index(["session_id"]);
    t.index(["expires_at"]);
  });

  await knex.schema.createTable("one_time_codes", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("customer_id", 36).notNullable().references("id").inTable("customers").onDelete("CASCADE");
    t.string("code_hash", 64).notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    timestamp(t, "created_at").notNullable();
    timestamp(t, "expires_at").notNullable();
    timestamp(t, "consumed_at").nullable();
    t.index(["customer_id", "created_at", "id"]);
    t.index(["expires_at"]);
  });

  await knex.schema.createTable("wishlist_items", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("customer_id", 36).notNullable().references("id").inTable("customers").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("variant_id", 36).notNullable().references("id").inTable("variants").onDelete("CASCADE");
    timestamp(t, "created_at").notNullable();
    t.unique(["customer_id", "variant_id"]);
    t.index(["store_id", "customer_id", "created_at"]);
    t.index(["variant_id"]);
    t.index(["product_id"]);
  });

  await knex.schema.createTable("message_threads", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("customer_id", 36).nullable().references("id").inTable("customers").onDelete("CASCADE");
    // No foreign key yet: orders arrive in a later migration.
    t.string("order_id", 36).nullable();
    t.string("product_id", 36).nullable().references("id").inTable("products").onDelete("SET NULL");
    t.string("subject", 300).notNullable();
    t.string("thread_type", 32).notNullable();
    t.string("status", 16).notNullable();
    t.string("priority", 16).notNullable();
    timestamp(t, "last_message_at").notNullable();
    t.string("last_message_by", 16).notNullable();
    t.integer("unread_count_customer").notNullable().defaultTo(0);
    t.integer("unread_count_store").notNullable().defaultTo(0);
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.boolean("is_muted").notNullable().defaultTo(false);
    t.boolean("is_pinned").notNullable().defaultTo(false);
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "customer_id", "last_message_at", "id"]);
    t.index(["product_id"]);
  });

  await knex.schema.createTable("messages", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("thread_id", 36).notNullable().references("id").inTable("message_threads").onDelete("CASCADE");
    t.text("message_content").notNullable();
    t.string("message_type", 16).notNullable();
    t.string("sender_type", 16).notNullable();
    t.string("sender_id", 36).nullable();
    t.string("sender_name", 200).notNullable();
    t.text("attachments").notNullable();
    t.text("metadata").notNullable();
    t.string("message_status", 16).notNullable();
    timestamp(t, "read_at").nullable();
    t.boolean("is_edited").notNullable().defaultTo(false);
    t.boolean("is_deleted").notNullable().defaultTo(false);
    timestamp(t, "edited_at").nullable();
    timestamp(t, "deleted_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    // The message cursor is a created_at, so it must be unique within the thread
    // (docs/api/conventions.md, "Lists and paging").
    t.unique(["thread_id", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["messages", "message_threads", "wishlist_items", "one_time_codes", "customer_tokens", "customer_sessions", "customers"]) {
    await knex.schema.dropTableIfExists(table);
  }
}
