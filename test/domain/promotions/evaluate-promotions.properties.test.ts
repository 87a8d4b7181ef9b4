// Properties of the promotion engine: bounds (never negative, never above the eligible subtotal, maxDiscount
// or subtotal), one discount per unit, bogo sets, monotone order-level discounts, no dependence on order,
// unusable promotions inert, and never less than the best single promotion.
import assert from "node:assert/strict";
import fc from "fast-check";
import { evaluatePromotions } from "../../../domain/promotions/evaluate-promotions.js";
import type { ProductQuantity, Promotion } from "../../../domain/promotions/promotion.js";
import type { PromotionLine } from "../../../domain/promotions/unit-pools.js";
import {
  context,
  isOrderLevel,
  line,
  lineArb,
  linesArb,
  NOW,
  PRODUCTS,
  promotion,
  promotionsArb,
  usablePromotionArb,
} from "./promotion-arbitraries.js";

const subtotal = (lines: readonly PromotionLine[]): number => lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);

const permutation = <T>(items: readonly T[]): fc.Arbitrary<T[]> =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

/** The sum of the `count` cheapest units of a product in the cart. */
function cheapestSum(lines: readonly PromotionLine[], productId: string, count: number): number {
  const prices = lines
    .filter((l) => l.productId === productId)
    .flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPrice))
    .sort((a, b) => a - b);
  assert.ok(count <= prices.length);
  return prices.slice(0, count).reduce((s, p) => s + p, 0);
}

const unitsOf = (lines: readonly PromotionLine[], productId: string): number =>
  lines.filter((l) => l.productId === productId).reduce((s, l) => s + l.quantity, 0);

type Unusable = "inactive" | "scheduled" | "expired" | "usage_limit_reached" | "customer_usage_limit_reached";

const unusableArb: fc.Arbitrary<Unusable> = fc.constantFrom("inactive", "scheduled", "expired", "usage_limit_reached", "customer_usage_limit_reached");

function makeUnusable(p: Promotion, how: Unusable, used: number): Promotion {
  switch (how) {
    case "inactive":
      return { ...p, status: "inactive" };
    case "scheduled":
      return { ...p, startDate: new Date(NOW.getTime() + 1).toISOString() };
    case "expired":
      return { ...p, endDate: NOW.toISOString() };
    case "usage_limit_reached":
      return { ...p, usageLimit: used };
    case "customer_usage_limit_reached":
      return { ...p, usagePerCustomer: used };
  }
}

