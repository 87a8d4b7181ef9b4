// Appends a message to a thread: from the customer who owns it (the API), or from the store's
// staff (the admin inbox and the demo seed). The thread's last message, unread counts and status
// (domain/messaging/thread.ts: a customer's words reopen a closed thread; the store answers only
// an open one) move in the same transaction, with the `message.created` event (docs/api/webhooks.md,
// "Event types"), which also mails the customer or the staff (docs/emails.md).
// This module holds what the use cases SendMessage and SendStoreMessage share (one class a file,
// docs/architecture.md, the application/ ring).
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository, type ThreadView as MessageThread } from "../ports/messaging-repository.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { messageEventData } from "./message-event.js";
import { toMessageRecord, type MessageRecord } from "./messaging-records.js";
import { newMessage, type Author } from "./new-message.js";

export async function appendMessage(deps: { readonly messaging: MessagingRepository; readonly ids: IdGenerator; readonly clock: Clock; readonly outbox: EventOutbox }, storeId: string, thread: MessageThread, author: Author, input: SendMessageInput, livemode: boolean): Promise<MessageRecord> {
  const message = newMessage(deps.ids.newId(), thread.id, author, input.message_content, input.attachments ?? [], deps.clock.now().toISOString());
  const record = toMessageRecord(await deps.messaging.appendMessage(storeId, message));
  await deps.outbox.record({ storeId, type: "message.created", livemode, data: messageEventData(thread, record) });
  return record;
}
