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
export class InboxCommands {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(SendMessage) private readonly send: SendMessage,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Replies as the store: the message's sender is `store`, named by the signed-in member (their
   * id as sender_id) or, for the secret key, by the store; the customer's unread count goes up.
   */
  async reply(principal: Principal, threadId: string, input: SendMessageInput): Promise<MessageRecord> {
    const sender = await this.senderOf(principal);
    return this.uow.run(async () => {
      const message = await this.send.asStore(principal, threadId, sender, input);
      await this.audit.record(principal, principal.storeId, {
        operation: "thread.reply",
        resourceType: "thread",
        resourceId: threadId,
        changes: { message_id: [null, message.id], last_message_by: [null, "store"] },
      });
      return message;
    });
  }

  /** Gives the thread to a staff member of the store (active or invited), or to nobody with null. */
  assign(principal: Principal, threadId: string, memberId: string | null): Promise<InboxThreadRecord> {
    return this.change(principal, threadId, "thread.assign", async () => {
      if (memberId !== null) {
        const member = await this.staff.findById(principal.storeId, memberId);
        if (member === undefined || member.status === "disabled") {
          throw new ParameterInvalid({ param: "staff_member_id", message: "staff_member_id names no active staff member of this store" });
        }
      }
      return { assigneeId: memberId };
    });
  }

  close(principal: Principal, threadId: string): Promise<InboxThreadRecord> {
    return this.change(principal, threadId, "thread.close", (thread) => Promise.resolve({ status: statusAfterClose(thread.status) }));
  }

  reopen(principal: Principal, threadId: string): Promise<InboxThreadRecord> {
    return this.change(principal, threadId, "thread.reopen", (thread) => Promise.resolve({ status: statusAfterReopen(thread.status) }));
  }

  /** The store has read the thread: the customer's messages become read and the store's unread count 0. */
  markRead(principal: Principal, threadId: string): Promise<InboxThreadRecord> {
    return this.uow.run(async () => {
      const thread = await this.locked(principal, threadId);
      if (thread.unreadCountStore === 0) return toInboxThreadRecord(thread);
      await this.messaging.markReadByStore(principal.storeId, thread.id, this.clock.now().toISOString());
      await this.audit.record(principal, principal.storeId, {
        operation: "thread.read",
        resourceType: "thread",
        resourceId: thread.id,
        changes: { unread_count_store: [thread.unreadCountStore, 0] },
      });
      return toInboxThreadRecord(await this.reread(principal, thread.id));
    });
  }

  /** A store-side change of the thread's status or assignee; one that changes nothing records nothing. */
  private change(principal: Principal, threadId: string, operation: string, decide: (thread: ThreadView) => Promise<ThreadChanges>): Promise<InboxThreadRecord> {
    return this.uow.run(async () => {
      const thread = await this.locked(principal, threadId);
      const wanted = await decide(thread);
      const changes: Record<string, readonly [unknown, unknown]> = {};
      if (wanted.status !== undefined && wanted.status !== thread.status) changes.status = [thread.status, wanted.status];
      if (wanted.assigneeId !== undefined && wanted.assigneeId !== thread.assigneeId) changes.assignee_id = [thread.assigneeId, wanted.assigneeId];
      if (Object.keys(changes).length === 0) return toInboxThreadRecord(thread);
      await this.messaging.updateThread(
        principal.storeId,
        thread.id,
        {
          ...(changes.status !== undefined ? { status: wanted.status as ThreadStatus } : {}),
          ...(changes.assignee_id !== undefined ? { assigneeId: wanted.assigneeId ?? null } : {}),
        },
        this.clock.now().toISOString(),
      );
      await this.audit.record(principal, principal.storeId, { operation, resourceType: "thread", resourceId: thread.id, changes });
      return toInboxThreadRecord(await this.reread(principal, thread.id));
    });
  }

  private async locked(principal: Principal, threadId: string): Promise<ThreadView> {
    if (!(await this.messaging.lockThread(principal.storeId, threadId))) throw threadMissing();
    return this.reread(principal, threadId);
  }

  private async reread(principal: Principal, threadId: string): Promise<ThreadView> {
    const thread = await this.messaging.findThread(principal.storeId, threadId);
    if (thread === undefined) throw threadMissing();
    return thread;
  }

  /** Who signs a reply: the signed-in member by name, or the store itself for the secret key. */
  private async senderOf(principal: Principal): Promise<{ readonly id: string | null; readonly name: string }> {
    if (principal.staff !== undefined) {
      const member = await this.staff.findById(principal.storeId, principal.staff.memberId);
      return { id: principal.staff.memberId, name: member?.name || principal.staff.email };
    }
    return { id: null, name: (await loadStore(this.stores, principal.storeId)).name };
  }
}
