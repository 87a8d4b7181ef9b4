// Shipping quotes: a zone before a tier, priority order (higher first, then id), inactive ones skipped,
// [min, max) distance ranges in whole metres, the free-delivery threshold (equal is free), and properties.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import type { Coordinates } from "../../../domain/shipping/coordinates.js";
import { InvalidShippingInput } from "../../../domain/shipping/coordinates.js";
import type { DeliveryZone } from "../../../domain/shipping/delivery-zone.js";
import { haversineMeters } from "../../../domain/shipping/great-circle-distance.js";
import { polygonContains } from "../../../domain/shipping/polygon-contains.js";
import type { PricingTier } from "../../../domain/shipping/pricing-tier.js";
import { NotDeliverable, quoteShipping, type ShippingQuote, type ShippingRequest } from "../../../domain/shipping/quote-shipping.js";
import { NAIROBI_CBD, WESTLANDS } from "./nairobi-places.js";

const zone = (fields: Partial<DeliveryZone> & Pick<DeliveryZone, "id">): DeliveryZone => ({
  zoneName: fields.id,
  deliveryFee: 20_000,
  freeDeliveryThreshold: null,
  isActive: true,
  priority: 0,
  color: "#1f77b4",
  // around Westlands
  polygon: [[-1.275, 36.78], [-1.275, 36.80], [-1.258, 36.80], [-1.258, 36.78]],
  ...fields,
});

const tier = (fields: Partial<PricingTier> & Pick<PricingTier, "id">): PricingTier => ({
  tierName: fields.id,
  minDistanceMeters: 0,
  maxDistanceMeters: 5_000,
  deliveryFee: 30_000,
  freeDeliveryThreshold: null,
  isActive: true,
  priority: 0,
  ...fields,
});

const request = (fields: Partial<ShippingRequest> = {}): ShippingRequest => ({
  destination: WESTLANDS,
  origin: NAIROBI_CBD,
  zones: [],
  tiers: [],
  subtotalAfterDiscounts: 100_000,
  ...fields,
});

const quote = (fields: Partial<ShippingRequest>): ShippingQuote => {
  const result = quoteShipping(request(fields));
  if (Either.isLeft(result)) assert.fail(`expected a quote, got ${String(result.left)}`);
  return result.right;
};

const refused = (fields: Partial<ShippingRequest>): NotDeliverable => {
  const result = quoteShipping(request(fields));
  if (Either.isRight(result)) assert.fail(`expected NotDeliverable, got ${JSON.stringify(result.right)}`);
  return result.left;
};

