// What the inbox use cases share: a thread with a page of its messages, and the 404 of a thread
// that is not the store's.
import type { Page } from "../pagination/page.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { InboxThreadRecord } from "./inbox-records.js";
import type { MessageRecord } from "./messaging-records.js";

export interface InboxThreadWithMessages {
  readonly thread: InboxThreadRecord;
  readonly messages: Page<MessageRecord>;
}

export const threadMissing = (): ResourceMissing => new ResourceMissing({ resource: "thread", message: "No such thread." });

