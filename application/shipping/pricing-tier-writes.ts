// Creates, changes and deletes a store's distance pricing tiers. A tier covers [min, max) metres
// from the store, so min must be below max; fees arrive in major units and are kept in minor.
// This module holds what the use cases CreatePricingTier, UpdatePricingTier and DeletePricingTier
// share (one class a file, docs/architecture.md, the application/ ring).
import type { CurrencyCode } from "../../domain/money/currency.js";
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { baseCurrencyOf } from "../stores/store-currency.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "pricing_tier", message: "No such pricing tier." });

export const checkRange = (tier: PricingTier): void => {
  if (tier.minDistanceMeters >= tier.maxDistanceMeters) {
    throw new ParameterInvalid({ param: "max_distance_meters", message: "max_distance_meters must be above min_distance_meters" });
  }
};

export async function tierCurrency(deps: { readonly stores: StoreRepository }, principal: Principal): Promise<CurrencyCode> {
  return baseCurrencyOf(await loadStore(deps.stores, principal.storeId));
}
