import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { type MessageRecord } from "./messaging-records.js";
import { loadOwnedThread } from "./owned-thread.js";
import { appendMessage } from "./message-appending.js";

/** `livemode`: the mode of the API key the customer's request came with (its event's mode). */
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

  async execute(customer: CustomerPrincipal, threadId: string, input: SendMessageInput, livemode = false): Promise<MessageRecord> {
    return this.uow.run(async () => {
      const thread = await loadOwnedThread(this.messaging, customer, threadId);
      const author = await this.customers.findById(customer.storeId, customer.customerId);
      return appendMessage({ messaging: this.messaging, ids: this.ids, clock: this.clock, outbox: this.outbox }, customer.storeId, thread, { type: "customer", id: customer.customerId, name: author?.name ?? thread.customerName }, input, livemode);
    });
  }
}
