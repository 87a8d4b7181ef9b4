// Customers and the messaging inbox in the admin API (docs/staff.md, "Customers and the inbox").
// Customers: a block (when, why) that stops sign-in, and the keys the admin search walks: the
// name and its last word lower-cased, and the phone's digits, each in a (store, key) index (the
// email has its (store, email) key already). Threads: the member a thread is assigned to, and
// whether the store has something unread (0/1, kept with unread_count_store), so the inbox walks
// (store, [filter,] store_unread, last_message_at, id) indexes: unread first, then newest.
import type { Knex } from "knex";
import { customerSearchKeys } from "../../../domain/customers/customer-search.js";
import { timestamp } from "../column-types.js";

export const name = "0032-customer-blocks-inbox";

/** Binary comparison on MySQL for the lower-cased keys: a prefix is a byte range there, as on SQLite. */
const keyColumn = (knex: Knex, t: Knex.AlterTableBuilder, column: string, length: number): void => {
  const built = t.string(column, length).nullable();
  if (isMysql(knex)) void built.collate("utf8mb4_bin");
};

const isMysql = (knex: Knex): boolean => knex.client.config.client === "mysql2";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("customers", (t) => {
    timestamp(t as unknown as Knex.CreateTableBuilder, "blocked_at").nullable();
    t.string("block_reason", 500).nullable();
    keyColumn(knex, t, "name_key", 200);
    keyColumn(knex, t, "last_name_key", 200);
    keyColumn(knex, t, "phone_key", 40);
  });
  // The keys of the customers already there, computed as the repository computes them (in
  // JavaScript, so a name outside ASCII lower-cases alike), a thousand at a time.
  let after = "";
  for (;;) {
    const rows: { id: string; name: string; phone: string | null }[] = await knex("customers")
      .where("id", ">", after)
      .orderBy("id")
      .limit(1_000)
      .select("id", "name", "phone");
    if (rows.length === 0) break;
    for (const row of rows) {
      const keys = customerSearchKeys(row.name, row.phone);
      await knex("customers").where({ id: row.id }).update({ name_key: keys.nameKey, last_name_key: keys.lastNameKey, phone_key: keys.phoneKey });
    }
    after = rows[rows.length - 1]!.id;
  }
  await knex.schema.alterTable("customers", (t) => {
    t.index(["store_id", "name_key"], "customers_name_key_idx");
    t.index(["store_id", "last_name_key"], "customers_last_name_key_idx");
    t.index(["store_id", "phone_key"], "customers_phone_key_idx");
  });

  if (isMysql(knex)) {
    await knex.schema.alterTable("message_threads", (t) => {
      t.string("assignee_id", 36).nullable().references("id").inTable("staff_members").onDelete("SET NULL");
    });
  } else {
    // SQLite adds a column with its reference in place; knex would rebuild the table for it.
    await knex.raw("alter table message_threads add column assignee_id varchar(36) null references staff_members(id) on delete set null");
  }
  await knex.schema.alterTable("message_threads", (t) => {
    t.boolean("store_unread").notNullable().defaultTo(false);
  });
  await knex("message_threads").where("unread_count_store", ">", 0).update({ store_unread: true });
  await knex.schema.alterTable("message_threads", (t) => {
    t.index(["store_id", "store_unread", "last_message_at", "id"], "threads_inbox_idx");
    t.index(["store_id", "status", "store_unread", "last_message_at", "id"], "threads_inbox_status_idx");
    t.index(["store_id", "thread_type", "store_unread", "last_message_at", "id"], "threads_inbox_type_idx");
    t.index(["store_id", "assignee_id", "store_unread", "last_message_at", "id"], "threads_inbox_assignee_idx");
    t.index(["store_id", "order_id", "store_unread", "last_message_at", "id"], "threads_inbox_order_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("message_threads", (t) => {
    t.dropIndex([], "threads_inbox_idx");
    t.dropIndex([], "threads_inbox_status_idx");
    t.dropIndex([], "threads_inbox_type_idx");
    t.dropIndex([], "threads_inbox_assignee_idx");
    t.dropIndex([], "threads_inbox_order_idx");
  });
  if (isMysql(knex)) {
    await knex.schema.alterTable("message_threads", (t) => {
      t.dropForeign(["assignee_id"]);
    });
  }
  await knex.schema.alterTable("message_threads", (t) => {
    t.dropColumn("assignee_id");
    t.dropColumn("store_unread");
  });
  await knex.schema.alterTable("customers", (t) => {
    t.dropIndex([], "customers_name_key_idx");
    t.dropIndex([], "customers_last_name_key_idx");
    t.dropIndex([], "customers_phone_key_idx");
  });
  await knex.schema.alterTable("customers", (t) => {
    for (const column of ["blocked_at", "block_reason", "name_key", "last_name_key", "phone_key"]) t.dropColumn(column);
  });
}
