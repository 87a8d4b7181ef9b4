// Properties of the price resolver: bounds, an exact breakdown, monotonicity in quantity and rules,
// conversion within half a minor unit, and independence from rule order, inactive and out-of-scope rules.
import assert from "node:assert/strict";
import fc from "fast-check";
import { sellingPrice } from "../../../domain/catalog/selling-price.js";
import { minorDigits } from "../../../domain/money/currency.js";
import type { PriceRule } from "../../../domain/pricing/price-rule.js";
import { resolvePrice, type PriceInput, type ResolvedPrice } from "../../../domain/pricing/resolve-price.js";
import { anyCurrencyArb, pricedCaseArb, rateArb, ruleArb, rulesArb } from "./pricing-arbitraries.js";

const DISCOUNTS = ["sale_discount", "segment_discount", "tier_discount", "volume_discount"] as const;

/** Asserts |result - num/den| <= 1/2 and that an exact tie went to the even neighbour. den > 0. */
function assertRoundedHalfEven(result: number, num: bigint, den: bigint, what: string): void {
  const twiceError = 2n * (BigInt(result) * den - num);
  const absTwiceError = twiceError < 0n ? -twiceError : twiceError;
  assert.ok(absTwiceError <= den, `${what}: ${result} is more than half a minor unit from ${num}/${den}`);
  if (absTwiceError === den) assert.equal(BigInt(result) % 2n, 0n, `${what}: tie ${num}/${den} not to even`);
}

const withRules = (input: PriceInput, rules: readonly PriceRule[]): PriceInput => ({ ...input, rules });

