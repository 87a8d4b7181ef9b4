import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import { orderMissing } from "../orders/update-order.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { toReturnRecord, type ReturnRecord, returnCustomer } from "./return-changes.js";

/** The customer's returns of one of their orders, oldest first. */
@injectable()
export class ListCustomerReturns {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
  ) {}

  async execute(principal: Principal, token: string | undefined, orderId: string): Promise<ReturnRecord[]> {
    const customerId = await returnCustomer({ customers: this.customers }, principal, token);
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined || order.customerId !== customerId) throw orderMissing();
    return (await this.returns.listForOrder(principal.storeId, orderId)).map(toReturnRecord);
  }
}
