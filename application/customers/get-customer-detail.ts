import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CustomerDirectory } from "../ports/customer-directory.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { toInboxThreadRecord } from "../messaging/inbox-records.js";
import {
  addressesOf,
  toAdminCustomerRecord,
  toCustomerCartRecord,
  toCustomerOrderRecord,
  type AdminCustomerDetailRecord,
} from "./admin-customer-records.js";
import { DETAIL_ORDERS, DETAIL_THREADS, ADDRESS_ORDERS, customerMissing } from "./admin-customer-reads.js";

@injectable()
export class GetCustomerDetail {
  constructor(
    @inject(CustomerDirectory) private readonly directory: CustomerDirectory,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, customerId: string): Promise<AdminCustomerDetailRecord> {
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
