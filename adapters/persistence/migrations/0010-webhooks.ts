// Webhooks: endpoints with their secrets (current, and the previous one during a rotation), one
// delivery per event and subscribed endpoint (the outbox's work queue, claimed under a lease),
// every attempt, and the fan-out mark on events so that each event is fanned out once.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0010-webhooks";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("events", (t) => {
    timestamp(t, "dispatched_at").nullable();
    t.index(["dispatched_at", "created_at"], "events_dispatch_index");
  });
  // Events written before webhooks existed have nowhere to go.
  await knex("events").update({ dispatched_at: knex.ref("created_at") });

  await knex.schema.createTable("webhook_endpoints", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.boolean("livemode").notNullable();
    t.string("url", 2048).notNullable();
    t.text("events").notNullable();
    t.boolean("enabled").notNullable();
    t.text("metadata").notNullable();
    // the secret signs every delivery, so it is kept as is (like the store's HMAC secret)
    t.string("secret", 100).notNullable();
    t.string("previous_secret", 100).nullable();
    timestamp(t, "previous_secret_expires_at").nullable();
    t.string("disabled_reason", 32).nullable();
    timestamp(t, "last_success_at").nullable();
    timestamp(t, "last_failure_at").nullable();
    t.integer("deliveries_total").notNullable().defaultTo(0);
    t.integer("deliveries_successful").notNullable().defaultTo(0);
    t.integer("deliveries_failed").notNullable().defaultTo(0);
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "created_at", "id"]);
    t.index(["store_id", "livemode", "enabled"]);
  });

  await knex.schema.createTable("webhook_deliveries", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable();
    t.string("endpoint_id", 36).notNullable().references("id").inTable("webhook_endpoints").onDelete("CASCADE");
    t.string("event_id", 40).notNullable().references("id").inTable("events").onDelete("CASCADE");
    // pending, succeeded, failed
    t.string("state", 16).notNullable();
    // attempts taken so far, counted when claimed
    t.integer("attempts").notNullable().defaultTo(0);
    // when it is next due; a claim moves it to the lease's end, so an expired claim is simply due
    timestamp(t, "next_attempt_at").notNullable();
    t.string("claimed_by", 36).nullable();
    timestamp(t, "claim_expires_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["endpoint_id", "event_id"]);
    t.index(["state", "next_attempt_at"], "webhook_deliveries_due_index");
    t.index(["endpoint_id", "state", "claim_expires_at"], "webhook_deliveries_in_flight_index");
    t.index(["event_id"]);
  });

  await knex.schema.createTable("webhook_delivery_attempts", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable();
    t.string("endpoint_id", 36).notNullable().references("id").inTable("webhook_endpoints").onDelete("CASCADE");
    t.string("event_id", 40).notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("event_type", 64).notNullable();
    t.integer("attempt_number").notNullable();
    t.integer("status_code").nullable();
    t.text("response_body").nullable();
    t.string("error", 300).nullable();
    t.integer("latency_ms").notNullable();
    t.boolean("success").notNullable();
    timestamp(t, "attempted_at").notNullable();
    t.index(["endpoint_id", "attempted_at", "id"]);
    t.index(["event_id", "attempted_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("webhook_delivery_attempts");
  await knex.schema.dropTableIfExists("webhook_deliveries");
  await knex.schema.dropTableIfExists("webhook_endpoints");
  await knex.schema.alterTable("events", (t) => {
    t.dropIndex(["dispatched_at", "created_at"], "events_dispatch_index");
    t.dropColumn("dispatched_at");
  });
}
