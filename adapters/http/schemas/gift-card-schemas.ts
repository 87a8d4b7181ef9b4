// The gift card answers as Schemas (spec 2.9) and their `fields` allowance. Balances are decimal
// major units of the card's currency.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { Pagination } from "./pagination-schema.js";

const NullableString = Schema.NullOr(Schema.String);
const Status = Schema.Literal("active", "full_redeemed", "inactive");

export const GiftCard = Schema.Struct({
  id: Schema.String,
  code: Schema.String.annotations({ description: "Groups of four characters joined by hyphens; compared case-insensitively." }),
  balance: Schema.Number,
  initial_balance: Schema.Number,
  currency: Schema.String,
  status: Status,
  expiry_date: NullableString,
  customer_id: NullableString,
  issued_date: Schema.String,
  last_used_date: NullableString,
  maximum_usage_percentage: Schema.NullOr(Schema.Number),
  redemption_count: Schema.Number,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "GiftCard" });

export const GIFT_CARD_FIELDS: AllowedFields = leaves(...Object.keys(GiftCard.fields));

export const GiftCardLedgerEntry = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal("issue", "redemption", "restoration"),
  amount: Schema.Number,
  balance_after: Schema.Number,
  order_id: NullableString,
  created_at: Schema.String,
}).annotations({ identifier: "GiftCardLedgerEntry" });

export const GiftCardDetail = Schema.Struct({ ...GiftCard.fields, ledger: Schema.Array(GiftCardLedgerEntry) }).annotations({
  identifier: "GiftCardDetail",
});

export const GIFT_CARD_DETAIL_FIELDS: AllowedFields = {
  ...GIFT_CARD_FIELDS,
  ledger: leaves(...Object.keys(GiftCardLedgerEntry.fields)),
};

export const GiftCardCheck = Schema.Struct({
  valid: Schema.Boolean.annotations({ description: "True exactly when the card is active, its balance is above 0 and it has not expired." }),
  reason: Schema.NullOr(Schema.Literal("inactive", "fully_redeemed", "no_balance", "expired")),
  balance: Schema.Number,
  status: Status,
  expiry_date: NullableString,
  maximum_usage_percentage: Schema.NullOr(Schema.Number),
  gift_card: Schema.partial(GiftCard).annotations({ description: "The card; `fields` selects its fields." }),
}).annotations({ identifier: "GiftCardCheck" });

export const GiftCardList = Schema.Struct({ gift_cards: Schema.Array(GiftCard), pagination: Pagination }).annotations({
  identifier: "GiftCardList",
});
