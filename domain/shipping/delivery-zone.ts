// A delivery zone (docs/api/offers-and-shipping.md, "Shipping"): an area drawn on the map with its
// own delivery fee. Fees are integer minor units of the store's base currency; the API shows them
// in major units.
import type { LatLng } from "./coordinates.js";

export interface DeliveryZone {
  readonly id: string;
  readonly zoneName: string;
  readonly deliveryFee: number;
  /** The subtotal after discounts from which delivery is free; null: never free. */
  readonly freeDeliveryThreshold: number | null;
  readonly isActive: boolean;
  /** The higher number wins where zones overlap. */
  readonly priority: number;
  /** '#rrggbb', for drawing the zone. */
  readonly color: string;
  /** The outline as a ring of [latitude, longitude] vertices. */
  readonly polygon: readonly LatLng[];
}
