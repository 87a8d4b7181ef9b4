// The event types a store records and delivers to webhook endpoints (docs/api/webhooks.md, "Event
// types").
import { Schema } from "effect";

export const EVENT_TYPES = [
  "order.created",
  "order.paid",
  "order.fulfilled",
  "order.cancelled",
  "order.delivered",
  "fulfilment.created",
  "payment.succeeded",
  "payment.failed",
  "customer.created",
  "product.created",
  "product.stock_low",
  "cart.abandoned",
  "gift_card.issued",
  "promotion.applied",
  "refund.created",
  "refund.succeeded",
  "refund.failed",
  "return.requested",
  "return.approved",
  "return.refused",
  "return.received",
  "message.created",
  "webhook_endpoint.disabled",
] as const;

export const EventType = Schema.Literal(...EVENT_TYPES);
export type EventType = typeof EventType.Type;
