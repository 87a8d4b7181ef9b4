// The payloads of checkout and of the order update (spec 4.5) as Schemas. Clients cannot send
// amounts or statuses at checkout: the server computes them.
import { Schema } from "effect";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../domain/orders/order-status.js";
import { PAYMENT_METHODS } from "../../domain/orders/order.js";

const text = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max));
const Instant = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/)).annotations({
  message: () => ({ message: "must be an ISO 8601 date-time such as 2026-11-22T08:00:00Z", override: true }),
});

export const AddressInput = Schema.Struct({
  name: text(200),
  line1: text(300),
  line2: Schema.optional(text(300)),
  city: text(100),
  region: Schema.optional(text(100)),
  postal_code: Schema.optional(text(20)),
  country: Schema.String.pipe(Schema.pattern(/^[A-Z]{2}$/)).annotations({
    message: () => ({ message: "must be an ISO 3166 alpha-2 country code", override: true }),
  }),
  phone: Schema.optional(text(40)),
  latitude: Schema.optional(Schema.Number.pipe(Schema.between(-90, 90))),
  longitude: Schema.optional(Schema.Number.pipe(Schema.between(-180, 180))),
}).annotations({ identifier: "Address" });
export type AddressInput = typeof AddressInput.Type;

export const CheckoutInput = Schema.Struct({
  customer_id: Schema.optional(Schema.UUID),
  session_id: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9._-]{16,128}$/))),
  email: Schema.String.pipe(Schema.maxLength(254), Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)).annotations({
    message: () => ({ message: "must be an email address", override: true }),
  }),
  phone: Schema.optional(text(40)),
  name: text(200),
  shipping_address: AddressInput,
  billing_address: Schema.optional(AddressInput),
  payment_method: Schema.Literal(...PAYMENT_METHODS),
  gift_card_code: Schema.optional(text(40)),
  notes: Schema.optional(Schema.String.pipe(Schema.maxLength(2000))),
}).annotations({ identifier: "CheckoutInput" });
export type CheckoutInput = typeof CheckoutInput.Type;

export const OrderUpdateInput = Schema.Struct({
  payment_status: Schema.optional(Schema.Literal(...PAYMENT_STATUSES)),
  order_status: Schema.optional(Schema.Literal(...ORDER_STATUSES)),
  notes: Schema.optional(Schema.String.pipe(Schema.maxLength(2000))),
  tracking_number: Schema.optional(Schema.String.pipe(Schema.maxLength(100))),
  estimated_delivery: Schema.optional(Instant),
  shipped_at: Schema.optional(Instant),
  delivered_at: Schema.optional(Instant),
}).annotations({ identifier: "OrderUpdateInput" });
export type OrderUpdateInput = typeof OrderUpdateInput.Type;
