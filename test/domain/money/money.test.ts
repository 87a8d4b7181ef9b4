// Specifies currency codes and Money: construction, same-currency arithmetic and major-unit conversion.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import fc from "fast-check";
import {
  CurrencyCode,
  currencySymbol,
  isCurrencyCode,
  minorDigits,
} from "../../../domain/money/currency.js";
import { CURRENCY_SYMBOLS } from "../../../domain/money/currency-symbols.js";
import { ISO_4217_MINOR_DIGITS } from "../../../domain/money/iso-4217.js";
import {
  add,
  CurrencyMismatch,
  fromMajor,
  fromMinor,
  subtract,
  toMajor,
  zero,
  type Money,
} from "../../../domain/money/money.js";

const cc = Schema.decodeUnknownSync(CurrencyCode);
const KES = cc("KES");
const USD = cc("USD");
const UGX = cc("UGX");
const BHD = cc("BHD");
const CLF = cc("CLF");
const JPY = cc("JPY");

const anyCurrency = fc.constantFrom(...Object.keys(ISO_4217_MINOR_DIGITS).map((code) => cc(code)));
const inCurrency = (currency: CurrencyCode, maxAbs: number) =>
  fc.integer({ min: -maxAbs, max: maxAbs }).map((amount): Money => fromMinor(amount, currency));
const anyMoney = (maxAbs: number) => anyCurrency.chain((c) => inCurrency(c, maxAbs));

describe("CurrencyCode", () => {
  it("accepts active ISO 4217 codes", () => {
    for (const code of ["KES", "USD", "UGX", "EUR", "BHD", "XOF"]) {
      assert.ok(isCurrencyCode(code), code);
      assert.ok(Either.isRight(Schema.decodeUnknownEither(CurrencyCode)(code)), code);
    }
  });

  it("rejects anything else, including codes ISO gives no minor unit", () => {
    for (const s of ["kes", "Kes", "KE", "KESS", "", "ABC", "XAU", "XXX", "XTS", "constructor", " KES"]) {
      assert.equal(isCurrencyCode(s), false, s);
      assert.ok(Either.isLeft(Schema.decodeUnknownEither(CurrencyCode)(s)), s);
    }
    assert.ok(Either.isLeft(Schema.decodeUnknownEither(CurrencyCode)(404)));
  });

  it("knows each currency's minor digits", () => {
    assert.deepEqual(
      [KES, UGX, BHD, CLF, JPY, USD].map(minorDigits),
      [2, 0, 3, 4, 0, 2],
    );
  });

  it("refuses a code that bypassed the brand rather than compute with NaN", () => {
    assert.throws(() => minorDigits("XAU" as CurrencyCode), RangeError);
  });

  it("shows display symbols and falls back to the code", () => {
    const expected = {
      KES: "KSh", USD: "$", EUR: "€", GBP: "£", UGX: "USh",
      TZS: "TSh", RWF: "FRw", NGN: "₦", GHS: "GH₵", ZAR: "R",
      JPY: "JPY", BHD: "BHD",
    };
    for (const [code, symbol] of Object.entries(expected)) assert.equal(currencySymbol(cc(code)), symbol);
  });

  it("has symbols only for real currency codes", () => {
    for (const code of Object.keys(CURRENCY_SYMBOLS)) assert.ok(isCurrencyCode(code), code);
  });
});

describe("Money", () => {
  describe("construction", () => {
    it("holds safe integer minor units only", () => {
      assert.deepEqual(fromMinor(1234, KES), { amount: 1234, currency: KES });
      assert.deepEqual(zero(UGX), { amount: 0, currency: UGX });
      for (const bad of [1.5, Number.NaN, Infinity, Number.MAX_SAFE_INTEGER + 1]) {
        assert.throws(() => fromMinor(bad, KES), RangeError, String(bad));
      }
    });

    it("normalises -0", () => assert.ok(Object.is(fromMinor(-0, KES).amount, 0)));
  });

  describe("add and subtract", () => {
    it("work within one currency", () => {
      assert.deepEqual(add(fromMinor(1050, KES), fromMinor(-75, KES)), fromMinor(975, KES));
      assert.deepEqual(subtract(fromMinor(500, UGX), fromMinor(800, UGX)), fromMinor(-300, UGX));
    });

    it("throw CurrencyMismatch across currencies", () => {
      for (const operation of [add, subtract]) {
        assert.throws(
          () => operation(fromMinor(100, KES), fromMinor(100, USD)),
          (e: unknown) =>
            e instanceof CurrencyMismatch &&
            e._tag === "CurrencyMismatch" &&
            e.left === KES &&
            e.right === USD &&
            e.message.includes("KES") &&
            e.message.includes("USD"),
        );
      }
    });

    it("refuse a sum beyond safe integers", () => {
      assert.throws(() => add(fromMinor(Number.MAX_SAFE_INTEGER, USD), fromMinor(1, USD)), RangeError);
    });

    it("undo each other and add commutes, with zero as identity", () => {
      fc.assert(
        fc.property(
          anyCurrency.chain((c) => fc.tuple(inCurrency(c, 1e12), inCurrency(c, 1e12))),
          ([a, b]) => {
            assert.deepEqual(subtract(add(a, b), b), a);
            assert.deepEqual(add(a, b), add(b, a));
            assert.deepEqual(add(a, zero(a.currency)), a);
          },
        ),
      );
    });
  });

  describe("toMajor", () => {
    const examples: ReadonlyArray<readonly [Money, number]> = [
      [fromMinor(1234, KES), 12.34],
      [fromMinor(500, UGX), 500],
      [fromMinor(1234, BHD), 1.234],
      [fromMinor(1, CLF), 0.0001],
      [fromMinor(-5, USD), -0.05],
      [fromMinor(0, USD), 0],
    ];
    for (const [money, major] of examples) {
      it(`${money.amount} ${money.currency} → ${major}`, () => assert.equal(toMajor(money), major));
    }

    it("is the same double as the decimal literal with the currency's digits", () => {
      fc.assert(
        fc.property(anyMoney(1e12), (m) => {
          const digits = minorDigits(m.currency);
          const magnitude = String(Math.abs(m.amount)).padStart(digits + 1, "0");
          const literal =
            (m.amount < 0 ? "-" : "") +
            (digits === 0
              ? magnitude
              : `${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`);
          assert.equal(toMajor(m), Number(literal), literal);
        }),
      );
    });
  });

  describe("fromMajor", () => {
    const examples: ReadonlyArray<readonly [number, CurrencyCode, number]> = [
      [12.34, KES, 1234],
      [500, UGX, 500],
      [500.5, UGX, 500],
      [501.5, UGX, 502],
      [1.005, USD, 100], // half a cent, to even
      [1.015, USD, 102],
      [2.675, USD, 268],
      [-1.005, USD, -100],
      [0.0005, BHD, 0],
      [1.2345, BHD, 1234],
      [0.00005, CLF, 0],
      [0.00015, CLF, 2],
    ];
    for (const [major, currency, minor] of examples) {
      it(`${major} ${currency} → ${minor}`, () => assert.deepEqual(fromMajor(major, currency), fromMinor(minor, currency)));
    }

    it("round-trips toMajor for integer minor amounts up to 1e12", () => {
      fc.assert(
        fc.property(anyMoney(1e12), (m) => {
          assert.deepEqual(fromMajor(toMajor(m), m.currency), m);
        }),
      );
    });
  });
});
