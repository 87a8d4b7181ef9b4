// Appends a message to a thread: from the customer who owns it (the API), or from the store's
// staff (the demo seed and a future back office). The thread's last message and unread counts
// move in the same transaction.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { toMessageRecord, type MessageRecord } from "./messaging-records.js";
import { newMessage, type Author } from "./new-message.js";
import { loadOwnedThread } from "./owned-thread.js";

@injectable()
export class SendMessage {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async asCustomer(customer: CustomerPrincipal, threadId: string, input: SendMessageInput): Promise<MessageRecord> {
    return this.uow.run(async () => {
      const thread = await loadOwnedThread(this.messaging, customer, threadId);
      const author = await this.customers.findById(customer.storeId, customer.customerId);
      return this.append(customer.storeId, thread.id, { type: "customer", id: customer.customerId, name: author?.name ?? thread.customerName }, input);
    });
  }

  /** A reply from the store, signed with the staff member's (or the store's) name. */
  async asStore(principal: Principal, threadId: string, senderName: string, input: SendMessageInput): Promise<MessageRecord> {
    return this.uow.run(async () => {
      const thread = await this.messaging.findThread(principal.storeId, threadId);
      if (thread === undefined) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
      return this.append(principal.storeId, thread.id, { type: "store", id: null, name: senderName }, input);
    });
  }

  private async append(storeId: string, threadId: string, author: Author, input: SendMessageInput): Promise<MessageRecord> {
    const message = newMessage(this.ids.newId(), threadId, author, input.message_content, input.attachments ?? [], this.clock.now().toISOString());
    return toMessageRecord(await this.messaging.appendMessage(storeId, message));
  }
}
