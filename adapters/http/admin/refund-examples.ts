// The admin refund operations' examples (docs/staff.md, "Refunds and returns"), true against the
// seeded demo store: part of Amina's paid order (marked paid by hand, so refunded off-line:
// `manual`) is refunded, and the order's refunds and the refund are read.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const AT = "2026-11-27T09:45:00.000Z";

export const refund = {
  id: LEARNED.newRefund,
  order_id: DEMO.paidOrder,
  return_id: null,
  status: "succeeded",
  amount: 50_000,
  tax_amount: 6_897,
  provider_amount: 50_000,
  gift_card_amount: 0,
  currency: "KES",
  destination: "manual",
  lines: [],
  restock: false,
  reason: "Goodwill: the delivery came a day late.",
  provider_refund_id: null,
  failure_reason: null,
  livemode: false,
  created_at: AT,
  updated_at: AT,
  settled_at: AT,
};

export const adminRefundExamples = {
  adminCreateRefund: {
    params: { id: DEMO.paidOrder },
    headers: { "Idempotency-Key": "refund-goodwill-0001" },
    body: { amount: 50_000, reason: "Goodwill: the delivery came a day late." },
    response: { status: 201, body: refund },
  },
  adminListOrderRefunds: { params: { id: DEMO.paidOrder }, response: { status: 200, body: { refunds: [refund] } } },
  adminGetRefund: { params: { id: LEARNED.newRefund }, response: { status: 200, body: refund } },
} satisfies Record<string, RouteExample>;
