// Issues an order's invoice when it is paid and a refund's credit note when it succeeds
// (docs/invoices.md), inside the caller's unit of work: the number is taken from the store's
// counter row in the same transaction as the order's move to paid (or the refund's to succeeded),
// so a payment or refund that rolls back leaves no gap (docs/decisions/payments.md, "payments-31"
// and "payments-32").
import { inject, injectable } from "inversify";
import { buildCreditNote, type CreditNote } from "../../domain/invoices/credit-note.js";
import { formatDocumentNumber, type DocumentSeries } from "../../domain/invoices/document-number.js";
import { buildInvoice, type DocumentIssue, type Invoice } from "../../domain/invoices/invoice.js";
import type { Order } from "../../domain/orders/order.js";
import type { Refund } from "../../domain/orders/refund.js";
import { Clock } from "../ports/clock.js";
import { InvoiceRepository } from "../ports/invoice-repository.js";

@injectable()
export class IssueDocuments {
  constructor(
    @inject(InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The order's invoice, issued now unless it has one. Call inside the unit of work that pays the order. */
  async invoiceFor(storeId: string, order: Order): Promise<Invoice> {
    const existing = await this.invoices.findInvoice(storeId, order.id);
    if (existing !== undefined) return existing;
    const seller = await this.invoices.seller(storeId);
    const issue = await this.issue(storeId, { kind: "invoice", livemode: order.livemode });
    const invoice = buildInvoice(order, seller, issue);
    await this.invoices.insertInvoice(storeId, invoice);
    return invoice;
  }

  /** The refund's credit note. Call inside the unit of work that settles the refund as succeeded (once per refund). */
  async creditNoteFor(storeId: string, order: Order, refund: Refund): Promise<CreditNote> {
    const invoice = await this.invoices.findInvoice(storeId, order.id);
    const seller = invoice?.seller ?? (await this.invoices.seller(storeId));
    const issue = await this.issue(storeId, { kind: "credit_note", livemode: refund.livemode });
    const note = buildCreditNote(order, refund, invoice?.number ?? null, seller, issue);
    await this.invoices.insertCreditNote(storeId, note);
    return note;
  }

  /** The number is taken last, just before the insert: the counter row is locked for the rest of the unit of work. */
  private async issue(storeId: string, series: DocumentSeries): Promise<DocumentIssue> {
    const sequence = await this.invoices.nextNumber(storeId, series);
    return { number: formatDocumentNumber(series, sequence), sequence, issuedAt: this.clock.now().toISOString() };
  }
}
