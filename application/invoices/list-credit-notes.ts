// ListCreditNotes, the use case behind GET /v1/orders/{id}/credit-notes and GET
// /admin/v1/orders/{id}/credit-notes.
import { GetOrder } from "../orders/get-order.js";
import { inject, injectable } from "inversify";
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { Principal } from "../access/principal.js";
import { InvoiceRepository } from "../ports/invoice-repository.js";

@injectable()
export class ListCreditNotes {
  constructor(
    @inject(GetOrder) private readonly getOrder: GetOrder,
    @inject(InvoiceRepository) private readonly invoices: InvoiceRepository,
  ) {}

  async execute(principal: Principal, orderId: string, customerToken: string | undefined): Promise<CreditNote[]> {
    await this.getOrder.execute(principal, orderId, customerToken);
    return this.invoices.listCreditNotes(principal.storeId, orderId);
  }
}
