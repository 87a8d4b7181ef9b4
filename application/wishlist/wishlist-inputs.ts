// The payload of adding to a wishlist (spec 4.4) as a Schema.
import { Schema } from "effect";

export const AddWishlistItemInput = Schema.Struct({
  variant_id: Schema.UUID,
  customer_id: Schema.UUID,
  /** Legacy; ignored, since variant_id is required and names the product too. */
  product_id: Schema.optional(Schema.UUID),
}).annotations({ identifier: "AddWishlistItemInput" });
export type AddWishlistItemInput = typeof AddWishlistItemInput.Type;
