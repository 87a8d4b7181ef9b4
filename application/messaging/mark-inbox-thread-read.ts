import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { toInboxThreadRecord, type InboxThreadRecord } from "./inbox-records.js";
import { lockedThread, rereadThread } from "./inbox-changes.js";

/** The store has read the thread: the customer's messages become read and the store's unread count 0. */
@injectable()
export class MarkInboxThreadRead {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(principal: Principal, threadId: string): Promise<InboxThreadRecord> {
    return this.uow.run(async () => {
      const thread = await lockedThread({ messaging: this.messaging }, principal, threadId);
      if (thread.unreadCountStore === 0) return toInboxThreadRecord(thread);
      await this.messaging.markReadByStore(principal.storeId, thread.id, this.clock.now().toISOString());
      await this.audit.record(principal, principal.storeId, {
        operation: "thread.read",
        resourceType: "thread",
        resourceId: thread.id,
        changes: { unread_count_store: [thread.unreadCountStore, 0] },
      });
      return toInboxThreadRecord(await rereadThread({ messaging: this.messaging }, principal, thread.id));
    });
  }
}
