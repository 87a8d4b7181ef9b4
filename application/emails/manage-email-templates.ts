// The store's email templates on the admin API (docs/api/emails.md): list, read, replace (checked
// first: 422 naming an unknown placeholder), reset to the default, preview with sample data, and
// the logo every email shows. Writes are audited (`email_template.update`, `email_template.reset`,
// `email_settings.update`).
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES, type EmailTemplate } from "../../domain/emails/default-templates.js";
import { TEMPLATE_KEYS, type TemplateKey } from "../../domain/emails/email-catalogue.js";
import { isLogoUrl } from "../../domain/emails/email-layout.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { EmailRenderer } from "../ports/email-renderer.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { loadStore } from "../stores/load-store.js";
import { StoreRepository } from "../ports/store-repository.js";
import { checkEmailTemplate, composeEmail, type ComposedEmail } from "./compose-email.js";
import type { EmailPreviewInput, EmailSettingsInput, EmailTemplateInput } from "./email-inputs.js";
import { toEmailTemplateRecord, type EmailTemplateRecord } from "./email-records.js";
import { sampleEmailValues } from "./sample-email-values.js";

@injectable()
export class ManageEmailTemplates {
  constructor(
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(EmailRenderer) private readonly renderer: EmailRenderer,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<readonly EmailTemplateRecord[]> {
    const stored = new Map((await this.templates.list(principal.storeId)).map((t) => [t.key, t]));
    return TEMPLATE_KEYS.map((key) => {
      const saved = stored.get(key);
      return toEmailTemplateRecord(key, saved ?? DEFAULT_TEMPLATES[key], saved?.updatedAt ?? null);
    });
  }

  async get(principal: Principal, key: TemplateKey): Promise<EmailTemplateRecord> {
    const saved = await this.templates.find(principal.storeId, key);
    return toEmailTemplateRecord(key, saved ?? DEFAULT_TEMPLATES[key], saved?.updatedAt ?? null);
  }

  async update(principal: Principal, key: TemplateKey, input: EmailTemplateInput): Promise<EmailTemplateRecord> {
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

  async reset(principal: Principal, key: TemplateKey): Promise<EmailTemplateRecord> {
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

  /** The template (or the unsaved parts given) with sample data in the store's currency, logo and name. */
  async preview(principal: Principal, key: TemplateKey, input: EmailPreviewInput): Promise<ComposedEmail> {
    const store = await loadStore(this.stores, principal.storeId);
    const saved = (await this.templates.find(principal.storeId, key)) ?? DEFAULT_TEMPLATES[key];
    const template: EmailTemplate = { subject: input.subject ?? saved.subject, mjml: input.mjml ?? saved.mjml, text: input.text ?? saved.text };
    await checkEmailTemplate(this.renderer, key, template);
    const values = sampleEmailValues(key, store.baseCurrency, store.timeZone, this.clock.now().toISOString());
    return composeEmail(this.renderer, key, template, values, { storeName: store.name, logoUrl: await this.templates.logoUrl(principal.storeId) });
  }

  async settings(principal: Principal): Promise<{ readonly logo_url: string | null }> {
    return { logo_url: await this.templates.logoUrl(principal.storeId) };
  }

  async updateSettings(principal: Principal, input: EmailSettingsInput): Promise<{ readonly logo_url: string | null }> {
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
