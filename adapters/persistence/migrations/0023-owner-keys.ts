// Unique keys that never hold a NULL, on MySQL/MariaDB (issue 18; docs/decisions/cluster.md,
// "cluster-14"): Galera certifies a write by every unique key of its rows, and (store_id, NULL)
// was one key shared by all of a store's session carts, so adds to different carts conflicted.
import type { Knex } from "knex";

export const name = "0023-owner-keys";

// Each pair of nullable unique keys becomes one over a stored generated column that is never NULL
// (the row's own id is the last resort; a cart has exactly one owner, never changed). SQLite keeps
// its keys: NULLs are distinct there, and one file has no certification.
const CART_OWNER = "coalesce(concat('c:', customer_id), concat('s:', session_id), concat('id:', id))";
const PAYMENT_SLOT = "coalesce(concat('k:', idempotency_key), concat('i:', id))";

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === "better-sqlite3") return;
  await knex.raw(`alter table carts add column owner_key varchar(131) as (${CART_OWNER}) stored`);
  // The new keys first: the store_id foreign key needs an index that starts with store_id.
  await knex.raw(
    "alter table carts add unique index carts_store_id_owner_key_unique (store_id, owner_key), " +
      "add index carts_store_id_customer_id_index (store_id, customer_id), add index carts_store_id_session_id_index (store_id, session_id)",
  );
  await knex.raw("alter table carts drop index carts_store_id_customer_id_unique, drop index carts_store_id_session_id_unique");
  await knex.raw(`alter table payments add column idempotency_slot varchar(257) as (${PAYMENT_SLOT}) stored`);
  await knex.raw(
    "alter table payments add unique index payments_store_id_idempotency_slot_unique (store_id, idempotency_slot), " +
      "add index payments_store_id_idempotency_key_index (store_id, idempotency_key)",
  );
  await knex.raw("alter table payments drop index payments_store_id_idempotency_key_unique");
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "better-sqlite3") return;
  await knex.raw("alter table payments add unique index payments_store_id_idempotency_key_unique (store_id, idempotency_key)");
  await knex.raw("alter table payments drop index payments_store_id_idempotency_slot_unique, drop index payments_store_id_idempotency_key_index, drop column idempotency_slot");
  await knex.raw(
    "alter table carts add unique index carts_store_id_customer_id_unique (store_id, customer_id), add unique index carts_store_id_session_id_unique (store_id, session_id)",
  );
  await knex.raw(
    "alter table carts drop index carts_store_id_owner_key_unique, drop index carts_store_id_customer_id_index, drop index carts_store_id_session_id_index, drop column owner_key",
  );
}
