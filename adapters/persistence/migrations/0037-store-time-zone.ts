// The store's time zone (docs/staff.md, "The store's time zone"): an IANA name whose days the
// dashboard counts and in which the back office shows dates. Stores made before it count in UTC, as
// they did.
import type { Knex } from "knex";

export const name = "0037-store-time-zone";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.string("time_zone", 64).notNullable().defaultTo("UTC");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.dropColumn("time_zone");
  });
}
