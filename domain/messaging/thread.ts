// A customer-to-store conversation (spec 2.7) and its enumerations. Who posted last decides
// which side has something unread.
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
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The side whose unread count a new message raises: the customer's words are the store's to read. */
export const readerOf = (sender: SenderType): "customer" | "store" => (sender === "customer" ? "store" : "customer");
