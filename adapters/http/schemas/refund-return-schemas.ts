// The answers of refunds and returns (docs/staff.md, "Refunds and returns"): money in integer
// minor units of the order's currency.
import { Schema } from "effect";
import { RETURN_STATUSES } from "../../../domain/orders/order-return.js";
import { REFUND_STATUSES } from "../../../domain/orders/refund.js";

const Nullable = <S extends Schema.Schema.Any>(schema: S) => Schema.NullOr(schema);

export const Refund = Schema.Struct({
  id: Schema.UUID.annotations({ description: "The refund's id." }),
  order_id: Schema.UUID.annotations({ description: "The refunded order." }),
  return_id: Nullable(Schema.UUID).annotations({ description: "The return this refund pays for, if any." }),
  status: Schema.Literal(...REFUND_STATUSES).annotations({ description: "pending (asked, the money not yet moved), succeeded or failed." }),
  amount: Schema.Int.annotations({ description: "The refund's value, integer minor units." }),
  tax_amount: Schema.NullOr(Schema.Int).annotations({
    description: "The tax inside `amount`, integer minor units: each refunded line's tax in proportion to its units, or for a refund by amount the order's tax in proportion to its total (docs/taxes.md, \"Refunds\"); null for orders placed before per-line tax.",
  }),
  provider_amount: Schema.Int.annotations({ description: "What the payment provider (or the store, off-line) returns, minor units: whole units for mobile money." }),
  gift_card_amount: Schema.Int.annotations({ description: "The part given back to the gift card that paid part of the order." }),
  currency: Schema.String.annotations({ description: "The order's currency (ISO 4217)." }),
  destination: Nullable(Schema.Literal("card_redirect", "card_popup", "mobile_stk", "mobile_collect", "manual")).annotations({
    description: "Where the money goes: the provider kind that took the payment, `manual` for an order paid off-line, null when it is all gift card.",
  }),
  lines: Schema.Array(
    Schema.Struct({
      line_id: Schema.UUID.annotations({ description: "The order line (`items[].id`)." }),
      quantity: Schema.Int.annotations({ description: "Units refunded." }),
      amount: Schema.Int.annotations({ description: "Their value, integer minor units." }),
      tax_amount: Schema.NullOr(Schema.Int).annotations({ description: "The tax inside their value, from the line's stored figures; null for orders placed before per-line tax." }),
    }),
  ).annotations({ description: "The refunded units, each line's value; empty for a refund by amount." }),
  restock: Schema.Boolean.annotations({ description: "Whether the refunded units go back in stock when it succeeds." }),
  reason: Nullable(Schema.String).annotations({ description: "The store's reason." }),
  provider_refund_id: Nullable(Schema.String).annotations({ description: "The provider's id for the refund." }),
  failure_reason: Nullable(Schema.String).annotations({ description: "Why it failed, in the provider's words." }),
  livemode: Schema.Boolean.annotations({ description: "Whether the order was placed with a live key." }),
  created_at: Schema.String.annotations({ description: "When it was asked (ISO 8601 UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it last changed (ISO 8601 UTC)." }),
  settled_at: Nullable(Schema.String).annotations({ description: "When it succeeded or failed; null while pending." }),
}).annotations({ identifier: "Refund" });

export const Return = Schema.Struct({
  id: Schema.UUID.annotations({ description: "The return's id." }),
  order_id: Schema.UUID.annotations({ description: "The order whose lines are returned." }),
  customer_id: Nullable(Schema.UUID).annotations({ description: "The customer who asked." }),
  status: Schema.Literal(...RETURN_STATUSES).annotations({ description: "requested, approved, refused, received or refunded." }),
  reason: Schema.String.annotations({ description: "The customer's reason." }),
  lines: Schema.Array(
    Schema.Struct({
      line_id: Schema.UUID.annotations({ description: "The order line (`items[].id`)." }),
      quantity: Schema.Int.annotations({ description: "Units asked to return." }),
      received_quantity: Schema.Int.annotations({ description: "Units the store received back." }),
      restocked_quantity: Schema.Int.annotations({ description: "Units put back in stock." }),
    }),
  ).annotations({ description: "The lines and units returned." }),
  staff_note: Nullable(Schema.String).annotations({ description: "The store's note (a refusal's reason)." }),
  refund_id: Nullable(Schema.UUID).annotations({ description: "The refund that paid for it, once refunded." }),
  livemode: Schema.Boolean.annotations({ description: "Whether the order was placed with a live key." }),
  created_at: Schema.String.annotations({ description: "When the customer asked (ISO 8601 UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it last changed (ISO 8601 UTC)." }),
}).annotations({ identifier: "Return" });

export const ReturnEvent = Schema.Struct({
  from_status: Nullable(Schema.Literal(...RETURN_STATUSES)).annotations({ description: "The state before; null for the request." }),
  to_status: Schema.Literal(...RETURN_STATUSES).annotations({ description: "The state after." }),
  actor_type: Schema.Literal("customer", "staff", "api_key").annotations({ description: "Who moved it." }),
  actor_label: Schema.String.annotations({ description: "Their email, key or customer id." }),
  note: Nullable(Schema.String).annotations({ description: "The note given with the move." }),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ description: "What the move carried (received lines, the refund's id)." }),
  at: Schema.String.annotations({ description: "When (ISO 8601 UTC)." }),
}).annotations({ identifier: "ReturnEvent" });

export const ReturnWithEvents = Schema.Struct({ ...Return.fields, events: Schema.Array(ReturnEvent).annotations({ description: "Every state it went through, oldest first." }) }).annotations({ identifier: "ReturnWithEvents" });
