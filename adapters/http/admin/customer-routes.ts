// Customers on the admin API (docs/staff.md, "Customers and the inbox"): the list and search, one
// customer's detail with their orders, addresses, carts and threads, and block / unblock.
import { BlockCustomer } from "../../../application/customers/block-customer.js";
import { UnblockCustomer } from "../../../application/customers/unblock-customer.js";
import { ListCustomers } from "../../../application/customers/list-customers.js";
import { GetCustomerDetail } from "../../../application/customers/get-customer-detail.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { BLOCK_REASON_MAX } from "../../../domain/customers/customer-block.js";
import { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import { adminCustomerExamples } from "./customer-examples.js";
import { cursorParam, integerParam, textParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { InboxThread } from "./inbox-routes.js";

const TAG = "Customers";
const NullableString = Schema.NullOr(Schema.String);

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The customer's id." }) });

const customerFields = {
  id: Schema.String.annotations({ description: "The customer's id." }),
  email: Schema.String.annotations({ description: "The sign-in email address (lower-case)." }),
  name: Schema.String.annotations({ description: "The customer's name." }),
  phone: NullableString.annotations({ description: "The phone number as the customer gave it, or null." }),
  address: NullableString.annotations({ description: "The address the customer gave at registration, as one line, or null." }),
  status: Schema.String.annotations({ description: "`active` or `inactive` (the account's own state; a block is separate)." }),
  email_confirmed: Schema.Boolean.annotations({ description: "True once a one-time code sent to the email was verified." }),
  blocked: Schema.Boolean.annotations({ description: "True while the store blocks the customer: they cannot sign in." }),
  blocked_at: NullableString.annotations({ description: "When the block began (ISO 8601, UTC), or null." }),
  block_reason: NullableString.annotations({ description: "Why, as the staff wrote it, or null." }),
  join_date: Schema.String.annotations({ description: "The day the customer registered (YYYY-MM-DD, UTC)." }),
  total_purchases: Schema.Number.annotations({ description: "Paid orders the customer has placed." }),
  total_spent: Schema.Number.annotations({ description: "What the customer has spent, in integer minor units of `currency`." }),
  currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217), the unit of `total_spent`." }),
  first_purchase_at: NullableString.annotations({ description: "When the customer first bought (ISO 8601, UTC), or null." }),
  last_purchase_at: NullableString.annotations({ description: "When the customer last bought (ISO 8601, UTC), or null." }),
  created_at: Schema.String.annotations({ description: "When the account was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it last changed (ISO 8601, UTC)." }),
};

export const AdminCustomer = Schema.Struct(customerFields).annotations({ identifier: "AdminCustomer" });

const CustomerOrder = Schema.Struct({
  id: Schema.String.annotations({ description: "The order's id." }),
  order_number: Schema.String.annotations({ description: "The order's number." }),
  order_status: Schema.String.annotations({ description: "pending, processing, shipped, delivered or cancelled." }),
  payment_status: Schema.String.annotations({ description: "pending, paid, failed or refunded." }),
  currency: Schema.String.annotations({ description: "The order's currency (ISO 4217)." }),
  total_amount: Schema.Number.annotations({ description: "The order's total, in integer minor units of `currency`." }),
  created_at: Schema.String.annotations({ description: "When it was placed (ISO 8601, UTC)." }),
}).annotations({ identifier: "AdminCustomerOrder" });

const CustomerAddress = Schema.Struct({
  name: Schema.String.annotations({ description: "The recipient's name." }),
  line1: Schema.String.annotations({ description: "First address line." }),
  line2: NullableString.annotations({ description: "Second address line, or null." }),
  city: Schema.String.annotations({ description: "City or town." }),
  region: NullableString.annotations({ description: "Region, state or county, or null." }),
  postal_code: NullableString.annotations({ description: "Postal code, or null." }),
  country: Schema.String.annotations({ description: "Country (ISO 3166 alpha-2)." }),
  phone: NullableString.annotations({ description: "Phone number at this address, or null." }),
  used_for: Schema.Array(Schema.Literal("shipping", "billing")).annotations({ description: "What the customer's orders used it for." }),
  last_used_at: Schema.String.annotations({ description: "When an order last used it (ISO 8601, UTC)." }),
}).annotations({ identifier: "AdminCustomerAddress" });

const CustomerCart = Schema.Struct({
  id: Schema.String.annotations({ description: "The cart's id." }),
  currency: Schema.String.annotations({ description: "The cart's currency (ISO 4217)." }),
  livemode: Schema.Boolean.annotations({ description: "True for a cart of the live mode." }),
  lines: Schema.Number.annotations({ description: "How many lines it holds." }),
  quantity: Schema.Number.annotations({ description: "How many units, over all lines." }),
  subtotal: Schema.Number.annotations({ description: "The lines' unit prices times quantities, in integer minor units of `currency`." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "AdminCustomerCart" });

export const AdminCustomerDetail = Schema.Struct({
  ...customerFields,
  recent_orders: Schema.Array(CustomerOrder).annotations({ description: "The customer's 10 newest orders, newest first." }),
  addresses: Schema.Array(CustomerAddress).annotations({ description: "The distinct addresses of the customer's 25 newest orders, most recently used first." }),
  open_carts: Schema.Array(CustomerCart).annotations({ description: "The customer's carts that hold at least one line." }),
  threads: Schema.Array(InboxThread).annotations({ description: "The customer's 10 most recently active threads." }),
  email_status: Schema.Literal("ok", "bouncing", "malformed").annotations({
    description:
      "The state of the customer's address (docs/emails.md, \"Bounces and malformed addresses\"): `bouncing`, a mail server refused it for good; `malformed`, it is not an address. No email is sent to it while it is either; it is `ok` again when the customer saves their email preferences.",
  }),
  email_status_reason: NullableString.annotations({ description: "The mail server's answer, or why the address is malformed; null when `ok`." }),
  email_status_at: NullableString.annotations({ description: "When the address was marked (ISO 8601, UTC); null when `ok`." }),
  emails_turned_off: Schema.Array(TemplateKey).annotations({ description: "The optional emails the customer turned off (docs/emails.md, \"Opting out\")." }),
}).annotations({ identifier: "AdminCustomerDetail" });

const BlockOutcome = Schema.Struct({
  ...customerFields,
  sessions_ended: Schema.Number.annotations({ description: "How many of the customer's sessions this request ended (0 on an unblock)." }),
}).annotations({ identifier: "AdminCustomerBlockOutcome" });

export const BlockCustomerInput = Schema.Struct({
  reason: Schema.optional(
    Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(BLOCK_REASON_MAX)).annotations({
      message: () => ({ message: `must be 1 to ${BLOCK_REASON_MAX} characters`, override: true }),
    }),
  ).annotations({ description: "Why the customer is blocked, for the staff (the customer is not shown it)." }),
}).annotations({ identifier: "BlockCustomerInput" });

@injectable()
export class AdminCustomerRoutes implements RouteModule {
  constructor(
    @inject(ListCustomers) private readonly listCustomers: ListCustomers,
    @inject(GetCustomerDetail) private readonly getCustomerDetail: GetCustomerDetail,
    @inject(BlockCustomer) private readonly blockCustomer: BlockCustomer,
    @inject(UnblockCustomer) private readonly unblockCustomer: UnblockCustomer,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListCustomers",
        method: "GET",
        path: "/admin/v1/customers",
        summary: "The store's customers, newest first, or those a search finds",
        description:
          "The store's customers, newest first, cursor pagination. With `q` (2 characters or more), only the customers whose email, name, name's last word, or phone number's digits start with it, case aside (`amina`, `wanjiru`, `amina.w@`, `254712`); still newest first. Each customer shows whether the store blocks them, and their purchases in integer minor units of the store's base currency.",
        tag: TAG,
        access: "secret",
        permission: "customers.read",
        query: Schema.Struct({
          q: Schema.optional(textParam(200)).annotations({ description: "A prefix of the email, the name, the name's last word or the phone number's digits (2 characters or more)." }),
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        example: adminCustomerExamples.adminListCustomers,
        success: { status: 200, description: "A page of customers.", schema: Schema.Struct({ customers: Schema.Array(AdminCustomer), pagination: Pagination }) },
        handle: async ({ principal, query }) => {
          const page = await this.listCustomers.execute(principal, query.q, { limit: query.limit, cursor: query.cursor });
          return { customers: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminGetCustomer",
        method: "GET",
        path: "/admin/v1/customers/{id}",
        summary: "One customer with their recent orders, addresses, open carts and threads",
        description:
          "The customer, with their 10 newest orders, the distinct addresses their 25 newest orders used (for shipping, billing or both), their carts that hold something, and their 10 most recently active threads. Money in integer minor units. Another store's customer is a 404.",
        tag: TAG,
        access: "secret",
        permission: "customers.read",
        params: ById,
        errors: [404],
        example: adminCustomerExamples.adminGetCustomer,
        success: { status: 200, description: "The customer.", schema: AdminCustomerDetail },
        handle: ({ principal, params }) => this.getCustomerDetail.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "adminBlockCustomer",
        method: "POST",
        path: "/admin/v1/customers/{id}/block",
        summary: "Block a customer: they cannot sign in, and their sessions end at once",
        description:
          "Blocks the customer, with an optional `reason` for the staff. Every session the customer has ends at once (their access and refresh tokens stop working), and while the block stands a password sign-in, a one-time code and a refresh answer 403 `customer_blocked` (after the right password, code or token: a block tells nothing to someone without them); no one-time code is sent to them. Blocking a blocked customer again keeps the block's time and replaces its reason when one is given. Recorded in the audit log as `customer.block`. Another store's customer is a 404.",
        tag: TAG,
        access: "secret",
        permission: "customers.block",
        params: ById,
        body: BlockCustomerInput,
        errors: [404],
        example: adminCustomerExamples.adminBlockCustomer,
        success: { status: 200, description: "The customer, blocked, and how many sessions ended.", schema: BlockOutcome },
        handle: ({ principal, params, body }) => this.blockCustomer.execute(principal, params.id, body.reason),
      }),
      defineRoute({
        operationId: "adminUnblockCustomer",
        method: "POST",
        path: "/admin/v1/customers/{id}/unblock",
        summary: "Lift a customer's block: they can sign in again",
        description:
          "Lifts the customer's block; they can sign in again (the sessions the block ended stay ended). Unblocking a customer who is not blocked changes nothing. Recorded in the audit log as `customer.unblock`. Another store's customer is a 404.",
        tag: TAG,
        access: "secret",
        permission: "customers.block",
        params: ById,
        errors: [404],
        example: adminCustomerExamples.adminUnblockCustomer,
        success: { status: 200, description: "The customer, no longer blocked.", schema: BlockOutcome },
        handle: ({ principal, params }) => this.unblockCustomer.execute(principal, params.id),
      }),
    ];
  }
}
