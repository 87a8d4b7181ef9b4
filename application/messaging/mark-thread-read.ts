// The customer has read a thread: their unread count drops to zero and the store's messages
// to them become read. Answers the thread.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { toThreadRecord, type ThreadRecord } from "./messaging-records.js";
import { loadOwnedThread } from "./owned-thread.js";

@injectable()
export class MarkThreadRead {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(customer: CustomerPrincipal, threadId: string): Promise<ThreadRecord> {
    return this.uow.run(async () => {
      await loadOwnedThread(this.messaging, customer, threadId);
      await this.messaging.markReadByCustomer(customer.storeId, threadId, this.clock.now().toISOString());
      const thread = await loadOwnedThread(this.messaging, customer, threadId);
      return toThreadRecord(thread);
    });
  }
}
