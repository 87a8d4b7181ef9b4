// The pre-allocating limiter over a counting in-memory store with a hand-driven clock: how many
// store trips a hot budget costs, that it never hands out more than the store granted, that
// points lapse with their window and that a refusal is remembered until the window ends.
import assert from "node:assert/strict";
import fc from "fast-check";
import { RateLimited } from "../../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../../application/ports/rate-limiter.js";
import { PreAllocatingRateLimiter } from "../../../adapters/rate-limits/pre-allocating-rate-limiter.js";

/** A fixed-window store like rate-limiter-flexible's, on a clock the test moves. */
class FakeStore implements RateLimiter {
  trips = 0;
  private readonly windows = new Map<string, { used: number; endsAt: number }>();
  constructor(private readonly clock: { now: number }) {}

  async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitStatus> {
    this.trips += 1;
    const id = `${rule.name}:${key}`;
    let w = this.windows.get(id);
    if (w === undefined || w.endsAt <= this.clock.now) {
      w = { used: 0, endsAt: this.clock.now + rule.windowSeconds * 1000 };
      this.windows.set(id, w);
    }
    const resetMs = w.endsAt - this.clock.now;
    if (w.used + points > rule.points) {
      throw new RateLimited({ message: "no", retryAfterSeconds: Math.ceil(resetMs / 1000), limit: rule.points, remaining: rule.points - w.used });
    }
    w.used += points;
    return { limit: rule.points, remaining: rule.points - w.used, resetSeconds: Math.ceil(resetMs / 1000), resetMs };
  }

  async refund(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    const w = this.windows.get(`${rule.name}:${key}`);
    if (w !== undefined) w.used = Math.max(0, w.used - points);
  }

  used(rule: RateLimitRule, key: string): number {
    return this.windows.get(`${rule.name}:${key}`)?.used ?? 0;
  }
}

const setup = (maxBatch = 20) => {
  const clock = { now: 1_000_000 };
  const store = new FakeStore(clock);
  const limiter = new PreAllocatingRateLimiter(store, { maxBatch, now: () => clock.now });
  return { clock, store, limiter };
};

const drain = async (limiter: RateLimiter, rule: RateLimitRule, key: string): Promise<number> => {
  let granted = 0;
  for (;;) {
    try {
      await limiter.consume(rule, key);
      granted += 1;
    } catch (error) {
      assert.ok(error instanceof RateLimited);
      return granted;
    }
  }
};

