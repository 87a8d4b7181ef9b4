// Message threads between customers and the store, and their messages. Appending a message
// updates the thread (last message, unread counts) in the same transaction.
import type { ServiceIdentifier } from "inversify";
import type { Message } from "../../domain/messaging/message.js";
import type { Thread, ThreadStatus, ThreadType } from "../../domain/messaging/thread.js";
import type { Page, PageRequest } from "../pagination/page.js";

/** A thread with the names the API shows beside it, read from its customer and store. */
export interface ThreadView extends Thread {
  readonly customerName: string;
  readonly customerEmail: string;
  readonly customerPhone: string | null;
  readonly storeName: string;
  readonly storeAvatar: string | null;
  /** The assigned staff member's name, or null when the thread is assigned to nobody. */
  readonly assigneeName: string | null;
}

/** The inbox's filters (docs/staff.md, "Customers and the inbox"); each one given narrows the list. */
export interface InboxFilter {
  readonly status?: ThreadStatus | undefined;
  readonly threadType?: ThreadType | undefined;
  /** true: threads with messages the store has not read; false: the others. */
  readonly unread?: boolean | undefined;
  /** A staff member's id, or null for the threads assigned to nobody. */
  readonly assigneeId?: string | null | undefined;
  readonly orderId?: string | undefined;
}

/** What a store-side change sets on a thread. */
export interface ThreadChanges {
  readonly status?: ThreadStatus;
  readonly assigneeId?: string | null;
}

export type MessageOrder = "asc" | "desc";

export interface MessagingRepository {
  insertThread(storeId: string, thread: Thread): Promise<void>;
  findThread(storeId: string, threadId: string): Promise<ThreadView | undefined>;
  /** A customer's threads, most recent activity first. */
  listThreads(storeId: string, customerId: string, page: PageRequest): Promise<Page<ThreadView>>;
  /**
   * Stores the message and moves the thread's last message and unread counts on. A message
   * whose created_at is already taken in the thread moves forward a millisecond at a time;
   * the answer carries the created_at stored.
   */
  appendMessage(storeId: string, message: Message): Promise<Message>;
  /** Ordered by created_at; the cursor is the base64 of the last created_at seen. */
  listMessages(storeId: string, threadId: string, order: MessageOrder, page: PageRequest): Promise<Page<Message>>;
  /** The customer has read the thread: the store's and system's messages become read. */
  markReadByCustomer(storeId: string, threadId: string, at: string): Promise<void>;

  /** The store's threads, those with something unread for the store first, then the newest. */
  listInbox(storeId: string, filter: InboxFilter, page: PageRequest): Promise<Page<ThreadView>>;
  /** Locks the thread's row until the unit of work ends (a store-side read-then-write); false when the store has no such thread. */
  lockThread(storeId: string, threadId: string): Promise<boolean>;
  updateThread(storeId: string, threadId: string, changes: ThreadChanges, at: string): Promise<void>;
  /** The store has read the thread: the customer's messages become read, the store's unread count 0. */
  markReadByStore(storeId: string, threadId: string, at: string): Promise<void>;
}
export const MessagingRepository: ServiceIdentifier<MessagingRepository> = Symbol.for("storefront.MessagingRepository");
