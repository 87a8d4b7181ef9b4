// CreatePricingTier, the use case behind POST /v1/shipping/tiers; what it shares with its sibling
// use cases is in pricing-tier-writes.ts.
import { inject, injectable } from "inversify";
import { loadBaseCurrency } from "../stores/store-currency.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
import type { Principal } from "../access/principal.js";
import { minorUnitsOf, minorUnitsOrNull } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import type { PricingTierInput } from "./shipping-inputs.js";
import { toPricingTierRecord, type PricingTierRecord } from "./shipping-records.js";
import { checkRange } from "./pricing-tier-writes.js";

@injectable()
export class CreatePricingTier {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: PricingTierInput): Promise<PricingTierRecord> {
    const currency = await loadBaseCurrency(this.stores, principal.storeId);
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
}
