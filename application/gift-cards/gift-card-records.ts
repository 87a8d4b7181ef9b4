// A gift card, its ledger and its check as the API shows them (docs/api/offers-and-shipping.md,
// "Gift cards"): balances in decimal major units of the card's currency (docs/api/conventions.md,
// "Money"), dates as YYYY-MM-DD.
import type { GiftCardCheck } from "../../domain/gift-cards/check-gift-card.js";
import type { GiftCardLedgerEntry } from "../../domain/gift-cards/gift-card-ledger.js";
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import type { CurrencyCode } from "../../domain/money/currency.js";
import { toMajorUnits } from "../money/major-units.js";

export const toGiftCardRecord = (card: GiftCard) => ({
  id: card.id,
  code: card.code,
  balance: toMajorUnits(card.balance, card.currency),
  initial_balance: toMajorUnits(card.initialBalance, card.currency),
  currency: card.currency as string,
  status: card.status,
  expiry_date: card.expiryDate,
  customer_id: card.customerId,
  issued_date: card.issuedDate,
  last_used_date: card.lastUsedDate,
  maximum_usage_percentage: card.maximumUsagePercentage,
  redemption_count: card.redemptionCount,
  created_at: card.createdAt,
  updated_at: card.updatedAt,
});
export type GiftCardRecord = ReturnType<typeof toGiftCardRecord>;

export const toLedgerEntryRecord = (entry: GiftCardLedgerEntry, currency: CurrencyCode) => ({
  id: entry.id,
  kind: entry.kind,
  amount: toMajorUnits(entry.amount, currency),
  balance_after: toMajorUnits(entry.balanceAfter, currency),
  order_id: entry.orderId,
  created_at: entry.at,
});
export type LedgerEntryRecord = ReturnType<typeof toLedgerEntryRecord>;

export const toGiftCardDetailRecord = (card: GiftCard, ledger: readonly GiftCardLedgerEntry[]) => ({
  ...toGiftCardRecord(card),
  ledger: ledger.map((entry) => toLedgerEntryRecord(entry, card.currency)),
});
export type GiftCardDetailRecord = ReturnType<typeof toGiftCardDetailRecord>;

/** `reason` says why a card is not valid (null when it is); the other fields are the check's. */
export const toGiftCardCheckRecord = (check: GiftCardCheck) => ({
  valid: check.valid,
  reason: check.reason,
  balance: toMajorUnits(check.balance, check.giftCard.currency),
  status: check.status,
  expiry_date: check.expiryDate,
  maximum_usage_percentage: check.maximumUsagePercentage,
  gift_card: toGiftCardRecord(check.giftCard),
});
export type GiftCardCheckRecord = ReturnType<typeof toGiftCardCheckRecord>;
