// The promotion engine: which of a store's promotions apply to a cart and what each takes off, under the
// one stacking rule below. Checkout calls it with the cart's lines, the promotions, "now" and usage counts.
/*
 * STACKING RULE
 * 1. Usable: a promotion applies only if, at `now`, it is switched on, started (startDate <= now), not
 *    ended (now < endDate), below its usage limit and below the customer's limit. Others are rejected.
 * 2. One discount per unit: every unit of the cart is discounted by at most one promotion, so the total
 *    discount never exceeds the subtotal.
 * 3. Item-level promotions (bundle, bogo) stack: they are applied one at a time, the one taking most off
 *    first, each valued on the units no earlier one claimed. A promotion claims the units of its complete
 *    sets: the units it discounts, and a bogo's paid (required) units, which stay undiscounted. Each
 *    promotion applies once, to as many complete sets as the cart holds.
 * 4. At most one order-level promotion (fixed, discount): the one taking most off the covered units that
 *    no item-level promotion discounted.
 * 5. The shopper gets the better of two plans: (A) rules 3 then 4, or (B) the best order-level promotion
 *    alone on the whole cart; on equal totals plan B, which spends fewer promotions. So stacking never
 *    gives less than the best single order-level promotion.
 * 6. "Takes most off" ties go to the earlier startDate, then the smaller id; nothing depends on the order
 *    of the lines or of the promotions.
 */
import { isItemLevel, valuePromotion, type NoDiscountReason, type PromotionValuation } from "./promotion-discount.js";
import { promotionUnavailability, type PromotionUnavailability } from "./promotion-status.js";
import { assertValidPromotion, instantOf, InvalidPromotionInput, type Promotion, type PromotionType } from "./promotion.js";
import { applyClaims, poolsOf, type PromotionLine, type UnitPools } from "./unit-pools.js";

export interface PromotionContext {
  readonly now: Date;
  /** Times this customer has used each promotion, by promotion id; missing means 0 (and for a guest, empty). */
  readonly customerUsage: ReadonlyMap<string, number>;
  /** Times each promotion has been used by anyone, by promotion id; missing means 0. */
  readonly totalUsage: ReadonlyMap<string, number>;
}

export interface AppliedPromotion {
  readonly promotionId: string;
  readonly type: PromotionType;
  /** Integer minor units, > 0, at most eligibleSubtotal and maxDiscount. */
  readonly discount: number;
  /** The value of the covered units no earlier promotion in the plan had discounted. */
  readonly eligibleSubtotal: number;
  /** How the discount came about, in words, e.g. "2 free units for 2 complete required sets". */
  readonly reason: string;
}

export type PromotionRejection = PromotionUnavailability | NoDiscountReason | "outranked";

export interface RejectedPromotion {
  readonly promotionId: string;
  /** "outranked": it would take something off this cart alone, but the stacking rule chose others. */
  readonly reason: PromotionRejection;
}

export interface PromotionOutcome {
  /** In the order of application: item-level promotions first, then the order-level one. */
  readonly applied: readonly AppliedPromotion[];
  readonly totalDiscount: number;
  /** Sorted by promotion id. */
  readonly rejected: readonly RejectedPromotion[];
}

type Discounted = Extract<PromotionValuation, { _tag: "Discount" }>;

interface Candidate {
  readonly promotion: Promotion;
  readonly valuation: Discounted;
}

const ranksBefore = (a: Candidate, b: Candidate): boolean =>
  a.valuation.discount !== b.valuation.discount
    ? a.valuation.discount > b.valuation.discount
    : instantOf(a.promotion.startDate) !== instantOf(b.promotion.startDate)
      ? instantOf(a.promotion.startDate) < instantOf(b.promotion.startDate)
      : a.promotion.id < b.promotion.id;

function best(promotions: readonly Promotion[], pools: UnitPools): Candidate | null {
  let winner: Candidate | null = null;
  for (const promotion of promotions) {
    const valuation = valuePromotion(promotion, pools);
    if (valuation._tag !== "Discount") continue;
    const candidate = { promotion, valuation };
    if (winner === null || ranksBefore(candidate, winner)) winner = candidate;
  }
  return winner;
}

/** Rules 3 and 4. */
function stackedPlan(itemLevel: readonly Promotion[], orderLevel: readonly Promotion[], pools: UnitPools): Candidate[] {
  const plan: Candidate[] = [];
  let open = pools;
  let remaining = itemLevel;
  for (let next = best(remaining, open); next !== null; next = best(remaining, open)) {
    plan.push(next);
    open = applyClaims(open, next.valuation.claims);
    const chosen = next.promotion;
    remaining = remaining.filter((promotion) => promotion !== chosen);
  }
  const order = best(orderLevel, open);
  if (order !== null) plan.push(order);
  return plan;
}

const totalOf = (plan: readonly Candidate[]): number => plan.reduce((sum, c) => sum + c.valuation.discount, 0);

export function evaluatePromotions(
  lines: readonly PromotionLine[],
  promotions: readonly Promotion[],
  context: PromotionContext,
): PromotionOutcome {
  const ids = new Set<string>();
  for (const promotion of promotions) {
    assertValidPromotion(promotion);
    if (ids.has(promotion.id)) throw new InvalidPromotionInput({ reason: `promotion ${promotion.id} given twice` });
    ids.add(promotion.id);
  }
  const pools = poolsOf(lines);

  const rejected: RejectedPromotion[] = [];
  const usable: Promotion[] = [];
  for (const promotion of promotions) {
    const reason = promotionUnavailability(
      promotion,
      context.now,
      context.totalUsage.get(promotion.id) ?? 0,
      context.customerUsage.get(promotion.id) ?? 0,
    );
    if (reason === null) usable.push(promotion);
    else rejected.push({ promotionId: promotion.id, reason });
  }

  const orderLevel = usable.filter((promotion) => !isItemLevel(promotion));
  const planA = stackedPlan(usable.filter(isItemLevel), orderLevel, pools);
  const alone = best(orderLevel, pools);
  const planB = alone === null ? [] : [alone];
  const plan = totalOf(planA) > totalOf(planB) ? planA : planB;

  const applied = plan.map(({ promotion, valuation }): AppliedPromotion => ({
    promotionId: promotion.id,
    type: promotion.type,
    discount: valuation.discount,
    eligibleSubtotal: valuation.eligibleSubtotal,
    reason: valuation.reason,
  }));
  const appliedIds = new Set(applied.map((a) => a.promotionId));
  for (const promotion of usable) {
    if (appliedIds.has(promotion.id)) continue;
    const alone = valuePromotion(promotion, pools);
    rejected.push({ promotionId: promotion.id, reason: alone._tag === "NoDiscount" ? alone.reason : "outranked" });
  }
  rejected.sort((a, b) => (a.promotionId < b.promotionId ? -1 : a.promotionId > b.promotionId ? 1 : 0));
  return { applied, totalDiscount: totalOf(plan), rejected };
}
