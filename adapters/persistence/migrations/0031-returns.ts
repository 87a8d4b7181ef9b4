// Returns (docs/staff.md, "Refunds and returns"): a customer asks to send back lines of an order;
// staff approve or refuse it, receive the goods (restocking each line or not) and refund it. Each
// return keeps every state it went through in `return_events`, who moved it and why.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0031-returns";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("returns", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.string("customer_id", 36).nullable();
    // requested, approved, refused, received, refunded.
    t.string("status", 16).notNullable();
    t.string("reason", 1000).notNullable();
    // [{line_id, quantity, received_quantity, restocked}] as JSON text.
    t.text("lines").notNullable();
    t.string("staff_note", 1000).nullable();
    t.string("refund_id", 36).nullable();
    t.boolean("livemode").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    // The staff list: newest first, all or by status.
    t.index(["store_id", "created_at", "id"]);
    t.index(["store_id", "status", "created_at", "id"]);
    // An order's returns (the customer's list, the quantities already asked).
    t.index(["store_id", "order_id", "created_at"]);
  });

  await knex.schema.createTable("return_events", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("return_id", 36).notNullable().references("id").inTable("returns").onDelete("CASCADE");
    // null for the request itself.
    t.string("from_status", 16).nullable();
    t.string("to_status", 16).notNullable();
    // customer, staff, api_key.
    t.string("actor_type", 16).notNullable();
    t.string("actor_id", 36).nullable();
    t.string("actor_label", 254).notNullable();
    t.string("note", 1000).nullable();
    // What the move carried (received lines, the refund's id), as JSON text.
    t.text("data").notNullable();
    timestamp(t, "at").notNullable();
    t.index(["return_id", "at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("return_events");
  await knex.schema.dropTableIfExists("returns");
}
