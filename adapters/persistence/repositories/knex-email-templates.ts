// A store's edited email templates and its email logo on knex (docs/emails.md, "Templates and
// placeholders"): one row per store and template key, one settings row per store.
import { inject, injectable } from "inversify";
import type { EmailTemplateRepository, StoredEmailTemplate } from "../../../application/ports/email-template-repository.js";
import type { EmailTemplate } from "../../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import { Database } from "../database.js";

interface TemplateRow {
  store_id: string;
  template: string;
  subject: string;
  mjml_body: string;
  text_body: string;
  updated_at: string;
}

const toTemplate = (row: TemplateRow): StoredEmailTemplate => ({ key: row.template as TemplateKey, subject: row.subject, mjml: row.mjml_body, text: row.text_body, updatedAt: row.updated_at });

@injectable()
export class KnexEmailTemplates implements EmailTemplateRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async list(storeId: string): Promise<readonly StoredEmailTemplate[]> {
    const rows: TemplateRow[] = await this.db.run((q) => q("email_templates").where({ store_id: storeId }).orderBy("template").select("*"));
    return rows.map(toTemplate);
  }

  async find(storeId: string, key: TemplateKey): Promise<StoredEmailTemplate | undefined> {
    const row: TemplateRow | undefined = await this.db.run((q) => q("email_templates").where({ store_id: storeId, template: key }).first());
    return row === undefined ? undefined : toTemplate(row);
  }

  async save(storeId: string, key: TemplateKey, template: EmailTemplate, now: string): Promise<void> {
    await this.db.run((q) =>
      q("email_templates")
        .insert({ store_id: storeId, template: key, subject: template.subject, mjml_body: template.mjml, text_body: template.text, updated_at: now })
        .onConflict(["store_id", "template"])
        .merge(["subject", "mjml_body", "text_body", "updated_at"]),
    );
  }

  async remove(storeId: string, key: TemplateKey): Promise<boolean> {
    return Number(await this.db.run((q) => q("email_templates").where({ store_id: storeId, template: key }).delete())) > 0;
  }

  async logoUrl(storeId: string): Promise<string | null> {
    const row: { logo_url: string | null } | undefined = await this.db.run((q) => q("email_settings").where({ store_id: storeId }).first("logo_url"));
    return row?.logo_url ?? null;
  }

  async setLogoUrl(storeId: string, logoUrl: string | null, now: string): Promise<void> {
    await this.db.run((q) => q("email_settings").insert({ store_id: storeId, logo_url: logoUrl, updated_at: now }).onConflict("store_id").merge(["logo_url", "updated_at"]));
  }
}
