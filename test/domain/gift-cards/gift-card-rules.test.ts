// Gift card rules: the validity check (through the expiry day), the redemption amount and its cap (rounded
// down), redeeming and restoring with their ledger entries; properties over random sequences of moves.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import fc from "fast-check";
import { checkGiftCard } from "../../../domain/gift-cards/check-gift-card.js";
import {
  GiftCardBalanceTooLow,
  GiftCardNotRedeemable,
  GiftCardRestoreTooLarge,
  issueGiftCard,
  redeem,
  restore,
  type BalanceMove,
} from "../../../domain/gift-cards/gift-card-balance.js";
import { ledgerBalance, type GiftCardLedgerEntry } from "../../../domain/gift-cards/gift-card-ledger.js";
import { InvalidGiftCard, type GiftCard } from "../../../domain/gift-cards/gift-card.js";
import { redemptionAmount } from "../../../domain/gift-cards/redemption-amount.js";
import { CurrencyCode } from "../../../domain/money/currency.js";

const KES = Schema.decodeUnknownSync(CurrencyCode)("KES");
const AT = "2026-06-15T09:30:00.000Z";

const issued = (fields: { initialBalance?: number; expiryDate?: string | null; maximumUsagePercentage?: number | null } = {}) =>
  issueGiftCard({
    id: "gc-1",
    code: "abcd efgh jkmn pqrs",
    initialBalance: fields.initialBalance ?? 10_000,
    currency: KES,
    expiryDate: fields.expiryDate ?? null,
    customerId: null,
    maximumUsagePercentage: fields.maximumUsagePercentage ?? null,
    ledgerEntryId: "le-0",
    at: AT,
  });

const card = (fields: Partial<GiftCard> = {}): GiftCard => ({ ...issued().card, ...fields });

const right = <A, E>(result: Either.Either<A, E>): A => {
  if (Either.isLeft(result)) assert.fail(`expected a move, got ${String(result.left)}`);
  return result.right;
};
const left = <A, E>(result: Either.Either<A, E>): E => {
  if (Either.isRight(result)) assert.fail(`expected an error, got ${JSON.stringify(result.right)}`);
  return result.left;
};

