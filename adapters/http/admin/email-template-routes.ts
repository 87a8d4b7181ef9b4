// The store's email templates and email logo on the admin API (docs/api/emails.md), under the
// settings permission.
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { EmailPreviewInput, EmailSettingsInput, EmailTemplateInput } from "../../../application/emails/email-inputs.js";
import { GetEmailSettings } from "../../../application/emails/get-email-settings.js";
import { GetEmailTemplate } from "../../../application/emails/get-email-template.js";
import { ListEmailTemplates } from "../../../application/emails/list-email-templates.js";
import { PreviewEmailTemplate } from "../../../application/emails/preview-email-template.js";
import { ResetEmailTemplate } from "../../../application/emails/reset-email-template.js";
import { UpdateEmailSettings } from "../../../application/emails/update-email-settings.js";
import { UpdateEmailTemplate } from "../../../application/emails/update-email-template.js";
import { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { emailTemplateExamples } from "./email-template-examples.js";

const TAG = "Emails";

const ByKey = Schema.Struct({ key: TemplateKey.annotations({ description: "The email's template key (docs/emails.md, \"What is sent when\")." }) });

export const EmailTemplate = Schema.Struct({
  key: TemplateKey.annotations({ description: "The email's template key." }),
  title: Schema.String.annotations({ description: "What the email is." }),
  recipients: Schema.Literal("customer", "staff").annotations({ description: "`customer`: the order's or thread's customer; `staff`: the store's active members whose role holds `permission`." }),
  permission: Schema.NullOr(Schema.String).annotations({ description: "For staff emails, the permission a member's role needs to get it." }),
  events: Schema.Array(Schema.String).annotations({ description: "The event types that send it." }),
  optional: Schema.Boolean.annotations({ description: "True when a customer may turn it off; false when the order needs it." }),
  placeholders: Schema.Array(Schema.String).annotations({ description: "The placeholders its subject and bodies may use, as `{{name}}`." }),
  customized: Schema.Boolean.annotations({ description: "True when the store saved its own version; false for the default." }),
  subject: Schema.String.annotations({ description: "The subject line, with its placeholders." }),
  mjml: Schema.String.annotations({ description: "The HTML body in MJML: the content of the layout's one column." }),
  text: Schema.String.annotations({ description: "The plain-text body." }),
  updated_at: Schema.NullOr(Schema.String).annotations({ description: "When the store saved it (ISO 8601, UTC); null for the default." }),
}).annotations({ identifier: "EmailTemplate" });

const EmailPreview = Schema.Struct({
  subject: Schema.String.annotations({ description: "The subject with the sample values." }),
  html: Schema.String.annotations({ description: "The HTML MJML made, with the store's logo and name, as it would be sent." }),
  text: Schema.String.annotations({ description: "The text body with the sample values." }),
}).annotations({ identifier: "EmailPreview" });

const EmailSettings = Schema.Struct({
  logo_url: Schema.NullOr(Schema.String).annotations({ description: "The logo at the top of every email (alt text: the store's name), or null." }),
}).annotations({ identifier: "EmailSettings" });

@injectable()
export class AdminEmailTemplateRoutes implements RouteModule {
  constructor(
    @inject(ListEmailTemplates) private readonly listTemplates: ListEmailTemplates,
    @inject(GetEmailTemplate) private readonly getTemplate: GetEmailTemplate,
    @inject(UpdateEmailTemplate) private readonly updateTemplate: UpdateEmailTemplate,
    @inject(PreviewEmailTemplate) private readonly previewTemplate: PreviewEmailTemplate,
    @inject(ResetEmailTemplate) private readonly resetTemplate: ResetEmailTemplate,
    @inject(GetEmailSettings) private readonly getSettings: GetEmailSettings,
    @inject(UpdateEmailSettings) private readonly updateSettings: UpdateEmailSettings,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListEmailTemplates",
        method: "GET",
        path: "/admin/v1/email-templates",
        summary: "Every email the store sends, with its template",
        description:
          "The twelve emails (docs/emails.md, \"What is sent when\"): who gets each, the events that send it, whether a customer may turn it off, its placeholders, and the template in use: the store's own (`customized`) or the default.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        example: emailTemplateExamples.adminListEmailTemplates,
        success: { status: 200, description: "The templates, in the catalogue's order.", schema: Schema.Struct({ templates: Schema.Array(EmailTemplate) }) },
        handle: async ({ principal }) => ({ templates: await this.listTemplates.execute(principal) }),
      }),
      defineRoute({
        operationId: "adminGetEmailTemplate",
        method: "GET",
        path: "/admin/v1/email-templates/{key}",
        summary: "One email's template",
        description: "The template in use for the email `key`: the store's own, or the default. A key that names no email is a 404 naming `key`.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        params: ByKey,
        example: emailTemplateExamples.adminGetEmailTemplate,
        success: { status: 200, description: "The template.", schema: EmailTemplate },
        handle: ({ principal, params }) => this.getTemplate.execute(principal, params.key),
      }),
      defineRoute({
        operationId: "adminUpdateEmailTemplate",
        method: "PUT",
        path: "/admin/v1/email-templates/{key}",
        summary: "Replace one email's template",
        description:
          "Saves the store's subject, MJML body and text body for the email `key`; the next email made uses them. Checked first: a placeholder the email may not use is a 422 `unknown_placeholder` naming it and the part (`param`: subject, mjml or text), a `{{` that is not a placeholder a 422 `malformed_placeholder`, and MJML with the layout's own elements (mjml, mj-body, mj-section, mj-column, mj-include) or that does not compile cleanly a 422 `invalid_template`; nothing is saved then. Recorded in the audit log as `email_template.update`.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        params: ByKey,
        body: EmailTemplateInput,
        errors: [422],
        example: emailTemplateExamples.adminUpdateEmailTemplate,
        success: { status: 200, description: "The saved template.", schema: EmailTemplate },
        handle: ({ principal, params, body }) => this.updateTemplate.execute(principal, params.key, body),
      }),
      defineRoute({
        operationId: "adminPreviewEmailTemplate",
        method: "POST",
        path: "/admin/v1/email-templates/{key}/preview",
        summary: "Preview one email with sample data",
        description:
          "Renders the email `key` as it would be sent, with sample data (an order in the store's currency, a parcel, a refund, a return, a message) and the store's logo and name: the saved template, or the parts given in the body (unsaved edits), checked as a save is (422). Changes nothing.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        params: ByKey,
        body: EmailPreviewInput,
        errors: [422],
        example: emailTemplateExamples.adminPreviewEmailTemplate,
        success: { status: 200, description: "The subject, HTML and text.", schema: EmailPreview },
        handle: ({ principal, params, body }) => this.previewTemplate.execute(principal, params.key, body),
      }),
      defineRoute({
        operationId: "adminResetEmailTemplate",
        method: "POST",
        path: "/admin/v1/email-templates/{key}/reset",
        summary: "Go back to the default template of one email",
        description: "Removes the store's own template of the email `key`, so the default is used again. Recorded in the audit log as `email_template.reset` when there was one.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        params: ByKey,
        example: emailTemplateExamples.adminResetEmailTemplate,
        success: { status: 200, description: "The default template, now in use.", schema: EmailTemplate },
        handle: ({ principal, params }) => this.resetTemplate.execute(principal, params.key),
      }),
      defineRoute({
        operationId: "adminGetEmailSettings",
        method: "GET",
        path: "/admin/v1/email-settings",
        summary: "The logo the store's emails show",
        description: "The logo URL shown at the top of every email, with the store's name as its alt text; null when the store set none (the emails then show the name alone).",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        example: emailTemplateExamples.adminGetEmailSettings,
        success: { status: 200, description: "The email settings.", schema: EmailSettings },
        handle: ({ principal }) => this.getSettings.execute(principal),
      }),
      defineRoute({
        operationId: "adminUpdateEmailSettings",
        method: "PUT",
        path: "/admin/v1/email-settings",
        summary: "Set the logo the store's emails show",
        description: "Sets the logo URL (absolute http or https, no user name or password; 400 naming `logo_url` otherwise), or null for none. Recorded in the audit log as `email_settings.update`.",
        tag: TAG,
        access: "secret",
        permission: "settings.manage",
        body: EmailSettingsInput,
        example: emailTemplateExamples.adminUpdateEmailSettings,
        success: { status: 200, description: "The email settings.", schema: EmailSettings },
        handle: ({ principal, body }) => this.updateSettings.execute(principal, body),
      }),
    ];
  }
}