describe("PreAllocatingRateLimiter", function () {
  const perKey: RateLimitRule = { name: "req-key", points: 1000, windowSeconds: 60 };

  it("spends a 1,000-point budget to the last point in about a tenth of the store trips", async () => {
    const { store, limiter } = setup();
    assert.equal(await drain(limiter, perKey, "k"), 1000);
    assert.equal(store.used(perKey, "k"), 1000);
    assert.ok(store.trips <= 130, `${store.trips} store trips`);
  });

  it("a key well under its budget touches the store once per batch", async () => {
    const { store, limiter } = setup();
    for (let i = 0; i < 100; i++) await limiter.consume(perKey, "k");
    assert.equal(store.trips, 5);
  });

  it("reports the store's remainder plus the unspent local points, and the window's reset", async () => {
    const { clock, limiter } = setup();
    const first = await limiter.consume(perKey, "k");
    assert.deepEqual(first, { limit: 1000, remaining: 999, resetSeconds: 60, resetMs: 60_000 });
    clock.now += 15_500;
    const later = await limiter.consume(perKey, "k");
    assert.equal(later.remaining, 998);
    assert.equal(later.resetSeconds, 45);
  });

  it("small budgets go to the store one point at a time (exact across processes)", async () => {
    const { store, limiter } = setup();
    const small: RateLimitRule = { name: "small", points: 10, windowSeconds: 60 };
    assert.equal(await drain(limiter, small, "k"), 10);
    assert.equal(store.trips, 11);
  });

  it("remembers a refusal until the window ends, then takes a fresh budget", async () => {
    const { clock, store, limiter } = setup();
    const r: RateLimitRule = { name: "r", points: 3, windowSeconds: 60 };
    assert.equal(await drain(limiter, r, "k"), 3);
    const trips = store.trips;
    clock.now += 30_000;
    await assert.rejects(limiter.consume(r, "k"), (error) => error instanceof RateLimited && error.retryAfterSeconds === 30);
    assert.equal(store.trips, trips, "a remembered refusal costs no store trip");
    clock.now += 30_000;
    assert.equal((await limiter.consume(r, "k")).remaining, 2);
  });

  it("local points lapse with the window that granted them", async () => {
    const { clock, store, limiter } = setup();
    await limiter.consume(perKey, "k");
    assert.equal(store.used(perKey, "k"), 20);
    clock.now += 60_000;
    await limiter.consume(perKey, "k");
    assert.equal(store.used(perKey, "k"), 20, "a new window, a new batch");
    assert.equal(store.trips, 2);
  });

  it("with refillBelow, takes the next batch while points are left, and still grants exactly the budget", async () => {
    const clock = { now: 1_000_000 };
    const store = new FakeStore(clock);
    const limiter = new PreAllocatingRateLimiter(store, { maxBatch: 20, refillBelow: 10, now: () => clock.now });
    await limiter.consume(perKey, "k");
    for (let i = 0; i < 9; i++) assert.ok(limiter.consumeNow(perKey, "k") !== undefined);
    assert.equal(store.trips, 1);
    assert.ok(limiter.consumeNow(perKey, "k") !== undefined); // 9 left: the next batch is on its way
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(store.trips, 2);
    assert.equal(store.used(perKey, "k"), 40);
    assert.equal((await limiter.consume(perKey, "k")).remaining, 1000 - 12);
    assert.equal(await drain(limiter, perKey, "k"), 1000 - 12);
    assert.equal(store.used(perKey, "k"), 1000);
  });

  it("with a horizon, a busy key's batches grow with its rate, within the share of what is left", async () => {
    const clock = { now: 1_000_000 };
    const store = new FakeStore(clock);
    const limiter = new PreAllocatingRateLimiter(store, { maxBatch: 20, refillBelow: 10, batchHorizonMs: 250, now: () => clock.now });
    const big: RateLimitRule = { name: "big", points: 10_000_000, windowSeconds: 60 };
    // 10 requests a millisecond (10,000 a second) for 2 seconds.
    let granted = 0;
    for (let ms = 0; ms < 2_000; ms++) {
      for (let i = 0; i < 10; i++) {
        if (limiter.consumeNow(big, "k") === undefined) await limiter.consume(big, "k");
        granted += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
      clock.now += 1;
    }
    assert.equal(granted, 20_000);
    // Fixed batches of 20 would be 1,000 trips; batches of about 2,500 (250 ms) take a handful.
    assert.ok(store.trips <= 20, `${store.trips} store trips`);
    // What is taken and not yet handed out stays within about one and a half horizons of traffic.
    assert.ok(store.used(big, "k") - granted <= 4_000, `${store.used(big, "k") - granted} points taken ahead`);
  });

  it("with a horizon, a quiet key still takes the base batch, and a small budget goes one point at a time", async () => {
    const clock = { now: 1_000_000 };
    const store = new FakeStore(clock);
    const limiter = new PreAllocatingRateLimiter(store, { maxBatch: 20, refillBelow: 10, batchHorizonMs: 250, now: () => clock.now });
    for (let i = 0; i < 40; i++) {
      await limiter.consume(perKey, "k");
      clock.now += 1_000; // one a second
    }
    assert.ok(store.used(perKey, "k") <= 60, `${store.used(perKey, "k")} points taken`);
    const small: RateLimitRule = { name: "small", points: 10, windowSeconds: 60 };
    assert.equal(await drain(limiter, small, "k"), 10);
  });

  it("concurrent requests of one key wait for one store trip", async () => {
    const { store, limiter } = setup();
    await Promise.all(Array.from({ length: 20 }, () => limiter.consume(perKey, "k")));
    assert.equal(store.trips, 1);
  });

  it("property: several processes together grant exactly the budget, whatever the batch and interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(0, 5, 250),
        async (points, maxBatch, order, refillBelow, batchHorizonMs) => {
          const clock = { now: 0 };
          const store = new FakeStore(clock);
          const processes = [0, 1, 2].map(() => new PreAllocatingRateLimiter(store, { maxBatch, refillBelow, batchHorizonMs, now: () => clock.now }));
          const rule: RateLimitRule = { name: "p", points, windowSeconds: 60 };
          let granted = 0;
          const tryOne = async (i: number) => {
            try {
              await processes[i]!.consume(rule, "k");
              granted += 1;
            } catch (error) {
              if (!(error instanceof RateLimited)) throw error;
            }
          };
          for (const i of order) {
            await tryOne(i);
            clock.now += 1; // time passes, so rates (and with a horizon, batches) vary
          }
          // Then every process drains what is left.
          for (const p of processes) granted += await drain(p, rule, "k");
          assert.equal(granted, points);
          assert.ok(store.used(rule, "k") <= points);
        },
      ),
      { numRuns: 60 },
    );
  });
});
