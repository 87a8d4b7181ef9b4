// Staff second factor and sign-in links (docs/staff.md, "Signing in"): the hashes of a member's
// unused recovery codes, the last TOTP time step accepted (a code is good once), and when the
// password last changed. Sessions get the address and browser they were opened from, shown to
// the member in their list of sessions.
import type { Knex } from "knex";

export const name = "0035-staff-second-factor";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("staff_members", (t) => {
    // JSON array of SHA-256 hashes of the recovery codes not yet used.
    t.text("totp_recovery").nullable();
    t.bigInteger("totp_last_step").nullable();
  });
  await knex.schema.alterTable("staff_sessions", (t) => {
    t.string("client_address", 64).nullable();
    t.string("user_agent", 255).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("staff_sessions", (t) => {
    t.dropColumn("client_address");
    t.dropColumn("user_agent");
  });
  await knex.schema.alterTable("staff_members", (t) => {
    t.dropColumn("totp_recovery");
    t.dropColumn("totp_last_step");
  });
}
