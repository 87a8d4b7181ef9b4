// Carts over HTTP (docs/api/carts-and-wishlists.md, "Whose cart"): an anonymous cart by
// `X-Session-Id`, or a customer's cart by the customer's token (with or without `customer_id`);
// publishable keys allowed.
import { ChangeCartItem } from "../../../application/carts/change-cart-item.js";
import { RemoveCartItem } from "../../../application/carts/remove-cart-item.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import type { Context } from "koa";
import { AddCartItem } from "../../../application/carts/add-cart-item.js";
import { AddCartItemInput, SessionId, UpdateCartItemInput } from "../../../application/carts/cart-inputs.js";
import type { CartAddress } from "../../../application/carts/cart-owner-resolver.js";
import { GetCart } from "../../../application/carts/get-cart.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { decodeInput } from "../input-decoding.js";
import { uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute, type HeaderDoc } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Cart } from "../schemas/cart-schemas.js";
import { cartExamples } from "./cart-examples.js";

const TAG = "Cart";
export const SESSION_HEADER = "x-session-id";

const headers: readonly HeaderDoc[] = [
  { name: "X-Session-Id", required: false, description: "The anonymous cart's session (16-128 characters). Ignored when a customer token (or customer_id) is sent: the customer's cart wins." },
  {
    ...customerTokenHeader,
    required: false,
    description:
      "The customer's access token: it names its customer's cart, with or without customer_id (a customer_id of another customer is a 403), and wins over X-Session-Id. Required whenever customer_id is sent.",
  },
];

const SessionHeader = Schema.Struct({ "X-Session-Id": Schema.optional(SessionId) });

/** The session id header, checked for shape; undefined when absent. */
export const sessionIdOf = (ctx: Context): string | undefined => {
  const raw = ctx.get(SESSION_HEADER);
  return decodeInput(SessionHeader, raw === "" ? {} : { "X-Session-Id": raw }, "header")["X-Session-Id"];
};

const addressOf = (ctx: Context, customerId: string | undefined): CartAddress => ({
  customerId,
  sessionId: sessionIdOf(ctx),
  customerToken: customerToken(ctx),
});

const CustomerQuery = Schema.Struct({ customer_id: Schema.optional(uuidParam).annotations({ description: "The customer whose cart this is; needs the customer's x-auth-token." }) });
const ByLine = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The cart line's id." }) });

@injectable()
export class CartRoutes implements RouteModule {
  constructor(
    @inject(GetCart) private readonly getCart: GetCart,
    @inject(AddCartItem) private readonly addItem: AddCartItem,
    @inject(ChangeCartItem) private readonly changeCartItem: ChangeCartItem,
    @inject(RemoveCartItem) private readonly removeCartItem: RemoveCartItem,
  ) {}

  routes(): readonly AnyRoute[] {
    const success = { status: 200, description: "The cart.", schema: Cart };
    return [
      defineRoute({
        operationId: "getCart",
        method: "GET",
        path: "/v1/cart",
        summary: "The addressed cart (an empty one, without id, before the first add)",
        description:
          "Any key. The cart of the customer named by `x-auth-token` (with or without `customer_id`), or else of `X-Session-Id`; with neither, 400 `session_required`. Before the first add it is an empty cart without id. Money (`unit_price`, `line_total`, `subtotal`) is in integer minor units of the cart's `currency`. The same addressing holds for adding, changing and removing lines.",
        tag: TAG,
        example: cartExamples.getCart,
        access: "publishable",
        query: CustomerQuery,
        headers,
        errors: [403],
        success,
        handle: async ({ principal, query, ctx }) => ({ cart: await this.getCart.execute(principal, addressOf(ctx, query.customer_id)) }),
      }),
      defineRoute({
        operationId: "addCartItem",
        method: "POST",
        path: "/v1/cart/items",
        summary: "Add a variant; a variant already in the cart has its quantity raised",
        description:
          "Any key, addressed as `GET /v1/cart` (a `customer_id` needs the customer's `x-auth-token`). Adds a variant; a variant already in the cart has its quantity raised instead of a second line. Stock short of the new quantity is a 409 `insufficient_stock`; a variant of no active product of the store (or one deleted a moment ago) a 404 `resource_missing` naming `variant_id`. The variant, its price and the price rules are read in the write's transaction, so `unit_price` is what checkout would charge now. Answers the cart, money in integer minor units.",
        tag: TAG,
        example: cartExamples.addCartItem,
        access: "publishable",
        body: AddCartItemInput,
        headers,
        errors: [403, 404, 409],
        success,
        handle: async ({ principal, body, ctx }) => ({
          cart: await this.addItem.execute(principal, addressOf(ctx, body.customer_id), { variantId: body.variant_id, quantity: body.quantity }),
        }),
      }),
      defineRoute({
        operationId: "updateCartItem",
        method: "PATCH",
        path: "/v1/cart/items/{id}",
        summary: "Set the quantity of a cart line",
        description:
          "Any key, addressed as `GET /v1/cart`. Sets a line's quantity (1-10000); stock short of it is a 409 `insufficient_stock`, a line of another cart a 404. Answers the cart, money in integer minor units.",
        tag: TAG,
        example: cartExamples.updateCartItem,
        access: "publishable",
        params: ByLine,
        body: UpdateCartItemInput,
        headers,
        errors: [403, 409],
        success,
        handle: async ({ principal, params, body, ctx }) => ({
          cart: await this.changeCartItem.execute(principal, addressOf(ctx, body.customer_id), params.id, body.quantity),
        }),
      }),
      defineRoute({
        operationId: "removeCartItem",
        method: "DELETE",
        path: "/v1/cart/items/{id}",
        summary: "Remove a line from the cart",
        description:
          "Any key, addressed as `GET /v1/cart`. Removes a line (a line of another cart is a 404) and answers the cart, money in integer minor units.",
        tag: TAG,
        example: cartExamples.removeCartItem,
        access: "publishable",
        params: ByLine,
        query: CustomerQuery,
        headers,
        errors: [403],
        success,
        handle: async ({ principal, params, query, ctx }) => ({
          cart: await this.removeCartItem.execute(principal, addressOf(ctx, query.customer_id), params.id),
        }),
      }),
    ];
  }
}
