// The stock ledger and the dashboard's counters (docs/staff.md, "Stock ledger", "Dashboard").
// stock_ledger: one row per change of a variant's stock (who, why, before, after, when), read
// newest first per variant. sales_quarter_hours: orders, paid orders, revenue and refunds per
// quarter-hour of UTC time, in a few shard rows per quarter-hour so concurrent checkouts rarely
// wait on one row; product_sales_quarter_hours: units and revenue of each product in paid orders.
// A (store, stock) index on variants finds the low-stock ones. Orders placed before are counted here.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0034-stock-ledger-dashboard";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("stock_ledger", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    // No foreign key: the history stays when a variant is deleted.
    t.string("variant_id", 36).notNullable();
    t.string("product_id", 36).notNullable();
    t.string("sku", 100).notNullable();
    t.integer("delta").notNullable();
    t.integer("stock_before").notNullable();
    t.integer("stock_after").notNullable();
    t.string("reason", 24).notNullable();
    t.string("note", 500).nullable();
    t.string("actor_type", 16).notNullable();
    t.string("actor_id", 36).nullable();
    t.string("actor_label", 254).notNullable();
    t.string("order_id", 36).nullable();
    t.string("request_id", 64).nullable();
    timestamp(t, "created_at").notNullable();
    t.index(["store_id", "variant_id", "created_at", "id"], "stock_ledger_variant_idx");
  });

  await knex.schema.createTable("sales_quarter_hours", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    // Quarter-hours since the Unix epoch (domain/sales/sales-calendar.ts).
    t.integer("bucket").notNullable();
    t.string("currency", 3).notNullable();
    t.boolean("livemode").notNullable();
    t.integer("shard").notNullable();
    t.integer("orders").notNullable().defaultTo(0);
    t.integer("paid_orders").notNullable().defaultTo(0);
    t.bigInteger("revenue").notNullable().defaultTo(0);
    t.integer("refunds").notNullable().defaultTo(0);
    t.bigInteger("refunded").notNullable().defaultTo(0);
    t.primary(["store_id", "bucket", "currency", "livemode", "shard"]);
  });

  await knex.schema.createTable("product_sales_quarter_hours", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("bucket").notNullable();
    t.string("currency", 3).notNullable();
    t.boolean("livemode").notNullable();
    t.string("product_id", 36).notNullable();
    t.bigInteger("units").notNullable().defaultTo(0);
    t.bigInteger("revenue").notNullable().defaultTo(0);
    t.primary(["store_id", "bucket", "currency", "livemode", "product_id"]);
  });

  await knex.schema.alterTable("variants", (t) => {
    t.index(["store_id", "stock", "id"], "variants_store_stock_idx");
  });

  // Orders placed before this migration: their quarter-hour from created_at (ISO 8601 UTC text).
  const mysql = knex.client.config.client === "mysql2" || knex.client.config.client === "mysql";
  const bucket = mysql
    ? "(timestampdiff(second, '1970-01-01 00:00:00', str_to_date(left(o.created_at, 19), '%Y-%m-%dT%H:%i:%s')) div 900)"
    : "(cast(strftime('%s', substr(o.created_at, 1, 19)) as integer) / 900)";
  const paid = "o.payment_status in ('paid', 'refunded', 'partially_refunded')";
  await knex.raw(
    `insert into sales_quarter_hours (store_id, bucket, currency, livemode, shard, orders, paid_orders, revenue, refunds, refunded) ` +
      `select o.store_id, ${bucket}, o.currency, o.livemode, 0, count(*), sum(case when ${paid} then 1 else 0 end), sum(case when ${paid} then o.total_amount else 0 end), 0, 0 ` +
      `from orders o group by o.store_id, ${bucket}, o.currency, o.livemode`,
  );
  await knex.raw(
    `insert into product_sales_quarter_hours (store_id, bucket, currency, livemode, product_id, units, revenue) ` +
      `select o.store_id, ${bucket}, o.currency, o.livemode, i.product_id, sum(i.quantity), sum(i.line_total) ` +
      `from orders o join order_items i on i.order_id = o.id where ${paid} group by o.store_id, ${bucket}, o.currency, o.livemode, i.product_id`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("variants", (t) => t.dropIndex(["store_id", "stock", "id"], "variants_store_stock_idx"));
  for (const table of ["product_sales_quarter_hours", "sales_quarter_hours", "stock_ledger"]) await knex.schema.dropTableIfExists(table);
}
