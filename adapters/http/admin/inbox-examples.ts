// The examples of the admin API's inbox operations (docs/staff.md, "Customers and the inbox"),
// true of a freshly seeded demo store: Amina has one thread of four messages (two from her, unread
// by the store), assigned to nobody. Run in this order, they hold: list the inbox, read the thread,
// reply, assign, close, reopen, mark read.
import { ADMIN, DEMO } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const STORE_NAME = "Parisian, Boehm and Kuphal Home & Living";

export const thread = {
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

export const adminInboxExamples = {
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
