// A gift card in another currency than its order's (balances are major units of the card's own
// currency: docs/api/conventions.md, "Money"): what it pays in the order's currency equals the
// exact conversion of what it loses, within one minor unit of the coarser currency; it never pays
// more than the total or its usage cap, never takes more than its balance, and a restoration of
// what it took makes it whole.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import fc from "fast-check";
import { issueGiftCard, redeem, restore } from "../../../domain/gift-cards/gift-card-balance.js";
import { foreignRedemption, redemptionAmount, usageCap } from "../../../domain/gift-cards/redemption-amount.js";
import { CurrencyCode, minorDigits } from "../../../domain/money/currency.js";

const code = Schema.decodeUnknownSync(CurrencyCode);
// Currencies with 0, 2 and 3 minor digits.
const CURRENCIES = ["KES", "TZS", "UGX", "USD", "JPY", "BHD", "EUR"].map((c) => code(c));
const AT = "2026-06-15T09:30:00.000Z";

const cardOf = (currency: CurrencyCode, balance: number, maximumUsagePercentage: number | null) =>
  issueGiftCard({
    id: "gc-1",
    code: "abcd efgh jkmn pqrs",
    initialBalance: balance,
    currency,
    expiryDate: null,
    customerId: null,
    maximumUsagePercentage,
    ledgerEntryId: "le-0",
    at: AT,
  }).card;

/** A rate as stores type them: up to 6 significant digits, from 0.0001 to 50,000. */
const rate = fc.integer({ min: 1, max: 999_999 }).chain((digits) => fc.integer({ min: -10, max: -1 }).map((exp) => Number((digits * 10 ** exp).toPrecision(6)))).filter((r) => r >= 1e-4 && r <= 5e4);

/** Exact value in `to` minor units of `amount` `from` minor units, as a fraction [numerator, denominator] (rate: `from` per one `to`). */
const exactValue = (amount: number, from: CurrencyCode, to: CurrencyCode, fromPerTo: number): [number, number] => [
  amount * 10 ** minorDigits(to),
  fromPerTo * 10 ** minorDigits(from),
];

describe("gift cards in another currency (foreignRedemption)", () => {
  it("pays the converted value of what it takes, within one minor unit of the coarser currency, bounded by total, cap and balance", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        rate,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.option(fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100), { nil: null }),
        (cardCurrency, orderCurrency, r, balance, total, cap) => {
          const card = cardOf(cardCurrency, balance, cap);
          const { cardAmount, orderAmount } = foreignRedemption(card, total, orderCurrency, r);
          assert.ok(Number.isSafeInteger(cardAmount) && cardAmount >= 0 && cardAmount <= balance, `card amount ${cardAmount}`);
          assert.ok(orderAmount >= 0 && orderAmount <= total && orderAmount <= usageCap(card, total), `order amount ${orderAmount}`);
          if (cardCurrency === orderCurrency) {
            assert.equal(cardAmount, orderAmount);
            assert.equal(orderAmount, redemptionAmount(card, total));
            return;
          }
          if (cardAmount === 0) return assert.equal(orderAmount, 0);
          // value of cardAmount in order minor units = num / den
          const [num, den] = exactValue(cardAmount, cardCurrency, orderCurrency, r);
          const value = num / den;
          const oneCardUnit = 10 ** minorDigits(orderCurrency) / (r * 10 ** minorDigits(cardCurrency));
          const tolerance = Math.max(1, oneCardUnit) * (1 + 1e-9);
          assert.ok(value >= orderAmount * (1 - 1e-12) - 1e-9, `the card is never worth less than it paid: ${value} < ${orderAmount}`);
          assert.ok(value - orderAmount < tolerance, `paid ${orderAmount} for a card amount worth ${value} (tolerance ${tolerance})`);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("a restoration of what a redemption took gives the card back its balance before, whatever the currencies", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        rate,
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (cardCurrency, orderCurrency, r, balance, total) => {
          const card = cardOf(cardCurrency, balance, null);
          const { cardAmount } = foreignRedemption(card, total, orderCurrency, r);
          if (cardAmount === 0) return;
          const taken = redeem(card, cardAmount, "le-1", AT, "order-1");
          assert.ok(Either.isRight(taken));
          const back = restore(taken.right.card, taken.right.entry.amount, "le-2", AT, "order-1");
          assert.ok(Either.isRight(back));
          assert.equal(back.right.card.balance, balance);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("examples from the review: TZS, USD and UGX cards on a KES order", () => {
    const kes = code("KES");
    // KES 754.00 with a TZS 100,000 card at 20.2 TZS a shilling: 15,230.80 TZS.
    assert.deepEqual(foreignRedemption(cardOf(code("TZS"), 10_000_000, null), 75_400, kes, 20.2), { cardAmount: 1_523_080, orderAmount: 75_400 });
    // USD 5 at 0.0077 USD a shilling is worth KES 649.35, so it pays that much of a KES 754 order.
    assert.deepEqual(foreignRedemption(cardOf(code("USD"), 500, null), 75_400, kes, 0.0077), { cardAmount: 500, orderAmount: 64_935 });
    // UGX has no minor digits: 10,000 is UGX 10,000, worth KES 350.87 at 28.5 UGX a shilling.
    assert.deepEqual(foreignRedemption(cardOf(code("UGX"), 10_000, null), 75_400, kes, 28.5), { cardAmount: 10_000, orderAmount: 35_087 });
  });
});
