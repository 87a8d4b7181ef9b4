// The admin API's order answers as Schemas (docs/staff.md, "Orders and fulfilment"): money in
// integer minor units of the order's currency.
import { Schema, Struct } from "effect";
import { TIMELINE_KINDS } from "../../../application/orders/order-timeline.js";
import { lineTaxFields, Order, OrderAddress, orderTaxFields } from "../schemas/order-schemas.js";

const NullableString = Schema.NullOr(Schema.String);
const Minor = (what: string) => Schema.Number.annotations({ description: `${what}, in integer minor units of the order's currency (e.g. 150050 = 1,500.50 KES).` });

// The summary's fields are the /v1 Order's own, so the two cannot describe one field two ways;
// but money, which /v1 gives in decimal major units and the admin API in integer minor units, and
// `item_count`, which only the list has.
export const AdminOrderSummary = Schema.Struct({
  ...Struct.pick(
    Order.fields,
    "id",
    "order_number",
    "customer_id",
    "customer_email",
    "customer_phone",
    "customer_name",
    "order_status",
    "payment_status",
    "fulfilment_status",
    "payment_method",
    "currency",
  ),
  total_amount: Minor("The order total"),
  item_count: Schema.Number.annotations({ description: "Units ordered, all lines together." }),
  ...Struct.pick(Order.fields, "livemode", "created_at", "updated_at"),
}).annotations({ identifier: "AdminOrderSummary" });

export const Fulfilment = Schema.Struct({
  id: Schema.String.annotations({ description: "The parcel's id." }),
  order_id: Schema.String.annotations({ description: "The order it ships." }),
  carrier: NullableString.annotations({ description: "Who carries it; null for a parcel recorded when the order was marked shipped without one." }),
  tracking_number: NullableString.annotations({ description: "The carrier's tracking number, or null." }),
  tracking_url: NullableString.annotations({ description: "Where the parcel is followed, or null." }),
  note: NullableString.annotations({ description: "The staff's note, or null." }),
  lines: Schema.Array(
    Schema.Struct({
      order_item_id: Schema.String.annotations({ description: "The order line." }),
      sku: Schema.String.annotations({ description: "The line's SKU." }),
      product_name: Schema.String.annotations({ description: "The product's name as ordered." }),
      variant_name: Schema.String.annotations({ description: "The variant's name as ordered." }),
      quantity: Schema.Number.annotations({ description: "Units of the line in this parcel." }),
    }),
  ).annotations({ description: "What the parcel carries, in the order's line order." }),
  created_at: Schema.String.annotations({ description: "When the parcel was recorded (ISO 8601 UTC)." }),
}).annotations({ identifier: "Fulfilment" });

export const OrderPayment = Schema.Struct({
  id: Schema.String.annotations({ description: "The payment's id." }),
  reference: Schema.String.annotations({ description: "The payment's reference (`PAY-...`)." }),
  provider: Schema.String.annotations({ description: "The provider kind." }),
  mode: Schema.String.annotations({ description: "`test` or `live`." }),
  status: Schema.String.annotations({ description: "pending, paid or failed." }),
  amount: Schema.Number.annotations({ description: "The amount asked, in integer minor units of `currency`." }),
  currency: Schema.String.annotations({ description: "ISO 4217." }),
  failure_reason: NullableString.annotations({ description: "Why it failed, or null." }),
  paid_at: NullableString.annotations({ description: "When the money moved, or null." }),
  created_at: Schema.String.annotations({ description: "When it was started." }),
  updated_at: Schema.String.annotations({ description: "When it last changed." }),
}).annotations({ identifier: "OrderPayment" });

export const AdminOrder = Schema.Struct({
  ...AdminOrderSummary.fields,
  payment_reference: NullableString.annotations({ description: "Reference of the payment that paid the order, or null." }),
  subtotal: Minor("Sum of the line totals"),
  discount_amount: Minor("Promotion discounts"),
  shipping_amount: Minor("Delivery fee"),
  tax_amount: Minor("Tax: the sum of the lines' and the shipping fee's tax_amount (older orders: one rate over the order)"),
  ...orderTaxFields("integer minor units of the order's currency"),
  gift_card_amount: Minor("Part of the total paid by a gift card"),
  amount_due: Minor("What remains for the payment method (total_amount - gift_card_amount)"),
  billing_address: OrderAddress,
  shipping_address: OrderAddress,
  items: Schema.Array(
    Schema.Struct({
      id: Schema.String.annotations({ description: "The line's id (what a parcel names as order_item_id)." }),
      product_id: Schema.String.annotations({ description: "The product." }),
      variant_id: NullableString.annotations({ description: "The variant, or null when it was deleted since." }),
      product_name: Schema.String.annotations({ description: "The product's name as ordered." }),
      variant_name: Schema.String.annotations({ description: "The variant's name as ordered." }),
      sku: Schema.String.annotations({ description: "The SKU as ordered." }),
      quantity: Schema.Number.annotations({ description: "Units ordered." }),
      quantity_fulfilled: Schema.Number.annotations({ description: "Units shipped in parcels so far." }),
      unit_price: Minor("Price of one unit"),
      line_total: Minor("quantity × unit_price"),
      ...lineTaxFields("integer minor units of the order's currency"),
    }),
  ),
  promotions: Schema.Array(
    Schema.Struct({
      promotion_id: Schema.String.annotations({ description: "The promotion." }),
      name: Schema.String.annotations({ description: "Its name when it was applied." }),
      discount: Minor("The discount"),
    }),
  ).annotations({ description: "Promotions applied." }),
  notes: NullableString.annotations({ description: "Notes on the order." }),
  tracking_number: NullableString.annotations({ description: "The latest parcel's tracking number." }),
  estimated_delivery: NullableString.annotations({ description: "Estimated delivery time, or null." }),
  shipped_at: NullableString.annotations({ description: "When the last unit shipped, or null." }),
  delivered_at: NullableString.annotations({ description: "When it was delivered, or null." }),
  payments: Schema.Array(OrderPayment).annotations({ description: "The order's payments, oldest first." }),
  fulfilments: Schema.Array(Fulfilment).annotations({ description: "The order's parcels, oldest first." }),
}).annotations({ identifier: "AdminOrder" });

export const TimelineEntry = Schema.Struct({
  at: Schema.String.annotations({ description: "When it happened (ISO 8601 UTC)." }),
  kind: Schema.Literal(...TIMELINE_KINDS).annotations({ description: "status, audit (a write by staff or a key), payment, refund, fulfilment, webhook_delivery or message." }),
  title: Schema.String.annotations({ description: "What happened, in a line." }),
  actor: Schema.NullOr(
    Schema.Struct({
      type: Schema.Literal("staff", "api_key", "cli", "system").annotations({ description: "A staff member, an API key, the command line or the system." }),
      id: NullableString.annotations({ description: "The member's or the key's id; null for the command line and the system." }),
      label: Schema.String.annotations({ description: "How the actor is shown: the member's email, the key's name." }),
    }),
  ).annotations({ description: "Who did it, when known." }),
  details: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ description: "The entry's facts (ids, amounts, codes, changes)." }),
}).annotations({ identifier: "TimelineEntry" });
