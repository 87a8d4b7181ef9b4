// One of the customer's threads.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { toThreadRecord, type ThreadRecord } from "./messaging-records.js";
import { loadOwnedThread } from "./owned-thread.js";

@injectable()
export class GetThread {
  constructor(@inject(MessagingRepository) private readonly messaging: MessagingRepository) {}

  async execute(customer: CustomerPrincipal, threadId: string): Promise<ThreadRecord> {
    return toThreadRecord(await loadOwnedThread(this.messaging, customer, threadId));
  }
}
