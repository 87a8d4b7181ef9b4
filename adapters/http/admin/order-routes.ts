// Orders on the admin API (docs/staff.md, "Orders and fulfilment"): the filtered list, one order
// with its payments and parcels, its timeline, cancelling, recording parcels, and packing slips.
// Every operation names its permission and reads only the caller's store.
import { ListAdminOrders } from "../../../application/orders/list-admin-orders.js";
import { GetAdminOrder } from "../../../application/orders/get-admin-order.js";
import { ListOrderFulfilments } from "../../../application/orders/list-order-fulfilments.js";
import { GetPackingSlip } from "../../../application/orders/get-packing-slip.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { FulfilmentInput, FulfilmentStatusLiteral } from "../../../application/orders/admin-order-inputs.js";
import { CancelOrder } from "../../../application/orders/cancel-order.js";
import { FulfilOrder } from "../../../application/orders/fulfil-order.js";
import { OrderTimeline } from "../../../application/orders/order-timeline.js";
import { ParameterInvalid } from "../../../application/errors/request-errors.js";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../domain/orders/order-status.js";
import { cursorParam, integerParam, uuidParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { adminOrderExamples } from "./order-examples.js";
import { AdminOrder, AdminOrderSummary, Fulfilment, TimelineEntry } from "./order-schemas.js";
import { PACKING_SLIP_CONTENT_SECURITY_POLICY, packingSlipHtml } from "./packing-slip-html.js";

const TAG = "Orders";

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });

/** An instant (ISO 8601 with a zone) or a day (midnight UTC). */
const instantParam = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/)).annotations({
  message: () => ({ message: "must be a date (2026-11-01) or an ISO 8601 date-time with a zone (2026-11-01T08:00:00Z)", override: true }),
});

const toInstant = (param: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) throw new ParameterInvalid({ param, message: `${param} is not a real date` });
  return new Date(time).toISOString();
};

const ListQuery = Schema.Struct({
  status: Schema.optional(Schema.Literal(...ORDER_STATUSES)).annotations({ description: "Only orders in this order_status." }),
  payment_status: Schema.optional(Schema.Literal(...PAYMENT_STATUSES)).annotations({ description: "Only orders in this payment_status." }),
  fulfilment_status: Schema.optional(FulfilmentStatusLiteral).annotations({ description: "Only orders with this fulfilment_status." }),
  customer_id: Schema.optional(uuidParam).annotations({ description: "Only this customer's orders." }),
  created_from: Schema.optional(instantParam).annotations({ description: "Only orders placed at or after this instant (a date means its midnight UTC)." }),
  created_to: Schema.optional(instantParam).annotations({ description: "Only orders placed before this instant (a date means its midnight UTC)." }),
  total_min: Schema.optional(integerParam(0)).annotations({ description: "Only orders whose total_amount is at least this, in integer minor units." }),
  total_max: Schema.optional(integerParam(0)).annotations({ description: "Only orders whose total_amount is at most this, in integer minor units." }),
  q: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(254))).annotations({
    description: "An order number (exactly, or its start: `ORD-2026-0001`), the buyer's email or phone number (exactly).",
  }),
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
});

