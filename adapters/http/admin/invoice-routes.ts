// An order's invoice and credit notes on the admin API (docs/staff.md, "Invoices and credit
// notes"): permission `orders.read`, the caller's store only, as JSON in integer minor units, a
// printable HTML page or a PDF, the same documents /v1 answers the customer.
import { GetInvoice } from "../../../application/invoices/get-invoice.js";
import { ListCreditNotes } from "../../../application/invoices/list-credit-notes.js";
import { GetCreditNote } from "../../../application/invoices/get-credit-note.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { toCreditNoteRecord, toCreditNoteSummary, toInvoiceRecord } from "../../../application/invoices/invoice-records.js";
import { DOCUMENT_NUMBER_PATTERN } from "../../../domain/invoices/document-number.js";
import { DOCUMENT_MEDIA_TYPES, DocumentQuery, documentFormat, documentReply } from "../documents/document-answer.js";
import { creditNoteView, invoiceView } from "../documents/document-view.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { invoiceSchemas } from "../schemas/invoice-schemas.js";
import { adminInvoiceExamples } from "./invoice-examples.js";

const TAG = "Orders";
const { Invoice, CreditNote, CreditNoteSummary } = invoiceSchemas("integer minor units of the order's currency", "Admin");
const minor = (amount: number): number => amount;

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });
const ByNumber = Schema.Struct({
  id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }),
  number: Schema.propertySignature(Schema.String.pipe(Schema.pattern(DOCUMENT_NUMBER_PATTERN))).annotations({ description: "The credit note's number (`CN-000001`)." }),
});

@injectable()
export class AdminInvoiceRoutes implements RouteModule {
  constructor(@inject(GetInvoice) private readonly getInvoice: GetInvoice,
    @inject(ListCreditNotes) private readonly listCreditNotes: ListCreditNotes,
    @inject(GetCreditNote) private readonly getCreditNote: GetCreditNote) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminGetOrderInvoice",
        method: "GET",
        path: "/admin/v1/orders/{id}/invoice",
        summary: "The order's invoice: JSON, a printable HTML page or a PDF",
        description:
          "Permission `orders.read`. The invoice issued when the order was paid, numbered in the store's gapless sequence, as it was issued: seller, buyer, lines with their tax rate and tax, totals by rate, currency. `format=html` answers a printable page (every value HTML-escaped, no script), `format=pdf` a PDF; JSON is in integer minor units. An order not paid yet is a 409 `order_not_paid`; another store's order a 404.",
        tag: TAG,
        example: adminInvoiceExamples.adminGetOrderInvoice,
        access: "secret",
        permission: "orders.read",
        params: ById,
        query: DocumentQuery,
        errors: [409],
        success: { status: 200, description: "The invoice.", schema: Invoice, alternativeMediaTypes: DOCUMENT_MEDIA_TYPES },
        handle: async ({ principal, params, query, ctx }) => {
          const format = documentFormat(ctx, query.format);
          const invoice = await this.getInvoice.execute(principal, params.id, undefined);
          return format === "json" ? toInvoiceRecord(invoice, minor) : documentReply(invoiceView(invoice), invoice.issuedAt, format);
        },
      }),
      defineRoute({
        operationId: "adminListOrderCreditNotes",
        method: "GET",
        path: "/admin/v1/orders/{id}/credit-notes",
        summary: "The order's credit notes, one per refund that succeeded",
        description: "Permission `orders.read`. Each refund of the order that succeeded has one, numbered in the store's gapless credit note sequence; oldest first, in integer minor units.",
        tag: TAG,
        example: adminInvoiceExamples.adminListOrderCreditNotes,
        access: "secret",
        permission: "orders.read",
        params: ById,
        success: {
          status: 200,
          description: "The credit notes.",
          schema: Schema.Struct({ credit_notes: Schema.Array(CreditNoteSummary).annotations({ description: "The order's credit notes, oldest first." }) }),
        },
        handle: async ({ principal, params }) => ({ credit_notes: (await this.listCreditNotes.execute(principal, params.id, undefined)).map((note) => toCreditNoteSummary(note, minor)) }),
      }),
      defineRoute({
        operationId: "adminGetOrderCreditNote",
        method: "GET",
        path: "/admin/v1/orders/{id}/credit-notes/{number}",
        summary: "One credit note of the order: JSON, a printable HTML page or a PDF",
        description:
          "Permission `orders.read`. What the refund credited, line by line (or its amount), the tax inside, the totals by rate and the invoice it corrects; `format=html` or `format=pdf` as for the invoice. A number the order has no credit note of is a 404.",
        tag: TAG,
        example: adminInvoiceExamples.adminGetOrderCreditNote,
        access: "secret",
        permission: "orders.read",
        params: ByNumber,
        query: DocumentQuery,
        success: { status: 200, description: "The credit note.", schema: CreditNote, alternativeMediaTypes: DOCUMENT_MEDIA_TYPES },
        handle: async ({ principal, params, query, ctx }) => {
          const format = documentFormat(ctx, query.format);
          const note = await this.getCreditNote.execute(principal, params.id, params.number, undefined);
          return format === "json" ? toCreditNoteRecord(note, minor) : documentReply(creditNoteView(note), note.issuedAt, format);
        },
      }),
    ];
  }
}
