// The wishlist answer as a Schema (spec 2.6).
import { Schema } from "effect";

export const WishlistMedia = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  position: Schema.Number,
  alt_text: Schema.NullOr(Schema.String),
  is_primary: Schema.Boolean,
}).annotations({ identifier: "WishlistMedia" });

export const WishlistItem = Schema.Struct({
  id: Schema.String,
  product_id: Schema.String,
  variant_id: Schema.String,
  product_name: Schema.String,
  variant_name: Schema.String,
  variant_attributes: Schema.Record({ key: Schema.String, value: Schema.String }),
  product_sku: Schema.String,
  product_price: Schema.Number.annotations({ description: "The variant's selling price in minor units (cents)." }),
  thumbnail_url: Schema.NullOr(Schema.String),
  media: Schema.Array(WishlistMedia),
  stock_available: Schema.Number,
  has_variants: Schema.Boolean,
  created_at: Schema.String,
}).annotations({ identifier: "WishlistItem" });

export const Wishlist = Schema.Struct({
  items: Schema.Array(WishlistItem),
  total_items: Schema.Number,
  customer_id: Schema.String,
}).annotations({ identifier: "Wishlist" });
