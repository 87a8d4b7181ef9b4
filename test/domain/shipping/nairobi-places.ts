// Two places in Nairobi used by the distance and quote tests: the CBD (Wikipedia's coordinates for the
// city) and Westlands, 3608.96 m apart on the haversine sphere.
import type { Coordinates } from "../../../domain/shipping/coordinates.js";

export const NAIROBI_CBD: Coordinates = { latitude: -1.2864, longitude: 36.8172 };
export const WESTLANDS: Coordinates = { latitude: -1.2667, longitude: 36.7914 };
