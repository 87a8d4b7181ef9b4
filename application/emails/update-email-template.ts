// PUT /admin/v1/email-templates/{key} (docs/api/emails.md): replaces the three parts, checked first
// (422 naming an unknown placeholder); audited as `email_template.update`.
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES, type EmailTemplate } from "../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { EmailRenderer } from "../ports/email-renderer.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { checkEmailTemplate } from "./compose-email.js";
import type { EmailTemplateInput } from "./email-inputs.js";
import { toEmailTemplateRecord, type EmailTemplateRecord } from "./email-records.js";

@injectable()
export class UpdateEmailTemplate {
  constructor(
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(EmailRenderer) private readonly renderer: EmailRenderer,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, key: TemplateKey, input: EmailTemplateInput): Promise<EmailTemplateRecord> {
    const template: EmailTemplate = { subject: input.subject.trim(), mjml: input.mjml, text: input.text };
    await checkEmailTemplate(this.renderer, key, template);
    const now = this.clock.now().toISOString();
    return this.uow.run(async () => {
      const before = await this.templates.find(principal.storeId, key);
      await this.templates.save(principal.storeId, key, template, now);
      await this.audit.record(principal, principal.storeId, {
        operation: "email_template.update",
        resourceType: "email_template",
        resourceId: key,
        changes: { subject: [(before ?? DEFAULT_TEMPLATES[key]).subject, template.subject], customized: [before !== undefined, true] },
      });
      return toEmailTemplateRecord(key, template, now);
    });
  }
}
