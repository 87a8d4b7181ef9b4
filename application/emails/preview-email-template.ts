// POST /admin/v1/email-templates/{key}/preview (docs/api/emails.md): the template, or the unsaved
// parts given, with sample data in the store's currency, logo and name.
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES, type EmailTemplate } from "../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { EmailRenderer } from "../ports/email-renderer.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { checkEmailTemplate, composeEmail, type ComposedEmail } from "./compose-email.js";
import type { EmailPreviewInput } from "./email-inputs.js";
import { sampleEmailValues } from "./sample-email-values.js";

@injectable()
export class PreviewEmailTemplate {
  constructor(
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(EmailRenderer) private readonly renderer: EmailRenderer,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, key: TemplateKey, input: EmailPreviewInput): Promise<ComposedEmail> {
    const store = await loadStore(this.stores, principal.storeId);
    const saved = (await this.templates.find(principal.storeId, key)) ?? DEFAULT_TEMPLATES[key];
    const template: EmailTemplate = { subject: input.subject ?? saved.subject, mjml: input.mjml ?? saved.mjml, text: input.text ?? saved.text };
    await checkEmailTemplate(this.renderer, key, template);
    const values = sampleEmailValues(key, store.baseCurrency, store.timeZone, this.clock.now().toISOString());
    return composeEmail(this.renderer, key, template, values, { storeName: store.name, logoUrl: await this.templates.logoUrl(principal.storeId) });
  }
}
