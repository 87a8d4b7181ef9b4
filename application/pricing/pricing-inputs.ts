// The payloads of the pricing writes (price rules, exchange rates) as Schemas.
import { Schema } from "effect";
import { CurrencyCode } from "../../domain/money/currency.js";

const Ids = Schema.NullOr(Schema.Array(Schema.UUID).pipe(Schema.maxItems(500)));

export const PriceRuleInput = Schema.Struct({
  name: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The rule's name." }),
  kind: Schema.propertySignature(Schema.Literal("segment", "tier", "volume")).annotations({ description: "What the rule rewards: a customer segment, a customer tier, or a volume (quantity)." }),
  segment: Schema.optional(Schema.NullOr(Schema.Literal("new", "returning", "loyal"))).annotations({ description: "For a segment rule, the segment it rewards." }),
  tier: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(64)))).annotations({ description: "For a tier rule, the tier it rewards." }),
  min_quantity: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(2, 1_000_000)))).annotations({ description: "For a volume rule, the quantity from which it applies." }),
  min_lifetime_spend: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(0, 1e13)))).annotations({ description: "For a tier rule, integer minor units of the store's base currency a customer must have spent to hold the tier." }),
  discount_type: Schema.propertySignature(Schema.Literal("percentage", "fixed")).annotations({ description: "Whether value is a percentage or a fixed amount off each unit." }),
  value: Schema.propertySignature(Schema.Number.pipe(Schema.between(0, 1e13))).annotations({ description: "A percentage (0-100), or for fixed an amount off each unit in integer minor units of the store's base currency." }),
  product_ids: Schema.optional(Ids).annotations({ description: "Products the rule covers; null or absent for every product." }),
  category_ids: Schema.optional(Ids).annotations({ description: "Categories the rule covers; null or absent for every category." }),
  active: Schema.optional(Schema.Boolean).annotations({ description: "False to switch the rule off." }),
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
  currency: Schema.propertySignature(CurrencyCode).annotations({ description: "The display currency (ISO 4217), not the base currency." }),
  rate: Schema.propertySignature(Rate).annotations({ description: "Units of currency per one unit of the store's base currency." }),
  as_of: Schema.optional(Instant).annotations({ description: "When the rate holds from (ISO 8601, UTC); now when absent." }),
}).annotations({ identifier: "ExchangeRateInput" });
export type ExchangeRateInput = typeof ExchangeRateInput.Type;

export const ExchangeRatePatch = Schema.Struct({
  rate: Schema.propertySignature(Rate).annotations({ description: "Units of the currency per one unit of the store's base currency." }),
  as_of: Schema.optional(Instant).annotations({ description: "When the rate holds from (ISO 8601, UTC); now when absent." }),
}).annotations({
  identifier: "ExchangeRatePatch",
});
export type ExchangeRatePatch = typeof ExchangeRatePatch.Type;
