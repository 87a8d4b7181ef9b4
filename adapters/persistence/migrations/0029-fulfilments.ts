// Fulfilment (docs/staff.md, "Orders and fulfilment"): an order ships in parcels (`fulfilments`:
// carrier, tracking number), each carrying some quantity of some lines (`fulfilment_lines`); the
// order's `fulfilment_status` follows. Orders shipped or delivered before parcels existed are
// `fulfilled`, with one parcel of every line (its id the order's, its carrier unknown).
// The admin order list walks one index per filter, each store-leading and ending in
// (created_at, id) so a page is read in its order (docs/decisions/back-office.md,
// "back-office-30"); the order's timeline finds the events naming it by `events.order_id`, and its
// message threads by (store_id, order_id).
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0029-fulfilments";

/** The admin list's indexes on `orders`: [name, columns]. */
export const ORDER_LIST_INDEXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  // No filter, a date range, an amount range (the amount is read from the index entry).
  ["orders_admin_created_idx", ["store_id", "created_at", "id", "total_amount"]],
  ["orders_admin_status_idx", ["store_id", "order_status", "created_at", "id"]],
  ["orders_admin_payment_idx", ["store_id", "payment_status", "created_at", "id"]],
  ["orders_admin_fulfilment_idx", ["store_id", "fulfilment_status", "created_at", "id"]],
  ["orders_admin_customer_idx", ["store_id", "customer_id", "created_at", "id"]],
  ["orders_admin_email_idx", ["store_id", "customer_email", "created_at", "id"]],
  ["orders_admin_phone_idx", ["store_id", "customer_phone", "created_at", "id"]],
];

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";

  await knex.schema.alterTable("orders", (t) => {
    t.string("fulfilment_status", 24).notNullable().defaultTo("unfulfilled");
  });
  await knex("orders").whereIn("order_status", ["shipped", "delivered"]).update({ fulfilment_status: "fulfilled" });

  await knex.schema.alterTable("orders", (t) => {
    // Superseded by the admin list's indexes, which end in the same columns and more.
    t.dropIndex(["store_id", "created_at", "id"]);
    t.dropIndex(["store_id", "customer_id", "created_at"]);
    for (const [index, columns] of ORDER_LIST_INDEXES) t.index([...columns], index);
  });

  await knex.schema.createTable("fulfilments", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    // Null only for the parcels of orders shipped before fulfilment existed.
    t.string("carrier", 100).nullable();
    t.string("tracking_number", 100).nullable();
    t.string("tracking_url", 500).nullable();
    t.string("note", 500).nullable();
    timestamp(t, "created_at").notNullable();
    t.index(["store_id", "order_id", "created_at"]);
  });

  await knex.schema.createTable("fulfilment_lines", (t) => {
    t.string("fulfilment_id", 36).notNullable().references("id").inTable("fulfilments").onDelete("CASCADE");
    t.string("order_item_id", 36).notNullable().references("id").inTable("order_items").onDelete("CASCADE");
    t.string("store_id", 36).notNullable();
    t.string("order_id", 36).notNullable();
    t.integer("quantity").notNullable();
    t.primary(["fulfilment_id", "order_item_id"]);
    t.index(["order_id", "order_item_id"]);
  });

  // Orders shipped before parcels existed: one parcel of every line, with the order's tracking number.
  await knex.raw(
    "insert into fulfilments (id, store_id, order_id, carrier, tracking_number, tracking_url, note, created_at) " +
      "select o.id, o.store_id, o.id, null, o.tracking_number, null, null, coalesce(o.shipped_at, o.updated_at) from orders o where o.order_status in ('shipped', 'delivered')",
  );
  await knex.raw(
    "insert into fulfilment_lines (fulfilment_id, order_item_id, store_id, order_id, quantity) " +
      "select i.order_id, i.id, i.store_id, i.order_id, i.quantity from order_items i join orders o on o.id = i.order_id where o.order_status in ('shipped', 'delivered')",
  );

  // The events that name an order (its record, or its id in a payment, promotion, refund...).
  await knex.schema.alterTable("events", (t) => {
    t.string("order_id", 36).nullable();
    t.index(["store_id", "order_id", "created_at"], "events_order_idx");
  });
  const paths = ["$.order.id", "$.order_id", "$.payment.order_id", "$.refund.order_id", "$.fulfilment.order_id"];
  const extract = (path: string): string => (mysql ? `json_unquote(json_extract(data, '${path}'))` : `json_extract(data, '${path}')`);
  await knex.raw(
    `update events set order_id = coalesce(${paths.map(extract).join(", ")}) where type like 'order.%' or type like 'payment.%' or type like 'refund.%' or type = 'promotion.applied'`,
  );

  await knex.schema.alterTable("message_threads", (t) => {
    t.index(["store_id", "order_id"], "message_threads_order_idx");
  });

  // The address the store ships from, as JSON text (an order address's shape): packing slips print it.
  await knex.schema.alterTable("stores", (t) => {
    t.text("address").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.dropColumn("address");
  });
  await knex.schema.alterTable("message_threads", (t) => {
    t.dropIndex(["store_id", "order_id"], "message_threads_order_idx");
  });
  await knex.schema.alterTable("events", (t) => {
    t.dropIndex(["store_id", "order_id", "created_at"], "events_order_idx");
    t.dropColumn("order_id");
  });
  await knex.schema.dropTableIfExists("fulfilment_lines");
  await knex.schema.dropTableIfExists("fulfilments");
  await knex.schema.alterTable("orders", (t) => {
    for (const [index, columns] of ORDER_LIST_INDEXES) t.dropIndex([...columns], index);
    t.index(["store_id", "created_at", "id"]);
    t.index(["store_id", "customer_id", "created_at"]);
  });
  await knex.schema.alterTable("orders", (t) => {
    t.dropColumn("fulfilment_status");
  });
}
