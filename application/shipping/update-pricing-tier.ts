// UpdatePricingTier, the use case behind PATCH /v1/shipping/tiers/{id}; what it shares with its
// sibling use cases is in pricing-tier-writes.ts.
import { inject, injectable } from "inversify";
import { loadBaseCurrency } from "../stores/store-currency.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
import type { Principal } from "../access/principal.js";
import { minorUnitsOf, minorUnitsOrNull } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PricingTierPatch } from "./shipping-inputs.js";
import { toPricingTierRecord, type PricingTierRecord } from "./shipping-records.js";
import { missing, checkRange } from "./pricing-tier-writes.js";

@injectable()
export class UpdatePricingTier {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: PricingTierPatch): Promise<PricingTierRecord> {
    const currency = await loadBaseCurrency(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const current = await this.shipping.findTier(principal.storeId, id);
      if (current === undefined) throw missing();
      const next: PricingTier = {
        ...current,
        tierName: patch.tier_name ?? current.tierName,
        minDistanceMeters: patch.min_distance_meters ?? current.minDistanceMeters,
        maxDistanceMeters: patch.max_distance_meters ?? current.maxDistanceMeters,
        deliveryFee: patch.delivery_fee !== undefined ? minorUnitsOf(patch.delivery_fee, currency, "delivery_fee") : current.deliveryFee,
        freeDeliveryThreshold:
          patch.free_delivery_threshold !== undefined
            ? minorUnitsOrNull(patch.free_delivery_threshold, currency, "free_delivery_threshold")
            : current.freeDeliveryThreshold,
        isActive: patch.is_active ?? current.isActive,
        priority: patch.priority ?? current.priority,
      };
      checkRange(next);
      await this.shipping.updateTier(principal.storeId, next, this.clock.now().toISOString());
      return toPricingTierRecord(next, currency);
    });
  }
}
