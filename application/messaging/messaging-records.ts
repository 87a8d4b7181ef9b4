// Threads and messages as the API shows them (docs/api/content-search-messaging.md, "Messaging").
import type { Message, MessageStatus, MessageType } from "../../domain/messaging/message.js";
import type { SenderType, ThreadPriority, ThreadStatus, ThreadType } from "../../domain/messaging/thread.js";
import type { ThreadView } from "../ports/messaging-repository.js";

export interface ThreadRecord {
  readonly id: string;
  readonly customer_id: string | null;
  readonly customer_name: string;
  readonly customer_email: string;
  readonly customer_phone: string | null;
  readonly store_name: string;
  readonly store_avatar: string | null;
  readonly order_id: string | null;
  readonly product_id: string | null;
  readonly subject: string;
  readonly thread_type: ThreadType;
  readonly status: ThreadStatus;
  readonly priority: ThreadPriority;
  readonly last_message_at: string;
  readonly last_message_by: SenderType;
  readonly unread_count_customer: number;
  readonly unread_count_store: number;
  readonly is_archived: boolean;
  readonly is_muted: boolean;
  readonly is_pinned: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface MessageRecord {
  readonly id: string;
  readonly message_content: string;
  readonly message_type: MessageType;
  readonly sender_type: SenderType;
  readonly sender_id: string | null;
  readonly sender_name: string;
  readonly attachments: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly message_status: MessageStatus;
  readonly read_at: string | null;
  readonly is_edited: boolean;
  readonly is_deleted: boolean;
  readonly edited_at: string | null;
  readonly deleted_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const toThreadRecord = (t: ThreadView): ThreadRecord => ({
  id: t.id,
  customer_id: t.customerId,
  customer_name: t.customerName,
  customer_email: t.customerEmail,
  customer_phone: t.customerPhone,
  store_name: t.storeName,
  store_avatar: t.storeAvatar,
  order_id: t.orderId,
  product_id: t.productId,
  subject: t.subject,
  thread_type: t.threadType,
  status: t.status,
  priority: t.priority,
  last_message_at: t.lastMessageAt,
  last_message_by: t.lastMessageBy,
  unread_count_customer: t.unreadCountCustomer,
  unread_count_store: t.unreadCountStore,
  is_archived: t.isArchived,
  is_muted: t.isMuted,
  is_pinned: t.isPinned,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

export const toMessageRecord = (m: Message): MessageRecord => ({
  id: m.id,
  message_content: m.content,
  message_type: m.messageType,
  sender_type: m.senderType,
  sender_id: m.senderId,
  sender_name: m.senderName,
  attachments: [...m.attachments],
  metadata: { ...m.metadata },
  message_status: m.status,
  read_at: m.readAt,
  is_edited: m.isEdited,
  is_deleted: m.isDeleted,
  edited_at: m.editedAt,
  deleted_at: m.deletedAt,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});
