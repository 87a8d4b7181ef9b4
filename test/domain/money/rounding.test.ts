// Specifies the project's one rounding rule (half-to-even) and the conversions and percentages built on it.
import assert from "node:assert/strict";
import { Schema } from "effect";
import fc from "fast-check";
import { CurrencyCode } from "../../../domain/money/currency.js";
import { ISO_4217_MINOR_DIGITS } from "../../../domain/money/iso-4217.js";
import { applyPercentage, convertMinor, roundHalfEven } from "../../../domain/money/rounding.js";

const cc = Schema.decodeUnknownSync(CurrencyCode);
const KES = cc("KES");
const USD = cc("USD");
const EUR = cc("EUR");
const UGX = cc("UGX");
const RWF = cc("RWF");
const BHD = cc("BHD");
const JPY = cc("JPY");
const CLF = cc("CLF");

const anyCurrency = fc.constantFrom(...Object.keys(ISO_4217_MINOR_DIGITS).map((code) => cc(code)));
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });

/** An exact decimal units / 10^scale and the double a programmer writes for it. */
const decimalOf = (units: bigint, scale: number): number => Number(`${units}e-${scale}`);

/** |result - num/den| <= 1/2, and on an exact tie result is even. den > 0. */
function assertHalfEvenOf(result: number, num: bigint, den: bigint): void {
  const twiceError = 2n * (BigInt(result) * den - num);
  const absTwiceError = twiceError < 0n ? -twiceError : twiceError;
  assert.ok(absTwiceError <= den, `${result} is more than half a unit from ${num}/${den}`);
  if (absTwiceError === den) assert.equal(BigInt(result) % 2n, 0n, `tie ${num}/${den} not rounded to even`);
}

describe("roundHalfEven", () => {
  const examples: ReadonlyArray<readonly [number, number]> = [
    [2.5, 2],
    [3.5, 4],
    [-2.5, -2],
    [-3.5, -4],
    [0.5, 0],
    [1.5, 2],
    [1.4, 1],
    [1.6, 2],
    [-1.6, -2],
    [1.0000000000000002, 1],
    [0.9999999999999999, 1],
    [7, 7],
    // arithmetic that means a tie but lands one bit below it still counts as the tie
    [1.005 * 100, 100], // 100.49999999999999
    [1.015 * 100, 102], // 101.49999999999999
    [0.285 * 100, 28], // 28.499999999999996
    [2.675 * 100, 268], // 267.49999999999997
    [2.4999999999999996, 2],
    [2.5000000000000004, 2],
    // at these magnitudes a double's fraction is read exactly
    [123456789012345.5, 123456789012346],
    [123456789012344.5, 123456789012344],
    [1e15 + 0.5, 1e15],
    [4503599627370494.5, 4503599627370494],
    [1e20, 1e20],
  ];
  for (const [input, expected] of examples) {
    it(`${input} → ${expected}`, () => assert.equal(roundHalfEven(input), expected));
  }

  it("never returns -0", () => {
    for (const x of [-0, -0.5, -0.4, -1e-300]) assert.ok(Object.is(roundHalfEven(x), 0), String(x));
  });

  it("rejects NaN and infinities", () => {
    for (const x of [Number.NaN, Infinity, -Infinity]) assert.throws(() => roundHalfEven(x), RangeError);
  });

  it("returns an integer", () => {
    fc.assert(fc.property(finiteDouble, (x) => Number.isInteger(roundHalfEven(x))));
  });

  it("is within 0.5 of its input, give or take the 15-significant-digit reading", () => {
    fc.assert(
      fc.property(finiteDouble, (x) => {
        assert.ok(Math.abs(roundHalfEven(x) - x) <= 0.5 + 1e-14 * Math.abs(x), String(x));
      }),
    );
  });

  it("is within 0.5, ties to even, for any decimal of up to 15 significant digits", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.integer({ min: 1, max: 14 }),
        (units, scale) => assertHalfEvenOf(roundHalfEven(decimalOf(units, scale)), units, 10n ** BigInt(scale)),
      ),
    );
  });

  it("sends every exact tie to the even neighbour", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (n) => {
        const r = roundHalfEven(n + 0.5);
        assert.ok(r === n || r === n + 1);
        assert.ok(r % 2 === 0, `${r} is odd`);
      }),
    );
  });

  it("keeps a tie written in decimal a tie after scaling by a power of ten", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 4 }), (m, digits) => {
        // (m + 1/2) minor units written as a major-unit decimal, e.g. m = 100, digits = 2: 1.005
        const major = decimalOf(BigInt(2 * m + 1) * 5n, digits + 1);
        const r = roundHalfEven(major * 10 ** digits);
        assert.ok(r === m || r === m + 1);
        assert.ok(r % 2 === 0, `${r} is odd`);
      }),
    );
  });

  it("is odd: rounding -x gives -(rounding x)", () => {
    fc.assert(fc.property(finiteDouble, (x) => roundHalfEven(-x) === -roundHalfEven(x)));
  });
});

