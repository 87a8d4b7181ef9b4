// GetOrder, the use case behind GET /v1/orders/{id}; what it shares with its sibling use cases is
// in order-reads.ts.
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import { OrderRepository } from "../ports/order-repository.js";
import { toOrderRecord, type OrderRecord } from "./order-record.js";
import { orderMissing } from "./update-order.js";
import { customerScope } from "./order-reads.js";

@injectable()
export class GetOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
  ) {}

  async execute(principal: Principal, orderId: string, customerToken: string | undefined): Promise<OrderRecord> {
    const customer = await customerScope({ customers: this.customers }, principal, customerToken);
    const order = await this.orders.find(principal.storeId, orderId);
    // Another customer's order is answered as missing, like another store's.
    if (order === undefined || (customer !== undefined && order.customerId !== customer.customerId)) throw orderMissing();
    return toOrderRecord(order);
  }
}
