// The refund payload (docs/staff.md, "Refunds and returns"): by lines, by amount, or neither (all
// that remains refundable). Amounts are integer minor units of the order's currency.
import { Schema } from "effect";

export const RefundLineInput = Schema.Struct({
  line_id: Schema.propertySignature(Schema.UUID).annotations({ description: "An order line's id (the order's `items[].id`)." }),
  quantity: Schema.propertySignature(Schema.Int.pipe(Schema.between(1, 10_000))).annotations({ description: "How many of its units to refund." }),
}).annotations({ identifier: "RefundLineInput" });

export const RefundInput = Schema.Struct({
  lines: Schema.optional(Schema.Array(RefundLineInput).pipe(Schema.minItems(1), Schema.maxItems(200))).annotations({
    description: "Refund these units: each is worth what its line was charged (after its share of discounts, with its tax). Leave out to refund by `amount`.",
  }),
  amount: Schema.optional(Schema.Int.pipe(Schema.between(1, Number.MAX_SAFE_INTEGER))).annotations({
    description: "Refund this much (integer minor units of the order's currency), instead of lines. With neither, all that remains refundable is refunded.",
  }),
  restock: Schema.optionalWith(Schema.Boolean, { default: () => false }).annotations({ description: "Put the refunded lines' units back in stock when the refund succeeds (lines only)." }),
  reason: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(500))).annotations({ description: "Why; kept with the refund and sent to the provider where it takes a note." }),
}).annotations({ identifier: "RefundInput" });
export type RefundInput = typeof RefundInput.Type;