describe("quoteShipping", () => {
  it("prices by the zone holding the destination and records how", () => {
    assert.deepEqual(quote({ zones: [zone({ id: "westlands", zoneName: "Westlands" })], tiers: [tier({ id: "near" })] }), {
      method: "zone",
      zoneId: "westlands",
      zoneName: "Westlands",
      // 3608.96 m from the store, in whole metres
      distanceMeters: 3609,
      fee: 20_000,
      baseFee: 20_000,
      freeDeliveryThreshold: null,
      freeDeliveryApplied: false,
    });
  });

  it("takes the active zone of highest priority, then the smaller id; inactive zones are skipped", () => {
    const zones = [
      zone({ id: "low", priority: 1 }),
      zone({ id: "high-b", priority: 5 }),
      zone({ id: "high-a", priority: 5 }),
      zone({ id: "top-off", priority: 9, isActive: false }),
    ];
    const chosen = quote({ zones });
    assert.equal(chosen.method === "zone" && chosen.zoneId, "high-a");
    const none = quote({ zones: [zone({ id: "off", isActive: false })], tiers: [tier({ id: "near" })] });
    assert.equal(none.method, "tier");
  });

  it("falls back to the tier whose [min, max) holds the distance in whole metres", () => {
    const tiers = [tier({ id: "a", minDistanceMeters: 0, maxDistanceMeters: 3609 }), tier({ id: "b", minDistanceMeters: 3609, maxDistanceMeters: 10_000, deliveryFee: 45_000 })];
    const q = quote({ tiers, zones: [zone({ id: "elsewhere", polygon: [[0, 0], [0, 1], [1, 1]] })] });
    assert.deepEqual(q, {
      method: "tier",
      tierId: "b",
      tierName: "b",
      distanceMeters: 3609,
      fee: 45_000,
      baseFee: 45_000,
      freeDeliveryThreshold: null,
      freeDeliveryApplied: false,
    });
    const justInside = quote({ tiers: [tier({ id: "a", maxDistanceMeters: 3610 })] });
    assert.equal(justInside.method === "tier" && justInside.tierId, "a");
  });

  it("takes the tier of highest priority where ranges overlap, skipping inactive ones", () => {
    const tiers = [tier({ id: "wide", maxDistanceMeters: 50_000, priority: 1 }), tier({ id: "city", priority: 2 }), tier({ id: "promo", priority: 9, isActive: false })];
    const q = quote({ tiers });
    assert.equal(q.method === "tier" && q.tierId, "city");
  });

  it("delivers free from the threshold on: equal is free, one below is not, null never", () => {
    const at = (threshold: number | null, subtotal: number) =>
      quote({ zones: [zone({ id: "z", freeDeliveryThreshold: threshold })], subtotalAfterDiscounts: subtotal });
    assert.deepEqual([at(500_000, 500_000).fee, at(500_000, 500_000).freeDeliveryApplied], [0, true]);
    assert.deepEqual([at(500_000, 499_999).fee, at(500_000, 499_999).freeDeliveryApplied], [20_000, false]);
    assert.equal(at(null, 10_000_000).fee, 20_000);
    assert.equal(at(0, 0).fee, 0);
    assert.equal(at(500_000, 500_000).baseFee, 20_000);
  });

  it("is NotDeliverable outside every zone and tier, or outside every zone without a store location", () => {
    assert.equal(refused({ tiers: [tier({ id: "short", maxDistanceMeters: 3000 })] }).distanceMeters, 3609);
    assert.equal(refused({ origin: null, tiers: [tier({ id: "any", maxDistanceMeters: 1e9 })] }).distanceMeters, null);
    const zoneOnly = quote({ origin: null, zones: [zone({ id: "z" })] });
    assert.equal(zoneOnly.distanceMeters, null);
  });

  it("refuses malformed input", () => {
    assert.throws(() => quoteShipping(request({ subtotalAfterDiscounts: 10.5 })), InvalidShippingInput);
    assert.throws(() => quoteShipping(request({ zones: [zone({ id: "z", deliveryFee: -1 })] })), InvalidShippingInput);
    assert.throws(() => quoteShipping(request({ tiers: [tier({ id: "t", minDistanceMeters: 10, maxDistanceMeters: 5 })] })), InvalidShippingInput);
    assert.throws(() => quoteShipping(request({ zones: [zone({ id: "z", polygon: [[91, 0], [0, 0], [0, 1]] })] })), InvalidShippingInput);
  });

  describe("properties", () => {
    // a 10 km box around the CBD cut into zones and distance tiers, all random
    const pointArb: fc.Arbitrary<Coordinates> = fc.record({
      latitude: fc.double({ min: -1.33, max: -1.24, noNaN: true }),
      longitude: fc.double({ min: 36.77, max: 36.86, noNaN: true }),
    });
    const feeArb = fc.nat({ max: 50_000 });
    const thresholdArb = fc.option(fc.nat({ max: 200_000 }), { nil: null });
    const zonesArb = fc
      .array(
        fc.record({
          corner: pointArb,
          size: fc.double({ min: 0.01, max: 0.09, noNaN: true }),
          deliveryFee: feeArb,
          freeDeliveryThreshold: thresholdArb,
          isActive: fc.constantFrom(true, true, true, false),
          priority: fc.integer({ min: -3, max: 3 }),
        }),
        { maxLength: 4 },
      )
      .map((specs) =>
        specs.map(({ corner: c, size, ...rest }, i) =>
          zone({
            id: `zone-${i}`,
            ...rest,
            polygon: [[c.latitude, c.longitude], [c.latitude, c.longitude + size], [c.latitude + size, c.longitude + size], [c.latitude + size, c.longitude]],
          }),
        ),
      );
    const tiersArb = fc
      .array(
        fc.record({
          min: fc.nat({ max: 6_000 }),
          span: fc.nat({ max: 15_000 }),
          deliveryFee: feeArb,
          freeDeliveryThreshold: thresholdArb,
          isActive: fc.constantFrom(true, true, true, false),
          priority: fc.integer({ min: -3, max: 3 }),
        }),
        { maxLength: 4 },
      )
      .map((specs) =>
        specs.map(({ min, span, ...rest }, i) => tier({ id: `tier-${i}`, minDistanceMeters: min, maxDistanceMeters: min + span, ...rest })),
      );
    const requestArb = fc.record({
      destination: pointArb,
      origin: fc.option(pointArb, { nil: null, freq: 5 }),
      zones: zonesArb,
      tiers: tiersArb,
      subtotalAfterDiscounts: fc.nat({ max: 250_000 }),
    });

    it("charges 0 or the base fee of an active zone or tier, free exactly from its threshold", () => {
      fc.assert(
        fc.property(requestArb, (req) => {
          const result = quoteShipping(req);
          if (Either.isLeft(result)) return;
          const q = result.right;
          const source = q.method === "zone" ? req.zones.find((z) => z.id === q.zoneId)! : req.tiers.find((t) => t.id === q.tierId)!;
          assert.equal(source.isActive, true);
          assert.equal(q.baseFee, source.deliveryFee);
          assert.equal(q.freeDeliveryThreshold, source.freeDeliveryThreshold);
          assert.equal(q.freeDeliveryApplied, source.freeDeliveryThreshold !== null && req.subtotalAfterDiscounts >= source.freeDeliveryThreshold);
          assert.equal(q.fee, q.freeDeliveryApplied ? 0 : q.baseFee);
          const inActiveZone = req.zones.some((z) => z.isActive && polygonContains(z.polygon, req.destination));
          if (q.method === "zone") {
            assert.ok(polygonContains(req.zones.find((z) => z.id === q.zoneId)!.polygon, req.destination));
          } else {
            const t = req.tiers.find((candidate) => candidate.id === q.tierId)!;
            assert.ok(!inActiveZone);
            assert.ok(t.minDistanceMeters <= q.distanceMeters! && q.distanceMeters! < t.maxDistanceMeters);
            assert.ok(Math.abs(q.distanceMeters! - haversineMeters(req.origin!, req.destination)) <= 0.5);
          }
        }),
        { numRuns: 300 },
      );
    });

    it("never raises the fee when a threshold moves down", () => {
      fc.assert(
        fc.property(requestArb, fc.nat({ max: 200_000 }), (req, cut) => {
          const lower = <T extends { freeDeliveryThreshold: number | null }>(item: T): T => ({
            ...item,
            freeDeliveryThreshold: item.freeDeliveryThreshold === null ? null : Math.max(0, item.freeDeliveryThreshold - cut),
          });
          const before = quoteShipping(req);
          const after = quoteShipping({ ...req, zones: req.zones.map(lower), tiers: req.tiers.map(lower) });
          assert.equal(Either.isRight(after), Either.isRight(before));
          if (Either.isRight(before) && Either.isRight(after)) assert.ok(after.right.fee <= before.right.fee);
        }),
        { numRuns: 300 },
      );
    });

    it("does not depend on the order of the zones and tiers", () => {
      fc.assert(
        fc.property(requestArb, (req) => {
          const reversed = { ...req, zones: [...req.zones].reverse(), tiers: [...req.tiers].reverse() };
          assert.deepEqual(quoteShipping(reversed), quoteShipping(req));
        }),
        { numRuns: 300 },
      );
    });
  });
});
