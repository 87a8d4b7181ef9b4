// The great-circle distance between two points by the haversine formula, on a sphere of the Earth's mean
// radius. Within about 0.5% of the ellipsoidal distance, which is plenty to price a delivery.
import { assertCoordinates, type Coordinates } from "./coordinates.js";

/** The IUGG mean Earth radius R1 = (2a + b) / 3 of WGS 84, in metres. */
export const EARTH_MEAN_RADIUS_METERS = 6_371_008.8;

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Metres along the sphere from `from` to `to` (not rounded). */
export function haversineMeters(from: Coordinates, to: Coordinates): number {
  assertCoordinates(from, "from");
  assertCoordinates(to, "to");
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  // rounding can push h a hair above 1 for antipodal points; asin of that would be NaN
  return 2 * EARTH_MEAN_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, h)));
}