describe("resolvePrice properties", () => {
  it("gives integers, a final price within 0..base price and no negative discount", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input }) => {
        const { breakdown, finalPriceInBase, basePriceInBase } = resolvePrice(input);
        for (const value of Object.values(breakdown)) assert.ok(Number.isSafeInteger(value), String(value));
        assert.ok(breakdown.final_price >= 0);
        assert.ok(breakdown.final_price <= breakdown.base_price);
        for (const key of DISCOUNTS) assert.ok(breakdown[key] >= 0, `${key} ${breakdown[key]}`);
        assert.ok(finalPriceInBase >= 0 && finalPriceInBase <= basePriceInBase);
        assert.equal(basePriceInBase, input.basePrice);
      }),
    );
  });

  it("has a breakdown that adds up exactly, and displayPrice is its final price", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input }) => {
        const { breakdown, displayPrice } = resolvePrice(input);
        const discounts = DISCOUNTS.reduce((sum, key) => sum + breakdown[key], 0);
        assert.equal(breakdown.base_price - discounts, breakdown.final_price);
        assert.equal(displayPrice, breakdown.final_price);
      }),
    );
  });

  it("never gives a higher unit price for a larger quantity", () => {
    fc.assert(
      fc.property(pricedCaseArb(), fc.nat({ max: 100 }), ({ input }, more) => {
        const fewer = resolvePrice(input);
        const larger = resolvePrice({ ...input, quantity: input.quantity + more });
        assert.ok(larger.displayPrice <= fewer.displayPrice);
        assert.ok(larger.finalPriceInBase <= fewer.finalPriceInBase);
      }),
    );
  });

  it("never gives a higher price for one more rule", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ruleArb, ({ input }, extra) => {
        const before = resolvePrice(input);
        const after = resolvePrice(withRules(input, [...input.rules, { ...extra, id: "extra" }]));
        assert.ok(after.finalPriceInBase <= before.finalPriceInBase);
        assert.ok(after.displayPrice <= before.displayPrice);
      }),
    );
  });

  it("shows the base amounts at rate 1 in the base currency; the base side ignores the display currency", () => {
    fc.assert(
      fc.property(pricedCaseArb(), anyCurrencyArb, rateArb, ({ input }, otherCurrency, otherRate) => {
        const inBase = resolvePrice({ ...input, displayCurrency: input.baseCurrency, exchangeRate: 1 });
        assert.equal(inBase.breakdown.base_price, input.basePrice);
        const selling = sellingPrice({ price: input.basePrice, salePrice: input.salePrice });
        assert.equal(inBase.breakdown.sale_discount, input.basePrice - selling);
        assert.equal(inBase.breakdown.final_price, inBase.finalPriceInBase);
        assert.equal(inBase.displayPrice, inBase.finalPriceInBase);

        const rate = otherCurrency === input.baseCurrency ? 1 : otherRate.value;
        const elsewhere = resolvePrice({ ...input, displayCurrency: otherCurrency, exchangeRate: rate });
        assert.equal(elsewhere.basePriceInBase, inBase.basePriceInBase);
        assert.equal(elsewhere.finalPriceInBase, inBase.finalPriceInBase);
        assert.deepEqual(elsewhere.appliedRuleIds, inBase.appliedRuleIds);
      }),
    );
  });

  it("converts within half a display minor unit of the exact rational amount, ties to even", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input, rate }) => {
        const result = resolvePrice(input);
        // amount_base_minor * rate * 10^digits(display) / 10^digits(base), with rate = units / 10^scale
        const displayScale = 10n ** BigInt(minorDigits(input.displayCurrency));
        const num = (amount: number) => BigInt(amount) * rate.units * displayScale;
        const den = 10n ** BigInt(rate.scale + minorDigits(input.baseCurrency));
        assertRoundedHalfEven(result.displayPrice, num(result.finalPriceInBase), den, "final price");
        assertRoundedHalfEven(result.breakdown.base_price, num(result.basePriceInBase), den, "base price");
      }),
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input }) => {
        assert.deepEqual(resolvePrice(input), resolvePrice(structuredClone(input)));
      }),
    );
  });

  it("does not depend on the order of the rules", () => {
    fc.assert(
      fc.property(
        pricedCaseArb().chain(({ input }) =>
          fc
            .shuffledSubarray([...input.rules], { minLength: input.rules.length, maxLength: input.rules.length })
            .map((shuffled) => ({ input, shuffled })),
        ),
        ({ input, shuffled }) => {
          assert.deepEqual(resolvePrice(withRules(input, shuffled)), resolvePrice(input));
        },
      ),
    );
  });

  it("breaks ties between equally good rules the same way whatever their order", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input }) => {
        // every rule twice under a second id: each tie must go to the same (smaller) id either way round
        const twins = input.rules.map((rule) => ({ ...rule, id: `${rule.id}-twin` }));
        const forward = resolvePrice(withRules(input, [...input.rules, ...twins]));
        const backward = resolvePrice(withRules(input, [...twins, ...input.rules].reverse()));
        assert.deepEqual(forward, backward);
        assert.deepEqual(forward.appliedRuleIds, resolvePrice(input).appliedRuleIds);
      }),
    );
  });

  it("never applies an inactive rule", () => {
    fc.assert(
      fc.property(pricedCaseArb(), ({ input }) => {
        const result = resolvePrice(input);
        const inactive = new Set(input.rules.filter((rule) => !rule.active).map((rule) => rule.id));
        for (const id of result.appliedRuleIds) assert.ok(!inactive.has(id), `applied inactive ${id}`);
        assert.deepEqual(resolvePrice(withRules(input, input.rules.filter((rule) => rule.active))), result);
      }),
    );
  });

  it("never applies a rule scoped to other products or categories", () => {
    const otherScope = fc.oneof(
      fc.constant({ productIds: ["p-other"], categoryIds: null }),
      fc.constant({ productIds: null, categoryIds: ["c-other"] }),
      fc.constant({ productIds: ["p-other"], categoryIds: ["c-other"] }),
      fc.constant({ productIds: [], categoryIds: [] }),
    );
    fc.assert(
      fc.property(
        pricedCaseArb(),
        fc.array(fc.tuple(ruleArb, otherScope), { minLength: 1, maxLength: 6 }),
        ({ input }, scoped) => {
          const outOfScope = scoped.map(([rule, scope], i) => ({ ...rule, ...scope, active: true, id: `r-${i}` }));
          const result = resolvePrice(input);
          assert.deepEqual(resolvePrice(withRules(input, [...input.rules, ...outOfScope])), result);
        },
      ),
    );
  });

  it("applies at most one rule of each kind, in the order segment, tier, volume, each for this customer", () => {
    fc.assert(
      fc.property(pricedCaseArb(rulesArb(20)), ({ input }) => {
        const result: ResolvedPrice = resolvePrice(input);
        const byId = new Map(input.rules.map((rule) => [rule.id, rule]));
        const kinds = result.appliedRuleIds.map((id) => byId.get(id)!.kind);
        const order = ["segment", "tier", "volume"];
        assert.deepEqual(kinds, order.filter((kind) => kinds.includes(kind as PriceRule["kind"])));
        for (const id of result.appliedRuleIds) {
          const rule = byId.get(id)!;
          if (rule.kind === "segment") assert.equal(rule.segment, input.segment);
          if (rule.kind === "tier") assert.equal(rule.tier, input.tier);
          if (rule.kind === "volume") assert.ok(rule.minQuantity! <= input.quantity);
        }
      }),
    );
  });
});
