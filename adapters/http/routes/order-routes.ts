// Orders over HTTP: checkout (`POST /v1/orders`), reads, and the signed, idempotent order update
// of docs/api/orders.md, "Updating an order".
import { GetOrder } from "../../../application/orders/get-order.js";
import { ListOrders } from "../../../application/orders/list-orders.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { Checkout } from "../../../application/orders/checkout.js";
import { CheckoutInput, OrderUpdateInput } from "../../../application/orders/order-inputs.js";
import { SpendGiftCardGuess } from "../../../application/orders/spend-gift-card-guess.js";
import { UpdateOrder } from "../../../application/orders/update-order.js";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../domain/orders/order-status.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { readJsonBody } from "../middleware/body-reader.js";
import { cursorParam, integerParam, uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute, type HeaderDoc } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Order } from "../schemas/order-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { orderExamples } from "./order-examples.js";

const TAG = "Orders";

/** The checkout body's `gift_card_code`, read ahead of decoding (a body that does not decode is refused later anyway). */
const giftCardCodeIn = (ctx: Parameters<typeof readJsonBody>[0]): string | undefined => {
  try {
    const body = readJsonBody(ctx);
    const code = typeof body === "object" && body !== null ? (body as { gift_card_code?: unknown }).gift_card_code : undefined;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
};
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });

const signedHeaders: readonly HeaderDoc[] = [
  { name: "Idempotency-Key", required: true, description: "1-255 printable characters; a repeat replays the first answer." },
  { name: "X-Timestamp", required: true, description: "Unix seconds, within 5 minutes of the server clock." },
  { name: "X-Signature", required: true, description: "Base64 HMAC-SHA256 of `<X-Timestamp>.<raw body>` keyed with the store's HMAC secret." },
];

@injectable()
export class OrderRoutes implements RouteModule {
  constructor(
    @inject(Checkout) private readonly checkout: Checkout,
    @inject(SpendGiftCardGuess) private readonly spendGiftCardGuess: SpendGiftCardGuess,
    @inject(ListOrders) private readonly listOrders: ListOrders,
    @inject(GetOrder) private readonly getOrder: GetOrder,
    @inject(UpdateOrder) private readonly update: UpdateOrder,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "createOrder",
        method: "POST",
        path: "/v1/orders",
        summary: "Check out: turn the cart into an order (prices, promotions, gift card, shipping, tax, stock) in one transaction",
        description:
          "Secret key; with `customer_id`, the customer's `x-auth-token` too. Checks out the cart of `customer_id` or `session_id` in one transaction: prices, promotions, the gift card (`gift_card_code`), shipping to `shipping_address` and tax, then stock is taken and the cart emptied. The order's money is in decimal major units of its `currency`; `amount_due` is what a payment must cover. An empty cart is a 409 `cart_empty`, short stock a 409 `insufficient_stock`, an address outside every zone and tier a 422 `address_not_deliverable`, an unusable gift card a 422 `gift_card_not_usable`. Records `order.created` (and `promotion.applied`). An `Idempotency-Key` makes retries safe.",
        tag: TAG,
        example: orderExamples.createOrder,
        access: "secret",
        body: CheckoutInput,
        idempotency: "optional",
        headers: [
          {
            ...customerTokenHeader,
            required: false,
            description:
              "The customer's access token; required with customer_id. It names its customer's cart as customer_id does, and wins over session_id, as on the cart operations: the cart checked out is the cart the shopper sees.",
          },
          { name: "Idempotency-Key", required: false, description: "A repeat with the same key and body replays the first answer." },
        ],
        errors: [403, 409, 422],
        success: { status: 201, description: "The order.", schema: Order },
        beforeExecution: ({ principal, ctx }) => this.spendGiftCardGuess.execute(principal, giftCardCodeIn(ctx)),
        handle: ({ principal, body, ctx }) => this.checkout.execute(principal, body, customerToken(ctx)),
      }),
      defineRoute({
        operationId: "listOrders",
        method: "GET",
        path: "/v1/orders",
        summary: "Orders, newest first (a publishable key with x-auth-token: that customer's)",
        description:
          "A secret key lists the store's orders, filtered by `customer_id`, `order_status` and `payment_status`; a publishable key needs the customer's `x-auth-token` (401 `invalid_token` without it) and lists only that customer's orders. Newest first, cursor pagination. Money in decimal major units of each order's `currency`.",
        tag: TAG,
        example: orderExamples.listOrders,
        access: "publishable",
        query: Schema.Struct({
          customer_id: Schema.optional(uuidParam).annotations({ description: "Only this customer's orders." }),
          order_status: Schema.optional(Schema.Literal(...ORDER_STATUSES)).annotations({ description: "Only orders in this fulfilment state." }),
          payment_status: Schema.optional(Schema.Literal(...PAYMENT_STATUSES)).annotations({ description: "Only orders in this payment state." }),
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        headers: [{ ...customerTokenHeader, required: false, description: "Required with a publishable key." }],
        success: { status: 200, description: "A page of orders.", schema: Schema.Struct({ orders: Schema.Array(Order), pagination: Pagination }) },
        handle: async ({ principal, query, ctx }) => {
          const page = await this.listOrders.execute(
            principal,
            { customerId: query.customer_id, orderStatus: query.order_status, paymentStatus: query.payment_status },
            { limit: query.limit, cursor: query.cursor },
            customerToken(ctx),
          );
          return { orders: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getOrder",
        method: "GET",
        path: "/v1/orders/{id}",
        summary: "One order (a publishable key with x-auth-token: only that customer's)",
        description:
          "A secret key reads any order of the store; a publishable key needs the customer's `x-auth-token` (401 `invalid_token` without it) and reads only that customer's orders (another's is a 404). Money in decimal major units of the order's `currency`.",
        tag: TAG,
        example: orderExamples.getOrder,
        access: "publishable",
        params: ById,
        headers: [{ ...customerTokenHeader, required: false, description: "Required with a publishable key." }],
        success: { status: 200, description: "The order.", schema: Order },
        handle: ({ principal, params, ctx }) => this.getOrder.execute(principal, params.id, customerToken(ctx)),
      }),
      defineRoute({
        operationId: "updateOrder",
        method: "PATCH",
        path: "/v1/orders/{id}",
        summary: "Move an order's statuses and set fulfilment fields (signed, idempotent)",
        description:
          "Secret key; signed (`X-Timestamp`, `X-Signature`) and idempotent (`Idempotency-Key` required). order_status: pending → processing | cancelled; processing → shipped | cancelled; shipped → delivered. payment_status: pending → paid | failed; failed → paid | pending; paid → refunded. An update to the current value is a no-op; any other move is a 409 `invalid_transition`. Moving to shipped sets `shipped_at`, to delivered `delivered_at`, unless given. A bad signature or a timestamp outside 5 minutes is a 401. Money in decimal major units. Records order.paid, order.fulfilled or order.cancelled as they happen.",
        tag: TAG,
        example: orderExamples.updateOrder,
        access: "secret",
        params: ById,
        body: OrderUpdateInput,
        signed: true,
        idempotency: "required",
        headers: signedHeaders,
        errors: [409, 422],
        success: { status: 200, description: "The updated order.", schema: Order },
        handle: ({ principal, params, body }) => this.update.execute(principal, params.id, body),
      }),
    ];
  }
}
