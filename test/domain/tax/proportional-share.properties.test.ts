// Properties of proportional shares (docs/taxes.md, "Proportional shares", "Discounts", "Refunds"):
// a discount's parts add up exactly and stay within their lines, and refunding every line, in any
// number of partial refunds in any order, returns exactly the tax charged.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { roundHalfEven } from "../../../domain/money/rounding.js";
import { taxOrder } from "../../../domain/tax/order-tax.js";
import { divideHalfEven } from "../../../domain/money/rounding.js";
import { allocateProportionally, cumulativeShare } from "../../../domain/tax/proportional-share.js";
import { refundOfAmount, refundOfUnits } from "../../../domain/tax/refund-tax.js";
import { amountIn, classArb, currencyArb, cutsOf, lineIn, zoneArb } from "./tax-arbitraries.js";

const weightsArb = fc.array(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1e9 })), { maxLength: 12 });

/** Shuffles (line, part) pairs with fast-check's own randomness so failures shrink and replay. */
const interleavings = <T>(items: readonly T[]): fc.Arbitrary<T[]> =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

describe("divideHalfEven", () => {
  it("rounds as the project's one rule, roundHalfEven (domain/money/rounding.ts), does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        assert.equal(Number(divideHalfEven(BigInt(n), BigInt(d))), roundHalfEven(n / d));
      }),
      { numRuns: 2000 },
    );
    assert.deepEqual([5n, 7n, -5n, 1n].map((n) => divideHalfEven(n, 2n)), [2n, 4n, -2n, 0n]);
  });
});

describe("allocateProportionally (an order discount over its lines)", () => {
  const allocationArb = weightsArb.chain((weights) => {
    const whole = weights.reduce((sum, w) => sum + w, 0);
    return fc.tuple(fc.constant(weights), fc.integer({ min: 0, max: whole }));
  });

  it("gives parts that add up exactly to the discount, never negative, never above their line", () => {
    fc.assert(
      fc.property(allocationArb, ([weights, total]) => {
        const parts = allocateProportionally(total, weights);
        assert.equal(parts.length, weights.length);
        assert.equal(parts.reduce((sum, part) => sum + part, 0), total);
        parts.forEach((part, i) => assert.ok(Number.isInteger(part) && part >= 0 && part <= weights[i]!, `${part} of ${weights[i]}`));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives each line at most one minor unit more or less than its exact proportion", () => {
    fc.assert(
      fc.property(allocationArb, ([weights, total]) => {
        const whole = BigInt(weights.reduce((sum, w) => sum + w, 0));
        allocateProportionally(total, weights).forEach((part, i) => {
          const error = BigInt(part) * whole - BigInt(total) * BigInt(weights[i]!);
          assert.ok((error < 0n ? -error : error) <= whole);
        });
      }),
    );
    // the bound is reached when both ends of a slice are ties rounded apart: 0.5 → 0 and 1.5 → 2
    assert.deepEqual(allocateProportionally(3, [1, 2, 3]), [0, 2, 1]);
  });

  it("takes a whole discount equal to the lines' sum as exactly every line", () => {
    fc.assert(fc.property(weightsArb, (weights) => assert.deepEqual(allocateProportionally(weights.reduce((s, w) => s + w, 0), weights), weights)));
  });

  it("refuses a discount above the lines' sum", () => {
    assert.throws(() => allocateProportionally(11, [5, 5]), RangeError);
  });
});

describe("cumulativeShare", () => {
  it("shares of slices that cover the whole add up to the total, none negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }).chain((whole) => fc.tuple(fc.integer({ min: 0, max: 1e9 }), fc.constant(whole), cutsOf(whole, 10))),
        ([total, whole, cuts]) => {
          let before = 0;
          let shared = 0;
          for (const cut of cuts) {
            const share = cumulativeShare(total, whole, before, cut);
            assert.ok(share >= 0);
            shared += share;
            before += cut;
          }
          assert.equal(shared, whole === 0 ? 0 : total);
        },
      ),
    );
  });
});

describe("refunds return the tax charged", () => {
  const chargedOrderArb = currencyArb.chain((currency) =>
    fc.record({
      pricesIncludeTax: fc.boolean(),
      zone: zoneArb,
      lines: fc.array(lineIn(currency), { minLength: 1, maxLength: 6 }),
      shipping: fc.option(fc.record({ amount: amountIn(currency, 5_000), taxClass: classArb }), { nil: null }),
      discount: fc.constant(0),
    }),
  ).map((input) => Either.getOrThrow(taxOrder(input)));

  it("refunding every line and the shipping by amounts, in random partial refunds in any order, returns exactly the order's tax", () => {
    fc.assert(
      fc.property(
        chargedOrderArb.chain((order) => {
          const charged = [...order.lines, ...(order.shipping === null ? [] : [order.shipping])];
          return fc
            .tuple(...charged.map((line) => cutsOf(line.gross)))
            .chain((cuts) => interleavings(cuts.flatMap((parts, line) => parts.map((amount) => ({ line, amount })))))
            .map((refunds) => ({ order, charged, refunds }));
        }),
        ({ order, charged, refunds }) => {
          const refundedBefore = charged.map(() => 0);
          let taxReturned = 0;
          let grossReturned = 0;
          for (const { line, amount } of refunds) {
            const refund = refundOfAmount(charged[line]!, refundedBefore[line]!, amount);
            assert.ok(refund.tax >= 0 && refund.tax <= amount && refund.net + refund.tax === amount);
            refundedBefore[line]! += amount;
            taxReturned += refund.tax;
            grossReturned += refund.gross;
          }
          assert.equal(taxReturned, order.tax);
          assert.equal(grossReturned, order.gross);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refunding every unit of every line, in random batches in any order, returns exactly the lines' gross and tax", () => {
    const unitsArb = fc.record({
      line: fc.record({ gross: fc.integer({ min: 0, max: 1e8 }), quantity: fc.integer({ min: 1, max: 50 }) }),
      rateShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    }).map(({ line, rateShare }) => ({ ...line, tax: Math.floor(line.gross * rateShare) }));
    fc.assert(
      fc.property(
        fc.array(unitsArb, { minLength: 1, maxLength: 5 }).chain((lines) =>
          fc
            .tuple(...lines.map((line) => cutsOf(line.quantity, 8)))
            .chain((cuts) => interleavings(cuts.flatMap((parts, line) => parts.map((units) => ({ line, units })))))
            .map((refunds) => ({ lines, refunds })),
        ),
        ({ lines, refunds }) => {
          const unitsBefore = lines.map(() => 0);
          let tax = 0;
          let gross = 0;
          for (const { line, units } of refunds) {
            const refund = refundOfUnits(lines[line]!, unitsBefore[line]!, units);
            assert.ok(refund.tax >= 0 && refund.net >= 0);
            unitsBefore[line]! += units;
            tax += refund.tax;
            gross += refund.gross;
          }
          assert.equal(tax, lines.reduce((sum, line) => sum + line.tax, 0));
          assert.equal(gross, lines.reduce((sum, line) => sum + line.gross, 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses to refund more than the line's gross", () => {
    assert.throws(() => refundOfAmount({ gross: 1_160, tax: 160 }, 1_000, 161), RangeError);
  });
});
