// Specifies a customer's pricing standing: the segment from paid orders (boundaries 0, 1 and 5) and the tier
// from lifetime spend against the store's active tier rules.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  customerSegment,
  customerTier,
  resolveStanding,
  type PurchaseHistory,
} from "../../../domain/pricing/customer-standing.js";
import type { PriceRule } from "../../../domain/pricing/price-rule.js";
import { rulesArb } from "./pricing-arbitraries.js";

const tierRule = (id: string, tier: string, minLifetimeSpend: number | null, active = true): PriceRule => ({
  id,
  kind: "tier",
  segment: null,
  tier,
  minQuantity: null,
  minLifetimeSpend,
  discountType: "percentage",
  value: 5,
  productIds: null,
  categoryIds: null,
  active,
});

const history = (fields: Partial<PurchaseHistory>): PurchaseHistory => ({
  paidOrders: 0,
  lifetimeSpend: 0,
  paidOrdersLastYear: 0,
  ...fields,
});

// KES thresholds in minor units: silver from KES 50,000.00, gold from 200,000.00, platinum from 1,000,000.00
const storeRules: readonly PriceRule[] = [
  tierRule("bronze", "bronze", 0),
  tierRule("silver", "silver", 5_000_000),
  tierRule("gold-5pct", "gold", 20_000_000),
  { ...tierRule("gold-fixed", "gold", 20_000_000), discountType: "fixed", value: 10_000 },
  tierRule("platinum", "platinum", 100_000_000),
  tierRule("diamond-retired", "diamond", 1, false),
  tierRule("vip-by-hand", "vip", null),
  {
    id: "volume",
    kind: "volume",
    segment: null,
    tier: null,
    minQuantity: 2,
    minLifetimeSpend: null,
    discountType: "percentage",
    value: 5,
    productIds: null,
    categoryIds: null,
    active: true,
  },
];

const historyArb: fc.Arbitrary<PurchaseHistory> = fc
  .record({
    paidOrders: fc.nat({ max: 40 }),
    lifetimeSpend: fc.nat({ max: 60_000_000 }),
    lastYearShare: fc.nat({ max: 40 }),
  })
  .map(({ paidOrders, lifetimeSpend, lastYearShare }) => ({
    paidOrders,
    lifetimeSpend,
    paidOrdersLastYear: Math.min(paidOrders, lastYearShare),
  }));

/** The thresholds of active tier rules (of `tier` when given) that `spend` meets. */
const metThresholds = (spend: number, rules: readonly PriceRule[], tier?: string | null): number[] =>
  rules
    .filter((r) => r.active && r.kind === "tier" && (tier === undefined || r.tier === tier))
    .flatMap((r) => (r.minLifetimeSpend !== null && r.minLifetimeSpend <= spend ? r.minLifetimeSpend : []));

/** The highest threshold an active rule of `tier` has that `spend` meets; -1 for no tier. */
const heldThreshold = (tier: string | null, spend: number, rules: readonly PriceRule[]): number =>
  Math.max(-1, ...metThresholds(spend, rules, tier));

describe("resolveStanding", () => {
  it("gives no segment and no tier without a customer", () => {
    assert.deepEqual(resolveStanding(null, storeRules), { segment: null, tier: null });
  });

  it("combines the segment and the tier", () => {
    const loyalGold = history({ paidOrders: 12, paidOrdersLastYear: 6, lifetimeSpend: 25_000_000 });
    assert.deepEqual(resolveStanding(loyalGold, storeRules), { segment: "loyal", tier: "gold" });
  });
});

