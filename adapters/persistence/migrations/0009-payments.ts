// Payments (store-scoped, one reference per store and one per Idempotency-Key), every call made
// to a provider about them, and the provider notifications already processed (unique per provider
// event, so a notification delivered twice is acted on once).
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0009-payments";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("payments", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("reference", 64).notNullable();
    t.string("mode", 4).notNullable();
    t.string("provider", 16).notNullable();
    t.string("flow", 16).notNullable();
    t.string("status", 16).notNullable();
    t.bigInteger("amount").notNullable();
    t.string("currency", 3).notNullable();
    t.string("email", 254).nullable();
    t.string("phone", 40).nullable();
    t.string("country", 2).nullable();
    // No foreign key: a payment outlives any change to its order and is read with it by id.
    t.string("order_id", 36).nullable();
    t.string("idempotency_key", 255).nullable();
    t.text("metadata").notNullable();
    t.text("success_url").nullable();
    t.text("cancel_url").nullable();
    t.text("callback_url").nullable();
    t.string("provider_session_id", 191).nullable();
    t.text("checkout_url").nullable();
    t.string("public_key", 200).nullable();
    t.string("access_code", 191).nullable();
    t.text("failure_reason").nullable();
    t.text("review_reason").nullable();
    timestamp(t, "paid_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "reference"]);
    t.unique(["store_id", "idempotency_key"]);
    t.index(["reference"]);
    t.index(["provider", "provider_session_id"]);
    t.index(["store_id", "order_id"]);
  });

  await knex.schema.createTable("payment_attempts", (t) => {
    t.string("id", 36).primary();
    t.string("payment_id", 36).notNullable().references("id").inTable("payments").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("kind", 16).notNullable();
    t.text("request").notNullable();
    t.text("response").nullable();
    t.string("error_code", 64).nullable();
    t.text("error_message").nullable();
    t.integer("latency_ms").nullable();
    timestamp(t, "started_at").notNullable();
    timestamp(t, "finished_at").nullable();
    t.index(["payment_id", "started_at"]);
  });

  await knex.schema.createTable("payment_callbacks", (t) => {
    t.string("id", 36).primary();
    t.string("provider", 16).notNullable();
    t.string("event_id", 191).notNullable();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("payment_id", 36).notNullable().references("id").inTable("payments").onDelete("CASCADE");
    t.string("claimed_status", 16).notNullable();
    t.boolean("authenticated").notNullable();
    timestamp(t, "received_at").notNullable();
    t.unique(["provider", "event_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["payment_callbacks", "payment_attempts", "payments"]) await knex.schema.dropTableIfExists(table);
}
