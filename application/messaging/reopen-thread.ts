// ReopenThread, the use case behind POST /admin/v1/inbox/threads/{id}/reopen; what it shares with
// its sibling use cases is in inbox-changes.ts.
import { inject, injectable } from "inversify";
import { statusAfterReopen } from "../../domain/messaging/thread.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { type InboxThreadRecord } from "./inbox-records.js";
import { changeThread } from "./inbox-changes.js";

@injectable()
export class ReopenThread {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(principal: Principal, threadId: string): Promise<InboxThreadRecord> {
    return changeThread({ messaging: this.messaging, uow: this.uow, audit: this.audit, clock: this.clock }, principal, threadId, "thread.reopen", (thread) => Promise.resolve({ status: statusAfterReopen(thread.status) }));
  }
}
