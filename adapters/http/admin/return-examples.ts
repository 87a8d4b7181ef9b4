// The admin return operations' examples (docs/staff.md, "Refunds and returns"), true against the
// seeded demo store after the /v1 return example (../routes/return-examples.ts): Amina's return is
// listed, read, approved, received (restocked) and refunded.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";
import { requestedReturn } from "../routes/return-examples.js";
import { refund } from "./refund-examples.js";

const AT = "2026-11-27T09:45:00.000Z";

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

export const adminReturnExamples = {
  adminListReturns: {
    query: { status: "requested", limit: "20" },
    response: { status: 200, body: { returns: [requestedReturn], pagination: { limit: 20, has_more: false, next_cursor: null } } },
  },
  adminGetReturn: {
    params: { id: LEARNED.newReturn },
    response: {
      status: 200,
      body: {
        ...requestedReturn,
        events: [{ from_status: null, to_status: "requested", actor_type: "customer", actor_label: `customer ${DEMO.customer}`, note: null, data: {}, at: requestedReturn.created_at }],
      },
    },
  },
  adminApproveReturn: { params: { id: LEARNED.newReturn }, body: { note: "Approved: please bring it to the shop." }, response: { status: 200, body: approved } },
  adminRefuseReturn: {
    params: { id: LEARNED.newReturn },
    body: { note: "Outside the 30-day return window." },
    response: { status: 200, body: { ...requestedReturn, status: "refused", staff_note: "Outside the 30-day return window." } },
  },
  adminReceiveReturn: {
    params: { id: LEARNED.newReturn },
    body: { lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1, restock: true }], note: "Seam torn; the cover can be mended and sold." },
    response: { status: 200, body: received },
  },
  adminRefundReturn: {
    params: { id: LEARNED.newReturn },
    headers: { "Idempotency-Key": "return-refund-0001" },
    body: {},
    response: { status: 201, body: { return: { ...received, status: "refunded", refund_id: LEARNED.returnRefund }, refund: returnRefund } },
  },
} satisfies Record<string, RouteExample>;
