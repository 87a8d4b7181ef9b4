// Threads and messages as Schemas (docs/api/content-search-messaging.md, "Messaging"), and the
// `fields` their reads allow.
import { Schema } from "effect";
import { MessageStatus, MessageType } from "../../../domain/messaging/message.js";
import { SenderType, ThreadPriority, ThreadStatus, ThreadType } from "../../../domain/messaging/thread.js";
import { leaves } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const Thread = Schema.Struct({
  id: Schema.String.annotations({ description: "The thread's id." }),
  customer_id: NullableString.annotations({ description: "The customer in the conversation, or null." }),
  customer_name: Schema.String.annotations({ description: "The customer's name." }),
  customer_email: Schema.String.annotations({ description: "The customer's email address." }),
  customer_phone: NullableString.annotations({ description: "The customer's phone number, or null." }),
  store_name: Schema.String.annotations({ description: "The store's name." }),
  store_avatar: NullableString.annotations({ description: "URL of the store's picture, or null." }),
  order_id: NullableString.annotations({ description: "The order the thread is about, or null." }),
  product_id: NullableString.annotations({ description: "The product the thread is about, or null." }),
  subject: Schema.String.annotations({ description: "The thread's subject." }),
  thread_type: ThreadType.annotations({ description: "What the thread is about (its kind)." }),
  status: ThreadStatus.annotations({ description: "active, resolved, closed, escalated or pending." }),
  priority: ThreadPriority.annotations({ description: "low, normal, high or urgent." }),
  last_message_at: Schema.String.annotations({ description: "When the last message was sent (ISO 8601, UTC)." }),
  last_message_by: SenderType.annotations({ description: "Who sent the last message: customer, store or system." }),
  unread_count_customer: Schema.Number.annotations({ description: "Messages the customer has not read." }),
  unread_count_store: Schema.Number.annotations({ description: "Messages the store has not read." }),
  is_archived: Schema.Boolean.annotations({ description: "True when the thread is archived." }),
  is_muted: Schema.Boolean.annotations({ description: "True when notifications for the thread are muted." }),
  is_pinned: Schema.Boolean.annotations({ description: "True when the thread is pinned." }),
  created_at: Schema.String.annotations({ description: "When it was opened (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "Thread" });

export const Message = Schema.Struct({
  id: Schema.String.annotations({ description: "The message's id." }),
  message_content: Schema.String.annotations({ description: "The message's text." }),
  message_type: MessageType.annotations({ description: "text, image, file or system." }),
  sender_type: SenderType.annotations({ description: "Who sent it: customer, store or system." }),
  sender_id: NullableString.annotations({ description: "The sender's id (the customer's for a customer), or null." }),
  sender_name: Schema.String.annotations({ description: "The sender's name." }),
  attachments: Schema.Array(Schema.String).annotations({ description: "URLs of attached files." }),
  metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ description: "Extra key-value data kept with the message." }),
  message_status: MessageStatus.annotations({ description: "sent, delivered or read." }),
  read_at: NullableString.annotations({ description: "When the other side read it (ISO 8601, UTC), or null." }),
  is_edited: Schema.Boolean.annotations({ description: "True once the message was edited." }),
  is_deleted: Schema.Boolean.annotations({ description: "True once the message was deleted." }),
  edited_at: NullableString.annotations({ description: "When it was edited (ISO 8601, UTC), or null." }),
  deleted_at: NullableString.annotations({ description: "When it was deleted (ISO 8601, UTC), or null." }),
  created_at: Schema.String.annotations({ description: "When it was sent (ISO 8601, UTC); unique within the thread, and the list cursor is its base64." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "Message" });

export const THREAD_FIELDS = leaves(...Object.keys(Thread.fields));

/** Every field of a message, edited_at and deleted_at included. */
export const MESSAGE_FIELDS = leaves(...Object.keys(Message.fields));
