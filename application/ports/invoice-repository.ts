// Invoices and credit notes as issued (docs/invoices.md), and each store's gapless counters of
// their numbers. `nextNumber` runs inside the caller's unit of work: the counter row stays locked
// until it ends, and a rolled back unit of work gives the number back.
import type { ServiceIdentifier } from "inversify";
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { DocumentSeries } from "../../domain/invoices/document-number.js";
import type { Invoice, Seller } from "../../domain/invoices/invoice.js";

export interface InvoiceRepository {
  /** The next number of the store's series: its counter row incremented (and locked) in the caller's unit of work. */
  nextNumber(storeId: string, series: DocumentSeries): Promise<number>;
  /** The seller's details as the store has them now (for a document being issued). */
  seller(storeId: string): Promise<Seller>;
  insertInvoice(storeId: string, invoice: Invoice): Promise<void>;
  findInvoice(storeId: string, orderId: string): Promise<Invoice | undefined>;
  insertCreditNote(storeId: string, note: CreditNote): Promise<void>;
  /** The order's credit notes, oldest first. */
  listCreditNotes(storeId: string, orderId: string): Promise<CreditNote[]>;
  findCreditNote(storeId: string, orderId: string, number: string): Promise<CreditNote | undefined>;
}
export const InvoiceRepository: ServiceIdentifier<InvoiceRepository> = Symbol.for("storefront.InvoiceRepository");
