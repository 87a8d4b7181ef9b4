// The order answer (docs/api/orders.md, "Order amounts") as a Schema: money as decimal major units
// of `currency`.
import { Schema } from "effect";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../domain/orders/order-status.js";
import { PAYMENT_METHODS } from "../../../domain/orders/order.js";
import { FULFILMENT_STATUSES } from "../../../domain/orders/fulfilment.js";

const NullableString = Schema.NullOr(Schema.String);
const NullableNumber = Schema.NullOr(Schema.Number);

/**
 * A line's (or the shipping fee's) tax (docs/taxes.md, "Orders"); every field null on orders placed
 * before per-line tax.
 */
export const lineTaxFields = (unit: string) => ({
  tax_class: NullableString.annotations({ description: "The tax class the line was taxed under (standard, reduced, zero, exempt or one the store names), or null on older orders." }),
  tax_rate: NullableString.annotations({ description: "The rate applied, in percent as text (\"16\", \"7.5\"), or null on older orders." }),
  tax_exempt: Schema.NullOr(Schema.Boolean).annotations({ description: "True for an exempt line (outside the tax, unlike a zero-rated one), or null on older orders." }),
  discount_amount: NullableNumber.annotations({ description: `The line's share of the order's discount, in ${unit} (0 for shipping), or null on older orders.` }),
  net_amount: NullableNumber.annotations({ description: `What the line comes to without tax, after its discount share, in ${unit}; or null.` }),
  tax_amount: NullableNumber.annotations({ description: `The line's tax, in ${unit}, rounded once per line (half to even); or null.` }),
  gross_amount: NullableNumber.annotations({ description: `What the shopper pays for the line after its discount share: net_amount + tax_amount, in ${unit}; or null.` }),
});

export const orderTaxFields = (unit: string) => ({
  prices_include_tax: Schema.NullOr(Schema.Boolean).annotations({ description: "Whether the store's prices included tax when the order was placed (the tax then lies inside the total), or null on older orders." }),
  tax_zone: Schema.NullOr(
    Schema.Struct({
      id: Schema.String.annotations({ description: "The tax zone's id." }),
      name: Schema.String.annotations({ description: "The tax zone's name." }),
      matched_by: Schema.Literal("region", "country", "default").annotations({ description: "How the shipping address found it: by its region, its country, or the store's default zone." }),
    }),
  ).annotations({ description: "The tax zone the order was taxed in, or null on older orders." }),
  shipping_tax: Schema.NullOr(Schema.Struct(lineTaxFields(unit))).annotations({ description: "The delivery fee's tax, taxed as a line of its own under the store's shipping class, or null on older orders." }),
});

const ORDER_TAX_FIELDS = orderTaxFields("decimal major units of the order's currency");

export const OrderAddress = Schema.Struct({
  name: Schema.String.annotations({ description: "The recipient's name." }),
  line1: Schema.String.annotations({ description: "First address line." }),
  line2: Schema.optional(Schema.String).annotations({ description: "Second address line." }),
  city: Schema.String.annotations({ description: "City or town." }),
  region: Schema.optional(Schema.String).annotations({ description: "Region, state or county." }),
  postal_code: Schema.optional(Schema.String).annotations({ description: "Postal code." }),
  country: Schema.String.annotations({ description: "Country (ISO 3166 alpha-2)." }),
  phone: Schema.optional(Schema.String).annotations({ description: "Phone number at this address." }),
  latitude: Schema.optional(Schema.Number).annotations({ description: "Latitude in degrees, when given (else the city is geocoded)." }),
  longitude: Schema.optional(Schema.Number).annotations({ description: "Longitude in degrees, when given (else the city is geocoded)." }),
}).annotations({ identifier: "OrderAddress" });