describe("evaluatePromotions properties", () => {
  it("gives integer discounts > 0, each within its eligible subtotal and maxDiscount, totalling within the subtotal", () => {
    fc.assert(
      fc.property(linesArb, promotionsArb(), (lines, promotions) => {
        const outcome = evaluatePromotions(lines, promotions, context());
        const byId = new Map(promotions.map((p) => [p.id, p]));
        let sum = 0;
        for (const applied of outcome.applied) {
          const p = byId.get(applied.promotionId)!;
          assert.ok(Number.isSafeInteger(applied.discount) && applied.discount > 0, `${applied.discount}`);
          assert.ok(applied.discount <= applied.eligibleSubtotal);
          assert.ok(applied.eligibleSubtotal <= subtotal(lines));
          if (p.maxDiscount !== null) assert.ok(applied.discount <= p.maxDiscount);
          assert.equal(applied.type, p.type);
          sum += applied.discount;
        }
        assert.equal(outcome.totalDiscount, sum);
        assert.ok(outcome.totalDiscount >= 0 && outcome.totalDiscount <= subtotal(lines));
        // every promotion is either applied or rejected, once
        const ids = [...outcome.applied.map((a) => a.promotionId), ...outcome.rejected.map((r) => r.promotionId)].sort();
        assert.deepEqual(ids, promotions.map((p) => p.id).sort());
      }),
    );
  });

  it("discounts a unit at most once: item-level discounts plus the order-level base stay within the subtotal", () => {
    fc.assert(
      fc.property(linesArb, promotionsArb(usablePromotionArb, 8), (lines, promotions) => {
        const outcome = evaluatePromotions(lines, promotions, context());
        const itemLevel = outcome.applied.filter((a) => a.type === "bundle" || a.type === "bogo");
        const orderLevel = outcome.applied.filter((a) => a.type === "fixed" || a.type === "discount");
        assert.ok(orderLevel.length <= 1);
        // item-level ones come first
        assert.deepEqual(outcome.applied.slice(0, itemLevel.length), itemLevel);
        const itemDiscounts = itemLevel.reduce((s, a) => s + a.discount, 0);
        assert.ok(itemDiscounts + (orderLevel[0]?.eligibleSubtotal ?? 0) <= subtotal(lines));
      }),
    );
  });

  it("does not depend on the order of the lines or of the promotions, nor on how units are split into lines", () => {
    fc.assert(
      fc.property(
        linesArb.chain((lines) => fc.tuple(fc.constant(lines), permutation(lines))),
        promotionsArb().chain((ps) => fc.tuple(fc.constant(ps), permutation(ps))),
        ([lines, shuffledLines], [promotions, shuffledPromotions]) => {
          const outcome = evaluatePromotions(lines, promotions, context());
          assert.deepEqual(evaluatePromotions(shuffledLines, shuffledPromotions, context()), outcome);
          const split = lines.flatMap((l) =>
            l.quantity > 1 ? [{ ...l, quantity: 1 }, { ...l, quantity: l.quantity - 1 }] : [l],
          );
          assert.deepEqual(evaluatePromotions(split, promotions, context()), outcome);
        },
      ),
    );
  });

  it("never applies an inactive, scheduled, expired or used-up promotion, and such promotions change nothing", () => {
    fc.assert(
      fc.property(
        linesArb,
        promotionsArb(),
        fc.array(fc.tuple(usablePromotionArb, unusableArb, fc.nat({ max: 3 })), { minLength: 1, maxLength: 4 }),
        (lines, usable, unusableSpecs) => {
          const totalUsage = new Map<string, number>();
          const customerUsage = new Map<string, number>();
          const unusable = unusableSpecs.map(([p, how, used], i) => {
            const id = `off-${i}`;
            if (how === "usage_limit_reached") totalUsage.set(id, used);
            if (how === "customer_usage_limit_reached") customerUsage.set(id, used);
            return { promotion: makeUnusable({ ...p, id }, how, used), how };
          });
          const ctx = context({ totalUsage, customerUsage });
          const outcome = evaluatePromotions(lines, [...usable, ...unusable.map((u) => u.promotion)], ctx);
          for (const { promotion: p, how } of unusable) {
            assert.ok(!outcome.applied.some((a) => a.promotionId === p.id));
            assert.deepEqual(outcome.rejected.find((r) => r.promotionId === p.id), { promotionId: p.id, reason: how });
          }
          const alone = evaluatePromotions(lines, usable, ctx);
          assert.deepEqual(outcome.applied, alone.applied);
          assert.equal(outcome.totalDiscount, alone.totalDiscount);
        },
      ),
    );
  });

  it("never gives less than any one promotion would on its own", () => {
    fc.assert(
      fc.property(linesArb, promotionsArb(), (lines, promotions) => {
        const total = evaluatePromotions(lines, promotions, context()).totalDiscount;
        for (const p of promotions) assert.ok(evaluatePromotions(lines, [p], context()).totalDiscount <= total, p.id);
      }),
    );
  });

  it("never lowers an order-level promotion's discount when an item is added", () => {
    const orderLevelArb = usablePromotionArb.filter(isOrderLevel);
    fc.assert(
      fc.property(linesArb, lineArb, promotionsArb(orderLevelArb, 4), (lines, extra, promotions) => {
        const before = evaluatePromotions(lines, promotions, context()).totalDiscount;
        const after = evaluatePromotions([...lines, extra], promotions, context()).totalDiscount;
        assert.ok(after >= before, `${after} < ${before}`);
      }),
    );
  });

  it("never lowers a percentage promotion's discount when an item is added (one promotion, any scope)", () => {
    const percentArb = usablePromotionArb.map((p) => ({ ...p, type: "discount" as const, discountType: "percentage" as const, discountValue: p.discountValue % 101 }));
    fc.assert(
      fc.property(linesArb, lineArb, percentArb, (lines, extra, p) => {
        const before = evaluatePromotions(lines, [p], context()).totalDiscount;
        assert.ok(evaluatePromotions([...lines, extra], [p], context()).totalDiscount >= before);
      }),
    );
  });

  const quantitiesOf = (ids: readonly string[]): fc.Arbitrary<ProductQuantity[]> =>
    fc.tuple(...ids.map((productId) => fc.integer({ min: 1, max: 3 }).map((quantity) => ({ productId, quantity }))));

  it("bogo: one free set per complete required set, the cheapest units free", () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.subarray(["p-a", "p-b"], { minLength: 1 }).chain(quantitiesOf),
        fc.subarray(["p-c", "p-d"], { minLength: 1 }).chain(quantitiesOf),
        (lines, required, free) => {
          const bogo = promotion({ id: "bogo", type: "bogo", bogoRequiredProducts: required, bogoFreeProducts: free });
          const sets = Math.min(...required.map((r) => Math.floor(unitsOf(lines, r.productId) / r.quantity)));
          const expected = free.reduce(
            (s, f) => s + cheapestSum(lines, f.productId, Math.min(f.quantity * sets, unitsOf(lines, f.productId))),
            0,
          );
          assert.equal(evaluatePromotions(lines, [bogo], context()).totalDiscount, expected);
        },
      ),
    );
  });

  it("bogo with products both required and free: frees as much as the best number of sets does (brute force)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("p-a", "p-b"), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 900 })), { maxLength: 6 }),
        fc.subarray(["p-a", "p-b"], { minLength: 1 }).chain(quantitiesOf),
        fc.subarray(["p-a", "p-b", "p-c"], { minLength: 1 }).chain(quantitiesOf),
        (specs, required, free) => {
          const lines = [...specs.map(([id, q, price]) => line(id, q, price)), line("p-c", 3, 50)];
          const bogo = promotion({ id: "bogo", type: "bogo", bogoRequiredProducts: required, bogoFreeProducts: free });
          const need = (id: string): number => required.find((r) => r.productId === id)?.quantity ?? 0;
          const maxSets = Math.min(...required.map((r) => Math.floor(unitsOf(lines, r.productId) / r.quantity)));
          let best = 0;
          for (let sets = 1; sets <= maxSets; sets++) {
            const value = free.reduce((s, f) => {
              const count = Math.min(f.quantity * sets, unitsOf(lines, f.productId) - need(f.productId) * sets);
              return s + cheapestSum(lines, f.productId, count);
            }, 0);
            best = Math.max(best, value);
          }
          assert.equal(evaluatePromotions(lines, [bogo], context()).totalDiscount, best);
        },
      ),
    );
  });

  it("bundle: discountValue off per complete set, at most the sets' worth", () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.subarray([...PRODUCTS], { minLength: 1 }).chain(quantitiesOf),
        fc.nat({ max: 2_000 }),
        (lines, parts, perSet) => {
          const kit = promotion({ id: "kit", type: "bundle", discountType: "fixed", discountValue: perSet, bundleProducts: parts });
          const sets = Math.min(...parts.map((p) => Math.floor(unitsOf(lines, p.productId) / p.quantity)));
          const worth = parts.reduce((s, p) => s + cheapestSum(lines, p.productId, p.quantity * sets), 0);
          assert.equal(evaluatePromotions(lines, [kit], context()).totalDiscount, Math.min(perSet * sets, worth));
        },
      ),
    );
  });
});