describe("convertMinor", () => {
  const examples: ReadonlyArray<
    readonly [amount: number, from: CurrencyCode, to: CurrencyCode, rate: number, expected: number]
  > = [
    [12345, KES, USD, 0.0077, 95], // 123.45 KES × 0.0077 = 0.950565 USD = 95.0565 cents
    [-12345, KES, USD, 0.0077, -95],
    [12345, KES, UGX, 28.7, 3543], // 3543.015 UGX
    [12345, KES, BHD, 0.0029, 358], // 0.358005 BHD = 358.005 fils
    [12345, UGX, KES, 0.0348, 42961], // 429.606 KES
    [12345, KES, RWF, 10.25, 1265], // 1265.3625 RWF
    [1, BHD, KES, 342.5, 34], // 0.001 BHD = 0.3425 KES = 34.25 cents
    [1234, JPY, USD, 0.0066, 814], // 8.1444 USD
    [100, USD, CLF, 0.0254, 254], // 0.0254 CLF, four minor digits
    [250, KES, UGX, 27, 68], // 67.5 → 68
    [150, KES, UGX, 27, 40], // 40.5 → 40
    [1, USD, EUR, 0.5, 0], // 0.5 cent → 0
    [3, USD, EUR, 0.5, 2], // 1.5 → 2
    [5, USD, EUR, 0.5, 2], // 2.5 → 2
    [-5, USD, EUR, 0.5, -2],
    [100, USD, USD, 1.005, 100], // 100.5 → 100
    [300, USD, USD, 1.005, 302], // 301.5 → 302, though 300 * 1.005 is 301.49999999999994
  ];
  for (const [amount, from, to, rate, expected] of examples) {
    it(`${amount} ${from} minor at ${rate} ${to}/${from} → ${expected} ${to} minor`, () =>
      assert.equal(convertMinor(amount, from, to, rate), expected));
  }

  it("rejects non-integer amounts, non-positive rates and results beyond safe integers", () => {
    assert.throws(() => convertMinor(1.5, KES, USD, 1), RangeError);
    assert.throws(() => convertMinor(100, KES, USD, 0), RangeError);
    assert.throws(() => convertMinor(100, KES, USD, -1), RangeError);
    assert.throws(() => convertMinor(100, KES, USD, Number.NaN), RangeError);
    assert.throws(() => convertMinor(100, KES, USD, Infinity), RangeError);
    assert.throws(() => convertMinor(Number.MAX_SAFE_INTEGER, USD, USD, 2), RangeError);
  });

  it("is the identity at rate 1 within one currency", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), anyCurrency, (amount, c) => convertMinor(amount, c, c, 1) === amount),
    );
  });

  it("is within half a minor unit of the exact rational result, ties to even", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        anyCurrency,
        anyCurrency,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 12 }),
        (amount, from, to, rateUnits, rateScale) => {
          // rate = rateUnits / 10^rateScale exactly, as a decimal rate is quoted
          const num = BigInt(amount) * rateUnits * 10n ** BigInt(ISO_4217_MINOR_DIGITS[to] as number);
          const den = 10n ** BigInt(rateScale + (ISO_4217_MINOR_DIGITS[from] as number));
          fc.pre((num < 0n ? -num : num) < BigInt(Number.MAX_SAFE_INTEGER) * den);
          assertHalfEvenOf(convertMinor(amount, from, to, decimalOf(rateUnits, rateScale)), num, den);
        },
      ),
    );
  });

  it("is monotonic in the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e8, max: 1e8 }),
        fc.integer({ min: -1e8, max: 1e8 }),
        anyCurrency,
        anyCurrency,
        fc.double({ min: 1e-6, max: 1e3, noNaN: true }),
        (a, b, from, to, rate) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          assert.ok(convertMinor(low, from, to, rate) <= convertMinor(high, from, to, rate));
        },
      ),
    );
  });
});

describe("applyPercentage", () => {
  const examples: ReadonlyArray<readonly [amount: number, percent: number, expected: number]> = [
    [1995, 10, 200], // 199.5 → 200
    [1985, 10, 198], // 198.5 → 198
    [-1995, 10, -200],
    [1000, 16, 160],
    [12345, 16, 1975], // 1975.2
    [999, 12.5, 125], // 124.875
    [4, 12.5, 0], // 0.5 → 0
    [12, 12.5, 2], // 1.5 → 2
    [2999, 33.3, 999], // 998.667
    [12345, 0, 0],
    [12345, 100, 12345],
  ];
  for (const [amount, percent, expected] of examples) {
    it(`${percent}% of ${amount} → ${expected}`, () => assert.equal(applyPercentage(amount, percent), expected));
  }

  it("rejects non-integer amounts and non-finite percentages", () => {
    assert.throws(() => applyPercentage(10.5, 10), RangeError);
    assert.throws(() => applyPercentage(10, Number.NaN), RangeError);
  });

  it("is within half a minor unit of the exact result, ties to even", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.bigInt({ min: 0n, max: 10n ** 5n }),
        fc.integer({ min: 0, max: 3 }),
        (amount, percentUnits, percentScale) => {
          const num = BigInt(amount) * percentUnits;
          const den = 100n * 10n ** BigInt(percentScale);
          assertHalfEvenOf(applyPercentage(amount, decimalOf(percentUnits, percentScale)), num, den);
        },
      ),
    );
  });
});
