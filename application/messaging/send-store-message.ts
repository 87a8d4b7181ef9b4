import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { storeMayReply } from "../../domain/messaging/thread.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { type MessageRecord } from "./messaging-records.js";
import { type Author } from "./new-message.js";
import { appendMessage } from "./message-appending.js";

/**
 * A reply from the store, signed with the staff member's (or the store's) name and, for a
 * member, their id. A closed thread is a 409 `thread_closed`: reopen it first.
 */
@injectable()
export class SendStoreMessage {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
  ) {}

  async execute(principal: Principal, threadId: string, sender: string | { readonly id: string | null; readonly name: string }, input: SendMessageInput): Promise<MessageRecord> {
    const author: Author = typeof sender === "string" ? { type: "store", id: null, name: sender } : { type: "store", id: sender.id, name: sender.name };
    return this.uow.run(async () => {
      if (!(await this.messaging.lockThread(principal.storeId, threadId))) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
      const thread = await this.messaging.findThread(principal.storeId, threadId);
      if (thread === undefined) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
      if (!storeMayReply(thread.status)) {
        throw new ResourceConflict({ code: "thread_closed", message: "The thread is closed; reopen it before replying." });
      }
      return appendMessage({ messaging: this.messaging, ids: this.ids, clock: this.clock, outbox: this.outbox }, principal.storeId, thread, author, input, principal.mode === "live");
    });
  }
}
