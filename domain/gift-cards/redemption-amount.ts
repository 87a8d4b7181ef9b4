// How much of an order a gift card pays: its balance, the order total and the card's usage cap, whichever
// is least. The cap is a bound, so it is rounded down, never up past it. A card in another currency
// than the order's is converted at the store's rate (foreignRedemption).
import type { CurrencyCode } from "../money/currency.js";
import { convertMinorByInverse, convertMinorDirected } from "../money/rounding.js";
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
 * and tax, docs/api/orders.md, "Order amounts"): min(balance, cap, orderTotal). Arithmetic only:
 * check the card first (checkGiftCard); `redeem` refuses a card that is not valid.
 */
export function redemptionAmount(card: GiftCard, orderTotal: number): number {
  assertValidGiftCard(card);
  if (!(Number.isSafeInteger(orderTotal) && orderTotal >= 0)) {
    throw new InvalidGiftCard({ reason: `an order total must be a non-negative integer of minor units, got ${orderTotal}` });
  }
  return Math.min(card.balance, usageCap(card, orderTotal), orderTotal);
}

/** What a redemption moves: minor units of the card's currency off the card, minor units of the order's currency off the total. */
export interface Redemption {
  readonly cardAmount: number;
  readonly orderAmount: number;
}

/**
 * A card redeemed against an order in another currency (balances are major units of the card's own
 * currency: docs/api/conventions.md, "Money"). `rate` is the store's exchange rate: major units of
 * the card's currency per one of the order's. The card covers min(total, usage cap) if its balance
 * is enough, taking the card units that amount needs rounded UP (the card pays at most one of its
 * minor units more than the exact value, never less, so the order is covered); otherwise its whole
 * balance pays what it is worth rounded DOWN (never more than the card holds). Either way the two
 * amounts differ from the exact conversion by less than one minor unit of the coarser currency. In
 * one currency this is redemptionAmount on both sides.
 */
export function foreignRedemption(card: GiftCard, orderTotal: number, orderCurrency: CurrencyCode, rate: number): Redemption {
  if (card.currency === orderCurrency) {
    const amount = redemptionAmount(card, orderTotal);
    return { cardAmount: amount, orderAmount: amount };
  }
  assertValidGiftCard(card);
  if (!(Number.isSafeInteger(orderTotal) && orderTotal >= 0)) {
    throw new InvalidGiftCard({ reason: `an order total must be a non-negative integer of minor units, got ${orderTotal}` });
  }
  const limit = Math.min(usageCap(card, orderTotal), orderTotal);
  const needed = cardUnitsFor(limit, orderCurrency, card.currency, rate);
  if (needed !== undefined && needed <= card.balance) return { cardAmount: needed, orderAmount: limit };
  const worth = Math.min(limit, convertMinorByInverse(card.balance, card.currency, orderCurrency, rate, "down"));
  // A balance worth less than one minor unit of the order pays nothing and keeps its units.
  return worth === 0 ? { cardAmount: 0, orderAmount: 0 } : { cardAmount: card.balance, orderAmount: worth };
}

/** The card units that cover `amount` of the order, or undefined when they pass the safe integers (more than any balance). */
function cardUnitsFor(amount: number, orderCurrency: CurrencyCode, cardCurrency: CurrencyCode, rate: number): number | undefined {
  try {
    return convertMinorDirected(amount, orderCurrency, cardCurrency, rate, "up");
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

