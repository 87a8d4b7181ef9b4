// The cart answer (docs/api/carts-and-wishlists.md, "The cart answer") as a Schema.
import { Schema } from "effect";

export const CartItem = Schema.Struct({
  id: Schema.String.annotations({ description: "The cart line's id (use it to change or remove the line)." }),
  variant_id: Schema.String.annotations({ description: "The variant on this line." }),
  product_id: Schema.String.annotations({ description: "The variant's product." }),
  product_name: Schema.String.annotations({ description: "The product's name." }),
  variant_name: Schema.String.annotations({ description: "The variant's name." }),
  sku: Schema.String.annotations({ description: "The variant's stock-keeping unit." }),
  variant_attributes: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "The variant's attributes by name (for example size and colour)." }),
  quantity: Schema.Number.annotations({ description: "Units of the variant on this line." }),
  unit_price: Schema.Number.annotations({ description: "Price of one unit in integer minor units of the cart's currency, with today's price rules applied (e.g. 150000 = 1,500.00 KES)." }),
  line_total: Schema.Number.annotations({ description: "Line total in integer minor units of the cart's currency: unit_price times quantity." }),
  thumbnail_url: Schema.NullOr(Schema.String).annotations({ description: "The product's thumbnail image URL, or null." }),
  stock_available: Schema.Number.annotations({ description: "Units of the variant in stock now." }),
}).annotations({ identifier: "CartItem" });

export const Cart = Schema.Struct({
  cart: Schema.Struct({
    id: Schema.NullOr(Schema.String).annotations({ description: "The cart's id; null until the first item is added." }),
    customer_id: Schema.NullOr(Schema.String).annotations({ description: "The customer who owns the cart, or null for an anonymous (session) cart." }),
    session_id: Schema.NullOr(Schema.String).annotations({ description: "The X-Session-Id of an anonymous cart, or null." }),
    currency: Schema.String.annotations({ description: "The cart's currency (ISO 4217): the store's base currency." }),
    items: Schema.Array(CartItem).annotations({ description: "The cart's lines; lines whose product is gone or inactive are left out." }),
    item_count: Schema.Number.annotations({ description: "Units in the cart, summed over its lines." }),
    subtotal: Schema.Number.annotations({ description: "Sum of the line totals in integer minor units of the cart's currency, before promotions, gift cards, shipping and tax." }),
    created_at: Schema.NullOr(Schema.String).annotations({ description: "When the cart was created (ISO 8601, UTC), or null before the first add." }),
    updated_at: Schema.NullOr(Schema.String).annotations({ description: "When the cart was last changed (ISO 8601, UTC), or null before the first add." }),
  }).annotations({ description: "The addressed cart." }),
}).annotations({ identifier: "Cart", description: "Money in integer minor units of the store currency; unit_price per unit." });
