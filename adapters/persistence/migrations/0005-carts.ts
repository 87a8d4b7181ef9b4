// Carts: one per customer or per anonymous session in a store, with one line per variant.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0005-carts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("carts", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("customer_id", 36).nullable().references("id").inTable("customers").onDelete("CASCADE");
    t.string("session_id", 128).nullable();
    t.string("currency", 3).notNullable();
    t.boolean("livemode").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    // The idle period a cart.abandoned event was written for (its updated_at then).
    timestamp(t, "abandoned_for").nullable();
    t.unique(["store_id", "customer_id"]);
    t.unique(["store_id", "session_id"]);
    t.index(["updated_at"]);
  });

  await knex.schema.createTable("cart_items", (t) => {
    t.string("id", 36).primary();
    t.string("cart_id", 36).notNullable().references("id").inTable("carts").onDelete("CASCADE");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("variant_id", 36).notNullable().references("id").inTable("variants").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.integer("quantity").notNullable();
    t.bigInteger("unit_price").notNullable();
    t.integer("position").notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["cart_id", "variant_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("cart_items");
  await knex.schema.dropTableIfExists("carts");
}
