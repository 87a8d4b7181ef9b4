// Orders and their lines, with a per-store counter for human-readable order numbers. Money is
// stored as integer minor units of the order's currency; the API shows decimal major units.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0007-orders";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("order_sequences", (t) => {
    t.string("store_id", 36).primary().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("last_number").notNullable();
  });

  await knex.schema.createTable("orders", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_number", 32).notNullable();
    t.string("customer_id", 36).nullable().references("id").inTable("customers").onDelete("SET NULL");
    t.string("customer_email", 254).notNullable();
    t.string("customer_phone", 40).nullable();
    t.string("customer_name", 200).notNullable();
    t.string("order_status", 16).notNullable();
    t.string("payment_status", 16).notNullable();
    t.string("payment_method", 24).notNullable();
    t.string("payment_reference", 100).nullable();
    t.string("currency", 3).notNullable();
    t.bigInteger("subtotal").notNullable();
    t.bigInteger("discount_amount").notNullable();
    t.bigInteger("shipping_amount").notNullable();
    t.bigInteger("tax_amount").notNullable();
    t.bigInteger("gift_card_amount").notNullable();
    t.bigInteger("total_amount").notNullable();
    t.text("billing_address").notNullable();
    t.text("shipping_address").notNullable();
    t.text("notes").nullable();
    t.string("tracking_number", 100).nullable();
    timestamp(t, "estimated_delivery").nullable();
    timestamp(t, "shipped_at").nullable();
    timestamp(t, "delivered_at").nullable();
    t.text("shipping_metadata").notNullable();
    t.text("promotions").notNullable();
    t.string("gift_card_id", 36).nullable();
    t.boolean("stock_restored").notNullable().defaultTo(false);
    t.boolean("gift_card_restored").notNullable().defaultTo(false);
    t.boolean("livemode").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "order_number"]);
    t.index(["store_id", "created_at", "id"]);
    t.index(["store_id", "customer_id", "created_at"]);
  });

  await knex.schema.createTable("order_items", (t) => {
    t.string("id", 36).primary();
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    // RESTRICT: a product that orders point at is deactivated instead of erased.
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("RESTRICT");
    t.string("variant_id", 36).nullable().references("id").inTable("variants").onDelete("SET NULL");
    t.string("product_name", 200).notNullable();
    t.string("variant_name", 200).notNullable();
    t.string("sku", 100).notNullable();
    t.integer("quantity").notNullable();
    t.bigInteger("unit_price").notNullable();
    t.bigInteger("line_total").notNullable();
    t.integer("position").notNullable();
    t.index(["order_id", "position"]);
    t.index(["product_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["order_items", "orders", "order_sequences"]) await knex.schema.dropTableIfExists(table);
}
