// The cart as the promotion rules see it: units grouped by product, category and unit price, each group
// tracking how many units promotions have claimed and discounted. Grouping makes line order irrelevant.
import { InvalidPromotionInput } from "./promotion.js";

export interface PromotionLine {
  readonly productId: string;
  readonly categoryId: string | null;
  /** An integer >= 1. */
  readonly quantity: number;
  /** Integer minor units per unit, in the currency of the promotions' amounts. */
  readonly unitPrice: number;
}

export interface UnitPool {
  readonly productId: string;
  readonly categoryId: string | null;
  readonly unitPrice: number;
  readonly quantity: number;
  /** Units no bundle or bogo has claimed yet, whether to discount them or to qualify (bogo's paid units). */
  readonly unclaimed: number;
  /** Units no promotion has discounted yet; a unit is discounted by at most one promotion. */
  readonly undiscounted: number;
}

/** Sorted by product, then unit price ascending, then category, so the cheapest units of a product come first. */
export type UnitPools = readonly UnitPool[];

export interface Claim {
  readonly pool: number;
  readonly units: number;
  /** False for units that only qualify (a bogo's paid units): they stay open to an order-level discount. */
  readonly discounted: boolean;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function assertLine(line: PromotionLine): void {
  const fail = (reason: string): never => {
    throw new InvalidPromotionInput({ reason });
  };
  if (typeof line.productId !== "string" || line.productId === "") fail("a line needs a productId");
  if (line.categoryId !== null && typeof line.categoryId !== "string") fail(`line ${line.productId}: bad categoryId`);
  if (!(Number.isSafeInteger(line.quantity) && line.quantity >= 1)) {
    fail(`line ${line.productId}: quantity must be an integer >= 1, got ${line.quantity}`);
  }
  if (!(Number.isSafeInteger(line.unitPrice) && line.unitPrice >= 0)) {
    fail(`line ${line.productId}: unitPrice must be a non-negative integer of minor units, got ${line.unitPrice}`);
  }
}

export function poolsOf(lines: readonly PromotionLine[]): UnitPools {
  const byKey = new Map<string, { productId: string; categoryId: string | null; unitPrice: number; quantity: number }>();
  let subtotal = 0;
  for (const line of lines) {
    assertLine(line);
    subtotal += line.quantity * line.unitPrice;
    const key = JSON.stringify([line.productId, line.categoryId, line.unitPrice]);
    const pool = byKey.get(key);
    if (pool === undefined) byKey.set(key, { ...line });
    else pool.quantity += line.quantity;
  }
  // every partial sum of unit values below is at most the subtotal, so this one check keeps them all exact
  if (!Number.isSafeInteger(subtotal)) throw new InvalidPromotionInput({ reason: `subtotal ${subtotal} is not a safe integer` });
  return [...byKey.values()]
    .sort(
      (a, b) =>
        compareText(a.productId, b.productId) ||
        a.unitPrice - b.unitPrice ||
        compareText(a.categoryId ?? "", b.categoryId ?? "") ||
        (a.categoryId === null ? 0 : 1) - (b.categoryId === null ? 0 : 1),
    )
    .map((pool) => ({ ...pool, unclaimed: pool.quantity, undiscounted: pool.quantity }));
}

export function applyClaims(pools: UnitPools, claims: readonly Claim[]): UnitPools {
  const next = pools.map((pool) => ({ ...pool }));
  for (const claim of claims) {
    const pool = next[claim.pool]!;
    pool.unclaimed -= claim.units;
    if (claim.discounted) pool.undiscounted -= claim.units;
    if (pool.unclaimed < 0 || pool.undiscounted < 0) throw new Error(`over-claimed pool ${claim.pool}`);
  }
  return next;
}

/** A product's claimable units for one promotion: indices of its unclaimed, covered pools, cheapest first. */
export interface ProductUnits {
  readonly pools: readonly number[];
  readonly count: number;
}

export function claimableUnits(pools: UnitPools, productId: string, covers: (pool: UnitPool) => boolean): ProductUnits {
  const indices: number[] = [];
  let count = 0;
  pools.forEach((pool, index) => {
    if (pool.productId === productId && pool.unclaimed > 0 && covers(pool)) {
      indices.push(index);
      count += pool.unclaimed;
    }
  });
  return { pools: indices, count };
}

/** Claims `units` of the product's claimable units, cheapest first or dearest first, with their value. */
export function take(
  pools: UnitPools,
  units: ProductUnits,
  count: number,
  from: "cheapest" | "dearest",
  discounted: boolean,
): { readonly claims: readonly Claim[]; readonly value: number } {
  const order = from === "cheapest" ? units.pools : [...units.pools].reverse();
  const claims: Claim[] = [];
  let value = 0;
  let left = count;
  for (const index of order) {
    if (left === 0) break;
    const pool = pools[index]!;
    const n = Math.min(left, pool.unclaimed);
    claims.push({ pool: index, units: n, discounted });
    value += n * pool.unitPrice;
    left -= n;
  }
  if (left > 0) throw new Error(`asked for ${count} units, ${count - left} claimable`);
  return { claims, value };
}
