// Creates, changes and deletes a store's delivery zones: an outline of at least three distinct
// [latitude, longitude] vertices, a '#rrggbb' colour to draw it, and a fee in major units.
import { inject, injectable } from "inversify";
import type { CurrencyCode } from "../../domain/money/currency.js";
import type { LatLng } from "../../domain/shipping/coordinates.js";
import type { DeliveryZone } from "../../domain/shipping/delivery-zone.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { minorUnitsOf, minorUnitsOrNull } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { baseCurrencyOf } from "../stores/store-currency.js";
import type { DeliveryZoneInput, DeliveryZonePatch } from "./shipping-inputs.js";
import { toDeliveryZoneRecord, type DeliveryZoneRecord } from "./shipping-records.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "delivery_zone", message: "No such delivery zone." });

/** Three vertices that repeat one point enclose nothing; a repeated closing vertex is fine. */
const outline = (polygon: readonly (readonly [number, number])[]): LatLng[] => {
  const vertices = polygon.map(([latitude, longitude]): LatLng => [latitude, longitude]);
  if (new Set(vertices.map((v) => `${v[0]},${v[1]}`)).size < 3) {
    throw new ParameterInvalid({ param: "polygon", message: "polygon must have at least 3 distinct vertices" });
  }
  return vertices;
};

@injectable()
export class ManageDeliveryZones {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private async currency(principal: Principal): Promise<CurrencyCode> {
    return baseCurrencyOf(await loadStore(this.stores, principal.storeId));
  }

  async create(principal: Principal, input: DeliveryZoneInput): Promise<DeliveryZoneRecord> {
    const currency = await this.currency(principal);
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

  async update(principal: Principal, id: string, patch: DeliveryZonePatch): Promise<DeliveryZoneRecord> {
    const currency = await this.currency(principal);
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

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.shipping.findZone(principal.storeId, id)) === undefined) throw missing();
      await this.shipping.removeZone(principal.storeId, id);
    });
  }
}
