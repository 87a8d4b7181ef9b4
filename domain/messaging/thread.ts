// A customer-to-store conversation (docs/api/states.md, "Threads and messages") and its
// enumerations. Who posted last decides which side has something unread.
import { Schema } from "effect";

export const ThreadType = Schema.Literal(
  "general",
  "order_inquiry",
  "product_inquiry",
  "support",
  "complaint",
  "delivery",
  "return",
  "refund",
  "technical",
);
export type ThreadType = typeof ThreadType.Type;

export const ThreadStatus = Schema.Literal("active", "resolved", "closed", "escalated", "pending");
export type ThreadStatus = typeof ThreadStatus.Type;

export const ThreadPriority = Schema.Literal("low", "normal", "high", "urgent");
export type ThreadPriority = typeof ThreadPriority.Type;

/** Who wrote a message: the customer, the store's staff, or the platform itself. */
export const SenderType = Schema.Literal("customer", "store", "system");
export type SenderType = typeof SenderType.Type;

export interface Thread {
  readonly id: string;
  readonly customerId: string | null;
  readonly orderId: string | null;
  readonly productId: string | null;
  readonly subject: string;
  readonly threadType: ThreadType;
  readonly status: ThreadStatus;
  readonly priority: ThreadPriority;
  readonly lastMessageAt: string;
  readonly lastMessageBy: SenderType;
  readonly unreadCountCustomer: number;
  readonly unreadCountStore: number;
  readonly isArchived: boolean;
  readonly isMuted: boolean;
  readonly isPinned: boolean;
  /** The staff member the store gave the conversation to, or null. */
  readonly assigneeId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The side whose unread count a new message raises: the customer's words are the store's to read. */
export const readerOf = (sender: SenderType): "customer" | "store" => (sender === "customer" ? "store" : "customer");

// The inbox's rules (docs/staff.md, "Customers and the inbox"): the store closes a conversation
// and reopens it; a customer who writes into a closed or resolved thread reopens it; the store
// answers only an open thread (reopen it first), so a reply never lands unseen in a closed one.

/** Statuses in which the conversation is over for now. */
export const isClosed = (status: ThreadStatus): boolean => status === "closed" || status === "resolved";

/** The status after the store closes the thread; the same status when it already is closed. */
export const statusAfterClose = (_status: ThreadStatus): ThreadStatus => "closed";

/** The status after the store reopens the thread: `active` from closed or resolved, else unchanged. */
export const statusAfterReopen = (status: ThreadStatus): ThreadStatus => (isClosed(status) ? "active" : status);

/** The status after a message from `sender`: the customer's words reopen a closed thread. */
export const statusAfterMessage = (status: ThreadStatus, sender: SenderType): ThreadStatus =>
  sender === "customer" && isClosed(status) ? "active" : status;

/** Whether the store may post into a thread of this status (not a closed one: reopen it first). */
export const storeMayReply = (status: ThreadStatus): boolean => status !== "closed";
