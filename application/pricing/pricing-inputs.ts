// The payloads of the pricing writes (price rules, exchange rates) as Schemas.
import { Schema } from "effect";
import { CurrencyCode } from "../../domain/money/currency.js";

const Ids = Schema.NullOr(Schema.Array(Schema.UUID).pipe(Schema.maxItems(500)));

export const PriceRuleInput = Schema.Struct({
  name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)),
  kind: Schema.Literal("segment", "tier", "volume"),
  segment: Schema.optional(Schema.NullOr(Schema.Literal("new", "returning", "loyal"))),
  tier: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(64)))),
  min_quantity: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(2, 1_000_000)))),
  min_lifetime_spend: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(0, 1e13)))),
  discount_type: Schema.Literal("percentage", "fixed"),
  value: Schema.Number.pipe(Schema.between(0, 1e13)),
  product_ids: Schema.optional(Ids),
  category_ids: Schema.optional(Ids),
  active: Schema.optional(Schema.Boolean),
}).annotations({ identifier: "PriceRuleInput" });
export type PriceRuleInput = typeof PriceRuleInput.Type;

export const PriceRulePatch = Schema.partial(PriceRuleInput).annotations({ identifier: "PriceRulePatch" });
export type PriceRulePatch = typeof PriceRulePatch.Type;

const Rate = Schema.Number.pipe(Schema.greaterThan(0), Schema.lessThan(1e9)).annotations({
  message: () => ({ message: "must be a positive number of display units per base unit", override: true }),
});
const Instant = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)).annotations({
  message: () => ({ message: "must be an ISO 8601 UTC time such as 2026-11-22T08:00:00Z", override: true }),
});

export const ExchangeRateInput = Schema.Struct({
  currency: CurrencyCode,
  rate: Rate,
  as_of: Schema.optional(Instant),
}).annotations({ identifier: "ExchangeRateInput" });
export type ExchangeRateInput = typeof ExchangeRateInput.Type;

export const ExchangeRatePatch = Schema.Struct({ rate: Rate, as_of: Schema.optional(Instant) }).annotations({
  identifier: "ExchangeRatePatch",
});
export type ExchangeRatePatch = typeof ExchangeRatePatch.Type;
