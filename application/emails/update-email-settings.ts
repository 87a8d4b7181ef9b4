// PUT /admin/v1/email-settings (docs/api/emails.md): the logo every email shows, an absolute http(s)
// URL or null; audited as `email_settings.update` when it changes.
import { inject, injectable } from "inversify";
import { isLogoUrl } from "../../domain/emails/email-layout.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { EmailSettingsInput } from "./email-inputs.js";

@injectable()
export class UpdateEmailSettings {
  constructor(
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: EmailSettingsInput): Promise<{ readonly logo_url: string | null }> {
    const logoUrl = input.logo_url === null || input.logo_url.trim() === "" ? null : input.logo_url.trim();
    if (logoUrl !== null && !isLogoUrl(logoUrl)) throw new ParameterInvalid({ param: "logo_url", message: "logo_url must be an absolute http(s) URL without a user name or password, or null" });
    return this.uow.run(async () => {
      const before = await this.templates.logoUrl(principal.storeId);
      await this.templates.setLogoUrl(principal.storeId, logoUrl, this.clock.now().toISOString());
      if (before !== logoUrl) {
        await this.audit.record(principal, principal.storeId, { operation: "email_settings.update", resourceType: "store", resourceId: principal.storeId, changes: { logo_url: [before, logoUrl] } });
      }
      return { logo_url: logoUrl };
    });
  }
}
