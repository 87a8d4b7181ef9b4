// Reads of an order's invoice and credit notes (docs/api/orders.md, "Invoices and credit notes"):
// who may read them is who may read the order (ReadOrders: a secret key the store's, a publishable
// key with the customer's x-auth-token only that customer's; another's is a 404). An order not paid
// yet has no invoice: a 409 `order_not_paid`.
import { inject, injectable } from "inversify";
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { Invoice } from "../../domain/invoices/invoice.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { ReadOrders } from "../orders/read-orders.js";
import { InvoiceRepository } from "../ports/invoice-repository.js";

@injectable()
export class ReadInvoices {
  constructor(
    @inject(ReadOrders) private readonly orders: ReadOrders,
    @inject(InvoiceRepository) private readonly invoices: InvoiceRepository,
  ) {}

  async invoice(principal: Principal, orderId: string, customerToken: string | undefined): Promise<Invoice> {
    const order = await this.orders.one(principal, orderId, customerToken);
    const invoice = await this.invoices.findInvoice(principal.storeId, orderId);
    if (invoice !== undefined) return invoice;
    if (order.payment_status === "pending" || order.payment_status === "failed") {
      throw new ResourceConflict({
        code: "order_not_paid",
        message: `The order's payment_status is ${order.payment_status}; its invoice is issued when it is paid.`,
      });
    }
    throw new ResourceMissing({ resource: "invoice", message: "The order was paid before invoices were issued; it has no invoice." });
  }

  async creditNotes(principal: Principal, orderId: string, customerToken: string | undefined): Promise<CreditNote[]> {
    await this.orders.one(principal, orderId, customerToken);
    return this.invoices.listCreditNotes(principal.storeId, orderId);
  }

  async creditNote(principal: Principal, orderId: string, number: string, customerToken: string | undefined): Promise<CreditNote> {
    await this.orders.one(principal, orderId, customerToken);
    const note = await this.invoices.findCreditNote(principal.storeId, orderId, number);
    if (note === undefined) throw new ResourceMissing({ resource: "credit_note", param: "number", message: "The order has no credit note with this number." });
    return note;
  }
}
