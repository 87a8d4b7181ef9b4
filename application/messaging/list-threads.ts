// The customer's threads, most recent activity first, one keyset page at a time.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { toThreadRecord, type ThreadRecord } from "./messaging-records.js";

@injectable()
export class ListThreads {
  constructor(@inject(MessagingRepository) private readonly messaging: MessagingRepository) {}

  async execute(customer: CustomerPrincipal, page: PageRequest): Promise<Page<ThreadRecord>> {
    const found = await this.messaging.listThreads(customer.storeId, customer.customerId, page);
    return { ...found, items: found.items.map(toThreadRecord) };
  }
}
