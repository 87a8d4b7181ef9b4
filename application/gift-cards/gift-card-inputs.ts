// The payloads of the gift card writes as Schemas. Balances are decimal major units of the card's
// currency (docs/api/conventions.md, "Money"); the use case refuses more decimals than the currency
// has.
import { Schema } from "effect";
import { CurrencyCode } from "../../domain/money/currency.js";

const CalendarDate = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)).annotations({
  message: () => ({ message: "must be a date YYYY-MM-DD", override: true }),
});

const Percentage = Schema.Number.pipe(Schema.between(0, 100)).annotations({
  message: () => ({ message: "must be a percentage from 0 to 100 with at most two decimals, or null for 100", override: true }),
});

export const GiftCardInput = Schema.Struct({
  initial_balance: Schema.propertySignature(Schema.Number.pipe(Schema.greaterThan(0), Schema.lessThanOrEqualTo(1e10)).annotations({
    message: () => ({ message: "must be an amount above 0 in major units, such as 2500.50", override: true }),
  })).annotations({ description: "What the card holds at issue, in decimal major units of its currency (e.g. 2500.5 = 2,500.50 KES); no more decimals than the currency has." }),
  currency: Schema.optional(CurrencyCode).annotations({ description: "The card's currency (ISO 4217); the store's base currency when absent." }),
  expiry_date: Schema.optional(Schema.NullOr(CalendarDate)).annotations({ description: "Last day the card can be used (YYYY-MM-DD); null or absent for never." }),
  customer_id: Schema.optional(Schema.NullOr(Schema.UUID)).annotations({ description: "The customer the card is issued to." }),
  maximum_usage_percentage: Schema.optional(Schema.NullOr(Percentage)).annotations({ description: "Highest share (0-100) of an order's total the card may pay; null or absent for 100." }),
}).annotations({ identifier: "GiftCardInput" });
export type GiftCardInput = typeof GiftCardInput.Type;

/** A merchant's edit: the switch, the expiry and the usage cap; balances move only through orders. */
export const GiftCardPatch = Schema.Struct({
  status: Schema.optional(Schema.Literal("active", "inactive")).annotations({ description: "active or inactive (the store's switch)." }),
  expiry_date: Schema.optional(Schema.NullOr(CalendarDate)).annotations({ description: "Last day the card can be used (YYYY-MM-DD); null for never." }),
  maximum_usage_percentage: Schema.optional(Schema.NullOr(Percentage)).annotations({ description: "Highest share (0-100) of an order's total the card may pay; null for 100." }),
}).annotations({ identifier: "GiftCardPatch" });
export type GiftCardPatch = typeof GiftCardPatch.Type;
