// Promotions with their uses, gift cards with their ledger, and shipping (delivery zones drawn as
// polygons, distance pricing tiers). Money is integer minor units; the API shows what it decides.
import type { Knex } from "knex";
import { date, timestamp } from "../column-types.js";

export const name = "0008-promotions-gift-cards-shipping";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("promotions", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("type", 16).notNullable();
    t.string("display_type", 100).notNullable();
    t.text("description").notNullable();
    t.string("image", 2048).nullable();
    // a percentage (may have decimals) or integer minor units: a double holds both exactly
    t.double("discount_value").notNullable();
    t.string("discount_type", 16).notNullable();
    t.bigInteger("min_purchase").notNullable();
    t.bigInteger("max_discount").nullable();
    timestamp(t, "start_date").notNullable();
    timestamp(t, "end_date").notNullable();
    // the merchant's switch; scheduled and expired are derived from the clock
    t.string("status", 16).notNullable();
    t.integer("usage_limit").nullable();
    t.integer("usage_per_customer").nullable();
    // uses so far, kept beside the limit so that "active now" is one indexed query
    t.integer("times_used").notNullable().defaultTo(0);
    t.text("bundle_products").notNullable();
    t.text("bogo_required_products").notNullable();
    t.text("bogo_free_products").notNullable();
    t.text("free_products").notNullable();
    t.text("applicable_categories").notNullable();
    t.text("applicable_products").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "created_at", "id"]);
  });

  await knex.schema.createTable("promotion_uses", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("promotion_id", 36).notNullable().references("id").inTable("promotions").onDelete("CASCADE");
    t.string("customer_id", 36).nullable().references("id").inTable("customers").onDelete("SET NULL");
    // no foreign key: checkout records the use in the transaction that writes the order
    t.string("order_id", 36).notNullable();
    timestamp(t, "created_at").notNullable();
    t.unique(["promotion_id", "order_id"]);
    t.index(["promotion_id", "customer_id"]);
  });

  await knex.schema.createTable("gift_cards", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    // normalised (upper case, groups of four), so equality is the case-insensitive comparison
    t.string("code", 64).notNullable();
    t.bigInteger("balance").notNullable();
    t.bigInteger("initial_balance").notNullable();
    t.string("currency", 3).notNullable();
    t.string("status", 16).notNullable();
    date(t, "expiry_date").nullable();
    t.string("customer_id", 36).nullable().references("id").inTable("customers").onDelete("SET NULL");
    date(t, "issued_date").notNullable();
    date(t, "last_used_date").nullable();
    t.double("maximum_usage_percentage").nullable();
    t.integer("redemption_count").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["store_id", "code"]);
    t.index(["store_id", "created_at", "id"]);
  });

  await knex.schema.createTable("gift_card_ledger", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("gift_card_id", 36).notNullable().references("id").inTable("gift_cards").onDelete("CASCADE");
    t.string("kind", 16).notNullable();
    t.bigInteger("amount").notNullable();
    t.bigInteger("balance_after").notNullable();
    t.string("order_id", 36).nullable();
    timestamp(t, "created_at").notNullable();
    t.index(["gift_card_id", "created_at", "id"]);
  });

  await knex.schema.createTable("shipping_zones", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("zone_name", 200).notNullable();
    t.bigInteger("delivery_fee").notNullable();
    t.bigInteger("free_delivery_threshold").nullable();
    t.boolean("is_active").notNullable();
    t.integer("priority").notNullable();
    t.string("color", 7).notNullable();
    // [[latitude, longitude], ...] as JSON
    t.text("polygon", "mediumtext").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "priority"]);
  });

  await knex.schema.createTable("shipping_tiers", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("tier_name", 200).notNullable();
    t.integer("min_distance_meters").notNullable();
    t.integer("max_distance_meters").notNullable();
    t.bigInteger("delivery_fee").notNullable();
    t.bigInteger("free_delivery_threshold").nullable();
    t.boolean("is_active").notNullable();
    t.integer("priority").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "priority"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["shipping_tiers", "shipping_zones", "gift_card_ledger", "gift_cards", "promotion_uses", "promotions"]) {
    await knex.schema.dropTableIfExists(table);
  }
}
