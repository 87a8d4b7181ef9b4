// Creates, changes and deletes a store's delivery zones: an outline of at least three distinct
// [latitude, longitude] vertices, a '#rrggbb' colour to draw it, and a fee in major units.
// This module holds what the use cases CreateDeliveryZone, UpdateDeliveryZone and
// DeleteDeliveryZone share (one class a file, docs/architecture.md, the application/ ring).
import type { LatLng } from "../../domain/shipping/coordinates.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "delivery_zone", message: "No such delivery zone." });

/** Three vertices that repeat one point enclose nothing; a repeated closing vertex is fine. */
export const outline = (polygon: readonly (readonly [number, number])[]): LatLng[] => {
  const vertices = polygon.map(([latitude, longitude]): LatLng => [latitude, longitude]);
  if (new Set(vertices.map((v) => `${v[0]},${v[1]}`)).size < 3) {
    throw new ParameterInvalid({ param: "polygon", message: "polygon must have at least 3 distinct vertices" });
  }
  return vertices;
};
