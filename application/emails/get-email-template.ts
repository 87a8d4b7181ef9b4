// GET /admin/v1/email-templates/{key} (docs/api/emails.md): one email's template, the store's own or the default.
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES } from "../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { Principal } from "../access/principal.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { toEmailTemplateRecord, type EmailTemplateRecord } from "./email-records.js";

@injectable()
export class GetEmailTemplate {
  constructor(@inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository) {}

  async execute(principal: Principal, key: TemplateKey): Promise<EmailTemplateRecord> {
    const saved = await this.templates.find(principal.storeId, key);
    return toEmailTemplateRecord(key, saved ?? DEFAULT_TEMPLATES[key], saved?.updatedAt ?? null);
  }
}
