// Whether a delivery zone's polygon holds a point: ray casting (even-odd) in the latitude/longitude plane,
// with points on the boundary counted as inside.
import { assertCoordinates, type Coordinates, type LatLng } from "./coordinates.js";

/**
 * How far from an edge, in degrees, a point still counts as on it (1e-9° is about 0.1 mm): coordinates
 * typed or computed as decimals are not exact doubles, and a point meant to be on a border must not fall
 * in or out of the zone by the last bit. Boundary points are inside, so a point on the border of two
 * adjacent zones is in both, and priority decides between them.
 */
export const ON_EDGE_TOLERANCE_DEGREES = 1e-9;

function nearSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= ON_EDGE_TOLERANCE_DEGREES;
}

/**
 * `ring` lists the vertices as [latitude, longitude], closed or not (a repeated first vertex is harmless);
 * it may be concave. Fewer than three vertices enclose nothing. Planar, so a zone must not straddle the
 * antimeridian (none of a city's delivery zones does).
 */
export function polygonContains(ring: readonly LatLng[], point: Coordinates): boolean {
  assertCoordinates(point, "point");
  if (ring.length < 3) return false;
  const x = point.longitude;
  const y = point.latitude;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [yi, xi] = ring[i]!;
    const [yj, xj] = ring[j]!;
    if (nearSegment(x, y, xi, yi, xj, yj)) return true;
    // the half-open test (> on both ends) counts a vertex on the ray once, never twice
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
