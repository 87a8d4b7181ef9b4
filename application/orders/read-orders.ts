// Order reads (docs/api/orders.md, "Reading orders"): a secret key sees the store's orders; a
// publishable key only the orders of the customer whose x-auth-token comes with it.
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken } from "../errors/access-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { OrderRepository, type OrderListFilter } from "../ports/order-repository.js";
import { toOrderRecord, type OrderRecord } from "./order-record.js";
import { orderMissing } from "./update-order.js";

@injectable()
export class ReadOrders {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
  ) {}

  /** Whose orders the caller may read: undefined for the store's (a secret key without a token). */
  private async scope(principal: Principal, customerToken: string | undefined): Promise<CustomerPrincipal | undefined> {
    if (principal.keyType === "secret" && customerToken === undefined) return undefined;
    if (customerToken === undefined) {
      throw new InvalidToken({ message: "With a publishable key, orders are read with the customer's x-auth-token." });
    }
    return this.customers.execute(principal, customerToken);
  }

  async one(principal: Principal, orderId: string, customerToken: string | undefined): Promise<OrderRecord> {
    const customer = await this.scope(principal, customerToken);
    const order = await this.orders.find(principal.storeId, orderId);
    // Another customer's order is answered as missing, like another store's.
    if (order === undefined || (customer !== undefined && order.customerId !== customer.customerId)) throw orderMissing();
    return toOrderRecord(order);
  }

  async page(principal: Principal, filter: OrderListFilter, page: PageRequest, customerToken: string | undefined): Promise<Page<OrderRecord>> {
    const customer = await this.scope(principal, customerToken);
    const scoped = customer === undefined ? filter : { ...filter, customerId: customer.customerId };
    const found = await this.orders.listPage(principal.storeId, scoped, page);
    return { ...found, items: found.items.map(toOrderRecord) };
  }
}
