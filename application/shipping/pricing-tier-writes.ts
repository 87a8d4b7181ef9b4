// Creates, changes and deletes a store's distance pricing tiers. A tier covers [min, max) metres
// from the store, so min must be below max; fees arrive in major units and are kept in minor.
// This module holds what the use cases CreatePricingTier, UpdatePricingTier and DeletePricingTier
// share (one class a file, docs/architecture.md, the application/ ring).
import type { PricingTier } from "../../domain/shipping/pricing-tier.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "pricing_tier", message: "No such pricing tier." });

export const checkRange = (tier: PricingTier): void => {
  if (tier.minDistanceMeters >= tier.maxDistanceMeters) {
    throw new ParameterInvalid({ param: "max_distance_meters", message: "max_distance_meters must be above min_distance_meters" });
  }
};
