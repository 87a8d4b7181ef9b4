// The order's invoice attached to the payment email (docs/emails.md, "What is sent when"): the
// same PDF `GET /v1/orders/{id}/invoice?format=pdf` answers (adapters/http/documents), so the
// customer gets it without a key or a link to follow.
import { inject, injectable } from "inversify";
import type { EmailAttachment, EmailAttachments } from "../../application/ports/email-attachments.js";
import { InvoiceRepository } from "../../application/ports/invoice-repository.js";
import { documentPdf } from "../http/documents/document-pdf.js";
import { invoiceView } from "../http/documents/document-view.js";

@injectable()
export class InvoicePdfAttachments implements EmailAttachments {
  constructor(@inject(InvoiceRepository) private readonly invoices: InvoiceRepository) {}

  async invoicePdf(storeId: string, orderId: string): Promise<EmailAttachment | undefined> {
    const invoice = await this.invoices.findInvoice(storeId, orderId);
    if (invoice === undefined) return undefined;
    return { filename: `${invoice.number}.pdf`, contentType: "application/pdf", content: await documentPdf(invoiceView(invoice), invoice.issuedAt) };
  }
}
