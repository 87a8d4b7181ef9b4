// Adds a paid purchase to a customer's history (count, amount spent, first and last dates),
// which pricing reads to resolve segment and tier. Checkout calls it when an order is paid.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

@injectable()
export class RecordCustomerPurchase {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** `amount` in integer minor units of the store currency; `at` an ISO 8601 instant. */
  async execute(principal: Principal, customerId: string, amount: number, at: string): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`a purchase amount must be whole minor units >= 0, got ${amount}`);
    await this.uow.run(async () => {
      if ((await this.customers.findById(principal.storeId, customerId)) === undefined) {
        throw new ResourceMissing({ resource: "customer", message: "No such customer." });
      }
      await this.customers.recordPurchase(principal.storeId, customerId, amount, at);
    });
  }
}
