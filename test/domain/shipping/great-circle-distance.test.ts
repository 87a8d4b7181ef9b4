// Haversine distances checked against values computed by hand (40-digit arithmetic, same formula and
// radius): Nairobi CBD to Westlands, a degree along the equator and a meridian, half the globe.
import assert from "node:assert/strict";
import fc from "fast-check";
import { EARTH_MEAN_RADIUS_METERS, haversineMeters } from "../../../domain/shipping/great-circle-distance.js";
import { InvalidShippingInput } from "../../../domain/shipping/coordinates.js";
import { NAIROBI_CBD, WESTLANDS } from "./nairobi-places.js";

const close = (actual: number, expected: number, tolerance = 1e-6): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);


describe("haversineMeters", () => {
  it("measures Nairobi CBD to Westlands as 3608.9607 m", () => {
    // Δφ = 0.019700° = 3.43829862642883e-4 rad, Δλ = −0.025800° = −4.50294947014537e-4 rad,
    // a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2) = 8.02209668322850e-8, c = 2 asin √a = 5.66466129534395e-4,
    // d = R c = 6371008.8 × 5.66466129534395e-4 = 3608.96069616557 m
    close(haversineMeters(NAIROBI_CBD, WESTLANDS), 3608.96069616557);
    close(haversineMeters(WESTLANDS, NAIROBI_CBD), 3608.96069616557);
  });

  it("measures one degree along the equator or a meridian as R·π/180 = 111195.0802335329 m", () => {
    close(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }), 111195.0802335329);
    close(haversineMeters({ latitude: 0, longitude: 36 }, { latitude: 1, longitude: 36 }), 111195.0802335329);
    close(haversineMeters({ latitude: 10, longitude: 36 }, { latitude: 11, longitude: 36 }), 111195.0802335329);
  });

  it("measures half the globe as π·R and a point to itself as 0", () => {
    close(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }), Math.PI * EARTH_MEAN_RADIUS_METERS);
    close(haversineMeters({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 }), 20015114.442035924);
    assert.equal(haversineMeters(WESTLANDS, WESTLANDS), 0);
  });

  it("is symmetric, non-negative and at most half the globe; crossing the antimeridian is short", () => {
    const pointArb = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(pointArb, pointArb, (a, b) => {
        const d = haversineMeters(a, b);
        assert.ok(d >= 0 && d <= Math.PI * EARTH_MEAN_RADIUS_METERS + 1e-6);
        close(haversineMeters(b, a), d, 1e-6);
      }),
    );
    close(haversineMeters({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }), 111195.0802335329);
  });

  it("refuses coordinates off the globe", () => {
    assert.throws(() => haversineMeters({ latitude: 91, longitude: 0 }, WESTLANDS), InvalidShippingInput);
    assert.throws(() => haversineMeters({ latitude: 0, longitude: Number.NaN }, WESTLANDS), InvalidShippingInput);
  });
});
