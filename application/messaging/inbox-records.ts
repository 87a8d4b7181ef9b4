// A thread as the admin inbox shows it (docs/staff.md, "Customers and the inbox"): the thread as
// the customer sees it, with whom the store assigned it to.
import type { ThreadView } from "../ports/messaging-repository.js";
import { toThreadRecord, type ThreadRecord } from "./messaging-records.js";

export interface InboxThreadRecord extends ThreadRecord {
  readonly assignee_id: string | null;
  readonly assignee_name: string | null;
}

export const toInboxThreadRecord = (view: ThreadView): InboxThreadRecord => ({
  ...toThreadRecord(view),
  assignee_id: view.assigneeId,
  assignee_name: view.assigneeName,
});
