import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CustomerDirectory } from "../ports/customer-directory.js";
import { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
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
    @inject(CustomerEmailPreferences) private readonly emailPreferences: CustomerEmailPreferences,
  ) {}

  async execute(principal: Principal, customerId: string): Promise<AdminCustomerDetailRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const customer = await this.customers.findById(store.id, customerId);
    if (customer === undefined) throw customerMissing();
    const [orders, carts, threads, email] = await Promise.all([
      this.directory.recentOrders(store.id, customer.id, ADDRESS_ORDERS),
      this.directory.openCarts(store.id, customer.id),
      this.messaging.listThreads(store.id, customer.id, { limit: DETAIL_THREADS }),
      this.emailPreferences.find(store.id, customer.id),
    ]);
    return {
      ...toAdminCustomerRecord(customer, store),
      recent_orders: orders.slice(0, DETAIL_ORDERS).map(toCustomerOrderRecord),
      addresses: addressesOf(orders),
      open_carts: carts.map(toCustomerCartRecord),
      threads: threads.items.map(toInboxThreadRecord),
      // The mark a bounce or a malformed address left (docs/emails.md, "Bounces and malformed
      // addresses"), so the staff can see why the customer hears nothing, and what they turned off.
      email_status: email?.emailStatus ?? "ok",
      email_status_reason: email?.emailStatusReason ?? null,
      email_status_at: email?.emailStatusAt ?? null,
      emails_turned_off: email?.optOuts ?? [],
    };
  }
}
