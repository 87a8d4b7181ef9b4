// What one promotion takes off, on its own, given the units still open to it: the discount, its eligible
// subtotal and the units it claims; or the reason it takes nothing. Stacking is evaluate-promotions.ts.
import { applyPercentage } from "../money/rounding.js";
import { promotionCovers, type ProductQuantity, type Promotion } from "./promotion.js";
import { claimableUnits, take, type Claim, type ProductUnits, type UnitPool, type UnitPools } from "./unit-pools.js";

/** Why a usable promotion takes nothing off this cart. */
export type NoDiscountReason =
  | "no_eligible_items"
  | "min_purchase_not_met"
  | "bundle_incomplete"
  | "bogo_required_incomplete"
  | "bogo_free_missing"
  | "no_discount";

export type PromotionValuation =
  | {
      readonly _tag: "Discount";
      /** Integer minor units, > 0. */
      readonly discount: number;
      /** The value of the covered units no earlier promotion discounted; minPurchase is compared with it. */
      readonly eligibleSubtotal: number;
      readonly claims: readonly Claim[];
      readonly reason: string;
    }
  | { readonly _tag: "NoDiscount"; readonly reason: NoDiscountReason };

export const isItemLevel = (promotion: Promotion): boolean => promotion.type === "bundle" || promotion.type === "bogo";

const noDiscount = (reason: NoDiscountReason): PromotionValuation => ({ _tag: "NoDiscount", reason });

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function capped(promotion: Promotion, raw: number, ceiling: number): { readonly discount: number; readonly note: string } {
  const bounded = Math.min(raw, ceiling);
  if (promotion.maxDiscount !== null && promotion.maxDiscount < bounded) {
    return { discount: promotion.maxDiscount, note: " (capped at the maximum discount)" };
  }
  return { discount: bounded, note: "" };
}

function orderLevel(promotion: Promotion, pools: UnitPools, eligibleSubtotal: number, covers: (p: UnitPool) => boolean): PromotionValuation {
  const percentage = promotion.type === "discount" && promotion.discountType === "percentage";
  const raw = percentage ? applyPercentage(eligibleSubtotal, promotion.discountValue) : promotion.discountValue;
  const { discount, note } = capped(promotion, raw, eligibleSubtotal);
  if (discount === 0) return noDiscount("no_discount");
  const claims: Claim[] = [];
  pools.forEach((pool, index) => {
    if (covers(pool) && pool.undiscounted > 0) claims.push({ pool: index, units: pool.undiscounted, discounted: true });
  });
  const what = percentage ? `${promotion.discountValue}% off` : "a fixed amount off";
  return { _tag: "Discount", discount, eligibleSubtotal, claims, reason: `${what} the eligible subtotal${note}` };
}

function bundle(promotion: Promotion, pools: UnitPools, eligibleSubtotal: number, covers: (p: UnitPool) => boolean): PromotionValuation {
  const parts = promotion.bundleProducts.map((entry) => ({ entry, units: claimableUnits(pools, entry.productId, covers) }));
  const sets = Math.min(...parts.map(({ entry, units }) => Math.floor(units.count / entry.quantity)));
  if (sets === 0) return noDiscount("bundle_incomplete");
  const claims: Claim[] = [];
  let setValue = 0;
  for (const { entry, units } of parts) {
    // the cheapest units form the sets, as the cheapest units are the free ones of a bogo
    const taken = take(pools, units, entry.quantity * sets, "cheapest", true);
    claims.push(...taken.claims);
    setValue += taken.value;
  }
  const raw =
    promotion.discountType === "percentage"
      ? applyPercentage(setValue, promotion.discountValue)
      : promotion.discountValue * sets;
  const { discount, note } = capped(promotion, raw, setValue);
  if (discount === 0) return noDiscount("no_discount");
  return { _tag: "Discount", discount, eligibleSubtotal, claims, reason: `${plural(sets, "complete bundle set")}${note}` };
}

interface BogoPart {
  readonly productId: string;
  readonly units: ProductUnits;
  /** Units of this product per required set (0 when it is only a free product). */
  readonly required: number;
  /** Units of this product per free set (0 when it is only a required product). */
  readonly free: number;
}

