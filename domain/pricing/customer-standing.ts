// A customer's standing for pricing: segment by paid orders (0 → "new", >= 5 in the last 365 days → "loyal",
// else "returning"; no customer → none) and tier by lifetime spend (the active tier rule with the highest
// minLifetimeSpend the spend meets, ties to the first tier name; none met → none).
import type { PriceRule } from "./price-rule.js";

export type CustomerSegment = "new" | "returning" | "loyal";

/** Tier names are the store's own (bronze, silver, gold, ...), taken from its tier rules. */
export type CustomerTier = string;

export interface PurchaseHistory {
  readonly paidOrders: number;
  /** Base-currency minor units paid over the customer's whole history. */
  readonly lifetimeSpend: number;
  /** Paid orders in the 365 days before the moment the caller priced at (the caller owns the clock). */
  readonly paidOrdersLastYear: number;
}

export interface CustomerStanding {
  readonly segment: CustomerSegment | null;
  readonly tier: CustomerTier | null;
}

/** Orders in the last 365 days from which a customer is "loyal". */
export const LOYAL_PAID_ORDERS_LAST_YEAR = 5;

export function customerSegment(history: PurchaseHistory): CustomerSegment {
  if (history.paidOrders < 1) return "new";
  return history.paidOrdersLastYear >= LOYAL_PAID_ORDERS_LAST_YEAR ? "loyal" : "returning";
}

/**
 * A tier rule without a minLifetimeSpend is not earned by spending, so it never grants a tier here: a
 * misconfigured threshold must not hand its discount to everyone.
 */
export function customerTier(lifetimeSpend: number, rules: readonly PriceRule[]): CustomerTier | null {
  let best: { readonly tier: CustomerTier; readonly threshold: number } | null = null;
  for (const rule of rules) {
    if (!rule.active || rule.kind !== "tier" || rule.tier === null || rule.minLifetimeSpend === null) continue;
    const threshold = rule.minLifetimeSpend;
    if (lifetimeSpend < threshold) continue;
    // code-unit order, not localeCompare: the outcome must not depend on the host's locale
    if (best === null || threshold > best.threshold || (threshold === best.threshold && rule.tier < best.tier)) {
      best = { tier: rule.tier, threshold };
    }
  }
  return best?.tier ?? null;
}

export function resolveStanding(
  history: PurchaseHistory | null,
  rules: readonly PriceRule[],
): CustomerStanding {
  if (history === null) return { segment: null, tier: null };
  return { segment: customerSegment(history), tier: customerTier(history.lifetimeSpend, rules) };
}
