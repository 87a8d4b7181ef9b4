// Creates, changes and deletes a store's distance pricing tiers. A tier covers [min, max) metres
// from the store, so min must be below max; fees arrive in major units and are kept in minor.
import { inject, injectable } from "inversify";
import type { CurrencyCode } from "../../domain/money/currency.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
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
import type { PricingTierInput, PricingTierPatch } from "./shipping-inputs.js";
import { toPricingTierRecord, type PricingTierRecord } from "./shipping-records.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "pricing_tier", message: "No such pricing tier." });

const checkRange = (tier: PricingTier): void => {
  if (tier.minDistanceMeters >= tier.maxDistanceMeters) {
    throw new ParameterInvalid({ param: "max_distance_meters", message: "max_distance_meters must be above min_distance_meters" });
  }
};

@injectable()
export class ManagePricingTiers {
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

  async create(principal: Principal, input: PricingTierInput): Promise<PricingTierRecord> {
    const currency = await this.currency(principal);
    const tier: PricingTier = {
      id: this.ids.newId(),
      tierName: input.tier_name,
      minDistanceMeters: input.min_distance_meters,
      maxDistanceMeters: input.max_distance_meters,
      deliveryFee: minorUnitsOf(input.delivery_fee, currency, "delivery_fee"),
      freeDeliveryThreshold: minorUnitsOrNull(input.free_delivery_threshold ?? null, currency, "free_delivery_threshold"),
      isActive: input.is_active ?? true,
      priority: input.priority ?? 0,
    };
    checkRange(tier);
    await this.shipping.insertTier(principal.storeId, tier, this.clock.now().toISOString());
    return toPricingTierRecord(tier, currency);
  }

  async update(principal: Principal, id: string, patch: PricingTierPatch): Promise<PricingTierRecord> {
    const currency = await this.currency(principal);
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

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.shipping.findTier(principal.storeId, id)) === undefined) throw missing();
      await this.shipping.removeTier(principal.storeId, id);
    });
  }
}