function bogoParts(promotion: Promotion, pools: UnitPools, covers: (p: UnitPool) => boolean): readonly BogoPart[] {
  const quantity = (list: readonly ProductQuantity[], productId: string): number =>
    list.find((entry) => entry.productId === productId)?.quantity ?? 0;
  const ids = [...new Set([...promotion.bogoRequiredProducts, ...promotion.bogoFreeProducts].map((e) => e.productId))];
  return ids.map((productId) => ({
    productId,
    units: claimableUnits(pools, productId, covers),
    required: quantity(promotion.bogoRequiredProducts, productId),
    free: quantity(promotion.bogoFreeProducts, productId),
  }));
}

/** Free units of a product when `sets` required sets are claimed: up to one free set each, from what is left. */
const freeUnits = (part: BogoPart, sets: number): number => Math.min(part.free * sets, part.units.count - part.required * sets);

/**
 * The number of required sets to claim: the one freeing the most value, the fewest on a tie. It is found
 * among few candidates rather than by trying every count: each product's free value is a prefix sum of
 * ascending prices (convex) of a piecewise-linear count, so the total is convex between the points where
 * some product's count turns (free·R = left − required·R), and a convex function peaks at an end.
 */
function bestSetCount(parts: readonly BogoPart[], pools: UnitPools, maxSets: number): { readonly sets: number; readonly value: number } {
  const candidates = new Set<number>([1, maxSets]);
  for (const part of parts) {
    if (part.free === 0) continue;
    const turn = part.units.count / (part.free + part.required);
    for (const r of [Math.floor(turn), Math.ceil(turn)]) if (r >= 1 && r <= maxSets) candidates.add(r);
  }
  let best = { sets: 0, value: -1 };
  for (const sets of [...candidates].sort((a, b) => a - b)) {
    const value = parts.reduce(
      (sum, part) => sum + (part.free === 0 ? 0 : take(pools, part.units, freeUnits(part, sets), "cheapest", true).value),
      0,
    );
    if (value > best.value) best = { sets, value };
  }
  return best;
}

function bogo(promotion: Promotion, pools: UnitPools, eligibleSubtotal: number, covers: (p: UnitPool) => boolean): PromotionValuation {
  const parts = bogoParts(promotion, pools, covers);
  const maxSets = Math.min(...parts.filter((p) => p.required > 0).map((p) => Math.floor(p.units.count / p.required)));
  if (maxSets === 0) return noDiscount("bogo_required_incomplete");
  const { sets } = bestSetCount(parts, pools, maxSets);
  const claims: Claim[] = [];
  let value = 0;
  let free = 0;
  for (const part of parts) {
    // paid units are the dearest and free ones the cheapest, so "buy one, get one" frees the cheaper one
    if (part.required > 0) claims.push(...take(pools, part.units, part.required * sets, "dearest", false).claims);
    if (part.free > 0) {
      const count = freeUnits(part, sets);
      const taken = take(pools, part.units, count, "cheapest", true);
      claims.push(...taken.claims);
      value += taken.value;
      free += count;
    }
  }
  if (free === 0) return noDiscount("bogo_free_missing");
  const { discount, note } = capped(promotion, value, value);
  if (discount === 0) return noDiscount("no_discount");
  return {
    _tag: "Discount",
    discount,
    eligibleSubtotal,
    claims,
    reason: `${plural(free, "free unit")} for ${plural(sets, "complete required set")}${note}`,
  };
}

/**
 * Values one promotion on `pools`. Its units are the covered ones (applicableProducts/Categories); its
 * eligible subtotal is the value of covered units no earlier promotion discounted, and must reach
 * minPurchase. Order-level types discount that subtotal; bundle and bogo claim only unclaimed units.
 * The discount never exceeds maxDiscount, nor the value of the units it discounts.
 */
export function valuePromotion(promotion: Promotion, pools: UnitPools): PromotionValuation {
  const covers = (pool: UnitPool): boolean => promotionCovers(promotion, pool.productId, pool.categoryId);
  const eligibleSubtotal = pools.reduce((sum, pool) => sum + (covers(pool) ? pool.undiscounted * pool.unitPrice : 0), 0);
  if (eligibleSubtotal === 0) return noDiscount("no_eligible_items");
  if (eligibleSubtotal < promotion.minPurchase) return noDiscount("min_purchase_not_met");
  switch (promotion.type) {
    case "fixed":
    case "discount":
      return orderLevel(promotion, pools, eligibleSubtotal, covers);
    case "bundle":
      return bundle(promotion, pools, eligibleSubtotal, covers);
    case "bogo":
      return bogo(promotion, pools, eligibleSubtotal, covers);
  }
}
