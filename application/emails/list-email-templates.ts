// GET /admin/v1/email-templates (docs/api/emails.md): every email's template, the store's own or
// the default, in the catalogue's order.
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES } from "../../domain/emails/default-templates.js";
import { TEMPLATE_KEYS } from "../../domain/emails/email-catalogue.js";
import type { Principal } from "../access/principal.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { toEmailTemplateRecord, type EmailTemplateRecord } from "./email-records.js";

@injectable()
export class ListEmailTemplates {
  constructor(@inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository) {}

  async execute(principal: Principal): Promise<readonly EmailTemplateRecord[]> {
    const stored = new Map((await this.templates.list(principal.storeId)).map((t) => [t.key, t]));
    return TEMPLATE_KEYS.map((key) => {
      const saved = stored.get(key);
      return toEmailTemplateRecord(key, saved ?? DEFAULT_TEMPLATES[key], saved?.updatedAt ?? null);
    });
  }
}
