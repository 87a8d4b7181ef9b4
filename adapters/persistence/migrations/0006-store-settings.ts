// Store settings later capabilities read: the previous HMAC secret during a rotation's grace
// period, the store's location (origin of distance-priced delivery) and its tax rate.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0006-store-settings";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.string("previous_hmac_secret", 128).nullable();
    timestamp(t, "previous_hmac_secret_expires_at").nullable();
    t.double("latitude").nullable();
    t.double("longitude").nullable();
    t.double("tax_rate_percent").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    t.dropColumn("previous_hmac_secret");
    t.dropColumn("previous_hmac_secret_expires_at");
    t.dropColumn("latitude");
    t.dropColumn("longitude");
    t.dropColumn("tax_rate_percent");
  });
}
