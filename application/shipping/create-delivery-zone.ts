// CreateDeliveryZone, the use case behind POST /v1/shipping/zones; what it shares with its sibling
// use cases is in delivery-zone-writes.ts.
import { inject, injectable } from "inversify";
import { loadBaseCurrency } from "../stores/store-currency.js";
import type { DeliveryZone } from "../../domain/shipping/delivery-zone.js";
import type { Principal } from "../access/principal.js";
import { minorUnitsOf, minorUnitsOrNull } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import type { DeliveryZoneInput } from "./shipping-inputs.js";
import { toDeliveryZoneRecord, type DeliveryZoneRecord } from "./shipping-records.js";
import { outline } from "./delivery-zone-writes.js";

@injectable()
export class CreateDeliveryZone {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: DeliveryZoneInput): Promise<DeliveryZoneRecord> {
    const currency = await loadBaseCurrency(this.stores, principal.storeId);
    const zone: DeliveryZone = {
      id: this.ids.newId(),
      zoneName: input.zone_name,
      deliveryFee: minorUnitsOf(input.delivery_fee, currency, "delivery_fee"),
      freeDeliveryThreshold: minorUnitsOrNull(input.free_delivery_threshold ?? null, currency, "free_delivery_threshold"),
      isActive: input.is_active ?? true,
      priority: input.priority ?? 0,
      color: input.color.toLowerCase(),
      polygon: outline(input.polygon),
    };
    await this.shipping.insertZone(principal.storeId, zone, this.clock.now().toISOString());
    return toDeliveryZoneRecord(zone, currency);
  }
}
