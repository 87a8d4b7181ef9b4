// `GET /v1/shipping/zones` (docs/api/offers-and-shipping.md, "Shipping"): the store's distance
// pricing tiers and delivery zones, active or not (each says which), fees in major units.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { baseCurrencyOf } from "../stores/store-currency.js";
import {
  toDeliveryZoneRecord,
  toPricingTierRecord,
  type DeliveryZoneRecord,
  type PricingTierRecord,
} from "./shipping-records.js";

export interface ShippingZonesRecord {
  readonly pricing_tiers: readonly PricingTierRecord[];
  readonly delivery_zones: readonly DeliveryZoneRecord[];
}

@injectable()
export class ListShippingZones {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal): Promise<ShippingZonesRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const currency = baseCurrencyOf(store);
    const [tiers, zones] = await Promise.all([this.shipping.tiers(store.id), this.shipping.zones(store.id)]);
    return {
      pricing_tiers: tiers.map((tier) => toPricingTierRecord(tier, currency)),
      delivery_zones: zones.map((zone) => toDeliveryZoneRecord(zone, currency)),
    };
  }
}
