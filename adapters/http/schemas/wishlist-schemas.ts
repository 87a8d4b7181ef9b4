// The wishlist answer as a Schema (docs/api/carts-and-wishlists.md, "Wishlists").
import { Schema } from "effect";

export const WishlistMedia = Schema.Struct({
  id: Schema.String.annotations({ description: "The media item's id." }),
  url: Schema.String.annotations({ description: "The file's URL." }),
  position: Schema.Number.annotations({ description: "Order among the product's media (lowest first)." }),
  alt_text: Schema.NullOr(Schema.String).annotations({ description: "Text describing the image, or null." }),
  is_primary: Schema.Boolean.annotations({ description: "True for the product's main image." }),
}).annotations({ identifier: "WishlistMedia" });

export const WishlistItem = Schema.Struct({
  id: Schema.String.annotations({ description: "The wishlist item's id (use it to remove the item)." }),
  product_id: Schema.String.annotations({ description: "The saved variant's product." }),
  variant_id: Schema.String.annotations({ description: "The saved variant." }),
  product_name: Schema.String.annotations({ description: "The product's name." }),
  variant_name: Schema.String.annotations({ description: "The variant's name." }),
  variant_attributes: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "The variant's attributes by name." }),
  product_sku: Schema.String.annotations({ description: "The variant's stock-keeping unit." }),
  product_price: Schema.Number.annotations({ description: "The variant's selling price in integer minor units of the store's base currency (cents)." }),
  thumbnail_url: Schema.NullOr(Schema.String).annotations({ description: "URL of the product's thumbnail image, or null." }),
  media: Schema.Array(WishlistMedia).annotations({ description: "The product's images and videos, in display order." }),
  stock_available: Schema.Number.annotations({ description: "Units of the variant in stock now." }),
  has_variants: Schema.Boolean.annotations({ description: "True when the product has several variants." }),
  created_at: Schema.String.annotations({ description: "When it was saved (ISO 8601, UTC)." }),
}).annotations({ identifier: "WishlistItem" });

export const Wishlist = Schema.Struct({
  items: Schema.Array(WishlistItem).annotations({ description: "The saved items, newest first." }),
  total_items: Schema.Number.annotations({ description: "Number of saved items." }),
  customer_id: Schema.String.annotations({ description: "The customer whose wishlist this is." }),
}).annotations({ identifier: "Wishlist" });
