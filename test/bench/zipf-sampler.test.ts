// The shop-mix bench's samplers: the Zipf ranks it draws keys with and the percentiles it reports.
import assert from "node:assert/strict";
import fc from "fast-check";
import { latencySummary, percentileOfSorted } from "../../bench/latency-percentiles.js";
import { Rng } from "../../bench/bench-seed.js";
import { ZipfSampler } from "../../bench/zipf-sampler.js";

describe("ZipfSampler", () => {
  it("draws every rank within range, the first for 0 and the last just below 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (size, s, u) => {
        const rank = new ZipfSampler(size, s).rank(u);
        return Number.isInteger(rank) && rank >= 0 && rank < size;
      }),
    );
    const sampler = new ZipfSampler(1_000, 1.05);
    assert.equal(sampler.rank(0), 0);
    assert.equal(sampler.rank(1 - Number.EPSILON), 999);
  });

  it("gives ranks probabilities falling as 1 / (k + 1)^s and summing to 1", () => {
    const sampler = new ZipfSampler(100, 1);
    let total = 0;
    for (let k = 0; k < 100; k++) total += sampler.probability(k);
    assert.ok(Math.abs(total - 1) < 1e-9);
    assert.ok(Math.abs(sampler.probability(0) / sampler.probability(9) - 10) < 1e-9);
  });

  it("is uniform with exponent 0", () => {
    const sampler = new ZipfSampler(4, 0);
    assert.deepEqual([0.1, 0.3, 0.6, 0.9].map((u) => sampler.rank(u)), [0, 1, 2, 3]);
  });

  it("draws the hot ranks about as often as their probability says", () => {
    const sampler = new ZipfSampler(100_000, 1.05);
    const rng = new Rng(7);
    const draws = 200_000;
    let first = 0;
    let top100 = 0;
    for (let i = 0; i < draws; i++) {
      const rank = sampler.rank(rng.next());
      if (rank === 0) first++;
      if (rank < 100) top100++;
    }
    let expectedTop100 = 0;
    for (let k = 0; k < 100; k++) expectedTop100 += sampler.probability(k);
    assert.ok(Math.abs(first / draws - sampler.probability(0)) < 0.005, `rank 0 drawn ${first / draws}, expected ${sampler.probability(0)}`);
    assert.ok(Math.abs(top100 / draws - expectedTop100) < 0.01, `top 100 drawn ${top100 / draws}, expected ${expectedTop100}`);
  });

  it("refuses no ranks and a negative exponent", () => {
    assert.throws(() => new ZipfSampler(0, 1), /at least one rank/);
    assert.throws(() => new ZipfSampler(10, -1), /non-negative/);
  });
});

describe("latency percentiles", () => {
  it("takes the nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentileOfSorted(sorted, 50), 50);
    assert.equal(percentileOfSorted(sorted, 99), 99);
    assert.equal(percentileOfSorted(sorted, 100), 100);
    assert.equal(percentileOfSorted([7], 1), 7);
    assert.ok(Number.isNaN(percentileOfSorted([], 50)));
  });

  it("summarises unsorted values", () => {
    assert.deepEqual(latencySummary([5, 1, 4, 2, 3, 100, 6, 7, 8, 9]), { p50: 5, p90: 9, p99: 100, max: 100 });
  });
});
