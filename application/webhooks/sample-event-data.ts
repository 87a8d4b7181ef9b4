// Example `data` for each event type, sent by the test operation (docs/api/webhooks.md, "The test
// operation"). The shapes follow the real events; ids are all-zero UUIDs so that a receiver can
// never mistake one for a record.
import type { EventType } from "../../domain/events/event-type.js";

const SAMPLE_ID = "00000000-0000-7000-8000-000000000000";

const sampleOrder = (now: string, livemode: boolean, changes: Record<string, unknown> = {}) => ({
  id: SAMPLE_ID,
  order_number: "ORD-000000",
  customer_id: null,
  customer_email: "customer@example.com",
  customer_phone: "+254700000000",
  customer_name: "Sample Customer",
  order_status: "pending",
  payment_status: "pending",
  fulfilment_status: "unfulfilled",
  payment_method: "mobile_stk",
  payment_reference: null,
  currency: "KES",
  subtotal: 2500,
  discount_amount: 0,
  shipping_amount: 300,
  tax_amount: 448,
  total_amount: 3248,
  gift_card_amount: 0,
  amount_due: 3248,
  billing_address: null,
  shipping_address: { name: "Sample Customer", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE" },
  items: [
    { id: SAMPLE_ID, product_id: SAMPLE_ID, variant_id: SAMPLE_ID, product_name: "Sample product", variant_name: null, sku: "SAMPLE-1", quantity: 1, unit_price: 2500, line_total: 2500 },
  ],
  promotions: [],
  notes: null,
  tracking_number: null,
  estimated_delivery: null,
  shipped_at: null,
  delivered_at: null,
  shipping_metadata: {},
  livemode,
  created_at: now,
  updated_at: now,
  ...changes,
});

/** A refund as refund.* events carry it: money in integer minor units (docs/staff.md, "Refunds and returns"). */
const sampleRefund = (now: string, livemode: boolean, status: "pending" | "succeeded" | "failed") => ({
  id: SAMPLE_ID,
  order_id: SAMPLE_ID,
  return_id: null,
  status,
  amount: 250000,
  provider_amount: 250000,
  gift_card_amount: 0,
  currency: "KES",
  destination: "mobile_stk",
  lines: [{ line_id: SAMPLE_ID, quantity: 1, amount: 250000 }],
  restock: true,
  reason: "Arrived damaged",
  provider_refund_id: status === "pending" ? null : "AG_20260101_000000000000000",
  failure_reason: status === "failed" ? "The initiator is not allowed to reverse this transaction" : null,
  livemode,
  created_at: now,
  updated_at: now,
  settled_at: status === "pending" ? null : now,
});

const sampleReturn = (now: string, livemode: boolean, status: string) => ({
  id: SAMPLE_ID,
  order_id: SAMPLE_ID,
  customer_id: SAMPLE_ID,
  status,
  reason: "The cushion cover arrived torn.",
  lines: [{ line_id: SAMPLE_ID, quantity: 1, received_quantity: status === "received" ? 1 : 0, restocked_quantity: status === "received" ? 1 : 0 }],
  staff_note: status === "refused" ? "Outside the 30-day return window." : null,
  refund_id: null,
  livemode,
  created_at: now,
  updated_at: now,
});

export const sampleEventData = (type: EventType, now: string, livemode: boolean): Record<string, unknown> => {
  switch (type) {
    case "order.created":
      return { order: sampleOrder(now, livemode) };
    case "order.paid":
      return { order: sampleOrder(now, livemode, { payment_status: "paid" }) };
    case "order.fulfilled":
      return { order: sampleOrder(now, livemode, { order_status: "shipped", payment_status: "paid", fulfilment_status: "fulfilled", shipped_at: now, tracking_number: "TRACK-000000" }) };
    case "order.cancelled":
      return { order: sampleOrder(now, livemode, { order_status: "cancelled" }) };
    case "order.delivered":
      return { order: sampleOrder(now, livemode, { order_status: "delivered", payment_status: "paid", fulfilment_status: "fulfilled", shipped_at: now, delivered_at: now, tracking_number: "TRACK-000000" }) };
    case "fulfilment.created":
      return {
        fulfilment: {
          id: SAMPLE_ID,
          order_id: SAMPLE_ID,
          carrier: "G4S Courier",
          tracking_number: "TRACK-000000",
          tracking_url: null,
          note: null,
          lines: [{ order_item_id: SAMPLE_ID, sku: "SAMPLE-1", quantity: 1 }],
          created_at: now,
        },
        order: sampleOrder(now, livemode, { order_status: "processing", payment_status: "paid", fulfilment_status: "partially_fulfilled" }),
      };
    case "payment.succeeded":
    case "payment.failed":
      return {
        payment: {
          reference: "PAY-0000000000-SAMPLE",
          provider: "mobile_stk",
          status: type === "payment.succeeded" ? "paid" : "failed",
          amount: 3248,
          currency: "KES",
          order_id: SAMPLE_ID,
          mode: livemode ? "live" : "test",
          paid_at: type === "payment.succeeded" ? now : null,
        },
      };
    case "customer.created":
      return { customer: { id: SAMPLE_ID, email: "customer@example.com", name: "Sample Customer", phone: null, status: "active", created_at: now } };
    case "product.created":
      return { product: { product_id: SAMPLE_ID, variant_id: SAMPLE_ID, name: "Sample product", sku: "SAMPLE-1", price: 250000, stock: 10, is_active: true, created_at: now } };
    case "product.stock_low":
      return { product_id: SAMPLE_ID, variant_id: SAMPLE_ID, sku: "SAMPLE-1", stock: 2, threshold: 5 };
    case "cart.abandoned":
      return { cart_id: SAMPLE_ID, customer_id: SAMPLE_ID, last_activity_at: now, items: [{ variant_id: SAMPLE_ID, product_id: SAMPLE_ID, quantity: 1 }] };
    case "gift_card.issued":
      return { gift_card: { id: SAMPLE_ID, code: "SAMP-LE00-0000-0000", balance: 1000, initial_balance: 1000, currency: "KES", status: "active", created_at: now } };
    case "promotion.applied":
      return { promotion_id: SAMPLE_ID, name: "Sample promotion", order_id: SAMPLE_ID, discount: 250 };
    case "refund.created":
    case "refund.succeeded":
    case "refund.failed":
      return { refund: sampleRefund(now, livemode, type === "refund.created" ? "pending" : type === "refund.succeeded" ? "succeeded" : "failed") };
    case "return.requested":
    case "return.approved":
    case "return.refused":
    case "return.received":
      return { return: sampleReturn(now, livemode, type.slice("return.".length)) };
    case "message.created":
      return {
        message: { id: SAMPLE_ID, message_content: "Is the sofa available in green?", message_type: "text", sender_type: "customer", sender_id: SAMPLE_ID, sender_name: "Sample Customer", attachments: [], metadata: {}, message_status: "sent", read_at: null, is_edited: false, is_deleted: false, edited_at: null, deleted_at: null, created_at: now, updated_at: now },
        thread: { id: SAMPLE_ID, subject: "Sofa colours", customer_id: SAMPLE_ID, customer_name: "Sample Customer", customer_email: "customer@example.com", order_id: null },
      };
    case "webhook_endpoint.disabled":
      return { webhook_endpoint: { id: SAMPLE_ID, url: "https://example.com/webhooks" }, reason: "gone" };
  }
};
