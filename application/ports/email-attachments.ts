// Files an email carries (docs/emails.md, "What is sent when"): the order's invoice as a PDF on
// the payment email, once the invoice is issued.
import type { ServiceIdentifier } from "inversify";

export interface EmailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface EmailAttachments {
  /** The order's invoice as a PDF, or undefined when it has none (not paid, or paid before invoices were issued). */
  invoicePdf(storeId: string, orderId: string): Promise<EmailAttachment | undefined>;
}
export const EmailAttachments: ServiceIdentifier<EmailAttachments> = Symbol.for("storefront.EmailAttachments");
