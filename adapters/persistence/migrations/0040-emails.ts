// Emails to customers and staff (docs/emails.md): one send record per event, recipient and
// template (the unique key that keeps one event from mailing a recipient twice), claimed under a
// lease like webhook deliveries; each store's edited templates and its email branding; customers'
// opt-outs of the optional kinds and the mark of an address that bounced or is malformed; the
// email fan-out mark on events. Events recorded before this migration are marked as fanned out,
// so upgrading mails nobody about the past.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0040-emails";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("events", (t) => {
    timestamp(t, "emailed_at").nullable();
    t.index(["emailed_at", "created_at"], "events_email_index");
  });
  await knex("events").update({ emailed_at: knex.ref("created_at") });

  await knex.schema.createTable("email_sends", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable();
    t.string("event_id", 40).notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("recipient", 254).notNullable();
    // the template key (domain/emails/email-catalogue.ts)
    t.string("template", 40).notNullable();
    // the customer the address belongs to, for the bounce mark; null for staff and guests
    t.string("customer_id", 36).nullable();
    // the placeholders' values at fan-out (JSON): the email is rendered when it is sent
    t.text("data", "mediumtext").notNullable();
    // pending, sent, failed, bounced
    t.string("state", 16).notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    timestamp(t, "next_attempt_at").notNullable();
    t.string("claimed_by", 36).nullable();
    timestamp(t, "claim_expires_at").nullable();
    t.string("last_error", 300).nullable();
    timestamp(t, "sent_at").nullable();
    timestamp(t, "created_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.unique(["event_id", "recipient", "template"], { indexName: "email_sends_once_index" });
    t.index(["state", "next_attempt_at"], "email_sends_due_index");
    t.index(["store_id", "created_at"]);
  });

  await knex.schema.createTable("email_templates", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("template", 40).notNullable();
    t.string("subject", 300).notNullable();
    t.text("mjml_body", "mediumtext").notNullable();
    t.text("text_body", "mediumtext").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.primary(["store_id", "template"]);
  });

  await knex.schema.createTable("email_settings", (t) => {
    t.string("store_id", 36).primary().references("id").inTable("stores").onDelete("CASCADE");
    t.string("logo_url", 2000).nullable();
    timestamp(t, "updated_at").notNullable();
  });

  await knex.schema.createTable("customer_email_opt_outs", (t) => {
    t.string("customer_id", 36).notNullable().references("id").inTable("customers").onDelete("CASCADE");
    t.string("template", 40).notNullable();
    t.string("store_id", 36).notNullable();
    timestamp(t, "created_at").notNullable();
    t.primary(["customer_id", "template"]);
  });

  await knex.schema.alterTable("customers", (t) => {
    // ok, bouncing (the mail server refused it for good), malformed
    t.string("email_status", 16).notNullable().defaultTo("ok");
    t.string("email_status_reason", 300).nullable();
    timestamp(t, "email_status_at").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("customers", (t) => {
    for (const column of ["email_status", "email_status_reason", "email_status_at"]) t.dropColumn(column);
  });
  await knex.schema.dropTableIfExists("customer_email_opt_outs");
  await knex.schema.dropTableIfExists("email_settings");
  await knex.schema.dropTableIfExists("email_templates");
  await knex.schema.dropTableIfExists("email_sends");
  await knex.schema.alterTable("events", (t) => {
    t.dropIndex(["emailed_at", "created_at"], "events_email_index");
    t.dropColumn("emailed_at");
  });
}