export const Order = Schema.Struct({
  id: Schema.String.annotations({ description: "The order's id." }),
  order_number: Schema.String.annotations({ description: "Readable order number (`ORD-<year>-<6-digit sequence>`), unique in the store." }),
  customer_id: NullableString.annotations({ description: "The ordering customer, or null for a guest checkout." }),
  customer_email: Schema.String.annotations({ description: "Email address given at checkout." }),
  customer_phone: NullableString.annotations({ description: "Phone number given at checkout, or null." }),
  customer_name: Schema.String.annotations({ description: "Name given at checkout." }),
  order_status: Schema.Literal(...ORDER_STATUSES).annotations({ description: "Fulfilment state: pending -> processing -> shipped -> delivered, or cancelled." }),
  payment_status: Schema.Literal(...PAYMENT_STATUSES).annotations({ description: "Payment state: pending, paid, failed, refunded, or partially_refunded (some of it refunded)." }),
  fulfilment_status: Schema.Literal(...FULFILMENT_STATUSES).annotations({ description: "How much of the order has shipped in parcels: unfulfilled, partially_fulfilled (some units shipped) or fulfilled (every unit shipped)." }),
  payment_method: Schema.Literal(...PAYMENT_METHODS).annotations({ description: "How the amount due is paid: a payment provider kind, cash or bank transfer." }),
  payment_reference: NullableString.annotations({ description: "Reference of the payment that paid the order (`PAY-...`), or null." }),
  currency: Schema.String.annotations({ description: "The order's currency (ISO 4217): the unit of every amount in the order." }),
  subtotal: Schema.Number.annotations({ description: "Sum of the line totals in decimal major units of the order's currency (e.g. 1500.5 = 1,500.50 KES)." }),
  discount_amount: Schema.Number.annotations({ description: "Promotion discounts in decimal major units of the order's currency." }),
  shipping_amount: Schema.Number.annotations({ description: "Delivery fee in decimal major units of the order's currency." }),
  tax_amount: Schema.Number.annotations({
    description:
      "Tax in decimal major units of the order's currency: the sum of the lines' and the shipping fee's tax_amount (orders placed before per-line tax: one rate on subtotal - discount_amount + shipping_amount).",
  }),
  ...ORDER_TAX_FIELDS,
  total_amount: Schema.Number.annotations({
    description:
      "Order total in decimal major units of the order's currency: subtotal - discount_amount + shipping_amount, plus tax_amount when prices exclude tax (with prices_include_tax the tax is inside it).",
  }),
  gift_card_amount: Schema.Number.annotations({ description: "Part of the total paid by a gift card, in decimal major units of the order's currency (0 without one)." }),
  amount_due: Schema.Number.annotations({ description: "What remains for the payment method, in decimal major units of the order's currency: total_amount - gift_card_amount." }),
  billing_address: Schema.propertySignature(OrderAddress).annotations({ description: "The billing address (the shipping address when none was given)." }),
  shipping_address: Schema.propertySignature(OrderAddress).annotations({ description: "Where the order is delivered." }),
  items: Schema.Array(
    Schema.Struct({
      id: Schema.String.annotations({ description: "The order line's id." }),
      product_id: Schema.String.annotations({ description: "The product ordered." }),
      variant_id: NullableString.annotations({ description: "The variant ordered, or null." }),
      product_name: Schema.String.annotations({ description: "The product's name at checkout." }),
      variant_name: Schema.String.annotations({ description: "The variant's name at checkout." }),
      sku: Schema.String.annotations({ description: "The variant's stock-keeping unit at checkout." }),
      quantity: Schema.Number.annotations({ description: "Units ordered." }),
      unit_price: Schema.Number.annotations({ description: "Price of one unit in decimal major units of the order's currency, as priced at checkout." }),
      line_total: Schema.Number.annotations({ description: "Line total in decimal major units of the order's currency: unit_price times quantity." }),
      ...lineTaxFields("decimal major units of the order's currency"),
    }),
  ).annotations({ description: "The ordered lines, priced at checkout." }),
  promotions: Schema.Array(
    Schema.Struct({
      promotion_id: Schema.String.annotations({ description: "The promotion applied." }),
      name: Schema.String.annotations({ description: "The promotion's name." }),
      discount: Schema.Number.annotations({ description: "What this promotion took off, in decimal major units of the order's currency." }),
    }),
  ).annotations({ description: "The promotions applied at checkout." }),
  notes: NullableString.annotations({ description: "The customer's or the store's notes, or null." }),
  tracking_number: NullableString.annotations({ description: "The carrier's tracking number, or null." }),
  estimated_delivery: NullableString.annotations({ description: "Estimated delivery time (ISO 8601), or null." }),
  shipped_at: NullableString.annotations({ description: "When the order was shipped (ISO 8601, UTC), or null." }),
  delivered_at: NullableString.annotations({ description: "When the order was delivered (ISO 8601, UTC), or null." }),
  shipping_metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ description: "How the delivery fee was computed: method, zone or tier, distance, fees and threshold (decimal major units of the order's currency), destination, origin (older orders: also the store-wide tax_rate_percent)." }),
  livemode: Schema.Boolean.annotations({ description: "True for an order made with a live key, false in test mode." }),
  created_at: Schema.String.annotations({ description: "When the order was placed (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When the order was last changed (ISO 8601, UTC)." }),
}).annotations({
  identifier: "Order",
  description:
    "Money in decimal major units of `currency`. total_amount = subtotal - discount_amount + shipping_amount (+ tax_amount when prices exclude tax); amount_due = total_amount - gift_card_amount. Each line's and the shipping fee's tax (docs/taxes.md) add up to tax_amount.",
});
