// ListOrders, the use case behind GET /v1/orders; what it shares with its sibling use cases is in
// order-reads.ts.
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { OrderRepository, type OrderListFilter } from "../ports/order-repository.js";
import { toOrderRecord, type OrderRecord } from "./order-record.js";
import { customerScope } from "./order-reads.js";

@injectable()
export class ListOrders {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
  ) {}

  async execute(principal: Principal, filter: OrderListFilter, page: PageRequest, customerToken: string | undefined): Promise<Page<OrderRecord>> {
    const customer = await customerScope({ customers: this.customers }, principal, customerToken);
    const scoped = customer === undefined ? filter : { ...filter, customerId: customer.customerId };
    const found = await this.orders.listPage(principal.storeId, scoped, page);
    return { ...found, items: found.items.map(toOrderRecord) };
  }
}
