// The shipping answers as Schemas (docs/api/offers-and-shipping.md, "Shipping"): tiers, zones and
// quotes, fees in decimal major units of the store's base currency.
import { Schema } from "effect";

const Fee = Schema.Number.annotations({ description: "Major units of the store's base currency." });

export const PricingTier = Schema.Struct({
  id: Schema.String.annotations({ description: "The tier's id." }),
  tier_name: Schema.String.annotations({ description: "The tier's name." }),
  min_distance_meters: Schema.Number.annotations({ description: "Start of the tier's distance band in metres from the store (included)." }),
  max_distance_meters: Schema.Number.annotations({ description: "End of the distance band in metres from the store (excluded): a tier covers [min, max)." }),
  delivery_fee: Fee.annotations({ description: "Fee in decimal major units of the store's base currency." }),
  free_delivery_threshold: Schema.NullOr(Fee).annotations({ description: "Subtotal (after discounts) in decimal major units of the store's base currency from which delivery is free; null for never." }),
  is_active: Schema.Boolean.annotations({ description: "False when the tier is not used for quotes." }),
  priority: Schema.Number.annotations({ description: "Which tier wins when several hold the distance (the higher)." }),
}).annotations({ identifier: "PricingTier" });

export const DeliveryZone = Schema.Struct({
  id: Schema.String.annotations({ description: "The zone's id." }),
  zone_name: Schema.String.annotations({ description: "The zone's name." }),
  delivery_fee: Fee.annotations({ description: "Fee in decimal major units of the store's base currency." }),
  free_delivery_threshold: Schema.NullOr(Fee).annotations({ description: "Subtotal (after discounts) in decimal major units of the store's base currency from which delivery is free; null for never." }),
  is_active: Schema.Boolean.annotations({ description: "False when the zone is not used for quotes." }),
  priority: Schema.Number.annotations({ description: "Which zone wins when several hold the point (the higher)." }),
  color: Schema.String.annotations({ description: "Colour for drawing the zone on a map (hex, e.g. #1f77b4)." }),
  polygon: Schema.Array(Schema.Tuple(Schema.Number, Schema.Number)).annotations({ description: "[latitude, longitude] vertices." }),
}).annotations({ identifier: "DeliveryZone" });

export const ShippingZones = Schema.Struct({
  pricing_tiers: Schema.Array(PricingTier).annotations({ description: "Every distance tier, active or not, by min_distance_meters." }),
  delivery_zones: Schema.Array(DeliveryZone).annotations({ description: "Every delivery zone, active or not, by priority." }),
}).annotations({ identifier: "ShippingZones" });

export const ShippingQuote = Schema.Struct({
  method: Schema.Literal("zone", "tier").annotations({ description: "zone (the point lies in a delivery zone) or tier (priced by distance)." }),
  zone_id: Schema.NullOr(Schema.String).annotations({ description: "The zone used, or null." }),
  zone_name: Schema.NullOr(Schema.String).annotations({ description: "The zone's name, or null." }),
  tier_id: Schema.NullOr(Schema.String).annotations({ description: "The tier used, or null." }),
  tier_name: Schema.NullOr(Schema.String).annotations({ description: "The tier's name, or null." }),
  distance_meters: Schema.NullOr(Schema.Number).annotations({ description: "From the store's location; null when it has none." }),
  delivery_fee: Fee.annotations({ description: "What is charged, in decimal major units of the store's base currency: 0 once the subtotal reaches the threshold." }),
  base_delivery_fee: Fee.annotations({ description: "The zone's or tier's fee before any free delivery, in decimal major units of the store's base currency." }),
  free_delivery_threshold: Schema.NullOr(Fee).annotations({ description: "Subtotal in decimal major units of the store's base currency from which delivery is free; null for never." }),
  free_delivery_applied: Schema.Boolean.annotations({ description: "True when the subtotal reached the threshold." }),
  currency: Schema.String.annotations({ description: "Currency of the fees (ISO 4217): the store's base currency." }),
}).annotations({ identifier: "ShippingQuote" });
