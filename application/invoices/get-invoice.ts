// GetInvoice, the use case behind GET /v1/orders/{id}/invoice and GET
// /admin/v1/orders/{id}/invoice.
import { GetOrder } from "../orders/get-order.js";
import { inject, injectable } from "inversify";
import type { Invoice } from "../../domain/invoices/invoice.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { InvoiceRepository } from "../ports/invoice-repository.js";

@injectable()
export class GetInvoice {
  constructor(
    @inject(GetOrder) private readonly getOrder: GetOrder,
    @inject(InvoiceRepository) private readonly invoices: InvoiceRepository,
  ) {}

  async execute(principal: Principal, orderId: string, customerToken: string | undefined): Promise<Invoice> {
    const order = await this.getOrder.execute(principal, orderId, customerToken);
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
}
