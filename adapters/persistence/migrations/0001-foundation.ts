// The tables every capability stands on: stores, their API keys, the event outbox,
// idempotency records and rate-limit counters.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0001-foundation";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("stores", (t) => {
    t.string("id", 36).primary();
    t.string("name", 200).notNullable();
    t.string("base_currency", 3).notNullable();
    t.string("hmac_secret", 128).notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
  });

  await knex.schema.createTable("api_keys", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("type", 16).notNullable();
    t.string("mode", 8).notNullable();
    t.string("display_prefix", 32).notNullable();
    t.string("key_hash", 64).notNullable().unique();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "revoked_at").nullable();
    t.index(["store_id"]);
  });

  await knex.schema.createTable("events", (t) => {
    t.string("id", 40).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("type", 64).notNullable();
    t.boolean("livemode").notNullable();
    t.text("data", "mediumtext").notNullable();
    timestamp(t, "created_at").notNullable();
    t.index(["store_id", "created_at"]);
  });

  await knex.schema.createTable("idempotency_records", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("operation", 100).notNullable();
    t.string("idempotency_key", 255).notNullable();
    t.string("request_hash", 64).notNullable();
    t.string("state", 16).notNullable();
    t.integer("response_status").nullable();
    t.text("response_headers").nullable();
    t.text("response_body", "mediumtext").nullable();
    timestamp(t, "locked_until").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "expires_at").notNullable();
    t.primary(["store_id", "operation", "idempotency_key"]);
    t.index(["expires_at"]);
  });

  // The layout rate-limiter-flexible's SQL stores expect: key, points, expire (epoch ms).
  await knex.schema.createTable("rate_limits", (t) => {
    t.string("key", 255).primary();
    t.integer("points").notNullable().defaultTo(0);
    t.bigInteger("expire").nullable();
    t.index(["expire"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["rate_limits", "idempotency_records", "events", "api_keys", "stores"]) {
    await knex.schema.dropTableIfExists(table);
  }
}
