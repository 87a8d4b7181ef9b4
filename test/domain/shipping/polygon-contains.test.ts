// Point-in-polygon by example and by property: convex and concave rings, rays through vertices, points
// on edges and vertices (inside), closed rings, and independence from where the ring starts or its direction.
import assert from "node:assert/strict";
import fc from "fast-check";
import type { LatLng } from "../../../domain/shipping/coordinates.js";
import { polygonContains } from "../../../domain/shipping/polygon-contains.js";

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

// [lat, lng]: a unit square, and a "U" open to the north (the notch is lat 1..3, lng 1..2)
const SQUARE: readonly LatLng[] = [[0, 0], [0, 1], [1, 1], [1, 0]];
const U: readonly LatLng[] = [[0, 0], [0, 3], [3, 3], [3, 2], [1, 2], [1, 1], [3, 1], [3, 0]];
const DIAMOND: readonly LatLng[] = [[0, 1], [1, 2], [2, 1], [1, 0]];

describe("polygonContains", () => {
  it("holds inside points and not outside ones", () => {
    assert.equal(polygonContains(SQUARE, at(0.5, 0.5)), true);
    assert.equal(polygonContains(SQUARE, at(1.5, 0.5)), false);
    assert.equal(polygonContains(SQUARE, at(0.5, -0.0001)), false);
  });

  it("handles a concave ring: the notch is outside, both arms inside", () => {
    assert.equal(polygonContains(U, at(2, 1.5)), false);
    assert.equal(polygonContains(U, at(2, 0.5)), true);
    assert.equal(polygonContains(U, at(2, 2.5)), true);
    assert.equal(polygonContains(U, at(0.5, 1.5)), true);
    assert.equal(polygonContains(U, at(3.5, 1.5)), false);
  });

  it("counts a ray through a vertex once", () => {
    // the ray from (1, 0.5) eastwards passes through the vertex (1, 2)
    assert.equal(polygonContains(DIAMOND, at(1, 0.5)), true);
    assert.equal(polygonContains(DIAMOND, at(1, -0.5)), false);
    // the ray from (1, 0.5) runs along the U's edge at lat 1 and through its vertices (1, 1) and (1, 2)
    assert.equal(polygonContains(U, at(1, 0.5)), true);
    assert.equal(polygonContains(U, at(1, -1)), false);
  });

  it("counts points on edges and vertices as inside, also where decimals are not exact", () => {
    assert.equal(polygonContains(SQUARE, at(0, 0.5)), true);
    assert.equal(polygonContains(SQUARE, at(1, 0.3)), true);
    assert.equal(polygonContains(SQUARE, at(0.7, 1)), true);
    assert.equal(polygonContains(SQUARE, at(1, 1)), true);
    assert.equal(polygonContains(U, at(2, 1)), true);
    assert.equal(polygonContains(U, at(1, 1.5)), true);
    // on the diamond's edge from (0,1) to (1,2): lat = lng − 1, with 0.1 + 0.2 inexact
    assert.equal(polygonContains(DIAMOND, at(0.1 + 0.2, 1.3)), true);
    assert.equal(polygonContains(DIAMOND, at(0.3 - 1e-7, 1.3)), false);
  });

  it("accepts a closed ring and encloses nothing with fewer than three vertices", () => {
    assert.equal(polygonContains([...U, U[0]!], at(2, 1.5)), false);
    assert.equal(polygonContains([...U, U[0]!], at(2, 0.5)), true);
    assert.equal(polygonContains([[0, 0], [1, 1]], at(0.5, 0.5)), false);
    assert.equal(polygonContains([], at(0, 0)), false);
  });

  it("does not depend on the starting vertex or the direction of the ring", () => {
    const pointArb = fc.record({ latitude: fc.double({ min: -1, max: 4, noNaN: true }), longitude: fc.double({ min: -1, max: 4, noNaN: true }) });
    fc.assert(
      fc.property(fc.constantFrom(SQUARE, U, DIAMOND), fc.nat(), pointArb, (ring, shift, point) => {
        const k = shift % ring.length;
        const rotated = [...ring.slice(k), ...ring.slice(0, k)];
        const expected = polygonContains(ring, point);
        assert.equal(polygonContains(rotated, point), expected);
        assert.equal(polygonContains([...ring].reverse(), point), expected);
      }),
    );
  });

  it("agrees with the U's definition as two arms and a base (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 4, noNaN: true }), fc.double({ min: -1, max: 4, noNaN: true }), (lat, lng) => {
        const within = (lo: number, x: number, hi: number): boolean => x >= lo && x <= hi;
        const inNotch = lat > 1 && lng > 1 && lng < 2;
        const expected = within(0, lat, 3) && within(0, lng, 3) && !inNotch;
        // points within the edge tolerance of a border count as inside; keep away from borders
        const nearBorder = [0, 1, 2, 3].some((v) => Math.abs(lat - v) < 1e-6 || Math.abs(lng - v) < 1e-6);
        if (!nearBorder) assert.equal(polygonContains(U, at(lat, lng)), expected, `${lat}, ${lng}`);
      }),
    );
  });
});
