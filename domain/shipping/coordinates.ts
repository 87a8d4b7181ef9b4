// A point on the Earth in decimal degrees (WGS 84), the one check that it is a real point, and the error
// for shipping input no caller should build.
import { Data } from "effect";

export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** A polygon vertex as [latitude, longitude], the order zones are stored and drawn in. */
export type LatLng = readonly [latitude: number, longitude: number];

/** Decoding at the boundary rules this out, so it is a bug, not a shopper's error. */
export class InvalidShippingInput extends Data.TaggedError("InvalidShippingInput")<{ readonly reason: string }> {
  override readonly message = `invalid shipping input: ${this.reason}`;
}

export function isCoordinates(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    latitude >= -90 &&
    latitude <= 90 &&
    longitude >= -180 &&
    longitude <= 180
  );
}

export function assertCoordinates(point: Coordinates, what: string): void {
  if (!isCoordinates(point.latitude, point.longitude)) {
    throw new InvalidShippingInput({ reason: `${what} must be a latitude in -90..90 and a longitude in -180..180` });
  }
}
