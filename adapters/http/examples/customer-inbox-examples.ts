// The examples of the admin API's customer and inbox operations (docs/staff.md, "Customers and
// the inbox"), true of a freshly seeded demo store: Amina has five orders shipped to one address,
// an empty cart and one thread of four messages (two from her, unread by the store), assigned to
// nobody. Run in this order, they hold: list, detail, block, unblock; list the inbox, read the
// thread, reply, assign, close, reopen, mark read.
import type { RouteExample } from "../route-definition.js";
import { ADMIN, DEMO } from "./example-ids.js";

const STORE_NAME = "Parisian, Boehm and Kuphal Home & Living";

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

const thread = {
  id: DEMO.thread,
  customer_id: DEMO.customer,
  customer_name: "Amina Wanjiru",
  customer_email: "amina.wanjiru@example.com",
  customer_phone: "+254 712 345 678",
  store_name: STORE_NAME,
  store_avatar: null,
  order_id: null,
  product_id: "01a213e7-5648-7503-8728-4318ace98032",
  subject: "Delivery of my sofa to Westlands",
  thread_type: "delivery",
  status: "active",
  priority: "normal",
  last_message_at: "2026-11-27T09:02:11.486Z",
  last_message_by: "store",
  unread_count_customer: 2,
  unread_count_store: 2,
  is_archived: false,
  is_muted: false,
  is_pinned: false,
  created_at: "2026-11-27T09:02:11.470Z",
  updated_at: "2026-11-27T09:02:11.486Z",
  assignee_id: null,
  assignee_name: null,
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

export const customerExamples = {
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

const reply = {
  id: "019ac1e4-0b7f-7c55-8d21-6a3f9e2b1c47",
  message_content: "Hi Amina, the driver is on the way and will call you in about 30 minutes.",
  message_type: "text",
  sender_type: "store",
  sender_id: ADMIN.ownerId,
  sender_name: "Demo Owner",
  attachments: [],
  metadata: {},
  message_status: "sent",
  read_at: null,
  is_edited: false,
  is_deleted: false,
  edited_at: null,
  deleted_at: null,
  created_at: "2026-11-27T09:20:14.006Z",
  updated_at: "2026-11-27T09:20:14.006Z",
};

const replied = {
  ...thread,
  last_message_at: "2026-11-27T09:20:14.006Z",
  unread_count_customer: 3,
  updated_at: "2026-11-27T09:20:14.006Z",
};

export const inboxExamples = {
  adminListInboxThreads: {
    query: { assignee: "none", unread: "true" },
    key: "secret",
    response: { status: 200, body: { threads: [thread], pagination: { limit: 50, next_cursor: null, has_more: false } } },
  },
  adminGetInboxThread: {
    params: { id: DEMO.thread },
    query: { limit: "2" },
    key: "secret",
    response: {
      status: 200,
      body: {
        thread,
        messages: [
          {
            id: "01a213e7-6036-770d-ae9f-73d3dc4a308e",
            message_content: "Hello! Can the three-seater sofa be delivered on a Saturday morning? I live on the third floor without a lift.",
            message_type: "text",
            sender_type: "customer",
            sender_id: DEMO.customer,
            sender_name: "Amina Wanjiru",
            attachments: [],
            metadata: {},
            message_status: "sent",
            read_at: null,
            is_edited: false,
            is_deleted: false,
            edited_at: null,
            deleted_at: null,
            created_at: "2026-11-27T09:02:11.470Z",
            updated_at: "2026-11-27T09:02:11.470Z",
          },
          {
            id: "01a213e7-603a-717a-af85-48dbb3c5af29",
            message_content: "Hi Amina, yes: we deliver on Saturdays between 8 and 12, and our team carries it up at no extra cost.",
            message_type: "text",
            sender_type: "store",
            sender_id: null,
            sender_name: "Wanjiku, Customer Care",
            attachments: [],
            metadata: {},
            message_status: "sent",
            read_at: null,
            is_edited: false,
            is_deleted: false,
            edited_at: null,
            deleted_at: null,
            created_at: "2026-11-27T09:02:11.476Z",
            updated_at: "2026-11-27T09:02:11.476Z",
          },
        ],
        pagination: { limit: 2, next_cursor: "MjAyNi0xMS0yN1QwOTowMjoxMS40NzZa", has_more: true },
      },
    },
  },
  adminReplyToThread: {
    params: { id: DEMO.thread },
    body: { message_content: "Hi Amina, the driver is on the way and will call you in about 30 minutes." },
    key: "secret",
    response: { status: 201, body: reply },
  },
  adminAssignThread: {
    params: { id: DEMO.thread },
    body: { staff_member_id: null },
    key: "secret",
    response: { status: 200, body: replied },
  },
  adminCloseThread: {
    params: { id: DEMO.thread },
    key: "secret",
    response: { status: 200, body: { ...replied, status: "closed", updated_at: "2026-11-27T09:21:30.118Z" } },
  },
  adminReopenThread: {
    params: { id: DEMO.thread },
    key: "secret",
    response: { status: 200, body: { ...replied, status: "active", updated_at: "2026-11-27T09:21:41.302Z" } },
  },
  adminMarkThreadRead: {
    params: { id: DEMO.thread },
    key: "secret",
    response: { status: 200, body: { ...replied, unread_count_store: 0, updated_at: "2026-11-27T09:21:55.640Z" } },
  },
} satisfies Record<string, RouteExample>;
