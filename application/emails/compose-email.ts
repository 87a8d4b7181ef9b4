// Makes an email from a template and the placeholders' values (docs/emails.md, "Templates and
// placeholders"): the subject and the text body with the values as they are, the MJML body with
// the values escaped, put in the layout (logo, store name, footer) and compiled to HTML. Also
// the check a template passes before it is saved.
import { Either } from "effect";
import type { EmailTemplate } from "../../domain/emails/default-templates.js";
import { placeholdersOf, type TemplateKey } from "../../domain/emails/email-catalogue.js";
import { wrapInLayout, type EmailBranding } from "../../domain/emails/email-layout.js";
import { checkTemplate, renderParts, renderSubject, type TemplatePart } from "../../domain/emails/placeholders.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import type { EmailRenderer } from "../ports/email-renderer.js";

export interface ComposedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

const FIELDS = [
  ["subject", "subject"],
  ["mjml", "mjml"],
  ["text", "text"],
] as const;

/** Elements that belong to the layout, not to a template's column. */
const LAYOUT_ELEMENTS = /<\s*(mjml|mj-head|mj-body|mj-include|mj-section|mj-column|mj-wrapper)\b/i;

/** Parses the three parts; a refusal names the part (`param`) and the placeholder (422). */
const partsOf = (key: TemplateKey, template: EmailTemplate): Record<"subject" | "mjml" | "text", readonly TemplatePart[]> => {
  const allowed = placeholdersOf(key);
  const out: Partial<Record<"subject" | "mjml" | "text", readonly TemplatePart[]>> = {};
  for (const [field, param] of FIELDS) {
    const checked = checkTemplate(template[field], allowed);
    if (Either.isLeft(checked)) throw new BusinessRuleViolation({ code: checked.left.reason, param, message: `${param}: ${checked.left.message}` });
    out[field] = checked.right;
  }
  return out as Record<"subject" | "mjml" | "text", readonly TemplatePart[]>;
};

const footerOf = (storeName: string): string => `You get this email because of your order or account with ${storeName}.`;
const staffFooterOf = (storeName: string): string => `You get this email as a member of ${storeName}'s staff.`;

export const composeEmail = async (
  renderer: EmailRenderer,
  key: TemplateKey,
  template: EmailTemplate,
  values: Readonly<Record<string, string>>,
  branding: EmailBranding,
): Promise<ComposedEmail> => {
  const parts = partsOf(key, template);
  const all = { ...values, store_name: branding.storeName };
  const footer = key.startsWith("staff_") ? staffFooterOf(branding.storeName) : footerOf(branding.storeName);
  const rendered = await renderer.toHtml(wrapInLayout(branding, renderParts(parts.mjml, all, "html"), footer));
  if (rendered.html === "") throw new Error(`the ${key} email did not compile: ${rendered.problems.join("; ")}`);
  return { subject: renderSubject(parts.subject, all), html: rendered.html, text: `${renderParts(parts.text, all, "text")}\n\n--\n${footer}\n` };
};

/**
 * Refuses, before it is saved, a template that names a placeholder its email may not use, has a
 * `{{` that is not a placeholder, carries the layout's own elements, or whose MJML does not
 * compile cleanly (422, naming the part and what is wrong).
 */
export const checkEmailTemplate = async (renderer: EmailRenderer, key: TemplateKey, template: EmailTemplate): Promise<void> => {
  partsOf(key, template);
  const layout = LAYOUT_ELEMENTS.exec(template.mjml);
  if (layout !== null) {
    throw new BusinessRuleViolation({ code: "invalid_template", param: "mjml", message: `mjml: <${layout[1]}> belongs to the layout; a template holds the content of its one column (mj-text, mj-button, mj-table, mj-image, mj-divider, ...).` });
  }
  const sample = wrapInLayout({ storeName: "Store", logoUrl: null }, template.mjml, "footer");
  const rendered = await renderer.toHtml(sample);
  if (rendered.html === "" || rendered.problems.length > 0) {
    throw new BusinessRuleViolation({ code: "invalid_template", param: "mjml", message: `mjml: ${rendered.problems.join("; ") || "it does not compile"}` });
  }
};
