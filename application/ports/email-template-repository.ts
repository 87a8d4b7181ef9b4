// A store's edited email templates and its email branding (docs/emails.md, "Templates and
// placeholders"); an email without a stored template uses its default.
import type { ServiceIdentifier } from "inversify";
import type { EmailTemplate } from "../../domain/emails/default-templates.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";

export interface StoredEmailTemplate extends EmailTemplate {
  readonly key: TemplateKey;
  readonly updatedAt: string;
}

export interface EmailTemplateRepository {
  list(storeId: string): Promise<readonly StoredEmailTemplate[]>;
  find(storeId: string, key: TemplateKey): Promise<StoredEmailTemplate | undefined>;
  save(storeId: string, key: TemplateKey, template: EmailTemplate, now: string): Promise<void>;
  /** Returns whether there was one to remove. */
  remove(storeId: string, key: TemplateKey): Promise<boolean>;
  logoUrl(storeId: string): Promise<string | null>;
  setLogoUrl(storeId: string, logoUrl: string | null, now: string): Promise<void>;
}
export const EmailTemplateRepository: ServiceIdentifier<EmailTemplateRepository> = Symbol.for("storefront.EmailTemplateRepository");
