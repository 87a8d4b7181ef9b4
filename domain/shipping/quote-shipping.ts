// The delivery fee of an order: the delivery zone holding the destination, else the distance tier holding
// its distance from the store; free from the threshold on. The quote records how it was reached.
import { Data, Either } from "effect";
import { roundHalfEven } from "../money/rounding.js";
import { assertCoordinates, InvalidShippingInput, isCoordinates, type Coordinates } from "./coordinates.js";
import type { DeliveryZone } from "./delivery-zone.js";
import { haversineMeters } from "./great-circle-distance.js";
import { polygonContains } from "./polygon-contains.js";
import type { PricingTier } from "./pricing-tier.js";

export interface ShippingRequest {
  readonly destination: Coordinates;
  /** The store's location; null when the store has none, and then only zones can price a delivery. */
  readonly origin: Coordinates | null;
  readonly zones: readonly DeliveryZone[];
  readonly tiers: readonly PricingTier[];
  /**
   * Integer minor units: the subtotal after discounts, before shipping and tax
   * (docs/api/offers-and-shipping.md, "Shipping").
   */
  readonly subtotalAfterDiscounts: number;
}

interface QuoteFields {
  /** Whole metres from the origin (half-to-even), the number tiers are compared with; null without an origin. */
  readonly distanceMeters: number | null;
  /** What is charged, integer minor units: 0 or baseFee. */
  readonly fee: number;
  readonly baseFee: number;
  readonly freeDeliveryThreshold: number | null;
  /** True exactly when the subtotal reached the threshold. */
  readonly freeDeliveryApplied: boolean;
}

/** Stored with the order as its shipping_metadata. */
export type ShippingQuote =
  | (QuoteFields & { readonly method: "zone"; readonly zoneId: string; readonly zoneName: string })
  | (QuoteFields & { readonly method: "tier"; readonly tierId: string; readonly tierName: string });

/** The destination lies outside every active zone and every active tier's range (or there is no origin). */
export class NotDeliverable extends Data.TaggedError("NotDeliverable")<{ readonly distanceMeters: number | null }> {
  override readonly message =
    this.distanceMeters === null
      ? "the address lies outside every delivery zone"
      : `the address lies outside every delivery zone and tier (${this.distanceMeters} m from the store)`;
}

const isFee = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

function validate(request: ShippingRequest): void {
  const fail = (reason: string): never => {
    throw new InvalidShippingInput({ reason });
  };
  assertCoordinates(request.destination, "destination");
  if (request.origin !== null) assertCoordinates(request.origin, "origin");
  if (!isFee(request.subtotalAfterDiscounts)) fail(`subtotalAfterDiscounts must be an integer >= 0, got ${request.subtotalAfterDiscounts}`);
  const priced = (what: string, item: { deliveryFee: number; freeDeliveryThreshold: number | null; priority: number }): void => {
    if (!isFee(item.deliveryFee)) fail(`${what}: deliveryFee must be an integer >= 0 of minor units`);
    if (item.freeDeliveryThreshold !== null && !isFee(item.freeDeliveryThreshold)) {
      fail(`${what}: freeDeliveryThreshold must be null or an integer >= 0 of minor units`);
    }
    if (!Number.isSafeInteger(item.priority)) fail(`${what}: priority must be an integer`);
  };
  for (const zone of request.zones) {
    priced(`zone ${zone.id}`, zone);
    if (!zone.polygon.every((v) => Array.isArray(v) && v.length === 2 && isCoordinates(v[0], v[1]))) {
      fail(`zone ${zone.id}: polygon vertices must be [latitude, longitude] pairs`);
    }
  }
  for (const tier of request.tiers) {
    priced(`tier ${tier.id}`, tier);
    if (!(isFee(tier.minDistanceMeters) && isFee(tier.maxDistanceMeters) && tier.minDistanceMeters <= tier.maxDistanceMeters)) {
      fail(`tier ${tier.id}: distances must be integers with 0 <= min <= max`);
    }
  }
}

interface Ranked {
  readonly id: string;
  readonly priority: number;
  readonly isActive: boolean;
}

/** The active ones, higher priority first, then the smaller id, so the order of the lists never matters. */
const activeByPriority = <T extends Ranked>(items: readonly T[]): T[] =>
  items
    .filter((item) => item.isActive)
    .sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function pricing(
  item: { readonly deliveryFee: number; readonly freeDeliveryThreshold: number | null },
  subtotal: number,
  distanceMeters: number | null,
): QuoteFields {
  const freeDeliveryApplied = item.freeDeliveryThreshold !== null && subtotal >= item.freeDeliveryThreshold;
  return {
    distanceMeters,
    fee: freeDeliveryApplied ? 0 : item.deliveryFee,
    baseFee: item.deliveryFee,
    freeDeliveryThreshold: item.freeDeliveryThreshold,
    freeDeliveryApplied,
  };
}

/**
 * Zones first: the active zone of highest priority whose polygon holds the destination (its border
 * included). Otherwise the active tier of highest priority whose [min, max) holds the distance from the
 * origin in whole metres. The fee is 0 when the subtotal after discounts is at or above the threshold.
 */
export function quoteShipping(request: ShippingRequest): Either.Either<ShippingQuote, NotDeliverable> {
  validate(request);
  const { destination, origin, subtotalAfterDiscounts: subtotal } = request;
  const distanceMeters = origin === null ? null : roundHalfEven(haversineMeters(origin, destination));

  const zone = activeByPriority(request.zones).find((candidate) => polygonContains(candidate.polygon, destination));
  if (zone !== undefined) {
    return Either.right({ method: "zone", zoneId: zone.id, zoneName: zone.zoneName, ...pricing(zone, subtotal, distanceMeters) });
  }
  if (distanceMeters !== null) {
    const tier = activeByPriority(request.tiers).find(
      (candidate) => candidate.minDistanceMeters <= distanceMeters && distanceMeters < candidate.maxDistanceMeters,
    );
    if (tier !== undefined) {
      return Either.right({ method: "tier", tierId: tier.id, tierName: tier.tierName, ...pricing(tier, subtotal, distanceMeters) });
    }
  }
  return Either.left(new NotDeliverable({ distanceMeters }));
}
