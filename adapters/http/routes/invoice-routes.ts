// An order's invoice and credit notes on /v1 (docs/api/orders.md, "Invoices and credit notes"):
// read by whoever may read the order (a secret key, or a publishable key with the customer's
// x-auth-token), as JSON in decimal major units, a printable HTML page or a PDF.
import { GetInvoice } from "../../../application/invoices/get-invoice.js";
import { ListCreditNotes } from "../../../application/invoices/list-credit-notes.js";
import { GetCreditNote } from "../../../application/invoices/get-credit-note.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { toCreditNoteRecord, toCreditNoteSummary, toInvoiceRecord } from "../../../application/invoices/invoice-records.js";
import { majorUnitsOf } from "../../../application/orders/order-record.js";
import { DOCUMENT_NUMBER_PATTERN } from "../../../domain/invoices/document-number.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { DOCUMENT_MEDIA_TYPES, DocumentQuery, documentFormat, documentReply } from "../documents/document-answer.js";
import { creditNoteView, invoiceView } from "../documents/document-view.js";
import { invoiceExamples } from "./invoice-examples.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { invoiceSchemas } from "../schemas/invoice-schemas.js";

const TAG = "Orders";
const { Invoice, CreditNote, CreditNoteSummary } = invoiceSchemas("decimal major units of the order's currency");

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });
const ByNumber = Schema.Struct({
  id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }),
  number: Schema.propertySignature(Schema.String.pipe(Schema.pattern(DOCUMENT_NUMBER_PATTERN))).annotations({ description: "The credit note's number (`CN-000001`)." }),
});
const tokenHeader = { ...customerTokenHeader, required: false, description: "Required with a publishable key: the customer who placed the order." };

@injectable()
export class InvoiceRoutes implements RouteModule {
  constructor(@inject(GetInvoice) private readonly getInvoice: GetInvoice,
    @inject(ListCreditNotes) private readonly listCreditNotes: ListCreditNotes,
    @inject(GetCreditNote) private readonly getCreditNote: GetCreditNote) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getOrderInvoice",
        method: "GET",
        path: "/v1/orders/{id}/invoice",
        summary: "The order's invoice: JSON, a printable HTML page or a PDF",
        description:
          "A secret key reads the invoice of any order of the store; a publishable key needs the customer's `x-auth-token` (401 `invalid_token` without it) and reads only that customer's (another's order is a 404). The invoice is issued, with the next number of the store's gapless sequence, when the order is paid, and never changes after: the seller, the buyer, the lines with their tax rate and tax, the totals by rate and the currency as they were then. `format=html` answers a printable page, `format=pdf` a PDF (or an Accept header preferring them); JSON is in decimal major units. An order not paid yet is a 409 `order_not_paid`; one paid before invoices were issued has none (404).",
        tag: TAG,
        example: invoiceExamples.getOrderInvoice,
        access: "publishable",
        params: ById,
        query: DocumentQuery,
        headers: [tokenHeader],
        errors: [409],
        success: { status: 200, description: "The invoice.", schema: Invoice, alternativeMediaTypes: DOCUMENT_MEDIA_TYPES },
        handle: async ({ principal, params, query, ctx }) => {
          const format = documentFormat(ctx, query.format);
          const invoice = await this.getInvoice.execute(principal, params.id, customerToken(ctx));
          return format === "json" ? toInvoiceRecord(invoice, majorUnitsOf(invoice.currency)) : documentReply(invoiceView(invoice), invoice.issuedAt, format);
        },
      }),
      defineRoute({
        operationId: "listOrderCreditNotes",
        method: "GET",
        path: "/v1/orders/{id}/credit-notes",
        summary: "The order's credit notes, one per refund that succeeded",
        description:
          "Who may read the order may read its credit notes (a publishable key with the customer's `x-auth-token`). Each refund that succeeded has one, numbered in the store's gapless credit note sequence; oldest first, in decimal major units.",
        tag: TAG,
        example: invoiceExamples.listOrderCreditNotes,
        access: "publishable",
        params: ById,
        headers: [tokenHeader],
        success: {
          status: 200,
          description: "The credit notes.",
          schema: Schema.Struct({ credit_notes: Schema.Array(CreditNoteSummary).annotations({ description: "The order's credit notes, oldest first." }) }),
        },
        handle: async ({ principal, params, ctx }) => {
          const notes = await this.listCreditNotes.execute(principal, params.id, customerToken(ctx));
          return { credit_notes: notes.map((note) => toCreditNoteSummary(note, majorUnitsOf(note.currency))) };
        },
      }),
      defineRoute({
        operationId: "getOrderCreditNote",
        method: "GET",
        path: "/v1/orders/{id}/credit-notes/{number}",
        summary: "One credit note of the order: JSON, a printable HTML page or a PDF",
        description:
          "Read as the order's invoice is (a publishable key with the customer's `x-auth-token`): what the refund credited, line by line (or its amount), the tax inside and the totals by rate, with the invoice it corrects. `format=html` or `format=pdf` as for the invoice. A number the order has no credit note of is a 404.",
        tag: TAG,
        example: invoiceExamples.getOrderCreditNote,
        access: "publishable",
        params: ByNumber,
        query: DocumentQuery,
        headers: [tokenHeader],
        success: { status: 200, description: "The credit note.", schema: CreditNote, alternativeMediaTypes: DOCUMENT_MEDIA_TYPES },
        handle: async ({ principal, params, query, ctx }) => {
          const format = documentFormat(ctx, query.format);
          const note = await this.getCreditNote.execute(principal, params.id, params.number, customerToken(ctx));
          return format === "json" ? toCreditNoteRecord(note, majorUnitsOf(note.currency)) : documentReply(creditNoteView(note), note.issuedAt, format);
        },
      }),
    ];
  }
}
