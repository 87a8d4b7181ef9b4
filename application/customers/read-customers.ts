// The admin API's customer reads (docs/staff.md, "Customers and the inbox"): the store's customers
// newest first, or those a typed query finds, and one customer with their recent orders, the
// addresses those orders used, their open carts and their threads. Another store's customer is a 404.
import { inject, injectable } from "inversify";
import { customerQuery } from "../../domain/customers/customer-search.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CustomerDirectory } from "../ports/customer-directory.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { toInboxThreadRecord } from "../messaging/inbox-records.js";
import {
  addressesOf,
  toAdminCustomerRecord,
  toCustomerCartRecord,
  toCustomerOrderRecord,
  type AdminCustomerDetailRecord,
  type AdminCustomerRecord,
} from "./admin-customer-records.js";

/** How many of each the detail shows: the newest orders and threads, and the addresses of a few more orders. */
export const DETAIL_ORDERS = 10;
export const DETAIL_THREADS = 10;
const ADDRESS_ORDERS = 25;

export const customerMissing = (): ResourceMissing => new ResourceMissing({ resource: "customer", message: "No such customer." });

@injectable()
export class ReadCustomers {
  constructor(
    @inject(CustomerDirectory) private readonly directory: CustomerDirectory,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async list(principal: Principal, q: string | undefined, page: PageRequest): Promise<Page<AdminCustomerRecord>> {
    const query = q === undefined ? undefined : customerQuery(q);
    if (q !== undefined && query === undefined) throw new ParameterInvalid({ param: "q", message: "q must have at least 2 characters" });
    const store = await loadStore(this.stores, principal.storeId);
    const found = await this.directory.list(store.id, query, page);
    return { ...found, items: found.items.map((c) => toAdminCustomerRecord(c, store)) };
  }

  async detail(principal: Principal, customerId: string): Promise<AdminCustomerDetailRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const customer = await this.customers.findById(store.id, customerId);
    if (customer === undefined) throw customerMissing();
    const [orders, carts, threads] = await Promise.all([
      this.directory.recentOrders(store.id, customer.id, ADDRESS_ORDERS),
      this.directory.openCarts(store.id, customer.id),
      this.messaging.listThreads(store.id, customer.id, { limit: DETAIL_THREADS }),
    ]);
    return {
      ...toAdminCustomerRecord(customer, store),
      recent_orders: orders.slice(0, DETAIL_ORDERS).map(toCustomerOrderRecord),
      addresses: addressesOf(orders),
      open_carts: carts.map(toCustomerCartRecord),
      threads: threads.items.map(toInboxThreadRecord),
    };
  }
}
