// The admin API's and the customer's email payloads (docs/api/emails.md), shared by HTTP and any
// other caller: a template's three parts, a preview of unsaved parts, the logo, and the emails a
// customer turns off.
import { Schema } from "effect";
import { OPTIONAL_KINDS, TemplateKey } from "../../domain/emails/email-catalogue.js";

const Subject = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(300)).annotations({ description: "The subject line; placeholders allowed (`{{order_number}}`)." });
const Mjml = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100_000)).annotations({
  description: "The HTML body in MJML: the content of the layout's one column (mj-text, mj-button, mj-table, mj-image, mj-divider, ...); placeholders allowed, their values escaped.",
});
const Text = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100_000)).annotations({ description: "The plain-text body; placeholders allowed." });

export const EmailTemplateInput = Schema.Struct({ subject: Subject, mjml: Mjml, text: Text }).annotations({ identifier: "EmailTemplateInput" });
export type EmailTemplateInput = typeof EmailTemplateInput.Type;

export const EmailPreviewInput = Schema.Struct({
  subject: Schema.optional(Subject),
  mjml: Schema.optional(Mjml),
  text: Schema.optional(Text),
}).annotations({ identifier: "EmailPreviewInput", description: "Parts to preview instead of the saved ones (unsaved edits); those left out are the saved template's." });
export type EmailPreviewInput = typeof EmailPreviewInput.Type;

export const EmailSettingsInput = Schema.Struct({
  logo_url: Schema.NullOr(Schema.String.pipe(Schema.maxLength(2000))).annotations({ description: "An absolute http(s) URL of the store's logo, shown at the top of every email with the store's name as its alt text; null for none." }),
}).annotations({ identifier: "EmailSettingsInput" });
export type EmailSettingsInput = typeof EmailSettingsInput.Type;

export const OptionalEmailKey = TemplateKey.pipe(
  Schema.filter((key) => OPTIONAL_KINDS.includes(key) || `${key} is needed for the order and cannot be turned off; these can: ${OPTIONAL_KINDS.join(", ")}`),
);

export const EmailPreferencesInput = Schema.Struct({
  turned_off: Schema.Array(OptionalEmailKey).pipe(Schema.maxItems(20)).annotations({ description: `The optional emails the customer does not want (${OPTIONAL_KINDS.join(", ")}); the rest are sent. Replaces the list.` }),
}).annotations({ identifier: "EmailPreferencesInput" });
export type EmailPreferencesInput = typeof EmailPreferencesInput.Type;
