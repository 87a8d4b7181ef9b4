// The gift card answers as Schemas (docs/api/offers-and-shipping.md, "Gift cards") and their
// `fields` allowance. Balances are decimal major units of the card's currency.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { Pagination } from "./pagination-schema.js";

const NullableString = Schema.NullOr(Schema.String);
const Status = Schema.Literal("active", "full_redeemed", "inactive");

export const GiftCard = Schema.Struct({
  id: Schema.String.annotations({ description: "The card's id." }),
  code: Schema.String.annotations({ description: "Groups of four characters joined by hyphens; compared case-insensitively." }),
  balance: Schema.Number.annotations({ description: "What the card still holds, in decimal major units of the card's currency (e.g. 2500.5 = 2,500.50 KES)." }),
  initial_balance: Schema.Number.annotations({ description: "What the card held when issued, in decimal major units of the card's currency." }),
  currency: Schema.String.annotations({ description: "The card's currency (ISO 4217): the store's base currency unless another was given at issue." }),
  status: Status.annotations({ description: "active, full_redeemed (balance used up) or inactive (switched off by the store)." }),
  expiry_date: NullableString.annotations({ description: "Last day the card can be used (YYYY-MM-DD), or null when it never expires." }),
  customer_id: NullableString.annotations({ description: "The customer the card was issued to, or null." }),
  issued_date: Schema.String.annotations({ description: "Day the card was issued (YYYY-MM-DD)." }),
  last_used_date: NullableString.annotations({ description: "Day the card last paid for an order (YYYY-MM-DD), or null." }),
  maximum_usage_percentage: Schema.NullOr(Schema.Number).annotations({ description: "Highest share (0-100) of an order's total the card may pay; null for 100." }),
  redemption_count: Schema.Number.annotations({ description: "Number of orders the card has paid towards." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "GiftCard" });

export const GIFT_CARD_FIELDS: AllowedFields = leaves(...Object.keys(GiftCard.fields));

export const GiftCardLedgerEntry = Schema.Struct({
  id: Schema.String.annotations({ description: "The entry's id." }),
  kind: Schema.Literal("issue", "redemption", "restoration").annotations({ description: "issue (the initial balance), redemption (paid towards an order) or restoration (given back, e.g. on cancellation)." }),
  amount: Schema.Number.annotations({ description: "What moved, in decimal major units of the card's currency." }),
  balance_after: Schema.Number.annotations({ description: "The card's balance after this entry, in decimal major units of the card's currency." }),
  order_id: NullableString.annotations({ description: "The order paid or restored, or null for the issue." }),
  created_at: Schema.String.annotations({ description: "When it happened (ISO 8601, UTC)." }),
}).annotations({ identifier: "GiftCardLedgerEntry" });

export const GiftCardDetail = Schema.Struct({
  ...GiftCard.fields,
  ledger: Schema.Array(GiftCardLedgerEntry).annotations({ description: "Every movement of the balance, oldest first." }),
}).annotations({
  identifier: "GiftCardDetail",
});

export const GIFT_CARD_DETAIL_FIELDS: AllowedFields = {
  ...GIFT_CARD_FIELDS,
  ledger: leaves(...Object.keys(GiftCardLedgerEntry.fields)),
};

export const GiftCardCheck = Schema.Struct({
  valid: Schema.Boolean.annotations({ description: "True exactly when the card is active, its balance is above 0 and it has not expired." }),
  reason: Schema.NullOr(Schema.Literal("inactive", "fully_redeemed", "no_balance", "expired")).annotations({ description: "Why the card cannot be used (inactive, fully_redeemed, no_balance, expired), or null when valid." }),
  balance: Schema.Number.annotations({ description: "What the card still holds, in decimal major units of the card's currency." }),
  status: Status.annotations({ description: "active, full_redeemed or inactive." }),
  expiry_date: NullableString.annotations({ description: "Last day the card can be used (YYYY-MM-DD), or null." }),
  maximum_usage_percentage: Schema.NullOr(Schema.Number).annotations({ description: "Highest share (0-100) of an order's total the card may pay; null for 100." }),
  gift_card: Schema.partial(GiftCard).annotations({ description: "The card; `fields` selects its fields." }),
}).annotations({ identifier: "GiftCardCheck" });

export const GiftCardList = Schema.Struct({ gift_cards: Schema.Array(GiftCard), pagination: Pagination }).annotations({
  identifier: "GiftCardList",
});
