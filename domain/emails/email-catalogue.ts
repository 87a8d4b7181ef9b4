// The emails a store sends (docs/emails.md, "What is sent when"): each template's key, who gets it
// (the order's customer, or staff whose role holds a permission), the events that send it, the
// placeholders it may use, and whether the customer may turn it off (only the kinds the order does
// not need). Pure data.
import { Schema } from "effect";
import type { EventType } from "../events/event-type.js";
import type { Permission } from "../staff/permissions.js";

export const TEMPLATE_KEYS = [
  "order_confirmation",
  "payment_received",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "refund_issued",
  "return_update",
  "message_reply",
  "staff_new_order",
  "staff_new_message",
  "staff_low_stock",
  "staff_webhook_disabled",
] as const;
export const TemplateKey = Schema.Literal(...TEMPLATE_KEYS);
export type TemplateKey = typeof TemplateKey.Type;

/** Every email may use these; the layout around every body shows the store's logo and name. */
export const COMMON_PLACEHOLDERS = ["store_name"] as const;

const ORDER = ["customer_name", "order_number", "order_total", "order_date"] as const;

export type Audience = { readonly kind: "customer" } | { readonly kind: "staff"; readonly permission: Permission };

export interface EmailKind {
  readonly key: TemplateKey;
  readonly title: string;
  readonly audience: Audience;
  /** The events that send it (a message sends `message_reply` or `staff_new_message` by its author). */
  readonly events: readonly EventType[];
  /** Placeholders besides COMMON_PLACEHOLDERS. */
  readonly placeholders: readonly string[];
  /** False: the order needs it, and no opt-out stops it. True: the customer may turn it off. */
  readonly optional: boolean;
}

const customer = { kind: "customer" } as const;
const staff = (permission: Permission): Audience => ({ kind: "staff", permission });

export const EMAIL_KINDS: Readonly<Record<TemplateKey, EmailKind>> = {
  order_confirmation: { key: "order_confirmation", title: "Order confirmation", audience: customer, events: ["order.created"], placeholders: [...ORDER, "order_items"], optional: false },
  payment_received: { key: "payment_received", title: "Payment received", audience: customer, events: ["order.paid"], placeholders: [...ORDER, "amount_paid"], optional: false },
  order_shipped: { key: "order_shipped", title: "Order shipped", audience: customer, events: ["fulfilment.created"], placeholders: [...ORDER, "carrier", "tracking_number", "tracking_url", "shipped_items"], optional: false },
  order_delivered: { key: "order_delivered", title: "Order delivered", audience: customer, events: ["order.delivered"], placeholders: [...ORDER, "delivered_date"], optional: true },
  order_cancelled: { key: "order_cancelled", title: "Order cancelled", audience: customer, events: ["order.cancelled"], placeholders: [...ORDER], optional: false },
  refund_issued: { key: "refund_issued", title: "Refund issued", audience: customer, events: ["refund.succeeded"], placeholders: [...ORDER, "refund_amount"], optional: false },
  return_update: {
    key: "return_update",
    title: "Return update",
    audience: customer,
    events: ["return.requested", "return.approved", "return.refused", "return.received"],
    placeholders: [...ORDER, "return_status", "return_note"],
    optional: false,
  },
  message_reply: { key: "message_reply", title: "The store replied to your message", audience: customer, events: ["message.created"], placeholders: ["customer_name", "thread_subject", "message_excerpt"], optional: true },
  staff_new_order: { key: "staff_new_order", title: "New order", audience: staff("orders.fulfil"), events: ["order.created"], placeholders: [...ORDER, "customer_email", "order_items"], optional: false },
  staff_new_message: { key: "staff_new_message", title: "New customer message", audience: staff("inbox.reply"), events: ["message.created"], placeholders: ["customer_name", "thread_subject", "message_excerpt"], optional: false },
  staff_low_stock: { key: "staff_low_stock", title: "Low stock", audience: staff("stock.adjust"), events: ["product.stock_low"], placeholders: ["sku", "stock", "threshold"], optional: false },
  staff_webhook_disabled: { key: "staff_webhook_disabled", title: "Webhook endpoint disabled", audience: staff("webhooks.manage"), events: ["webhook_endpoint.disabled"], placeholders: ["endpoint_url", "reason"], optional: false },
};

/** The placeholders `key` may use. */
export const placeholdersOf = (key: TemplateKey): readonly string[] => [...COMMON_PLACEHOLDERS, ...EMAIL_KINDS[key].placeholders];

/** The kinds a customer may turn off. */
export const OPTIONAL_KINDS: readonly TemplateKey[] = TEMPLATE_KEYS.filter((key) => EMAIL_KINDS[key].optional);

/** The templates an event of `type` may send. */
export const kindsForEvent = (type: string): readonly EmailKind[] => TEMPLATE_KEYS.map((key) => EMAIL_KINDS[key]).filter((kind) => (kind.events as readonly string[]).includes(type));

export const isTemplateKey = (text: string): text is TemplateKey => (TEMPLATE_KEYS as readonly string[]).includes(text);
