// The store's messaging inbox in the admin API (docs/staff.md, "Customers and the inbox"): every
// customer's threads, filtered and ordered unread first, then newest; one thread with its
// messages; and the store's side of a conversation: reply, assign to a staff member, close,
// reopen, mark read. The thread rules are domain/messaging/thread.ts's; each write locks the
// thread, records its audit entry and commits in one unit of work. Another store's thread is a 404.
import { inject, injectable } from "inversify";
import { statusAfterClose, statusAfterReopen, type ThreadStatus } from "../../domain/messaging/thread.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository, type InboxFilter, type ThreadChanges, type ThreadView } from "../ports/messaging-repository.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { loadStore } from "../stores/load-store.js";
import { toInboxThreadRecord, type InboxThreadRecord } from "./inbox-records.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { toMessageRecord, type MessageRecord } from "./messaging-records.js";
import { SendMessage } from "./send-message.js";

import { threadMissing, type InboxThreadWithMessages } from "./inbox-threads.js";

@injectable()
export class ReadInbox {
  constructor(@inject(MessagingRepository) private readonly messaging: MessagingRepository) {}

  async list(principal: Principal, filter: InboxFilter, page: PageRequest): Promise<Page<InboxThreadRecord>> {
    const found = await this.messaging.listInbox(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toInboxThreadRecord) };
  }

  /** The thread and a page of its messages, oldest first. */
  async thread(principal: Principal, threadId: string, page: PageRequest): Promise<InboxThreadWithMessages> {
    const thread = await this.messaging.findThread(principal.storeId, threadId);
    if (thread === undefined) throw threadMissing();
    const messages = await this.messaging.listMessages(principal.storeId, thread.id, "asc", page);
    return { thread: toInboxThreadRecord(thread), messages: { ...messages, items: messages.items.map(toMessageRecord) } };
  }
}

