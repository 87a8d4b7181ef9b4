// GET /admin/v1/email-settings (docs/api/emails.md): the logo every email of the store shows.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";

@injectable()
export class GetEmailSettings {
  constructor(@inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository) {}

  async execute(principal: Principal): Promise<{ readonly logo_url: string | null }> {
    return { logo_url: await this.templates.logoUrl(principal.storeId) };
  }
}
