// POST /admin/v1/email-templates/{key}/reset (docs/api/emails.md): back to the default template;
// audited as `email_template.reset` when the store had its own.
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES } from "../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { Principal } from "../access/principal.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { toEmailTemplateRecord, type EmailTemplateRecord } from "./email-records.js";

@injectable()
export class ResetEmailTemplate {
  constructor(
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, key: TemplateKey): Promise<EmailTemplateRecord> {
    return this.uow.run(async () => {
      const before = await this.templates.find(principal.storeId, key);
      if (await this.templates.remove(principal.storeId, key)) {
        await this.audit.record(principal, principal.storeId, {
          operation: "email_template.reset",
          resourceType: "email_template",
          resourceId: key,
          changes: { subject: [before?.subject ?? null, DEFAULT_TEMPLATES[key].subject], customized: [true, false] },
        });
      }
      return toEmailTemplateRecord(key, DEFAULT_TEMPLATES[key], null);
    });
  }
}
