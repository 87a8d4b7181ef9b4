// A distance pricing tier (docs/api/offers-and-shipping.md, "Shipping"): the delivery fee for
// destinations whose distance from the store falls in [minDistanceMeters, maxDistanceMeters). Fees
// are integer minor units of the base currency.
export interface PricingTier {
  readonly id: string;
  readonly tierName: string;
  /** Whole metres, inclusive. */
  readonly minDistanceMeters: number;
  /** Whole metres, exclusive, so adjacent tiers [0, 5000) and [5000, 10000) never both hold a distance. */
  readonly maxDistanceMeters: number;
  readonly deliveryFee: number;
  readonly freeDeliveryThreshold: number | null;
  readonly isActive: boolean;
  /** The higher number wins where ranges overlap. */
  readonly priority: number;
}
