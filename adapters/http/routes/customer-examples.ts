// Examples of the customer operations (customer-routes.ts), keyed by operationId; ids from
// adapters/http/examples/example-ids.ts.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const customerExamples = {
  getCustomer: {
    params: { id: DEMO.customer },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: {
      status: 200,
      body: {
        id: DEMO.customer,
        name: "Amina Wanjiru",
        email: "amina.wanjiru@example.com",
        phone: "+254 712 345 678",
        address: "14 Riverside Drive, Westlands, Nairobi",
        status: "active",
        join_date: "2026-11-25",
        total_purchases: 6,
        last_purchase: "2026-11-25T18:11:00.913Z",
        created_at: "2026-11-25T18:11:00.133Z",
        updated_at: "2026-11-25T18:11:00.913Z",
        store_metrics: {
          total_purchases: 6,
          total_spent: 374047.92,
          first_purchase_date: "2026-06-18T18:11:00.259Z",
          last_purchase_date: "2026-11-25T18:11:00.913Z",
          status: "active",
          preferred_store: "Parisian, Boehm and Kuphal Home & Living",
        },
      },
    },
  },
} satisfies Record<string, RouteExample>;
