// Email templates and preferences as the API shows them (docs/api/emails.md).
import type { EmailTemplate } from "../../domain/emails/default-templates.js";
import { EMAIL_KINDS, OPTIONAL_KINDS, placeholdersOf, TEMPLATE_KEYS, type TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { CustomerEmailState, EmailAddressStatus } from "../ports/customer-email-preferences.js";

export interface EmailTemplateRecord {
  readonly key: TemplateKey;
  readonly title: string;
  readonly recipients: "customer" | "staff";
  readonly permission: string | null;
  readonly events: readonly string[];
  readonly optional: boolean;
  readonly placeholders: readonly string[];
  readonly customized: boolean;
  readonly subject: string;
  readonly mjml: string;
  readonly text: string;
  readonly updated_at: string | null;
}

export const toEmailTemplateRecord = (key: TemplateKey, template: EmailTemplate, updatedAt: string | null): EmailTemplateRecord => {
  const kind = EMAIL_KINDS[key];
  return {
    key,
    title: kind.title,
    recipients: kind.audience.kind,
    permission: kind.audience.kind === "staff" ? kind.audience.permission : null,
    events: kind.events,
    optional: kind.optional,
    placeholders: placeholdersOf(key),
    customized: updatedAt !== null,
    subject: template.subject,
    mjml: template.mjml,
    text: template.text,
    updated_at: updatedAt,
  };
};

export interface EmailPreferencesRecord {
  readonly emails: ReadonlyArray<{ readonly key: TemplateKey; readonly title: string; readonly optional: boolean; readonly enabled: boolean }>;
  readonly email_status: EmailAddressStatus;
  readonly email_status_reason: string | null;
  readonly email_status_at: string | null;
}

export const toEmailPreferencesRecord = (state: CustomerEmailState): EmailPreferencesRecord => ({
  emails: TEMPLATE_KEYS.filter((key) => EMAIL_KINDS[key].audience.kind === "customer").map((key) => ({
    key,
    title: EMAIL_KINDS[key].title,
    optional: OPTIONAL_KINDS.includes(key),
    enabled: !(OPTIONAL_KINDS.includes(key) && state.optOuts.includes(key)),
  })),
  email_status: state.emailStatus,
  email_status_reason: state.emailStatusReason,
  email_status_at: state.emailStatusAt,
});
