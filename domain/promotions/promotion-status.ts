// A promotion's status at a moment, derived from the merchant switch, the clock and the uses so far (the
// stored status is only the switch), and whether a given customer may use it now.
import { assertValidPromotion, instantOf, type Promotion } from "./promotion.js";

export type PromotionStatus = "active" | "inactive" | "scheduled" | "expired";

/** Why a promotion cannot be used at all now; the first that holds, in this order. */
export type PromotionUnavailability =
  | "inactive"
  | "scheduled"
  | "expired"
  | "usage_limit_reached"
  | "customer_usage_limit_reached";

/**
 * Why the promotion cannot be used at `now` by a customer who has used it `customerTimesUsed` times when
 * it has been used `timesUsed` times in all; null when it can. The first that holds of: switched off > not started (now < startDate) > ended (now >= endDate) > used up (timesUsed >= usageLimit)
 * > used up by this customer (customerTimesUsed >= usagePerCustomer). Null when usable.
 */
export function promotionUnavailability(
  promotion: Promotion,
  now: Date,
  timesUsed: number,
  customerTimesUsed: number,
): PromotionUnavailability | null {
  assertValidPromotion(promotion);
  const at = now.getTime();
  if (Number.isNaN(at)) throw new RangeError("now must be a valid Date");
  if (promotion.status === "inactive") return "inactive";
  // [startDate, endDate): a promotion ending at midnight and its successor starting then never overlap
  if (at < instantOf(promotion.startDate)) return "scheduled";
  if (at >= instantOf(promotion.endDate)) return "expired";
  if (promotion.usageLimit !== null && timesUsed >= promotion.usageLimit) return "usage_limit_reached";
  if (promotion.usagePerCustomer !== null && customerTimesUsed >= promotion.usagePerCustomer) {
    return "customer_usage_limit_reached";
  }
  return null;
}

/**
 * The status shown for a promotion. A promotion whose usage limit is reached is `expired`: it is over for
 * every shopper, as one past its end date is, and listing it as active would advertise a deal nobody can
 * get. A per-customer limit does not change it, since the status is the same for everyone who reads it.
 */
export function promotionStatus(promotion: Promotion, now: Date, timesUsed: number): PromotionStatus {
  const reason = promotionUnavailability(promotion, now, timesUsed, 0);
  switch (reason) {
    case null:
    case "customer_usage_limit_reached":
      return "active";
    case "usage_limit_reached":
      return "expired";
    default:
      return reason;
  }
}
