// Pricing tiers, delivery zones and quotes as the API shows them (docs/api/offers-and-shipping.md,
// "Shipping"): fees and thresholds in decimal major units of the store's base currency
// (docs/api/conventions.md, "Money").
import type { CurrencyCode } from "../../domain/money/currency.js";
import type { DeliveryZone } from "../../domain/shipping/delivery-zone.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
import type { ShippingQuote } from "../../domain/shipping/quote-shipping.js";
import { toMajorUnits } from "../money/major-units.js";

const majorOrNull = (minor: number | null, currency: CurrencyCode): number | null => (minor === null ? null : toMajorUnits(minor, currency));

export const toPricingTierRecord = (tier: PricingTier, currency: CurrencyCode) => ({
  id: tier.id,
  tier_name: tier.tierName,
  min_distance_meters: tier.minDistanceMeters,
  max_distance_meters: tier.maxDistanceMeters,
  delivery_fee: toMajorUnits(tier.deliveryFee, currency),
  free_delivery_threshold: majorOrNull(tier.freeDeliveryThreshold, currency),
  is_active: tier.isActive,
  priority: tier.priority,
});
export type PricingTierRecord = ReturnType<typeof toPricingTierRecord>;

export const toDeliveryZoneRecord = (zone: DeliveryZone, currency: CurrencyCode) => ({
  id: zone.id,
  zone_name: zone.zoneName,
  delivery_fee: toMajorUnits(zone.deliveryFee, currency),
  free_delivery_threshold: majorOrNull(zone.freeDeliveryThreshold, currency),
  is_active: zone.isActive,
  priority: zone.priority,
  color: zone.color,
  polygon: zone.polygon.map(([latitude, longitude]) => [latitude, longitude] as const),
});
export type DeliveryZoneRecord = ReturnType<typeof toDeliveryZoneRecord>;

export const toShippingQuoteRecord = (quote: ShippingQuote, currency: CurrencyCode) => ({
  method: quote.method,
  zone_id: quote.method === "zone" ? quote.zoneId : null,
  zone_name: quote.method === "zone" ? quote.zoneName : null,
  tier_id: quote.method === "tier" ? quote.tierId : null,
  tier_name: quote.method === "tier" ? quote.tierName : null,
  distance_meters: quote.distanceMeters,
  delivery_fee: toMajorUnits(quote.fee, currency),
  base_delivery_fee: toMajorUnits(quote.baseFee, currency),
  free_delivery_threshold: majorOrNull(quote.freeDeliveryThreshold, currency),
  free_delivery_applied: quote.freeDeliveryApplied,
  currency: currency as string,
});
export type ShippingQuoteRecord = ReturnType<typeof toShippingQuoteRecord>;
