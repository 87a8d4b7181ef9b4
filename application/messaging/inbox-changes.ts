// The store's messaging inbox in the admin API (docs/staff.md, "Customers and the inbox"): every
// customer's threads, filtered and ordered unread first, then newest; one thread with its
// messages; and the store's side of a conversation: reply, assign to a staff member, close,
// reopen, mark read. The thread rules are domain/messaging/thread.ts's; each write locks the
// thread, records its audit entry and commits in one unit of work. Another store's thread is a 404.
// This module holds what the use cases ReplyToThread, AssignThread, CloseThread, ReopenThread and
// MarkInboxThreadRead share (one class a file, docs/architecture.md, the application/ ring).
import { type ThreadStatus } from "../../domain/messaging/thread.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository, type ThreadChanges, type ThreadView } from "../ports/messaging-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { toInboxThreadRecord, type InboxThreadRecord } from "./inbox-records.js";
import { threadMissing } from "./inbox-threads.js";

/** A store-side change of the thread's status or assignee; one that changes nothing records nothing. */
export function changeThread(deps: { readonly messaging: MessagingRepository; readonly uow: UnitOfWork; readonly audit: AuditTrail; readonly clock: Clock }, principal: Principal, threadId: string, operation: string, decide: (thread: ThreadView) => Promise<ThreadChanges>): Promise<InboxThreadRecord> {
  return deps.uow.run(async () => {
    const thread = await lockedThread(deps, principal, threadId);
    const wanted = await decide(thread);
    const changes: Record<string, readonly [unknown, unknown]> = {};
    if (wanted.status !== undefined && wanted.status !== thread.status) changes.status = [thread.status, wanted.status];
    if (wanted.assigneeId !== undefined && wanted.assigneeId !== thread.assigneeId) changes.assignee_id = [thread.assigneeId, wanted.assigneeId];
    if (Object.keys(changes).length === 0) return toInboxThreadRecord(thread);
    await deps.messaging.updateThread(
      principal.storeId,
      thread.id,
      {
        ...(changes.status !== undefined ? { status: wanted.status as ThreadStatus } : {}),
        ...(changes.assignee_id !== undefined ? { assigneeId: wanted.assigneeId ?? null } : {}),
      },
      deps.clock.now().toISOString(),
    );
    await deps.audit.record(principal, principal.storeId, { operation, resourceType: "thread", resourceId: thread.id, changes });
    return toInboxThreadRecord(await rereadThread(deps, principal, thread.id));
  });
}

export async function lockedThread(deps: { readonly messaging: MessagingRepository }, principal: Principal, threadId: string): Promise<ThreadView> {
  if (!(await deps.messaging.lockThread(principal.storeId, threadId))) throw threadMissing();
  return rereadThread(deps, principal, threadId);
}

export async function rereadThread(deps: { readonly messaging: MessagingRepository }, principal: Principal, threadId: string): Promise<ThreadView> {
  const thread = await deps.messaging.findThread(principal.storeId, threadId);
  if (thread === undefined) throw threadMissing();
  return thread;
}