@injectable()
export class AdminOrderRoutes implements RouteModule {
  constructor(
    @inject(ListAdminOrders) private readonly listAdminOrders: ListAdminOrders,
    @inject(GetAdminOrder) private readonly getAdminOrder: GetAdminOrder,
    @inject(ListOrderFulfilments) private readonly listOrderFulfilments: ListOrderFulfilments,
    @inject(GetPackingSlip) private readonly getPackingSlip: GetPackingSlip,
    @inject(FulfilOrder) private readonly fulfil: FulfilOrder,
    @inject(CancelOrder) private readonly cancel: CancelOrder,
    @inject(OrderTimeline) private readonly timeline: OrderTimeline,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListOrders",
        method: "GET",
        path: "/admin/v1/orders",
        summary: "Orders, newest first, filtered by status, payment, fulfilment, date, customer, amount and text",
        description:
          "Permission `orders.read`. The store's orders, newest first, paged by cursor. Every filter may be combined: `status`, `payment_status`, `fulfilment_status`, `customer_id`, `created_from` (inclusive) and `created_to` (exclusive), `total_min` and `total_max` (inclusive, integer minor units), and `q`: an order number exactly or by its start, or the buyer's email or phone number exactly. Amounts are integer minor units of each order's currency. `total_min` above `total_max`, or `created_from` after `created_to`, is a 400.",
        tag: TAG,
        example: adminOrderExamples.adminListOrders,
        access: "secret",
        permission: "orders.read",
        query: ListQuery,
        success: { status: 200, description: "A page of orders.", schema: Schema.Struct({ orders: Schema.Array(AdminOrderSummary).annotations({ description: "This page of orders, newest first." }), pagination: Pagination }) },
        handle: async ({ principal, query }) => {
          const createdFrom = toInstant("created_from", query.created_from);
          const createdTo = toInstant("created_to", query.created_to);
          if (query.total_min !== undefined && query.total_max !== undefined && query.total_min > query.total_max) {
            throw new ParameterInvalid({ param: "total_max", message: "total_max must be at least total_min" });
          }
          if (createdFrom !== undefined && createdTo !== undefined && createdFrom > createdTo) {
            throw new ParameterInvalid({ param: "created_to", message: "created_to must not be before created_from" });
          }
          const page = await this.listAdminOrders.execute(
            principal,
            {
              orderStatus: query.status,
              paymentStatus: query.payment_status,
              fulfilmentStatus: query.fulfilment_status,
              customerId: query.customer_id,
              createdFrom,
              createdTo,
              totalMin: query.total_min,
              totalMax: query.total_max,
              q: query.q,
            },
            { limit: query.limit, cursor: query.cursor },
          );
          return { orders: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminGetOrder",
        method: "GET",
        path: "/admin/v1/orders/{id}",
        summary: "One order with its lines, payments and parcels",
        description:
          "Permission `orders.read`. The order with each line's units ordered and shipped (`quantity_fulfilled`), its payments and its parcels (oldest first). Amounts are integer minor units of the order's currency. Another store's order is a 404.",
        tag: TAG,
        example: adminOrderExamples.adminGetOrder,
        access: "secret",
        permission: "orders.read",
        params: ById,
        success: { status: 200, description: "The order.", schema: AdminOrder },
        handle: ({ principal, params }) => this.getAdminOrder.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "adminGetOrderTimeline",
        method: "GET",
        path: "/admin/v1/orders/{id}/timeline",
        summary: "What happened to an order, oldest first",
        description:
          "Permission `orders.read`. The order's status changes, writes by staff and keys (with who made them), payments, refunds, parcels, webhook deliveries of its events (the endpoint shown by its origin) and messages of the threads about it, oldest first; at most the newest 500 of each kind.",
        tag: TAG,
        example: adminOrderExamples.adminGetOrderTimeline,
        access: "secret",
        permission: "orders.read",
        params: ById,
        success: {
          status: 200,
          description: "The order's timeline.",
          schema: Schema.Struct({
            order_id: Schema.String.annotations({ description: "The order." }),
            entries: Schema.Array(TimelineEntry).annotations({ description: "What happened, oldest first." }),
          }),
        },
        handle: async ({ principal, params }) => ({ order_id: params.id, entries: await this.timeline.execute(principal, params.id) }),
      }),
      defineRoute({
        operationId: "adminCancelOrder",
        method: "POST",
        path: "/admin/v1/orders/{id}/cancel",
        summary: "Cancel an order: stock and gift card amount go back",
        description:
          "Permission `orders.cancel`. Moves the order to `cancelled` (from pending or processing) in one transaction: its units go back in stock, a gift card gets back what it paid, `order.cancelled` goes to webhooks, and the audit log records it with the optional `reason`. Cancelling a cancelled order changes nothing. An order of which a parcel has shipped, or that is shipped or delivered, is a 409 `invalid_transition`: its goods come back by a return. Another store's order is a 404.",
        tag: TAG,
        example: adminOrderExamples.adminCancelOrder,
        access: "secret",
        permission: "orders.cancel",
        params: ById,
        body: Schema.Struct({ reason: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(500))).annotations({ description: "Why, for the audit log." }) }),
        idempotency: "optional",
        headers: [{ name: "Idempotency-Key", required: false, description: "A repeat with the same key and body replays the first answer." }],
        errors: [409],
        success: { status: 200, description: "The order, cancelled.", schema: AdminOrderSummary },
        handle: ({ principal, params, body }) => this.cancel.execute(principal, params.id, body.reason),
      }),
      defineRoute({
        operationId: "adminCreateFulfilment",
        method: "POST",
        path: "/admin/v1/orders/{id}/fulfilments",
        summary: "Ship a parcel: lines and quantities, carrier and tracking number",
        description:
          "Permission `orders.fulfil`. Records a parcel of the order: `lines` (each order line at most once, each quantity at most what is left to ship of it), or without `lines` everything not shipped yet. The order's `fulfilment_status` becomes `partially_fulfilled` or `fulfilled`; a pending order becomes processing, and the parcel that ships the last unit moves it to `shipped` (`shipped_at`, `order.fulfilled`). Records `fulfilment.created`. Concurrent parcels of one order never ship more than was ordered. 422 `order_not_fulfillable` (not paid, cancelled or refunded), `order_already_fulfilled`, `fulfilment_exceeds_quantity`, `order_line_unknown`, `fulfilment_line_repeated`. An `Idempotency-Key` makes retries safe.",
        tag: TAG,
        example: adminOrderExamples.adminCreateFulfilment,
        access: "secret",
        permission: "orders.fulfil",
        params: ById,
        body: FulfilmentInput,
        idempotency: "optional",
        headers: [{ name: "Idempotency-Key", required: false, description: "A repeat with the same key and body replays the first answer." }],
        errors: [422],
        success: { status: 201, description: "The parcel, and the order after it.", schema: Schema.Struct({ fulfilment: Schema.propertySignature(Fulfilment).annotations({ description: "The parcel recorded." }), order: Schema.propertySignature(AdminOrderSummary).annotations({ description: "The order after it." }) }) },
        handle: async ({ principal, params, body }) => reply(201, await this.fulfil.execute(principal, params.id, body)),
      }),
      defineRoute({
        operationId: "adminListFulfilments",
        method: "GET",
        path: "/admin/v1/orders/{id}/fulfilments",
        summary: "An order's parcels, oldest first",
        description: "Permission `orders.read`. Every parcel of the order with its carrier, tracking number and lines. Another store's order is a 404.",
        tag: TAG,
        example: adminOrderExamples.adminListFulfilments,
        access: "secret",
        permission: "orders.read",
        params: ById,
        success: { status: 200, description: "The parcels.", schema: Schema.Struct({ fulfilments: Schema.Array(Fulfilment).annotations({ description: "The parcels, oldest first." }) }) },
        handle: async ({ principal, params }) => ({ fulfilments: await this.listOrderFulfilments.execute(principal, params.id) }),
      }),
      defineRoute({
        operationId: "adminGetPackingSlip",
        method: "GET",
        path: "/admin/v1/orders/{id}/packing-slip",
        summary: "A printable packing slip (HTML) of the order or of one parcel",
        description:
          "Permission `orders.fulfil`. An HTML page to print: the store's name and address, the order number, the ship-to address, and each line's SKU, name, units ordered and units shipped (with `fulfilment_id`: the lines of that parcel, and the units in it). Every value is HTML-escaped; the page runs no script. An unknown `fulfilment_id` is a 404.",
        tag: TAG,
        example: adminOrderExamples.adminGetPackingSlip,
        access: "secret",
        permission: "orders.fulfil",
        params: ById,
        query: Schema.Struct({
          fulfilment_id: Schema.optional(uuidParam).annotations({ description: "One parcel of the order; absent: the whole order." }),
        }),
        success: { status: 200, description: "The packing slip.", schema: Schema.String, mediaType: "text/html; charset=utf-8" },
        handle: async ({ principal, params, query }) =>
          reply(200, packingSlipHtml(await this.getPackingSlip.execute(principal, params.id, query.fulfilment_id)), {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": PACKING_SLIP_CONTENT_SECURITY_POLICY,
          }),
      }),
    ];
  }
}
