// The admin order operations' examples, true against the seeded demo store (adapters/http/route-
// definition.ts, RouteExample): Amina's paid order being processed is listed, read, shipped in a
// first parcel, its parcels and packing slip and timeline read; her unpaid order is cancelled.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const AT = "2026-11-27T09:30:00.000Z";
const PLACED = "2026-11-06T08:12:44.120Z";

const summary = {
  id: DEMO.paidOrder,
  order_number: "ORD-2026-000003",
  customer_id: DEMO.customer,
  customer_email: "amina.wanjiru@example.com",
  customer_phone: "+254712345678",
  customer_name: "Demo Customer",
  order_status: "processing",
  payment_status: "paid",
  fulfilment_status: "unfulfilled",
  payment_method: "mobile_stk",
  currency: "KES",
  total_amount: 995_000,
  item_count: 2,
  livemode: false,
  created_at: PLACED,
  updated_at: PLACED,
};

const address = { name: "Demo Customer", line1: "Kenyatta Avenue 12", city: "Nairobi", country: "KE", latitude: -1.2841, longitude: 36.8155 };

const parcel = {
  id: LEARNED.fulfilment,
  order_id: DEMO.paidOrder,
  carrier: "G4S Courier",
  tracking_number: "G4S-KE-0048213",
  tracking_url: "https://track.example.com/G4S-KE-0048213",
  note: "Fragile: wrapped twice.",
  lines: [{ order_item_id: LEARNED.paidOrderLine, sku: "KIT-MUG-SET-4", product_name: "Maasai Beaded Mug Set", variant_name: "Set of 4", quantity: 1 }],
  created_at: AT,
};

export const adminOrderExamples = {
  adminListOrders: {
    query: { payment_status: "paid", fulfilment_status: "unfulfilled", limit: "1" },
    response: { status: 200, body: { orders: [summary], pagination: { limit: 1, next_cursor: null, has_more: false } } },
  },
  adminGetOrder: {
    params: { id: DEMO.paidOrder },
    response: {
      status: 200,
      body: {
        ...summary,
        payment_reference: null,
        subtotal: 995_000,
        discount_amount: 0,
        shipping_amount: 0,
        tax_amount: 137_241,
        prices_include_tax: true,
        tax_zone: { id: "ke", name: "Kenya", matched_by: "country" },
        shipping_tax: { tax_class: "standard", tax_rate: "16", tax_exempt: false, discount_amount: 0, net_amount: 0, tax_amount: 0, gross_amount: 0 },
        gift_card_amount: 0,
        amount_due: 995_000,
        billing_address: address,
        shipping_address: address,
        items: [
          {
            id: LEARNED.paidOrderLine,
            product_id: "019ab5ea-3ed1-72ad-8eb1-98827c155f32",
            variant_id: "019ab186-4793-742e-9c7b-3784be7e91e3",
            product_name: "Maasai Beaded Mug Set",
            variant_name: "Set of 4",
            sku: "KIT-MUG-SET-4",
            quantity: 1,
            quantity_fulfilled: 0,
            unit_price: 320_000,
            line_total: 320_000,
            tax_class: "standard",
            tax_rate: "16",
            tax_exempt: false,
            discount_amount: 0,
            net_amount: 275_862,
            tax_amount: 44_138,
            gross_amount: 320_000,
          },
          {
            id: "019ab7c3-2b3c-7d4e-8f5a-6b7c8d9e0f1b",
            product_id: "019ab644-f3e0-7f3f-bbd5-0720ece384f9",
            variant_id: "019ab991-269d-7e2e-b05d-82245d9e36f2",
            product_name: "Kikoy Throw",
            variant_name: "Ocean",
            sku: "TEX-KIKOY-OCN",
            quantity: 1,
            quantity_fulfilled: 0,
            unit_price: 675_000,
            line_total: 675_000,
            tax_class: "standard",
            tax_rate: "16",
            tax_exempt: false,
            discount_amount: 0,
            net_amount: 581_897,
            tax_amount: 93_103,
            gross_amount: 675_000,
          },
        ],
        promotions: [{ promotion_id: "019ab7c2-9a1b-7c2d-8e3f-4a5b6c7d8e9f", name: "Mugs: buy one, get one free", discount: 88_370 }],
        notes: null,
        tracking_number: null,
        estimated_delivery: null,
        shipped_at: null,
        delivered_at: null,
        payments: [],
        fulfilments: [],
      },
    },
  },
  adminCreateFulfilment: {
    params: { id: DEMO.paidOrder },
    headers: { "Idempotency-Key": "parcel-019ab7c2-1" },
    body: {
      carrier: "G4S Courier",
      tracking_number: "G4S-KE-0048213",
      tracking_url: "https://track.example.com/G4S-KE-0048213",
      note: "Fragile: wrapped twice.",
      lines: [{ order_item_id: LEARNED.paidOrderLine, quantity: 1 }],
    },
    response: { status: 201, body: { fulfilment: parcel, order: { ...summary, fulfilment_status: "partially_fulfilled", updated_at: AT } } },
  },
  adminListFulfilments: {
    params: { id: DEMO.paidOrder },
    response: { status: 200, body: { fulfilments: [parcel] } },
  },
  adminGetPackingSlip: {
    params: { id: DEMO.paidOrder },
    query: { fulfilment_id: LEARNED.fulfilment },
    response: {
      status: 200,
      body: "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Packing slip ORD-2026-000003 (parcel 019ab7c4)</title>\n…</html>\n",
    },
  },
  adminGetOrderTimeline: {
    params: { id: DEMO.paidOrder },
    response: {
      status: 200,
      body: {
        order_id: DEMO.paidOrder,
        entries: [
          { at: PLACED, kind: "status", title: "Order placed", actor: null, details: { event: "order.created", event_id: "evt_0a1b2c3d4e5f40718293a4b5c6d7e8f9" } },
          { at: "2026-11-06T08:13:02.518Z", kind: "status", title: "Order paid", actor: null, details: { event: "order.paid", event_id: "evt_1b2c3d4e5f6a40718293a4b5c6d7e8f9" } },
          { at: AT, kind: "audit", title: "order.fulfil by Default secret key", actor: { type: "api_key", id: "019ab111-2222-7333-8444-555566667777", label: "Default secret key" }, details: { operation: "order.fulfil", request_id: "req_5c2f9a1b7d3e", changes: { fulfilment_status: ["unfulfilled", "partially_fulfilled"] } } },
          { at: AT, kind: "fulfilment", title: "Parcel of 1 unit shipped with G4S Courier", actor: null, details: { fulfilment_id: LEARNED.fulfilment, carrier: "G4S Courier", tracking_number: "G4S-KE-0048213", lines: parcel.lines } },
        ],
      },
    },
  },
  adminCancelOrder: {
    params: { id: DEMO.pendingOrder },
    body: { reason: "The customer asked by phone." },
    response: {
      status: 200,
      body: {
        ...summary,
        id: DEMO.pendingOrder,
        order_number: "ORD-2026-000004",
        order_status: "cancelled",
        payment_status: "pending",
        total_amount: 487_200,
        item_count: 1,
        updated_at: AT,
      },
    },
  },
} satisfies Record<string, RouteExample>;
