// Compiles an email's MJML to HTML that renders in the common mail clients (docs/emails.md,
// "Templates and placeholders").
import type { ServiceIdentifier } from "inversify";

export interface RenderedHtml {
  readonly html: string;
  /** What the compiler found wrong (unknown elements, misplaced attributes); empty when none. */
  readonly problems: readonly string[];
}

export interface EmailRenderer {
  toHtml(mjml: string): Promise<RenderedHtml>;
}
export const EmailRenderer: ServiceIdentifier<EmailRenderer> = Symbol.for("storefront.EmailRenderer");
