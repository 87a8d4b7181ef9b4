// The gift card check (docs/api/states.md, "Gift cards"): valid exactly when the card is active,
// its balance is above 0 and it has not expired; a card is valid through its expiry day.
import { assertValidGiftCard, InvalidGiftCard, isCalendarDate, type GiftCard, type GiftCardStatus } from "./gift-card.js";

/** Why a card is not valid; the first that holds, in this order. */
export type GiftCardInvalidReason = "inactive" | "fully_redeemed" | "no_balance" | "expired";

export interface GiftCardCheck {
  readonly valid: boolean;
  /** Null when valid. */
  readonly reason: GiftCardInvalidReason | null;
  /** Integer minor units; the API answers it in major units. */
  readonly balance: number;
  readonly status: GiftCardStatus;
  readonly expiryDate: string | null;
  readonly maximumUsagePercentage: number | null;
  readonly giftCard: GiftCard;
}

/** True once `today` is past the expiry date; on the expiry day itself the card still works. */
export function isGiftCardExpired(card: Pick<GiftCard, "expiryDate">, today: string): boolean {
  if (!isCalendarDate(today)) throw new InvalidGiftCard({ reason: `today must be a YYYY-MM-DD date, got ${today}` });
  // both are YYYY-MM-DD, so string order is date order
  return card.expiryDate !== null && today > card.expiryDate;
}

/**
 * Checks a card on the calendar date `today` ('YYYY-MM-DD'). The caller chooses the calendar: Storefront's
 * dates are UTC (redeem and restore read the UTC date of their timestamp), so pass the UTC date.
 */
export function checkGiftCard(card: GiftCard, today: string): GiftCardCheck {
  assertValidGiftCard(card);
  const expired = isGiftCardExpired(card, today);
  const reason: GiftCardInvalidReason | null =
    card.status === "inactive"
      ? "inactive"
      : card.status === "full_redeemed"
        ? "fully_redeemed"
        : card.balance === 0
          ? "no_balance"
          : expired
            ? "expired"
            : null;
  return {
    valid: reason === null,
    reason,
    balance: card.balance,
    status: card.status,
    expiryDate: card.expiryDate,
    maximumUsagePercentage: card.maximumUsagePercentage,
    giftCard: card,
  };
}
