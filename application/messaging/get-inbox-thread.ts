import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { PageRequest } from "../pagination/page.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { toInboxThreadRecord } from "./inbox-records.js";
import { toMessageRecord } from "./messaging-records.js";
import { threadMissing, type InboxThreadWithMessages } from "./inbox-threads.js";

/** The thread and a page of its messages, oldest first. */
@injectable()
export class GetInboxThread {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
  ) {}

  async execute(principal: Principal, threadId: string, page: PageRequest): Promise<InboxThreadWithMessages> {
    const thread = await this.messaging.findThread(principal.storeId, threadId);
    if (thread === undefined) throw threadMissing();
    const messages = await this.messaging.listMessages(principal.storeId, thread.id, "asc", page);
    return { thread: toInboxThreadRecord(thread), messages: { ...messages, items: messages.items.map(toMessageRecord) } };
  }
}
