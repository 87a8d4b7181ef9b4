// The admin refund and return operations' examples (docs/staff.md, "Refunds and returns"), true
// against the seeded demo store after the /v1 return example: part of Amina's paid order (marked
// paid by hand, so refunded off-line: `manual`) is refunded; her return is listed, read, approved,
// received (restocked) and refunded.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import { requestedReturn } from "../examples/return-examples.js";
import type { RouteExample } from "../route-definition.js";

const AT = "2026-11-27T09:45:00.000Z";

const refund = {
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

const approved = { ...requestedReturn, status: "approved", staff_note: "Approved: please bring it to the shop.", updated_at: AT };
const received = {
  ...approved,
  status: "received",
  lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1, received_quantity: 1, restocked_quantity: 1 }],
};
const returnRefund = {
  ...refund,
  id: LEARNED.returnRefund,
  order_id: DEMO.deliveredOrder,
  return_id: LEARNED.newReturn,
  amount: 348_000,
  tax_amount: 48_000,
  provider_amount: 348_000,
  lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1, amount: 348_000, tax_amount: 48_000 }],
  reason: "The cushion cover arrived with a torn seam.",
};

export const refundReturnExamples = {
  createRefund: {
    params: { id: DEMO.paidOrder },
    headers: { "Idempotency-Key": "refund-goodwill-0001" },
    body: { amount: 50_000, reason: "Goodwill: the delivery came a day late." },
    response: { status: 201, body: refund },
  },
  listOrderRefunds: { params: { id: DEMO.paidOrder }, response: { status: 200, body: { refunds: [refund] } } },
  getRefund: { params: { id: LEARNED.newRefund }, response: { status: 200, body: refund } },
  listReturns: {
    query: { status: "requested", limit: "20" },
    response: { status: 200, body: { returns: [requestedReturn], pagination: { limit: 20, has_more: false, next_cursor: null } } },
  },
  getReturn: {
    params: { id: LEARNED.newReturn },
    response: {
      status: 200,
      body: {
        ...requestedReturn,
        events: [{ from_status: null, to_status: "requested", actor_type: "customer", actor_label: `customer ${DEMO.customer}`, note: null, data: {}, at: requestedReturn.created_at }],
      },
    },
  },
  approveReturn: { params: { id: LEARNED.newReturn }, body: { note: "Approved: please bring it to the shop." }, response: { status: 200, body: approved } },
  refuseReturn: {
    params: { id: LEARNED.newReturn },
    body: { note: "Outside the 30-day return window." },
    response: { status: 200, body: { ...requestedReturn, status: "refused", staff_note: "Outside the 30-day return window." } },
  },
  receiveReturn: {
    params: { id: LEARNED.newReturn },
    body: { lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1, restock: true }], note: "Seam torn; the cover can be mended and sold." },
    response: { status: 200, body: received },
  },
  refundReturn: {
    params: { id: LEARNED.newReturn },
    headers: { "Idempotency-Key": "return-refund-0001" },
    body: {},
    response: { status: 201, body: { return: { ...received, status: "refunded", refund_id: LEARNED.returnRefund }, refund: returnRefund } },
  },
} satisfies Record<string, RouteExample>;
