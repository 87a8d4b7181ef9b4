// Threads and messages as Schemas (spec 2.7), and the `fields` their reads allow (spec 4.7).
import { Schema } from "effect";
import { MessageStatus, MessageType } from "../../../domain/messaging/message.js";
import { SenderType, ThreadPriority, ThreadStatus, ThreadType } from "../../../domain/messaging/thread.js";
import { leaves } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const Thread = Schema.Struct({
  id: Schema.String,
  customer_id: NullableString,
  customer_name: Schema.String,
  customer_email: Schema.String,
  customer_phone: NullableString,
  store_name: Schema.String,
  store_avatar: NullableString,
  order_id: NullableString,
  product_id: NullableString,
  subject: Schema.String,
  thread_type: ThreadType,
  status: ThreadStatus,
  priority: ThreadPriority,
  last_message_at: Schema.String,
  last_message_by: SenderType,
  unread_count_customer: Schema.Number,
  unread_count_store: Schema.Number,
  is_archived: Schema.Boolean,
  is_muted: Schema.Boolean,
  is_pinned: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "Thread" });

export const Message = Schema.Struct({
  id: Schema.String,
  message_content: Schema.String,
  message_type: MessageType,
  sender_type: SenderType,
  sender_id: NullableString,
  sender_name: Schema.String,
  attachments: Schema.Array(Schema.String),
  metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  message_status: MessageStatus,
  read_at: NullableString,
  is_edited: Schema.Boolean,
  is_deleted: Schema.Boolean,
  edited_at: NullableString,
  deleted_at: NullableString,
  created_at: Schema.String.annotations({ description: "Unique within the thread; the list cursor is its base64." }),
  updated_at: Schema.String,
}).annotations({ identifier: "Message" });

export const THREAD_FIELDS = leaves(...Object.keys(Thread.fields));

/** Spec 4.7's list, plus edited_at and deleted_at, which every message carries too. */
export const MESSAGE_FIELDS = leaves(...Object.keys(Message.fields));
