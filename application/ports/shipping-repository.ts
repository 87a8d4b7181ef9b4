// A store's delivery zones (polygons) and distance pricing tiers.
import type { ServiceIdentifier } from "inversify";
import type { DeliveryZone } from "../../domain/shipping/delivery-zone.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";

export interface ShippingRepository {
  zones(storeId: string): Promise<readonly DeliveryZone[]>;
  tiers(storeId: string): Promise<readonly PricingTier[]>;
  findZone(storeId: string, id: string): Promise<DeliveryZone | undefined>;
  findTier(storeId: string, id: string): Promise<PricingTier | undefined>;
  insertZone(storeId: string, zone: DeliveryZone, now: string): Promise<void>;
  updateZone(storeId: string, zone: DeliveryZone, now: string): Promise<void>;
  removeZone(storeId: string, id: string): Promise<void>;
  insertTier(storeId: string, tier: PricingTier, now: string): Promise<void>;
  updateTier(storeId: string, tier: PricingTier, now: string): Promise<void>;
  removeTier(storeId: string, id: string): Promise<void>;
}
export const ShippingRepository: ServiceIdentifier<ShippingRepository> = Symbol.for("storefront.ShippingRepository");
