// The customer's email preferences' examples (docs/api/customers.md, "Email preferences"), sent
// to the demo store by test/adapters/http/openapi-examples.test.ts as Amina.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const emails = (turnedOff: readonly string[]) =>
  [
    ["order_confirmation", "Order confirmation", false],
    ["payment_received", "Payment received", false],
    ["order_shipped", "Order shipped", false],
    ["order_delivered", "Order delivered", true],
    ["order_cancelled", "Order cancelled", false],
    ["refund_issued", "Refund issued", false],
    ["return_update", "Return update", false],
    ["message_reply", "The store replied to your message", true],
  ].map(([key, title, optional]) => ({ key, title, optional, enabled: !turnedOff.includes(key as string) }));

export const emailPreferenceExamples = {
  getEmailPreferences: {
    params: { id: DEMO.customer },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: { status: 200, body: { emails: emails([]), email_status: "ok", email_status_reason: null, email_status_at: null } },
  },
  updateEmailPreferences: {
    params: { id: DEMO.customer },
    headers: { "x-auth-token": LEARNED.accessToken },
    body: { turned_off: ["order_delivered"] },
    key: "secret",
    response: { status: 200, body: { emails: emails(["order_delivered"]), email_status: "ok", email_status_reason: null, email_status_at: null } },
  },
} satisfies Record<string, RouteExample>;
