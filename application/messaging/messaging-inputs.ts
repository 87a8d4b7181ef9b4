// The payloads of messaging writes (docs/api/content-search-messaging.md, "Messaging") as Schemas.
import { Schema } from "effect";
import { ThreadType } from "../../domain/messaging/thread.js";

const Attachment = Schema.String.pipe(Schema.maxLength(2048), Schema.pattern(/^https?:\/\/\S+$/)).annotations({
  message: () => ({ message: "must be an http(s) URL", override: true }),
});

export const MessageContent = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(10_000)).annotations({
  message: () => ({ message: "must be 1 to 10000 characters", override: true }),
});

export const OpenThreadInput = Schema.Struct({
  subject: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(300))).annotations({ description: "The thread's subject." }),
  thread_type: Schema.propertySignature(ThreadType).annotations({ description: "What the thread is about (its kind)." }),
  order_id: Schema.optional(Schema.UUID).annotations({ description: "The order the thread is about." }),
  product_id: Schema.optional(Schema.UUID).annotations({ description: "The product the thread is about." }),
  message: Schema.propertySignature(MessageContent).annotations({ description: "The first message's text." }),
}).annotations({ identifier: "OpenThreadInput" });
export type OpenThreadInput = typeof OpenThreadInput.Type;

export const SendMessageInput = Schema.Struct({
  message_content: Schema.propertySignature(MessageContent).annotations({ description: "The message's text." }),
  attachments: Schema.optional(Schema.Array(Attachment).pipe(Schema.maxItems(10))).annotations({ description: "http(s) URLs of attached files (at most 10)." }),
}).annotations({ identifier: "SendMessageInput" });
export type SendMessageInput = typeof SendMessageInput.Type;
