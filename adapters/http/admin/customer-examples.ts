// The examples of the admin API's customer operations (docs/staff.md, "Customers and the inbox"),
// true of a freshly seeded demo store: Amina has five orders shipped to one address, an empty cart
// and one thread of four messages (inbox-examples.ts). Run in this order, they hold: list, detail,
// block, unblock.
import { DEMO } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";
import { thread } from "./inbox-examples.js";

const amina = {
  id: DEMO.customer,
  email: "amina.wanjiru@example.com",
  name: "Amina Wanjiru",
  phone: "+254 712 345 678",
  address: "14 Riverside Drive, Westlands, Nairobi",
  status: "active",
  email_confirmed: false,
  blocked: false,
  blocked_at: null,
  block_reason: null,
  join_date: "2026-11-27",
  total_purchases: 6,
  total_spent: 39881500,
  currency: "KES",
  first_purchase_at: "2026-06-20T09:02:11.412Z",
  last_purchase_at: "2026-11-27T09:02:12.918Z",
  created_at: "2026-11-27T09:02:11.407Z",
  updated_at: "2026-11-27T09:02:12.918Z",
};

const order = (n: number, orderStatus: string, paymentStatus: string, total: number, at: string) => ({
  id: `019ac1d2-7e40-7b1a-9c3d-2f4e5a6b7c${n.toString().padStart(2, "0")}`,
  order_number: `ORD-2026-00000${n}`,
  order_status: orderStatus,
  payment_status: paymentStatus,
  currency: "KES",
  total_amount: total,
  created_at: at,
});

export const adminCustomerExamples = {
  adminListCustomers: {
    query: { q: "amina" },
    key: "secret",
    response: { status: 200, body: { customers: [amina], pagination: { limit: 50, next_cursor: null, has_more: false } } },
  },
  adminGetCustomer: {
    params: { id: DEMO.customer },
    key: "secret",
    response: {
      status: 200,
      body: {
        ...amina,
        recent_orders: [
          order(5, "cancelled", "pending", 1250000, "2026-11-27T09:02:12.918Z"),
          order(4, "pending", "pending", 2890000, "2026-11-27T09:02:12.801Z"),
          order(3, "processing", "paid", 9175000, "2026-11-27T09:02:12.688Z"),
          order(2, "shipped", "paid", 4380000, "2026-11-27T09:02:12.561Z"),
          order(1, "delivered", "paid", 15620000, "2026-11-27T09:02:12.430Z"),
        ],
        addresses: [
          {
            name: "Demo Customer",
            line1: "Kenyatta Avenue 12",
            line2: null,
            city: "Nairobi",
            region: null,
            postal_code: null,
            country: "KE",
            phone: null,
            used_for: ["shipping", "billing"],
            last_used_at: "2026-11-27T09:02:12.918Z",
          },
        ],
        open_carts: [],
        threads: [thread],
        email_status: "ok",
        email_status_reason: null,
        email_status_at: null,
        emails_turned_off: [],
      },
    },
  },
  adminBlockCustomer: {
    params: { id: DEMO.customer },
    body: { reason: "Chargebacks on three orders; see ticket 1182." },
    key: "secret",
    response: {
      status: 200,
      body: {
        ...amina,
        blocked: true,
        blocked_at: "2026-11-27T09:15:40.221Z",
        block_reason: "Chargebacks on three orders; see ticket 1182.",
        updated_at: "2026-11-27T09:15:40.221Z",
        sessions_ended: 3,
      },
    },
  },
  adminUnblockCustomer: {
    params: { id: DEMO.customer },
    key: "secret",
    response: { status: 200, body: { ...amina, updated_at: "2026-11-27T09:16:02.540Z", sessions_ended: 0 } },
  },
} satisfies Record<string, RouteExample>;
