// GetCreditNote, the use case behind GET /v1/orders/{id}/credit-notes/{number} and GET
// /admin/v1/orders/{id}/credit-notes/{number}.
import { GetOrder } from "../orders/get-order.js";
import { inject, injectable } from "inversify";
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { InvoiceRepository } from "../ports/invoice-repository.js";

@injectable()
export class GetCreditNote {
  constructor(
    @inject(GetOrder) private readonly getOrder: GetOrder,
    @inject(InvoiceRepository) private readonly invoices: InvoiceRepository,
  ) {}

  async execute(principal: Principal, orderId: string, number: string, customerToken: string | undefined): Promise<CreditNote> {
    await this.getOrder.execute(principal, orderId, customerToken);
    const note = await this.invoices.findCreditNote(principal.storeId, orderId, number);
    if (note === undefined) throw new ResourceMissing({ resource: "credit_note", param: "number", message: "The order has no credit note with this number." });
    return note;
  }
}
