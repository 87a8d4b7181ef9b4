// The admin API's order payloads (docs/staff.md, "Orders and fulfilment"): a parcel to record,
// and the filters of the order list. Money in filters is integer minor units of the order's currency.
import { Schema } from "effect";
import { FULFILMENT_STATUSES, type FulfilmentStatus } from "../../domain/orders/fulfilment.js";
import type { OrderStatus, PaymentStatus } from "../../domain/orders/order-status.js";

const text = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max));

export const FulfilmentLineInput = Schema.Struct({
  order_item_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order line (an `items[].id` of the order)." }),
  quantity: Schema.propertySignature(Schema.Int.pipe(Schema.between(1, 1_000_000))).annotations({ description: "Units of the line in this parcel: at least 1, at most what is left to ship of the line." }),
}).annotations({ identifier: "FulfilmentLineInput" });

export const FulfilmentInput = Schema.Struct({
  carrier: Schema.propertySignature(text(100)).annotations({ description: "Who carries the parcel (`DHL`, `G4S Courier`, `Store rider`)." }),
  tracking_number: Schema.optional(text(100)).annotations({ description: "The carrier's tracking number." }),
  tracking_url: Schema.optional(
    Schema.String.pipe(Schema.maxLength(500), Schema.pattern(/^https:\/\/[^\s]+$/)).annotations({
      message: () => ({ message: "must be an https URL of at most 500 characters", override: true }),
    }),
  ).annotations({ description: "Where the buyer follows the parcel (https)." }),
  note: Schema.optional(text(500)).annotations({ description: "A note for the staff (not shown to the buyer)." }),
  lines: Schema.optional(Schema.Array(FulfilmentLineInput).pipe(Schema.minItems(1), Schema.maxItems(500))).annotations({
    description: "The lines and quantities in the parcel, each line at most once; absent: everything not shipped yet.",
  }),
}).annotations({ identifier: "FulfilmentInput" });
export type FulfilmentInput = typeof FulfilmentInput.Type;

/** The admin order list's filters, decoded. */
export interface AdminOrderFilter {
  readonly orderStatus?: OrderStatus | undefined;
  readonly paymentStatus?: PaymentStatus | undefined;
  readonly fulfilmentStatus?: FulfilmentStatus | undefined;
  readonly customerId?: string | undefined;
  /** ISO 8601 UTC with milliseconds, inclusive. */
  readonly createdFrom?: string | undefined;
  /** ISO 8601 UTC with milliseconds, exclusive. */
  readonly createdTo?: string | undefined;
  /** total_amount in minor units, inclusive. */
  readonly totalMin?: number | undefined;
  readonly totalMax?: number | undefined;
  /** An order number (exactly or its start), an email or a phone number. */
  readonly q?: string | undefined;
}

export const FulfilmentStatusLiteral = Schema.Literal(...FULFILMENT_STATUSES);
