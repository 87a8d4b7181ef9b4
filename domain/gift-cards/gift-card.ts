// A gift card (docs/api/offers-and-shipping.md, "Gift cards") as the gift card rules read it, and
// the check that a stored card is well formed. Balances are integer minor units of the card's
// currency; the API shows them in major units.
import { Data } from "effect";
import type { CurrencyCode } from "../money/currency.js";
import { roundHalfEven } from "../money/rounding.js";

export type GiftCardStatus = "active" | "full_redeemed" | "inactive";

export interface GiftCard {
  readonly id: string;
  /** Normalised (gift-card-code.ts): upper case, groups of four joined by hyphens. */
  readonly code: string;
  /** Integer minor units, 0..initialBalance. */
  readonly balance: number;
  readonly initialBalance: number;
  readonly currency: CurrencyCode;
  /** `full_redeemed` when the balance reached 0; `inactive` is the merchant's switch. */
  readonly status: GiftCardStatus;
  /** Calendar date 'YYYY-MM-DD'; the card is valid through that day. Null: never expires. */
  readonly expiryDate: string | null;
  readonly customerId: string | null;
  /** Calendar date 'YYYY-MM-DD' (UTC). */
  readonly issuedDate: string;
  readonly lastUsedDate: string | null;
  /** 0..100 with at most two decimals: the most of an order's total the card may pay. Null means 100. */
  readonly maximumUsagePercentage: number | null;
  readonly redemptionCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A card or argument no caller should build (decoding at the boundary rules it out): a bug. */
export class InvalidGiftCard extends Data.TaggedError("InvalidGiftCard")<{ readonly reason: string }> {
  override readonly message = `invalid gift card input: ${this.reason}`;
}

/** A real calendar date written 'YYYY-MM-DD' (so that comparing the strings compares the dates). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The percentage in hundredths of a percent (basis points), exact: 12.5 → 1250. Two decimals keep the cap
 * computable exactly in integers; a finer percentage is refused rather than approximated.
 */
export function usageBasisPoints(maximumUsagePercentage: number | null): number | null {
  if (maximumUsagePercentage === null) return 10_000;
  if (typeof maximumUsagePercentage !== "number" || !(maximumUsagePercentage >= 0 && maximumUsagePercentage <= 100)) {
    return null;
  }
  const basisPoints = roundHalfEven(maximumUsagePercentage * 100);
  // 12.34 * 100 is 1233.9999999999998; dividing the integer back gives the double nearest 12.34, exactly 12.34
  return basisPoints / 100 === maximumUsagePercentage ? basisPoints : null;
}

const isNonNegativeSafeInteger = (n: unknown): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

/** What makes a card unusable by the rules (a message), or null when it is well formed. */
export function giftCardProblem(card: GiftCard): string | null {
  const where = `gift card ${JSON.stringify(card.id)}`;
  const problem = ((): string | null => {
    if (!isNonNegativeSafeInteger(card.initialBalance)) return `initialBalance must be an integer >= 0, got ${card.initialBalance}`;
    if (!isNonNegativeSafeInteger(card.balance) || card.balance > card.initialBalance) {
      return `balance must be an integer within 0..initialBalance (${card.initialBalance}), got ${card.balance}`;
    }
    if (card.status !== "active" && card.status !== "full_redeemed" && card.status !== "inactive") {
      return `unknown status ${JSON.stringify(card.status)}`;
    }
    if (card.expiryDate !== null && !isCalendarDate(card.expiryDate)) return `expiryDate is not a YYYY-MM-DD date: ${card.expiryDate}`;
    if (usageBasisPoints(card.maximumUsagePercentage) === null) {
      return `maximumUsagePercentage must be null or 0..100 with at most two decimals, got ${card.maximumUsagePercentage}`;
    }
    if (!isNonNegativeSafeInteger(card.redemptionCount)) return `redemptionCount must be an integer >= 0`;
    return null;
  })();
  return problem === null ? null : `${where}: ${problem}`;
}

export function assertValidGiftCard(card: GiftCard): void {
  const problem = giftCardProblem(card);
  if (problem !== null) throw new InvalidGiftCard({ reason: problem });
}
