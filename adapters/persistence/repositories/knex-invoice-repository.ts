// Invoices, credit notes and their counters on knex (docs/invoices.md). A number is the counter
// row incremented in the caller's unit of work: the row's lock serialises concurrent payers of one
// store (on SQLite the one writer does), and on Galera two nodes' increments of one row fail one
// transaction's certification, which the unit of work runs again (docs/decisions/payments.md,
// "payments-31"). No blocks of numbers, which leave gaps.
import { inject, injectable } from "inversify";
import type { InvoiceRepository } from "../../../application/ports/invoice-repository.js";
import type { CreditNote } from "../../../domain/invoices/credit-note.js";
import { seriesKey, type DocumentSeries } from "../../../domain/invoices/document-number.js";
import type { Invoice, Seller } from "../../../domain/invoices/invoice.js";
import type { Address } from "../../../domain/orders/order.js";
import { readJson } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { readCreditNoteDocument, readInvoiceDocument, writeDocument } from "../invoice-document-columns.js";
import { randomUUID } from "node:crypto";

@injectable()
export class KnexInvoiceRepository implements InvoiceRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async nextNumber(storeId: string, series: DocumentSeries): Promise<number> {
    const key = seriesKey(series);
    return this.db.run(async (q) => {
      const updated = await q("document_sequences").where({ store_id: storeId, series: key }).increment("last_number", 1);
      if (updated === 0) {
        // A store created before its counters were (the migration writes them for older stores,
        // the store's creation for new ones): the first number creates the row, in a savepoint.
        try {
          await q.transaction((trx) => trx("document_sequences").insert({ store_id: storeId, series: key, last_number: 1 }));
          return 1;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          await q("document_sequences").where({ store_id: storeId, series: key }).increment("last_number", 1);
        }
      }
      const row: { last_number: number | string } | undefined = await q("document_sequences").where({ store_id: storeId, series: key }).first("last_number");
      return Number(row?.last_number ?? 1);
    });
  }

  async seller(storeId: string): Promise<Seller> {
    const rows = await this.db.select<{ name: string; address: string | null; tax_number: string | null }>("select name, address, tax_number from stores where id = ?", [storeId]);
    const row = rows[0];
    return { name: row?.name ?? "", address: readJson<Address | null>(row?.address ?? null, null), taxNumber: row?.tax_number ?? null };
  }

  async insertInvoice(storeId: string, invoice: Invoice): Promise<void> {
    await this.db.run((q) =>
      q("invoices").insert({
        id: randomUUID(),
        store_id: storeId,
        order_id: invoice.orderId,
        number: invoice.number,
        sequence: invoice.sequence,
        livemode: invoice.livemode,
        currency: invoice.currency,
        total_amount: invoice.total,
        tax_amount: invoice.tax,
        document: writeDocument(invoice),
        issued_at: invoice.issuedAt,
      }),
    );
  }

  async findInvoice(storeId: string, orderId: string): Promise<Invoice | undefined> {
    const rows = await this.db.run((q) => q("invoices").where({ store_id: storeId, order_id: orderId }).select("document"));
    const row = rows[0] as { document: string } | undefined;
    return row === undefined ? undefined : readInvoiceDocument(row.document);
  }

  async insertCreditNote(storeId: string, note: CreditNote): Promise<void> {
    await this.db.run((q) =>
      q("credit_notes").insert({
        id: randomUUID(),
        store_id: storeId,
        order_id: note.orderId,
        refund_id: note.refundId,
        number: note.number,
        sequence: note.sequence,
        livemode: note.livemode,
        currency: note.currency,
        total_amount: note.total,
        tax_amount: note.tax,
        document: writeDocument(note),
        issued_at: note.issuedAt,
      }),
    );
  }

  async listCreditNotes(storeId: string, orderId: string): Promise<CreditNote[]> {
    const rows: { document: string }[] = await this.db.run((q) =>
      q("credit_notes").where({ store_id: storeId, order_id: orderId }).orderBy([{ column: "issued_at" }, { column: "sequence" }]).select("document"),
    );
    return rows.map((row) => readCreditNoteDocument(row.document));
  }

  async findCreditNote(storeId: string, orderId: string, number: string): Promise<CreditNote | undefined> {
    const rows: { document: string }[] = await this.db.run((q) => q("credit_notes").where({ store_id: storeId, order_id: orderId, number }).select("document"));
    const row = rows[0];
    return row === undefined ? undefined : readCreditNoteDocument(row.document);
  }
}
