// The messages of one of the customer's threads, oldest or newest first. The cursor is the
// base64 of the last created_at seen, which is unique within the thread.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { MessagingRepository, type MessageOrder } from "../ports/messaging-repository.js";
import { toMessageRecord, type MessageRecord } from "./messaging-records.js";
import { loadOwnedThread } from "./owned-thread.js";

@injectable()
export class ListMessages {
  constructor(@inject(MessagingRepository) private readonly messaging: MessagingRepository) {}

  async execute(customer: CustomerPrincipal, threadId: string, order: MessageOrder, page: PageRequest): Promise<Page<MessageRecord>> {
    await loadOwnedThread(this.messaging, customer, threadId);
    const found = await this.messaging.listMessages(customer.storeId, threadId, order, page);
    return { ...found, items: found.items.map(toMessageRecord) };
  }
}
