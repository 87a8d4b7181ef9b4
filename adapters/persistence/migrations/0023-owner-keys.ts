// Unique keys that never hold a NULL, on MySQL/MariaDB (issue 18). Galera certifies a write set
// by the keys of the rows it writes: the primary key and every unique key, and a unique key with
// a NULL part still makes a key, (store_id, NULL). Every session cart has customer_id NULL and
// every customer cart session_id NULL, so each cart add wrote the one key (store, NULL) of the
// other owner's unique index, shared by all the store's carts of its kind: two nodes adding to two
// different carts at once failed certification (measured: a third of the commits of two nodes
// updating rows they did not share, none once the key was gone). Payments without an
// idempotency key shared (store, NULL) the same way.
//
// Each such pair becomes one unique key over a stored generated column that always has a value:
// a cart's owner ("c:" and the customer id, or "s:" and the session id: a cart has exactly one
// owner, never changed), a payment's idempotency slot ("k:" and its key, or "i:" and the payment's
// own id). Plain indexes keep the lookups by store and customer, session or key. SQLite keeps its
// unique keys: NULLs are distinct there, and one file has no certification.
import type { Knex } from "knex";

export const name = "0023-owner-keys";

// Never NULL: the row's own id is the last resort (a cart always has an owner; a payment has a key or not).
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
