// The data of a `message.created` event (docs/api/webhooks.md, "Event types"): the message as the
// API shows it and the thread it belongs to, with the customer it is with.
import type { ThreadView } from "../ports/messaging-repository.js";
import type { MessageRecord } from "./messaging-records.js";

export const messageEventData = (thread: ThreadView, message: MessageRecord): Record<string, unknown> => ({
  message,
  thread: {
    id: thread.id,
    subject: thread.subject,
    customer_id: thread.customerId,
    customer_name: thread.customerName,
    customer_email: thread.customerEmail,
    order_id: thread.orderId,
  },
});
