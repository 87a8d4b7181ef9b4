// Properties of an order's tax (docs/taxes.md, "Orders", "Discounts", "Shipping"), for currencies with
// 0, 2 and 3 minor digits: line taxes add up to the order's tax, each line follows the per-line rule,
// and the order totals what the store's prices say.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { minorDigits } from "../../../domain/money/currency.js";
import { taxOf } from "../../../domain/tax/line-tax.js";
import { taxOrder, type OrderTax, type OrderTaxInput } from "../../../domain/tax/order-tax.js";
import { rateFor } from "../../../domain/tax/tax-zone.js";
import { amountIn, classArb, currencyArb, lineIn, zoneArb } from "./tax-arbitraries.js";

const orderArb: fc.Arbitrary<OrderTaxInput & { readonly currencyDigits: number }> = currencyArb.chain((currency) =>
  fc
    .record({
      pricesIncludeTax: fc.boolean(),
      zone: zoneArb,
      lines: fc.array(lineIn(currency), { maxLength: 8 }),
      shipping: fc.option(fc.record({ amount: amountIn(currency, 5_000), taxClass: classArb }), { nil: null }),
      discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ discountFraction, ...order }) => {
      const subtotal = order.lines.reduce((sum, line) => sum + line.amount, 0);
      return { ...order, discount: Math.floor(subtotal * discountFraction), currencyDigits: minorDigits(currency) };
    }),
);

const taxed = (input: OrderTaxInput): OrderTax => {
  const result = taxOrder(input);
  assert.ok(Either.isRight(result), "every class used is rated in the zone");
  return result.right;
};

describe("order tax properties (UGX, JPY: 0 digits; KES, TZS: 2; BHD, KWD: 3)", () => {
  it("the order's tax is exactly the sum of its line taxes and the shipping's", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        const parts = [...order.lines, ...(order.shipping === null ? [] : [order.shipping])];
        assert.equal(order.tax, parts.reduce((sum, part) => sum + part.tax, 0));
        assert.equal(order.net, parts.reduce((sum, part) => sum + part.net, 0));
        assert.equal(order.gross, order.net + order.tax);
      }),
      { numRuns: 1000 },
    );
  });

  it("each line is taxed alone, on its amount less its discount share, at its class's rate (rounded per line)", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        input.lines.forEach((line, i) => {
          const result = order.lines[i]!;
          const rate = Either.getOrThrow(rateFor(input.zone, line.taxClass)).rate;
          assert.equal(result.rate, rate);
          assert.deepEqual(
            { net: result.net, tax: result.tax, gross: result.gross },
            taxOf(line.amount - result.discount, rate, input.pricesIncludeTax),
          );
        });
      }),
    );
  });

  it("the shopper pays the prices as stated: with tax included the order's gross, else its net, is lines − discount + shipping", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        const stated = input.lines.reduce((sum, line) => sum + line.amount, 0) - input.discount + (input.shipping?.amount ?? 0);
        assert.equal(input.pricesIncludeTax ? order.gross : order.net, stated);
      }),
    );
  });

  it("the discount is spread over the lines only: shares add up to it, shipping takes none", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        assert.equal(order.lines.reduce((sum, line) => sum + line.discount, 0), input.discount);
        assert.equal(order.shipping?.discount ?? 0, 0);
        input.lines.forEach((line, i) => assert.ok(order.lines[i]!.discount <= line.amount));
      }),
    );
  });

  it("per-line rounding keeps each line within half a minor unit of its exact tax, so the order within half a unit per line", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        const parts = [...order.lines, ...(order.shipping === null ? [] : [order.shipping])];
        // the exact tax of a part: gross × r / (1 + r) when prices include tax, net × r otherwise
        const exactTax = (part: (typeof parts)[number]): number =>
          input.pricesIncludeTax ? (part.gross * part.rate) / (1_000_000 + part.rate) : (part.net * part.rate) / 1_000_000;
        for (const part of parts) assert.ok(Math.abs(part.tax - exactTax(part)) <= 0.5 + 1e-6, `${part.tax} vs ${exactTax(part)}`);
        const exactTotal = parts.reduce((sum, part) => sum + exactTax(part), 0);
        assert.ok(Math.abs(order.tax - exactTotal) <= parts.length / 2 + 1e-6);
      }),
    );
  });

  it("the totals by rate add up to the order, one group per rate, exempt apart", () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const order = taxed(input);
        for (const key of ["net", "tax", "gross"] as const) {
          assert.equal(order.byRate.reduce((sum, group) => sum + group[key], 0), order[key]);
        }
        const keys = order.byRate.map((group) => `${group.exempt}:${group.rate}`);
        assert.equal(new Set(keys).size, keys.length);
        for (const group of order.byRate) if (group.exempt) assert.equal(group.tax, 0);
      }),
    );
  });
});
