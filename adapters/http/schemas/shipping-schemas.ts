// The shipping answers as Schemas (spec 2.12): tiers, zones and quotes, fees in decimal major
// units of the store's base currency.
import { Schema } from "effect";

const Fee = Schema.Number.annotations({ description: "Major units of the store's base currency." });

export const PricingTier = Schema.Struct({
  id: Schema.String,
  tier_name: Schema.String,
  min_distance_meters: Schema.Number,
  max_distance_meters: Schema.Number.annotations({ description: "Exclusive: a tier covers [min, max) metres from the store." }),
  delivery_fee: Fee,
  free_delivery_threshold: Schema.NullOr(Fee),
  is_active: Schema.Boolean,
  priority: Schema.Number,
}).annotations({ identifier: "PricingTier" });

export const DeliveryZone = Schema.Struct({
  id: Schema.String,
  zone_name: Schema.String,
  delivery_fee: Fee,
  free_delivery_threshold: Schema.NullOr(Fee),
  is_active: Schema.Boolean,
  priority: Schema.Number,
  color: Schema.String,
  polygon: Schema.Array(Schema.Tuple(Schema.Number, Schema.Number)).annotations({ description: "[latitude, longitude] vertices." }),
}).annotations({ identifier: "DeliveryZone" });

export const ShippingZones = Schema.Struct({
  pricing_tiers: Schema.Array(PricingTier),
  delivery_zones: Schema.Array(DeliveryZone),
}).annotations({ identifier: "ShippingZones" });

export const ShippingQuote = Schema.Struct({
  method: Schema.Literal("zone", "tier"),
  zone_id: Schema.NullOr(Schema.String),
  zone_name: Schema.NullOr(Schema.String),
  tier_id: Schema.NullOr(Schema.String),
  tier_name: Schema.NullOr(Schema.String),
  distance_meters: Schema.NullOr(Schema.Number).annotations({ description: "From the store's location; null when it has none." }),
  delivery_fee: Fee.annotations({ description: "What is charged: 0 once the subtotal reaches the threshold." }),
  base_delivery_fee: Fee,
  free_delivery_threshold: Schema.NullOr(Fee),
  free_delivery_applied: Schema.Boolean,
  currency: Schema.String,
}).annotations({ identifier: "ShippingQuote" });
