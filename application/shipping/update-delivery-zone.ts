// UpdateDeliveryZone, the use case behind PATCH /v1/shipping/zones/{id}; what it shares with its
// sibling use cases is in delivery-zone-writes.ts.
import { inject, injectable } from "inversify";
import { loadBaseCurrency } from "../stores/store-currency.js";
import type { DeliveryZone } from "../../domain/shipping/delivery-zone.js";
import type { Principal } from "../access/principal.js";
import { minorUnitsOf, minorUnitsOrNull } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { DeliveryZonePatch } from "./shipping-inputs.js";
import { toDeliveryZoneRecord, type DeliveryZoneRecord } from "./shipping-records.js";
import { missing, outline } from "./delivery-zone-writes.js";

@injectable()
export class UpdateDeliveryZone {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: DeliveryZonePatch): Promise<DeliveryZoneRecord> {
    const currency = await loadBaseCurrency(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const current = await this.shipping.findZone(principal.storeId, id);
      if (current === undefined) throw missing();
      const next: DeliveryZone = {
        ...current,
        zoneName: patch.zone_name ?? current.zoneName,
        deliveryFee: patch.delivery_fee !== undefined ? minorUnitsOf(patch.delivery_fee, currency, "delivery_fee") : current.deliveryFee,
        freeDeliveryThreshold:
          patch.free_delivery_threshold !== undefined
            ? minorUnitsOrNull(patch.free_delivery_threshold, currency, "free_delivery_threshold")
            : current.freeDeliveryThreshold,
        isActive: patch.is_active ?? current.isActive,
        priority: patch.priority ?? current.priority,
        color: patch.color?.toLowerCase() ?? current.color,
        polygon: patch.polygon !== undefined ? outline(patch.polygon) : current.polygon,
      };
      await this.shipping.updateZone(principal.storeId, next, this.clock.now().toISOString());
      return toDeliveryZoneRecord(next, currency);
    });
  }
}