describe("gift card rules", () => {
  describe("issueGiftCard", () => {
    it("issues an active card with its code normalised, and an issue entry", () => {
      const { card: c, entry } = issued();
      assert.equal(c.code, "ABCD-EFGH-JKMN-PQRS");
      assert.deepEqual([c.status, c.balance, c.initialBalance, c.issuedDate, c.redemptionCount], ["active", 10_000, 10_000, "2026-06-15", 0]);
      assert.deepEqual(entry, { id: "le-0", giftCardId: "gc-1", kind: "issue", amount: 10_000, balanceAfter: 10_000, orderId: null, at: AT });
    });

    it("refuses a code not shaped like an issued one, an empty balance and a bad percentage", () => {
      assert.throws(() => issueGiftCard({ ...issued().card, code: "SUMMER", ledgerEntryId: "x", at: AT }), InvalidGiftCard);
      assert.throws(() => issued({ initialBalance: 0 }), InvalidGiftCard);
      assert.throws(() => issued({ maximumUsagePercentage: 33.333 }), InvalidGiftCard);
      assert.throws(() => issued({ maximumUsagePercentage: 101 }), InvalidGiftCard);
    });
  });

  describe("checkGiftCard", () => {
    it("is valid for an active card with a balance, through its expiry day", () => {
      const c = card({ expiryDate: "2026-06-30" });
      assert.deepEqual(
        { ...checkGiftCard(c, "2026-06-30"), giftCard: undefined },
        { valid: true, reason: null, balance: 10_000, status: "active", expiryDate: "2026-06-30", maximumUsagePercentage: null, giftCard: undefined },
      );
      assert.equal(checkGiftCard(c, "2026-06-30").giftCard, c);
      assert.deepEqual([checkGiftCard(c, "2026-07-01").valid, checkGiftCard(c, "2026-07-01").reason], [false, "expired"]);
      assert.equal(checkGiftCard(card({ expiryDate: null }), "2099-12-31").valid, true);
    });

    it("is invalid when inactive, fully redeemed or empty, whatever the date", () => {
      assert.equal(checkGiftCard(card({ status: "inactive" }), "2026-06-15").reason, "inactive");
      assert.equal(checkGiftCard(card({ status: "full_redeemed", balance: 0 }), "2026-06-15").reason, "fully_redeemed");
      assert.equal(checkGiftCard(card({ balance: 0 }), "2026-06-15").reason, "no_balance");
      assert.equal(checkGiftCard(card({ status: "inactive", expiryDate: "2020-01-01" }), "2026-06-15").reason, "inactive");
    });

    it("refuses a malformed date or card", () => {
      assert.throws(() => checkGiftCard(card(), "2026-02-30"), InvalidGiftCard);
      assert.throws(() => checkGiftCard(card(), "15/06/2026"), InvalidGiftCard);
      assert.throws(() => checkGiftCard(card({ balance: 10_001 }), "2026-06-15"), InvalidGiftCard);
    });
  });

  describe("redemptionAmount", () => {
    it("is the least of balance, order total and the capped share", () => {
      assert.equal(redemptionAmount(card({ balance: 3000 }), 5000), 3000);
      assert.equal(redemptionAmount(card(), 5000), 5000);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 50 }), 5000), 2500);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 50, balance: 1000 }), 5000), 1000);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 0 }), 5000), 0);
      assert.equal(redemptionAmount(card(), 0), 0);
    });

    it("rounds the cap down, never past it: 50% of 999 is 499, 12.5% of 101 is 12, 33.33% of 3 is 0", () => {
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 50 }), 999), 499);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 12.5 }), 101), 12);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 33.33 }), 3), 0);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 33.33 }), 10_000), 3333);
      assert.equal(redemptionAmount(card({ maximumUsagePercentage: 0.29 }), 10_000), 29);
    });

    it("is the largest amount within every bound (property)", () => {
      const percentArb = fc.option(fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100), { nil: null });
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat({ max: 20_000_000 }), percentArb, (initial, total, pct) => {
          const c = card({ initialBalance: initial, balance: initial, maximumUsagePercentage: pct });
          const amount = redemptionAmount(c, total);
          const basisPoints = BigInt(Math.round((pct ?? 100) * 100));
          const within = (m: number): boolean => m <= c.balance && m <= total && BigInt(m) * 10_000n <= BigInt(total) * basisPoints;
          assert.ok(Number.isSafeInteger(amount) && amount >= 0);
          assert.ok(within(amount));
          assert.ok(!within(amount + 1));
        }),
      );
    });
  });

  describe("redeem and restore", () => {
    it("redeems: lower balance, a redemption entry, a use counted, full_redeemed at 0", () => {
      const first = right(redeem(card(), 4000, "le-1", "2026-06-20T10:00:00.000Z", "order-1"));
      assert.deepEqual([first.card.balance, first.card.status, first.card.redemptionCount, first.card.lastUsedDate], [6000, "active", 1, "2026-06-20"]);
      assert.deepEqual(first.entry, {
        id: "le-1",
        giftCardId: "gc-1",
        kind: "redemption",
        amount: 4000,
        balanceAfter: 6000,
        orderId: "order-1",
        at: "2026-06-20T10:00:00.000Z",
      });
      const rest = right(redeem(first.card, 6000, "le-2", "2026-06-21T10:00:00.000Z"));
      assert.deepEqual([rest.card.balance, rest.card.status], [0, "full_redeemed"]);
    });

    it("refuses more than the balance, and an invalid card (expired by the UTC date of `at`)", () => {
      const tooMuch = left(redeem(card({ balance: 100 }), 101, "le", AT));
      assert.ok(tooMuch instanceof GiftCardBalanceTooLow);
      const expiring = card({ expiryDate: "2026-06-15" });
      right(redeem(expiring, 100, "le", "2026-06-15T23:59:59.999Z"));
      const late = left(redeem(expiring, 100, "le", "2026-06-16T00:00:00.000Z"));
      assert.ok(late instanceof GiftCardNotRedeemable);
      assert.equal(late.reason, "expired");
      assert.equal((left(redeem(card({ status: "inactive" }), 1, "le", AT)) as GiftCardNotRedeemable).reason, "inactive");
      assert.throws(() => redeem(card(), 0, "le", AT), InvalidGiftCard);
      assert.throws(() => redeem(card(), 1, "le", "2026-06-15T09:30:00+03:00"), InvalidGiftCard);
    });

    it("restores: a full_redeemed card is active again unless expired; never past the initial balance", () => {
      const empty = card({ balance: 0, status: "full_redeemed", expiryDate: "2026-06-30" });
      const back = right(restore(empty, 2500, "le-9", "2026-06-30T08:00:00.000Z", "order-1"));
      assert.deepEqual([back.card.balance, back.card.status], [2500, "active"]);
      assert.deepEqual([back.entry.kind, back.entry.amount, back.entry.balanceAfter], ["restoration", 2500, 2500]);
      assert.equal(right(restore(empty, 2500, "le", "2026-07-01T00:00:00.000Z")).card.status, "full_redeemed");
      assert.equal(right(restore(card({ balance: 0, status: "inactive" }), 10, "le", AT)).card.status, "inactive");
      const over = left(restore(card({ balance: 9000 }), 1001, "le", AT));
      assert.ok(over instanceof GiftCardRestoreTooLarge);
      assert.equal(right(restore(card({ balance: 9000 }), 1000, "le", AT)).card.balance, 10_000);
    });

    type Move = { readonly kind: "redeem" | "restore"; readonly amount: number };
    const moveArb: fc.Arbitrary<Move> = fc.record({
      kind: fc.constantFrom("redeem" as const, "restore" as const),
      amount: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 20_000 })),
    });

    it("keeps 0 <= balance <= initial, the status in step, and the ledger reconciled (property)", () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 15_000 }), fc.array(moveArb, { maxLength: 40 }), (initial, moves) => {
          const start = issued({ initialBalance: initial });
          let current = start.card;
          const ledger: GiftCardLedgerEntry[] = [start.entry];
          let redeemed = 0;
          let restored = 0;
          moves.forEach((move, i) => {
            const at = `2026-06-${String(15 + (i % 10)).padStart(2, "0")}T12:00:00.000Z`;
            const result: Either.Either<BalanceMove, unknown> =
              move.kind === "redeem" ? redeem(current, move.amount, `le-${i}`, at) : restore(current, move.amount, `le-${i}`, at);
            if (Either.isLeft(result)) {
              // refused only when the move would leave the bounds (or the card is empty)
              if (move.kind === "redeem") assert.ok(move.amount > current.balance || current.balance === 0);
              else assert.ok(current.balance + move.amount > current.initialBalance);
              return;
            }
            current = result.right.card;
            ledger.push(result.right.entry);
            if (move.kind === "redeem") redeemed += move.amount;
            else restored += move.amount;
            assert.equal(result.right.entry.balanceAfter, current.balance);
          });
          assert.ok(current.balance >= 0 && current.balance <= current.initialBalance);
          assert.equal(current.balance, initial - redeemed + restored);
          assert.equal(ledgerBalance(ledger), current.balance);
          assert.equal(current.status, current.balance === 0 ? "full_redeemed" : "active");
          assert.equal(current.redemptionCount, ledger.filter((e) => e.kind === "redemption").length);
        }),
      );
    });
  });
});