describe("customerSegment", () => {
  const cases: ReadonlyArray<readonly [Partial<PurchaseHistory>, string]> = [
    [{ paidOrders: 0, paidOrdersLastYear: 0 }, "new"],
    [{ paidOrders: 1, paidOrdersLastYear: 1 }, "returning"],
    [{ paidOrders: 1, paidOrdersLastYear: 0 }, "returning"],
    [{ paidOrders: 30, paidOrdersLastYear: 4 }, "returning"],
    [{ paidOrders: 5, paidOrdersLastYear: 5 }, "loyal"],
    [{ paidOrders: 30, paidOrdersLastYear: 12 }, "loyal"],
    // inconsistent counts: no paid order at all wins
    [{ paidOrders: 0, paidOrdersLastYear: 5 }, "new"],
  ];
  for (const [fields, segment] of cases) {
    it(`${JSON.stringify(fields)} → ${segment}`, () => assert.equal(customerSegment(history(fields)), segment));
  }

  it("is new exactly without paid orders and loyal exactly from 5 paid orders in the last year", () => {
    fc.assert(
      fc.property(historyArb, (h) => {
        const segment = customerSegment(h);
        assert.equal(segment === "new", h.paidOrders === 0);
        assert.equal(segment === "loyal", h.paidOrders >= 1 && h.paidOrdersLastYear >= 5);
      }),
    );
  });

  it("never moves down when a paid order is added", () => {
    const rank = { new: 0, returning: 1, loyal: 2 } as const;
    fc.assert(
      fc.property(historyArb, fc.boolean(), (h, withinYear) => {
        const next = {
          ...h,
          paidOrders: h.paidOrders + 1,
          paidOrdersLastYear: h.paidOrdersLastYear + (withinYear ? 1 : 0),
        };
        assert.ok(rank[customerSegment(next)] >= rank[customerSegment(h)]);
      }),
    );
  });
});

describe("customerTier", () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [0, "bronze"],
    [4_999_999, "bronze"],
    [5_000_000, "silver"],
    [19_999_999, "silver"],
    [20_000_000, "gold"],
    [99_999_999, "gold"],
    [100_000_000, "platinum"],
    [9_000_000_000, "platinum"],
  ];
  for (const [spend, tier] of cases) {
    it(`lifetime spend ${spend} → ${tier}`, () => assert.equal(customerTier(spend, storeRules), tier));
  }

  it("ignores inactive tier rules, tier rules without a threshold and rules of other kinds", () => {
    assert.equal(customerTier(1, [tierRule("d", "diamond", 1, false), tierRule("v", "vip", null)]), null);
    assert.equal(customerTier(1, storeRules.filter((r) => r.id === "volume")), null);
  });

  it("gives no tier when no threshold is met", () => {
    assert.equal(customerTier(99, [tierRule("s", "silver", 100)]), null);
    assert.equal(customerTier(100, [tierRule("s", "silver", 100)]), "silver");
    assert.equal(customerTier(1_000, []), null);
  });

  it("breaks a tie between thresholds by the first tier name", () => {
    const tied = [tierRule("g", "gold", 500), tierRule("e", "elite", 500), tierRule("b", "bronze", 0)];
    assert.equal(customerTier(500, tied), "elite");
    assert.equal(customerTier(500, [...tied].reverse()), "elite");
  });

  it("holds the tier of the highest threshold met, whatever the order of the rules", () => {
    fc.assert(
      fc.property(rulesArb(16), fc.nat({ max: 60_000_000 }), (rules, spend) => {
        const tier = customerTier(spend, rules);
        const met = heldThreshold(tier, spend, rules);
        const highest = Math.max(-1, ...metThresholds(spend, rules));
        assert.equal(tier === null, highest === -1);
        assert.equal(met, highest);
        assert.equal(customerTier(spend, [...rules].reverse()), tier);
      }),
    );
  });

  it("never lowers the tier when the customer spends more", () => {
    fc.assert(
      fc.property(rulesArb(16), fc.nat({ max: 60_000_000 }), fc.nat({ max: 30_000_000 }), (rules, spend, more) => {
        const before = customerTier(spend, rules);
        const after = customerTier(spend + more, rules);
        assert.ok(heldThreshold(after, spend + more, rules) >= heldThreshold(before, spend, rules));
        if (before !== null) assert.notEqual(after, null);
      }),
    );
  });

  it("does not depend on order counts, nor the segment on spend", () => {
    fc.assert(
      fc.property(historyArb, historyArb, rulesArb(16), (a, b, rules) => {
        const mixed = { ...a, lifetimeSpend: b.lifetimeSpend };
        assert.equal(resolveStanding(mixed, rules).tier, resolveStanding(b, rules).tier);
        assert.equal(resolveStanding(mixed, rules).segment, resolveStanding(a, rules).segment);
      }),
    );
  });
});
