// Wishlists over HTTP (docs/api/carts-and-wishlists.md, "Wishlists"): read with any key, change
// with a secret key; always with the customer's token, whose customer must own the wishlist.
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../../../application/access/authenticate-customer.js";
import { AddWishlistItem } from "../../../application/wishlist/add-wishlist-item.js";
import { GetWishlist } from "../../../application/wishlist/get-wishlist.js";
import { RemoveWishlistItem } from "../../../application/wishlist/remove-wishlist-item.js";
import { AddWishlistItemInput } from "../../../application/wishlist/wishlist-inputs.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Wishlist } from "../schemas/wishlist-schemas.js";
import { wishlistExamples } from "./wishlist-examples.js";

const TAG = "Wishlist";

@injectable()
export class WishlistRoutes implements RouteModule {
  constructor(
    @inject(GetWishlist) private readonly get: GetWishlist,
    @inject(AddWishlistItem) private readonly add: AddWishlistItem,
    @inject(RemoveWishlistItem) private readonly remove: RemoveWishlistItem,
    @inject(AuthenticateCustomer) private readonly authenticate: AuthenticateCustomer,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getWishlist",
        method: "GET",
        path: "/v1/wishlist",
        summary: "The customer's wishlist, newest first",
        description:
          "Any key with the customer's `x-auth-token`; `customer_id`, when sent, must be the token's customer (403 otherwise). Items newest first, `product_price` in integer minor units of the store's base currency.",
        tag: TAG,
        example: wishlistExamples.getWishlist,
        access: "publishable",
        query: Schema.Struct({ customer_id: Schema.optional(uuidParam).annotations({ description: "The customer whose wishlist it is; needs the customer's x-auth-token." }) }),
        headers: [customerTokenHeader],
        errors: [403],
        success: { status: 200, description: "The wishlist.", schema: Wishlist },
        handle: async ({ principal, query, ctx }) =>
          this.get.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), query.customer_id),
      }),
      defineRoute({
        operationId: "addWishlistItem",
        method: "POST",
        path: "/v1/wishlist",
        summary: "Add a variant to the customer's wishlist (once; a repeat changes nothing)",
        description:
          "Secret key and the customer's `x-auth-token`, whose customer must be `customer_id` (403 otherwise). Adds a variant once (a repeat changes nothing); a variant of no active product of the store (or one deleted a moment ago) is a 404 `resource_missing` naming `variant_id`, a full wishlist a 409 `wishlist_full`. Answers the refreshed wishlist, prices in integer minor units.",
        tag: TAG,
        example: wishlistExamples.addWishlistItem,
        access: "secret",
        body: AddWishlistItemInput,
        headers: [customerTokenHeader],
        errors: [403, 404, 409],
        success: { status: 200, description: "The refreshed wishlist.", schema: Wishlist },
        handle: async ({ principal, body, ctx }) =>
          this.add.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), body),
      }),
      defineRoute({
        operationId: "removeWishlistItem",
        method: "DELETE",
        path: "/v1/wishlist/items/{id}",
        summary: "Remove an item from the customer's wishlist",
        description:
          "Secret key and the customer's `x-auth-token`. Removes one item of the customer's wishlist by its id (another customer's item is a 404) and answers the refreshed wishlist.",
        tag: TAG,
        example: wishlistExamples.removeWishlistItem,
        access: "secret",
        params: Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The wishlist item's id." }) }),
        headers: [customerTokenHeader],
        errors: [403],
        success: { status: 200, description: "The refreshed wishlist.", schema: Wishlist },
        handle: async ({ principal, params, ctx }) =>
          this.remove.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), params.id),
      }),
    ];
  }
}
