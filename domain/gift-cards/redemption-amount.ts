// How much of an order a gift card pays: its balance, the order total and the card's usage cap, whichever
// is least. The cap is a bound, so it is rounded down, never up past it.
import { assertValidGiftCard, InvalidGiftCard, usageBasisPoints, type GiftCard } from "./gift-card.js";

/**
 * The largest whole amount of minor units within `maximumUsagePercentage`% of the total: floor, exactly.
 * Half-to-even (applyPercentage) is the rule for amounts that approximate a value; a cap is a limit, and
 * rounding 50% of 999 to 500 would let the card pay more than half. So the cap is the greatest integer m
 * with m * 100 <= total * percentage, computed in integers (percentages have at most two decimals).
 */
export function usageCap(card: Pick<GiftCard, "maximumUsagePercentage">, orderTotal: number): number {
  const basisPoints = usageBasisPoints(card.maximumUsagePercentage);
  if (basisPoints === null) throw new InvalidGiftCard({ reason: `bad maximumUsagePercentage ${card.maximumUsagePercentage}` });
  // BigInt division truncates, which is floor for these non-negative operands
  return Number((BigInt(orderTotal) * BigInt(basisPoints)) / 10_000n);
}

/**
 * What the card pays towards `orderTotal` (integer minor units: the total after discounts, with shipping
 * and tax, CONTRACT part 5): min(balance, cap, orderTotal). Arithmetic only: check the card first
 * (checkGiftCard); `redeem` refuses a card that is not valid.
 */
export function redemptionAmount(card: GiftCard, orderTotal: number): number {
  assertValidGiftCard(card);
  if (!(Number.isSafeInteger(orderTotal) && orderTotal >= 0)) {
    throw new InvalidGiftCard({ reason: `an order total must be a non-negative integer of minor units, got ${orderTotal}` });
  }
  return Math.min(card.balance, usageCap(card, orderTotal), orderTotal);
}
