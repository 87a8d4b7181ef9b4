// The payload of adding to a wishlist (docs/api/carts-and-wishlists.md, "Wishlists") as a Schema.
import { Schema } from "effect";

export const AddWishlistItemInput = Schema.Struct({
  variant_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The variant to save." }),
  customer_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The customer whose wishlist it is (needs the customer's x-auth-token)." }),
  /** Legacy; ignored, since variant_id is required and names the product too. */
  product_id: Schema.optional(Schema.UUID).annotations({ description: "Legacy, ignored: the variant names its product." }),
}).annotations({ identifier: "AddWishlistItemInput" });
export type AddWishlistItemInput = typeof AddWishlistItemInput.Type;
