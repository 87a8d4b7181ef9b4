// The example of the admin API's own webhook operation (webhook-routes.ts; docs/staff.md, "Webhooks:
// resend one"), keyed by operationId.
import { LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const adminWebhookExamples = {
  adminResendWebhookEvent: {
    params: { id: LEARNED.webhookEndpoint, event_id: LEARNED.webhookEvent },
    key: "secret",
    response: {
      status: 200,
      body: {
        delivery: {
          id: "01a213e9-0b6c-7a11-9d3e-52c1f08e6b47",
          endpoint_id: LEARNED.webhookEndpoint,
          event_id: LEARNED.webhookEvent,
          event_type: "order.paid",
          attempt_number: 2,
          status_code: 200,
          response_body: "ok",
          error: null,
          latency_ms: 48,
          success: true,
          attempted_at: "2026-11-27T08:02:44.310Z",
        },
      },
    },
  },
} satisfies Record<string, RouteExample>;
