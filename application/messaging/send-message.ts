// Appends a message to a thread: from the customer who owns it (the API), or from the store's
// staff (the admin inbox and the demo seed). The thread's last message, unread counts and status
// (domain/messaging/thread.ts: a customer's words reopen a closed thread; the store answers only
// an open one) move in the same transaction, with the `message.created` event (docs/api/webhooks.md,
// "Event types"), which also mails the customer or the staff (docs/emails.md).
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { storeMayReply } from "../../domain/messaging/thread.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository, type ThreadView as MessageThread } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { messageEventData } from "./message-event.js";
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
    @inject(EventOutbox) private readonly outbox: EventOutbox,
  ) {}

  /** `livemode`: the mode of the API key the customer's request came with (its event's mode). */
  async asCustomer(customer: CustomerPrincipal, threadId: string, input: SendMessageInput, livemode = false): Promise<MessageRecord> {
    return this.uow.run(async () => {
      const thread = await loadOwnedThread(this.messaging, customer, threadId);
      const author = await this.customers.findById(customer.storeId, customer.customerId);
      return this.append(customer.storeId, thread, { type: "customer", id: customer.customerId, name: author?.name ?? thread.customerName }, input, livemode);
    });
  }

  /**
   * A reply from the store, signed with the staff member's (or the store's) name and, for a
   * member, their id. A closed thread is a 409 `thread_closed`: reopen it first.
   */
  async asStore(principal: Principal, threadId: string, sender: string | { readonly id: string | null; readonly name: string }, input: SendMessageInput): Promise<MessageRecord> {
    const author: Author = typeof sender === "string" ? { type: "store", id: null, name: sender } : { type: "store", id: sender.id, name: sender.name };
    return this.uow.run(async () => {
      if (!(await this.messaging.lockThread(principal.storeId, threadId))) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
      const thread = await this.messaging.findThread(principal.storeId, threadId);
      if (thread === undefined) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
      if (!storeMayReply(thread.status)) {
        throw new ResourceConflict({ code: "thread_closed", message: "The thread is closed; reopen it before replying." });
      }
      return this.append(principal.storeId, thread, author, input, principal.mode === "live");
    });
  }

  private async append(storeId: string, thread: MessageThread, author: Author, input: SendMessageInput, livemode: boolean): Promise<MessageRecord> {
    const message = newMessage(this.ids.newId(), thread.id, author, input.message_content, input.attachments ?? [], this.clock.now().toISOString());
    const record = toMessageRecord(await this.messaging.appendMessage(storeId, message));
    await this.outbox.record({ storeId, type: "message.created", livemode, data: messageEventData(thread, record) });
    return record;
  }
}
