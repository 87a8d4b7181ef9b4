// Refunds (docs/staff.md, "Refunds and returns"): one row per refund of an order, reserved
// pending with its amount before the provider is called, settled after; each order's refund
// balance row, written by every reservation so that concurrent refunds of one order conflict on
// one row (also across Galera nodes); and the units of order lines put back in stock by refunds
// and returns, so no unit goes back twice (a later cancellation restocks only the rest). Orders'
// payment_status widens for `partially_refunded`.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0030-refunds";

export async function up(knex: Knex): Promise<void> {
  // payment_status gains `partially_refunded` (18 characters); SQLite does not enforce lengths.
  if (knex.client.config.client === "mysql2") await knex.raw("ALTER TABLE orders MODIFY payment_status VARCHAR(24) NOT NULL");
  await knex.schema.createTable("refunds", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    // The return it pays for, when it came from one (no foreign key: returns are created later).
    t.string("return_id", 36).nullable();
    t.string("payment_id", 36).nullable();
    t.string("status", 16).notNullable();
    // Integer minor units of `currency`.
    t.bigInteger("amount").notNullable();
    t.bigInteger("provider_share").notNullable();
    t.bigInteger("provider_amount").notNullable();
    t.bigInteger("gift_card_amount").notNullable();
    t.string("currency", 3).notNullable();
    // A provider kind, `manual`, or null when the refund is all gift card.
    t.string("destination", 16).nullable();
    // [{line_id, quantity, amount}] as JSON text.
    t.text("lines").notNullable();
    t.boolean("restock").notNullable().defaultTo(false);
    t.string("reason", 500).nullable();
    // Required on every refund, so the unique key has no NULLs (Galera treats NULLs as one key).
    t.string("idempotency_key", 255).notNullable();
    t.string("provider_refund_id", 128).nullable();
    t.string("failure_reason", 1000).nullable();
    t.integer("checks").notNullable().defaultTo(0);
    timestamp(t, "next_check_at").nullable();
    t.boolean("livemode").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    timestamp(t, "settled_at").nullable();
    t.unique(["store_id", "idempotency_key"]);
    // An order's refunds, oldest first (the order's timeline, the reservation's sum).
    t.index(["store_id", "order_id", "created_at"]);
    // The worker's walk over pending refunds whose next check is due.
    t.index(["status", "next_check_at"]);
    // A provider's asynchronous result names the refund by its own id.
    t.index(["destination", "provider_refund_id"]);
  });

  await knex.schema.createTable("refund_balances", (t) => {
    t.string("order_id", 36).primary().references("id").inTable("orders").onDelete("CASCADE");
    t.string("store_id", 36).notNullable();
    // What pending and succeeded refunds hold, and what succeeded refunds returned (minor units).
    t.bigInteger("held_amount").notNullable();
    t.bigInteger("succeeded_amount").notNullable();
    timestamp(t, "updated_at").notNullable();
  });

  await knex.schema.createTable("order_restocks", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.string("line_id", 36).notNullable();
    t.integer("quantity").notNullable();
    // `refund`, `return` or `order` (a cancellation), and its id.
    t.string("source_type", 16).notNullable();
    t.string("source_id", 36).notNullable();
    timestamp(t, "created_at").notNullable();
    t.index(["store_id", "order_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("order_restocks");
  await knex.schema.dropTableIfExists("refund_balances");
  await knex.schema.dropTableIfExists("refunds");
}
