// Moving a gift card's balance: issuing a card, redeeming from it and restoring to it (a cancelled or
// refunded order). Each gives the new card and its ledger entry; the balance stays within 0..initialBalance.
import { Data, Either } from "effect";
import type { CurrencyCode } from "../money/currency.js";
import { checkGiftCard, isGiftCardExpired, type GiftCardInvalidReason } from "./check-gift-card.js";
import { assertValidGiftCard, InvalidGiftCard, isCalendarDate, usageBasisPoints, type GiftCard } from "./gift-card.js";
import { isGiftCardCode, normaliseGiftCardCode } from "./gift-card-code.js";
import type { GiftCardLedgerEntry } from "./gift-card-ledger.js";

export interface BalanceMove {
  readonly card: GiftCard;
  readonly entry: GiftCardLedgerEntry;
}

export class GiftCardNotRedeemable extends Data.TaggedError("GiftCardNotRedeemable")<{
  readonly giftCardId: string;
  readonly reason: GiftCardInvalidReason;
}> {
  override readonly message = `gift card ${this.giftCardId} cannot be redeemed: ${this.reason}`;
}

export class GiftCardBalanceTooLow extends Data.TaggedError("GiftCardBalanceTooLow")<{
  readonly giftCardId: string;
  readonly balance: number;
  readonly requested: number;
}> {
  override readonly message = `gift card ${this.giftCardId} holds ${this.balance}, ${this.requested} requested`;
}

/** Restoring more than was ever redeemed (a refund counted twice, say) would mint money: refused. */
export class GiftCardRestoreTooLarge extends Data.TaggedError("GiftCardRestoreTooLarge")<{
  readonly giftCardId: string;
  readonly balance: number;
  readonly amount: number;
  readonly initialBalance: number;
}> {
  override readonly message = `gift card ${this.giftCardId}: restoring ${this.amount} to ${this.balance} would pass the initial ${this.initialBalance}`;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** The UTC calendar date of an ISO 8601 UTC timestamp ("...Z"). */
function utcDateOf(at: string): string {
  const date = typeof at === "string" && TIMESTAMP.test(at) ? at.slice(0, 10) : "";
  if (!isCalendarDate(date) || Number.isNaN(Date.parse(at))) {
    throw new InvalidGiftCard({ reason: `at must be an ISO 8601 UTC timestamp, got ${at}` });
  }
  return date;
}

function assertAmount(amount: number): void {
  if (!(Number.isSafeInteger(amount) && amount >= 1)) {
    throw new InvalidGiftCard({ reason: `an amount must be an integer >= 1 of minor units, got ${amount}` });
  }
}

export interface NewGiftCard {
  readonly id: string;
  /** Usually formatGiftCardCode's; stored normalised, and must have the shape of an issued code. */
  readonly code: string;
  readonly initialBalance: number;
  readonly currency: CurrencyCode;
  readonly expiryDate: string | null;
  readonly customerId: string | null;
  readonly maximumUsagePercentage: number | null;
  readonly ledgerEntryId: string;
  /** ISO 8601 UTC timestamp. */
  readonly at: string;
}

export function issueGiftCard(input: NewGiftCard): BalanceMove {
  const issuedDate = utcDateOf(input.at);
  assertAmount(input.initialBalance);
  const code = normaliseGiftCardCode(input.code);
  if (!isGiftCardCode(code)) throw new InvalidGiftCard({ reason: `not a gift card code: ${input.code}` });
  if (usageBasisPoints(input.maximumUsagePercentage) === null) {
    throw new InvalidGiftCard({ reason: `bad maximumUsagePercentage ${input.maximumUsagePercentage}` });
  }
  const card: GiftCard = {
    id: input.id,
    code,
    balance: input.initialBalance,
    initialBalance: input.initialBalance,
    currency: input.currency,
    status: "active",
    expiryDate: input.expiryDate,
    customerId: input.customerId,
    issuedDate,
    lastUsedDate: null,
    maximumUsagePercentage: input.maximumUsagePercentage,
    redemptionCount: 0,
    createdAt: input.at,
    updatedAt: input.at,
  };
  assertValidGiftCard(card);
  const entry: GiftCardLedgerEntry = {
    id: input.ledgerEntryId,
    giftCardId: card.id,
    kind: "issue",
    amount: input.initialBalance,
    balanceAfter: input.initialBalance,
    orderId: null,
    at: input.at,
  };
  return { card, entry };
}

/**
 * Takes `amount` off the card at `at` (a UTC timestamp). The card must be valid on that UTC date (active,
 * balance above 0, not expired) and hold the amount; at 0 it becomes full_redeemed.
 */
export function redeem(
  card: GiftCard,
  amount: number,
  ledgerEntryId: string,
  at: string,
  orderId: string | null = null,
): Either.Either<BalanceMove, GiftCardNotRedeemable | GiftCardBalanceTooLow> {
  const today = utcDateOf(at);
  assertAmount(amount);
  const check = checkGiftCard(card, today);
  if (check.reason !== null) return Either.left(new GiftCardNotRedeemable({ giftCardId: card.id, reason: check.reason }));
  if (amount > card.balance) {
    return Either.left(new GiftCardBalanceTooLow({ giftCardId: card.id, balance: card.balance, requested: amount }));
  }
  const balance = card.balance - amount;
  const next: GiftCard = {
    ...card,
    balance,
    status: balance === 0 ? "full_redeemed" : card.status,
    lastUsedDate: today,
    redemptionCount: card.redemptionCount + 1,
    updatedAt: at,
  };
  return Either.right({
    card: next,
    entry: { id: ledgerEntryId, giftCardId: card.id, kind: "redemption", amount, balanceAfter: balance, orderId, at },
  });
}

/**
 * Gives `amount` back to the card (whatever its status: the money was the card's). A full_redeemed card
 * is active again unless it has expired by `at`'s UTC date; an inactive card stays inactive (the
 * merchant's switch). Refused when the balance would pass the initial balance.
 */
export function restore(
  card: GiftCard,
  amount: number,
  ledgerEntryId: string,
  at: string,
  orderId: string | null = null,
): Either.Either<BalanceMove, GiftCardRestoreTooLarge> {
  const today = utcDateOf(at);
  assertAmount(amount);
  assertValidGiftCard(card);
  if (card.balance + amount > card.initialBalance) {
    return Either.left(
      new GiftCardRestoreTooLarge({ giftCardId: card.id, balance: card.balance, amount, initialBalance: card.initialBalance }),
    );
  }
  const balance = card.balance + amount;
  const expired = isGiftCardExpired(card, today);
  const next: GiftCard = {
    ...card,
    balance,
    status: card.status === "full_redeemed" && !expired ? "active" : card.status,
    updatedAt: at,
  };
  return Either.right({
    card: next,
    entry: { id: ledgerEntryId, giftCardId: card.id, kind: "restoration", amount, balanceAfter: balance, orderId, at },
  });
}
