// The cart answer (CONTRACT section 4) as a Schema.
import { Schema } from "effect";

export const CartItem = Schema.Struct({
  id: Schema.String,
  variant_id: Schema.String,
  product_id: Schema.String,
  product_name: Schema.String,
  variant_name: Schema.String,
  sku: Schema.String,
  variant_attributes: Schema.Record({ key: Schema.String, value: Schema.String }),
  quantity: Schema.Number,
  unit_price: Schema.Number,
  line_total: Schema.Number,
  thumbnail_url: Schema.NullOr(Schema.String),
  stock_available: Schema.Number,
}).annotations({ identifier: "CartItem" });

export const Cart = Schema.Struct({
  cart: Schema.Struct({
    id: Schema.NullOr(Schema.String),
    customer_id: Schema.NullOr(Schema.String),
    session_id: Schema.NullOr(Schema.String),
    currency: Schema.String,
    items: Schema.Array(CartItem),
    item_count: Schema.Number,
    subtotal: Schema.Number,
    created_at: Schema.NullOr(Schema.String),
    updated_at: Schema.NullOr(Schema.String),
  }),
}).annotations({ identifier: "Cart", description: "Money in integer minor units of the store currency; unit_price per unit." });
