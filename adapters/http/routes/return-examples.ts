// The /v1 return operations' examples (docs/staff.md, "Refunds and returns"), true against the
// seeded demo store: Amina asks to return one unit of her delivered order and lists its returns;
// a reversal result M-Pesa posts for a ConversationID we never sent is acknowledged and ignored.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const AT = "2026-11-27T09:30:00.000Z";

export const requestedReturn = {
  id: LEARNED.newReturn,
  order_id: DEMO.deliveredOrder,
  customer_id: DEMO.customer,
  status: "requested",
  reason: "The cushion cover arrived with a torn seam.",
  lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1, received_quantity: 0, restocked_quantity: 0 }],
  staff_note: null,
  refund_id: null,
  livemode: false,
  created_at: AT,
  updated_at: AT,
};

export const returnExamples = {
  requestReturn: {
    params: { id: DEMO.deliveredOrder },
    headers: { "x-auth-token": LEARNED.accessToken },
    body: { lines: [{ line_id: DEMO.deliveredOrderLine, quantity: 1 }], reason: "The cushion cover arrived with a torn seam." },
    response: { status: 201, body: requestedReturn },
  },
  listOrderReturns: {
    params: { id: DEMO.deliveredOrder },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: { status: 200, body: { returns: [requestedReturn] } },
  },
  receiveMpesaReversalResult: {
    body: {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: "f1e2-4b95-a71d-b30d3cdbb7a7942864",
        ConversationID: "AG_20261127_20106f8a0c6b4b0a1e2f",
        TransactionID: "SKR000000",
      },
    },
    response: { status: 200, body: { ResultCode: 0, ResultDesc: "Accepted", settled: false } },
  },
} satisfies Record<string, RouteExample>;
