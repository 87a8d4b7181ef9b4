// The emails' adapters in the container (docs/emails.md): the MJML renderer, the SMTP transport
// when STOREFRONT_SMTP_URL is set (none otherwise: the job then makes no email), the knex queue,
// templates and preferences, the job's settings, the email use cases and their routes (the admin
// templates, the customer's preferences).
import type { Container } from "inversify";
import { InvoicePdfAttachments } from "../adapters/notifications/invoice-pdf-attachments.js";
import { MjmlEmailRenderer } from "../adapters/notifications/mjml-email-renderer.js";
import { SmtpEmailTransport } from "../adapters/notifications/smtp-email-transport.js";
import { KnexCustomerEmailPreferences } from "../adapters/persistence/repositories/knex-customer-email-preferences.js";
import { KnexEmailQueue } from "../adapters/persistence/repositories/knex-email-queue.js";
import { KnexEmailTemplates } from "../adapters/persistence/repositories/knex-email-templates.js";
import { AdminEmailTemplateRoutes } from "../adapters/http/admin/email-template-routes.js";
import { AdminRouteModule, RouteModule } from "../adapters/http/route-module.js";
import { EmailPreferenceRoutes } from "../adapters/http/routes/email-preference-routes.js";
import { DeliverEmails } from "../application/emails/deliver-emails.js";
import { EmailDeliverySettings } from "../application/emails/email-delivery-settings.js";
import { GetEmailPreferences } from "../application/emails/get-email-preferences.js";
import { GetEmailSettings } from "../application/emails/get-email-settings.js";
import { GetEmailTemplate } from "../application/emails/get-email-template.js";
import { ListEmailTemplates } from "../application/emails/list-email-templates.js";
import { PreviewEmailTemplate } from "../application/emails/preview-email-template.js";
import { ResetEmailTemplate } from "../application/emails/reset-email-template.js";
import { UpdateEmailPreferences } from "../application/emails/update-email-preferences.js";
import { UpdateEmailSettings } from "../application/emails/update-email-settings.js";
import { UpdateEmailTemplate } from "../application/emails/update-email-template.js";
import { PlanEmailSends } from "../application/emails/plan-email-sends.js";
import { CustomerEmailPreferences } from "../application/ports/customer-email-preferences.js";
import { EmailAttachments } from "../application/ports/email-attachments.js";
import { EmailQueue } from "../application/ports/email-queue.js";
import { EmailRenderer } from "../application/ports/email-renderer.js";
import { EmailTemplateRepository } from "../application/ports/email-template-repository.js";
import { EmailTransport } from "../application/ports/email-transport.js";
import type { Config } from "./config.js";

/** Binds the email ports; returns what must be closed with the application. */
/** The emails' use cases, one per verb (docs/architecture.md), bound to themselves. PlanEmailSends is DeliverEmails' step, not a use case. */
export const EMAIL_USE_CASES: ReadonlyArray<new (...args: any[]) => unknown> = [
  DeliverEmails,
  ListEmailTemplates,
  GetEmailTemplate,
  UpdateEmailTemplate,
  PreviewEmailTemplate,
  ResetEmailTemplate,
  GetEmailSettings,
  UpdateEmailSettings,
  GetEmailPreferences,
  UpdateEmailPreferences,
];

export const bindEmails = (container: Container, config: Config): { close(): void } => {
  const transport = config.smtpUrl === undefined ? undefined : new SmtpEmailTransport(config.smtpUrl, config.mailFrom);
  container.bind(EmailTransport).toConstantValue(
    transport ?? {
      send: () => Promise.resolve({ kind: "unavailable", reason: "no mail server is configured (STOREFRONT_SMTP_URL)" }),
    },
  );
  container.bind(EmailRenderer).toConstantValue(new MjmlEmailRenderer());
  container.bind(EmailQueue).to(KnexEmailQueue);
  container.bind(EmailAttachments).to(InvoicePdfAttachments);
  container.bind(EmailTemplateRepository).to(KnexEmailTemplates);
  container.bind(CustomerEmailPreferences).to(KnexCustomerEmailPreferences);
  container.bind(PlanEmailSends).toSelf();
  for (const useCase of EMAIL_USE_CASES) container.bind(useCase).toSelf();
  container.bind(AdminRouteModule).to(AdminEmailTemplateRoutes);
  container.bind(RouteModule).to(EmailPreferenceRoutes);
  container.bind<EmailDeliverySettings>(EmailDeliverySettings).toConstantValue({ enabled: transport !== undefined, batchSize: 50, claimTtlMs: 120_000 });
  return { close: () => transport?.close() };
};
