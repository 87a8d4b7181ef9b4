// A customer's standing with the store, as `store_metrics.status` shows it: `new` before a
// first purchase, `active` while the last purchase is under a year old, `lapsed` after that.
import { Schema } from "effect";

export const PurchaseStanding = Schema.Literal("new", "active", "lapsed");
export type PurchaseStanding = typeof PurchaseStanding.Type;

export const LAPSED_AFTER_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

export const purchaseStanding = (totalPurchases: number, lastPurchaseAt: string | null, now: Date): PurchaseStanding => {
  if (totalPurchases <= 0 || lastPurchaseAt === null) return "new";
  const last = Date.parse(lastPurchaseAt);
  if (Number.isNaN(last)) return "new";
  return now.getTime() - last > LAPSED_AFTER_DAYS * DAY_MS ? "lapsed" : "active";
};
