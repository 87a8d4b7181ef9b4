// Dynamic pricing: a store's price rules and its exchange rates from the base currency.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0004-pricing";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("price_rules", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("kind", 16).notNullable();
    t.string("segment", 32).nullable();
    t.string("tier", 64).nullable();
    t.integer("min_quantity").nullable();
    t.bigInteger("min_lifetime_spend").nullable();
    t.string("discount_type", 16).notNullable();
    t.double("value").notNullable();
    t.text("product_ids").nullable();
    t.text("category_ids").nullable();
    t.boolean("active").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "created_at"]);
  });

  await knex.schema.createTable("exchange_rates", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("currency", 3).notNullable();
    t.double("rate").notNullable();
    timestamp(t, "as_of").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.primary(["store_id", "currency"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("exchange_rates");
  await knex.schema.dropTableIfExists("price_rules");
}
