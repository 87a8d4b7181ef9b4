// The payloads of the shipping writes and of a quote as Schemas. Fees, thresholds and the quoted
// subtotal are decimal major units of the store's base currency (docs/api/conventions.md, "Money");
// a zone's outline is a ring of [latitude, longitude] vertices.
import { Schema } from "effect";

const withMessage = <S extends Schema.Schema.Any>(schema: S, message: string): S =>
  schema.annotations({ message: () => ({ message, override: true }) }) as S;

const Name = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200));
const Amount = withMessage(Schema.Number.pipe(Schema.between(0, 1e10)), "must be an amount from 0 in major units, such as 250.50");
const Priority = withMessage(Schema.Number.pipe(Schema.int(), Schema.between(-1_000_000, 1_000_000)), "must be a whole number from -1000000 to 1000000");
/** Half the Earth's circumference: no two points on it are further apart. */
const Meters = withMessage(Schema.Number.pipe(Schema.int(), Schema.between(0, 20_038_000)), "must be a whole number of metres from 0 to 20038000");
const Latitude = withMessage(Schema.Number.pipe(Schema.between(-90, 90)), "must be a latitude from -90 to 90");
const Longitude = withMessage(Schema.Number.pipe(Schema.between(-180, 180)), "must be a longitude from -180 to 180");
const Color = withMessage(Schema.String.pipe(Schema.pattern(/^#[0-9A-Fa-f]{6}$/)), "must be a hex colour such as #1f77b4");
const Polygon = withMessage(
  Schema.Array(Schema.Tuple(Latitude, Longitude)).pipe(Schema.minItems(3), Schema.maxItems(1_000)),
  "must be 3 to 1000 [latitude, longitude] vertices",
);

export const PricingTierInput = Schema.Struct({
  tier_name: Schema.propertySignature(Name).annotations({ description: "The tier's name." }),
  min_distance_meters: Schema.propertySignature(Meters).annotations({ description: "Start of the distance band in metres from the store (included)." }),
  max_distance_meters: Schema.propertySignature(Meters).annotations({ description: "End of the distance band in metres from the store (excluded)." }),
  delivery_fee: Schema.propertySignature(Amount).annotations({ description: "Fee in decimal major units of the store's base currency (e.g. 250.5); no more decimals than the currency has." }),
  free_delivery_threshold: Schema.optional(Schema.NullOr(Amount)).annotations({ description: "Subtotal (after discounts) in decimal major units of the store's base currency from which delivery is free; null or absent for never." }),
  is_active: Schema.optional(Schema.Boolean).annotations({ description: "False to leave the tier out of quotes." }),
  priority: Schema.optional(Priority).annotations({ description: "Which tier wins when several hold the distance (the higher)." }),
}).annotations({ identifier: "PricingTierInput" });
export type PricingTierInput = typeof PricingTierInput.Type;

export const PricingTierPatch = Schema.partial(PricingTierInput).annotations({ identifier: "PricingTierPatch" });
export type PricingTierPatch = typeof PricingTierPatch.Type;

export const DeliveryZoneInput = Schema.Struct({
  zone_name: Schema.propertySignature(Name).annotations({ description: "The zone's name." }),
  delivery_fee: Schema.propertySignature(Amount).annotations({ description: "Fee in decimal major units of the store's base currency (e.g. 250.5); no more decimals than the currency has." }),
  free_delivery_threshold: Schema.optional(Schema.NullOr(Amount)).annotations({ description: "Subtotal (after discounts) in decimal major units of the store's base currency from which delivery is free; null or absent for never." }),
  is_active: Schema.optional(Schema.Boolean).annotations({ description: "False to leave the zone out of quotes." }),
  priority: Schema.optional(Priority).annotations({ description: "Which zone wins when several hold the point (the higher)." }),
  color: Schema.propertySignature(Color).annotations({ description: "Colour for drawing the zone on a map (hex, e.g. #1f77b4)." }),
  polygon: Schema.propertySignature(Polygon).annotations({ description: "The zone's outline: 3 to 1000 [latitude, longitude] vertices." }),
}).annotations({ identifier: "DeliveryZoneInput" });
export type DeliveryZoneInput = typeof DeliveryZoneInput.Type;

export const DeliveryZonePatch = Schema.partial(DeliveryZoneInput).annotations({ identifier: "DeliveryZonePatch" });
export type DeliveryZonePatch = typeof DeliveryZonePatch.Type;

export const ShippingQuoteInput = Schema.Struct({
  latitude: Schema.propertySignature(Latitude).annotations({ description: "Latitude of the destination in degrees." }),
  longitude: Schema.propertySignature(Longitude).annotations({ description: "Longitude of the destination in degrees." }),
  /** The subtotal after discounts, which free delivery thresholds compare with; 0 when absent. */
  subtotal: Schema.optional(Amount).annotations({ description: "The order subtotal after discounts, in decimal major units of the store's base currency (compared with free-delivery thresholds); 0 when absent." }),
}).annotations({ identifier: "ShippingQuoteInput" });
export type ShippingQuoteInput = typeof ShippingQuoteInput.Type;
