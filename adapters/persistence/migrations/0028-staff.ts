// Staff: the people who run a store through the admin API (docs/staff.md). A member has a role,
// an argon2id password hash (or none yet: a one-time sign-in link sets it), an optional TOTP
// second factor, and a status; sessions are kept as hashes of their cookie and CSRF tokens.
// The audit log is append-only: who (a member, an API key, the command line), when, the request,
// the operation, the resource, and the fields it changed with their values before and after.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0028-staff";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("staff_members", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("email", 254).notNullable();
    t.string("name", 200).notNullable();
    t.string("role", 16).notNullable();
    t.string("status", 16).notNullable();
    t.string("password_hash", 255).nullable();
    // A one-time sign-in link (SHA-256 of its token) and when it stops working.
    t.string("link_hash", 64).nullable();
    timestamp(t, "link_expires_at").nullable();
    t.string("totp_secret", 64).nullable();
    t.boolean("totp_enabled").notNullable().defaultTo(false);
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    timestamp(t, "disabled_at").nullable();
    t.unique(["store_id", "email"]);
    // An index, not a unique key: the column is null once the link is used, and Galera would make
    // every NULL one shared key (migration 0023). A link token has 256 random bits.
    t.index(["link_hash"]);
  });

  await knex.schema.createTable("staff_sessions", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("member_id", 36).notNullable().references("id").inTable("staff_members").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.string("csrf_hash", 64).notNullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "last_seen_at").notNullable();
    timestamp(t, "expires_at").notNullable();
    timestamp(t, "revoked_at").nullable();
    t.string("revoke_reason", 32).nullable();
    t.index(["member_id"]);
  });

  await knex.schema.createTable("audit_log", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    timestamp(t, "at").notNullable();
    // `staff` (actor_id a member), `api_key` (actor_id a key id), `cli` (the command line), `system`.
    t.string("actor_type", 16).notNullable();
    t.string("actor_id", 36).nullable();
    t.string("actor_label", 254).notNullable();
    t.string("request_id", 64).nullable();
    t.string("operation", 64).notNullable();
    t.string("resource_type", 32).notNullable();
    t.string("resource_id", 64).nullable();
    // {field: [before, after]} of the fields the write changed, as JSON text.
    t.text("changes").notNullable();
    t.index(["store_id", "at", "id"]);
    t.index(["store_id", "actor_id", "at"]);
    t.index(["store_id", "resource_type", "resource_id", "at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("audit_log");
  await knex.schema.dropTableIfExists("staff_sessions");
  await knex.schema.dropTableIfExists("staff_members");
}
