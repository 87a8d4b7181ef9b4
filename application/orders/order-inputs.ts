// The payloads of checkout and of the order update (docs/api/orders.md, "Checkout" and "Updating an
// order") as Schemas. Clients cannot send amounts or statuses at checkout: the server computes
// them.
import { Schema } from "effect";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../domain/orders/order-status.js";
import { PAYMENT_METHODS } from "../../domain/orders/order.js";

const text = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max));
const Instant = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/)).annotations({
  message: () => ({ message: "must be an ISO 8601 date-time such as 2026-11-22T08:00:00Z", override: true }),
});

export const AddressInput = Schema.Struct({
  name: Schema.propertySignature(text(200)).annotations({ description: "The recipient's name." }),
  line1: Schema.propertySignature(text(300)).annotations({ description: "First address line." }),
  line2: Schema.optional(text(300)).annotations({ description: "Second address line." }),
  city: Schema.propertySignature(text(100)).annotations({ description: "City or town; geocoded to price shipping when no coordinates are given." }),
  region: Schema.optional(text(100)).annotations({ description: "Region, state or county." }),
  postal_code: Schema.optional(text(20)).annotations({ description: "Postal code." }),
  country: Schema.propertySignature(Schema.String.pipe(Schema.pattern(/^[A-Z]{2}$/)).annotations({
    message: () => ({ message: "must be an ISO 3166 alpha-2 country code", override: true }),
  })).annotations({ description: "Country (ISO 3166 alpha-2, upper case)." }),
  phone: Schema.optional(text(40)).annotations({ description: "Phone number at this address." }),
  latitude: Schema.optional(Schema.Number.pipe(Schema.between(-90, 90))).annotations({ description: "Latitude in degrees; with longitude, it places the address for shipping instead of the city." }),
  longitude: Schema.optional(Schema.Number.pipe(Schema.between(-180, 180))).annotations({ description: "Longitude in degrees; with latitude, it places the address for shipping instead of the city." }),
}).annotations({ identifier: "Address" });
export type AddressInput = typeof AddressInput.Type;

export const CheckoutInput = Schema.Struct({
  customer_id: Schema.optional(Schema.UUID).annotations({ description: "The customer whose cart is ordered (needs the customer's x-auth-token); or send session_id." }),
  session_id: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9._-]{16,128}$/))).annotations({ description: "The X-Session-Id of the anonymous cart to order; or send customer_id." }),
  email: Schema.propertySignature(Schema.String.pipe(Schema.maxLength(254), Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)).annotations({
    message: () => ({ message: "must be an email address", override: true }),
  })).annotations({ description: "The buyer's email address." }),
  phone: Schema.optional(text(40)).annotations({ description: "The buyer's phone number." }),
  name: Schema.propertySignature(text(200)).annotations({ description: "The buyer's name." }),
  shipping_address: Schema.propertySignature(AddressInput).annotations({ description: "Where to deliver; it prices shipping." }),
  billing_address: Schema.optional(AddressInput).annotations({ description: "The billing address; the shipping address when absent." }),
  payment_method: Schema.propertySignature(Schema.Literal(...PAYMENT_METHODS)).annotations({ description: "How the amount due will be paid." }),
  gift_card_code: Schema.optional(text(40)).annotations({ description: "A gift card to pay part or all of the order with." }),
  notes: Schema.optional(Schema.String.pipe(Schema.maxLength(2000))).annotations({ description: "The buyer's notes for the store." }),
}).annotations({ identifier: "CheckoutInput" });
export type CheckoutInput = typeof CheckoutInput.Type;

export const OrderUpdateInput = Schema.Struct({
  payment_status: Schema.optional(Schema.Literal(...PAYMENT_STATUSES)).annotations({ description: "The new payment state (pending -> paid or failed; failed -> paid or pending; paid -> refunded or partially_refunded; partially_refunded -> refunded). Refunds through the provider set these themselves." }),
  order_status: Schema.optional(Schema.Literal(...ORDER_STATUSES)).annotations({ description: "The new fulfilment state (pending -> processing or cancelled; processing -> shipped or cancelled; shipped -> delivered)." }),
  notes: Schema.optional(Schema.String.pipe(Schema.maxLength(2000))).annotations({ description: "Notes on the order (replace the old ones)." }),
  tracking_number: Schema.optional(Schema.String.pipe(Schema.maxLength(100))).annotations({ description: "The carrier's tracking number." }),
  estimated_delivery: Schema.optional(Instant).annotations({ description: "Estimated delivery time (ISO 8601 with offset)." }),
  shipped_at: Schema.optional(Instant).annotations({ description: "When the order was shipped (ISO 8601 with offset); set to now on a move to shipped when absent." }),
  delivered_at: Schema.optional(Instant).annotations({ description: "When the order was delivered (ISO 8601 with offset); set to now on a move to delivered when absent." }),
}).annotations({ identifier: "OrderUpdateInput" });
export type OrderUpdateInput = typeof OrderUpdateInput.Type;
