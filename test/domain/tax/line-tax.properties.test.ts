// Properties of one line's tax (docs/taxes.md, "Inclusive and exclusive prices" and "Rounding"): the
// exact direction between exclusive and inclusive prices, the one-unit bound the other way, and each
// figure being the exact value rounded once, half to even.
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyPercentage } from "../../../domain/money/rounding.js";
import { addTax, extractTax, taxOf } from "../../../domain/tax/line-tax.js";
import { taxRate } from "../../../domain/tax/tax-rate.js";
import { isHalfEvenOf, rateArb } from "./tax-arbitraries.js";

const MILLION = 1_000_000n;
const amountArb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1e12 }));

describe("line tax properties", () => {
  it("exclusive then inclusive: the gross addTax makes gives back, by extractTax, the same net and the same tax", () => {
    // Proof (docs/taxes.md): gross = net(1 + r) + e with |e| <= 1/2, so gross / (1 + r) = net + e / (1 + r),
    // which is strictly less than 1/2 away from net when r > 0 (and e = 0 when r = 0): it rounds to net.
    fc.assert(
      fc.property(amountArb, rateArb, (net, rate) => {
        const exclusive = addTax(net, rate);
        const inclusive = extractTax(exclusive.gross, rate);
        assert.deepEqual(inclusive, exclusive);
      }),
      { numRuns: 2000 },
    );
  });

  it("inclusive then exclusive: the net extractTax finds, taxed by addTax, is the gross or one minor unit off it", () => {
    fc.assert(
      fc.property(amountArb, rateArb, (gross, rate) => {
        const back = addTax(extractTax(gross, rate).net, rate).gross;
        assert.ok(Math.abs(back - gross) <= 1, `${gross} at ${rate} ppm came back as ${back}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("inclusive then exclusive is not always exact: 4 minor units at 16 % hold 1 of tax, while no net gives a gross of 4", () => {
    const rate = taxRate(160_000);
    assert.deepEqual(extractTax(4, rate), { net: 3, tax: 1, gross: 4 });
    assert.deepEqual(addTax(3, rate), { net: 3, tax: 0, gross: 3 });
    assert.deepEqual(addTax(4, rate), { net: 4, tax: 1, gross: 5 });
  });

  it("addTax: tax is net × rate rounded half to even, and gross = net + tax", () => {
    fc.assert(
      fc.property(amountArb, rateArb, (net, rate) => {
        const { tax, gross } = addTax(net, rate);
        assert.ok(isHalfEvenOf(tax, BigInt(net) * BigInt(rate), MILLION));
        assert.equal(gross, net + tax);
      }),
    );
  });

  it("addTax is the project's applyPercentage (domain/money/rounding.ts) of the rate in percent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), rateArb, (net, rate) => {
        assert.equal(addTax(net, rate).tax, applyPercentage(net, rate / 10_000));
      }),
    );
  });

  it("extractTax: net is gross / (1 + rate) rounded half to even, tax = gross − net, neither negative", () => {
    fc.assert(
      fc.property(amountArb, rateArb, (gross, rate) => {
        const { net, tax } = extractTax(gross, rate);
        assert.ok(isHalfEvenOf(net, BigInt(gross) * MILLION, MILLION + BigInt(rate)));
        assert.equal(net + tax, gross);
        assert.ok(net >= 0 && tax >= 0 && tax <= gross);
      }),
    );
  });

  it("at 0 % nothing is added or taken out", () => {
    fc.assert(
      fc.property(amountArb, fc.boolean(), (amount, inclusive) => {
        assert.deepEqual(taxOf(amount, taxRate(0), inclusive), { net: amount, tax: 0, gross: amount });
      }),
    );
  });

  it("refuses amounts that are not non-negative safe integers of minor units", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      assert.throws(() => addTax(bad, taxRate(160_000)), RangeError, String(bad));
      assert.throws(() => extractTax(bad, taxRate(160_000)), RangeError, String(bad));
    }
  });
});
