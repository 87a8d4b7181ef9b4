// The order answer (spec 2.5) as a Schema: money as decimal major units of `currency`.
import { Schema } from "effect";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../domain/orders/order-status.js";
import { PAYMENT_METHODS } from "../../../domain/orders/order.js";

const NullableString = Schema.NullOr(Schema.String);

export const OrderAddress = Schema.Struct({
  name: Schema.String,
  line1: Schema.String,
  line2: Schema.optional(Schema.String),
  city: Schema.String,
  region: Schema.optional(Schema.String),
  postal_code: Schema.optional(Schema.String),
  country: Schema.String,
  phone: Schema.optional(Schema.String),
  latitude: Schema.optional(Schema.Number),
  longitude: Schema.optional(Schema.Number),
}).annotations({ identifier: "OrderAddress" });

export const Order = Schema.Struct({
  id: Schema.String,
  order_number: Schema.String,
  customer_id: NullableString,
  customer_email: Schema.String,
  customer_phone: NullableString,
  customer_name: Schema.String,
  order_status: Schema.Literal(...ORDER_STATUSES),
  payment_status: Schema.Literal(...PAYMENT_STATUSES),
  payment_method: Schema.Literal(...PAYMENT_METHODS),
  payment_reference: NullableString,
  currency: Schema.String,
  subtotal: Schema.Number,
  discount_amount: Schema.Number,
  shipping_amount: Schema.Number,
  tax_amount: Schema.Number,
  total_amount: Schema.Number,
  gift_card_amount: Schema.Number,
  amount_due: Schema.Number,
  billing_address: OrderAddress,
  shipping_address: OrderAddress,
  items: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      product_id: Schema.String,
      variant_id: NullableString,
      product_name: Schema.String,
      variant_name: Schema.String,
      sku: Schema.String,
      quantity: Schema.Number,
      unit_price: Schema.Number,
      line_total: Schema.Number,
    }),
  ),
  promotions: Schema.Array(Schema.Struct({ promotion_id: Schema.String, name: Schema.String, discount: Schema.Number })),
  notes: NullableString,
  tracking_number: NullableString,
  estimated_delivery: NullableString,
  shipped_at: NullableString,
  delivered_at: NullableString,
  shipping_metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  livemode: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({
  identifier: "Order",
  description: "Money in decimal major units of `currency`. total_amount = subtotal - discount_amount + shipping_amount + tax_amount; amount_due = total_amount - gift_card_amount.",
});
