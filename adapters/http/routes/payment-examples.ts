// Examples of the payment operations (payment-routes.ts), keyed by operationId; ids from
// adapters/http/examples/example-ids.ts.
import { LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const paymentExamples = {
  initializePayment: {
    headers: { "Idempotency-Key": "pay-019ab30f-1", "X-Timestamp": "1764072000", "X-Signature": "p9Xk2Lq7Rz4Tb1Wc8Vn3Ym6Hd0Jf5Gs2Ke9Ua4Io7Q=" },
    body: { provider: "mobile_stk", amount: 12400, phone: "254712345678", order_id: LEARNED.order },
    response: {
      status: 201,
      body: {
        success: true,
        provider: "mobile_stk",
        flow: "stk_push",
        session_id: LEARNED.paymentSession,
        mode: "test",
        reference: LEARNED.paymentReference,
        amount: 12400,
        charged_amount: 12400,
        currency: "KES",
        status: "pending",
      },
    },
  },
  verifyPayment: {
    body: { reference: LEARNED.paymentReference },
    response: {
      status: 200,
      body: {
        success: true,
        reference: LEARNED.paymentReference,
        provider: "mobile_stk",
        status: "paid",
        amount: 12400,
        charged_amount: 12400,
        currency: "KES",
        order_id: LEARNED.order,
        mode: "test",
        paid_at: "2026-11-25T18:11:07.284Z",
        review_reason: null,
      },
    },
  },
  receivePaymentCallback: {
    params: { provider: "mobile_stk" },
    body: { simulator: true, event_id: "evt-sim-5e8c1d2f", reference: LEARNED.paymentReference, status: "paid" },
    response: { status: 200, body: { received: true, duplicate: false, reference: LEARNED.paymentReference } },
  },
} satisfies Record<string, RouteExample>;
