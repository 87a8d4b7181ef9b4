// The promotion engine by example: each promotion type, scope, minimum, cap and limits, and the stacking
// rule (item-level promotions combine, one order-level promotion, the better of the two plans, ties).
import assert from "node:assert/strict";
import { evaluatePromotions, type PromotionOutcome } from "../../../domain/promotions/evaluate-promotions.js";
import { InvalidPromotionInput, type Promotion } from "../../../domain/promotions/promotion.js";
import { context, line, promotion } from "./promotion-arbitraries.js";

const discounts = (outcome: PromotionOutcome): Record<string, number> =>
  Object.fromEntries(outcome.applied.map((a) => [a.promotionId, a.discount]));
const rejections = (outcome: PromotionOutcome): Record<string, string> =>
  Object.fromEntries(outcome.rejected.map((r) => [r.promotionId, r.reason]));

describe("evaluatePromotions by example", () => {
  describe("order-level promotions", () => {
    const cart = [line("p-a", 2, 1000), line("p-c", 1, 500)];

    it("takes a percentage off the eligible subtotal", () => {
      const outcome = evaluatePromotions(cart, [promotion({ id: "ten", type: "discount", discountValue: 10 })], context());
      assert.deepEqual(outcome.applied, [
        { promotionId: "ten", type: "discount", discount: 250, eligibleSubtotal: 2500, reason: "10% off the eligible subtotal" },
      ]);
      assert.equal(outcome.totalDiscount, 250);
      assert.deepEqual(outcome.rejected, []);
    });

    it("rounds a percentage half to even, once (10% of 1005 is 100.5, so 100; of 1015, 102)", () => {
      const ten = promotion({ id: "ten", type: "discount", discountValue: 10 });
      assert.equal(evaluatePromotions([line("p-a", 1, 1005)], [ten], context()).totalDiscount, 100);
      assert.equal(evaluatePromotions([line("p-a", 1, 1015)], [ten], context()).totalDiscount, 102);
    });

    it("takes a fixed amount off (type fixed, or discount with discountType fixed), never more than the eligible subtotal", () => {
      const fixed = promotion({ id: "f", type: "fixed", discountValue: 300, discountType: "percentage" });
      assert.equal(evaluatePromotions(cart, [fixed], context()).totalDiscount, 300);
      const big = promotion({ id: "f", type: "discount", discountType: "fixed", discountValue: 99_999 });
      assert.equal(evaluatePromotions(cart, [big], context()).totalDiscount, 2500);
    });

    it("covers only the listed products or categories; both lists empty covers everything", () => {
      const shoes = promotion({ id: "s", type: "discount", discountValue: 50, applicableCategories: ["c-2"] });
      assert.deepEqual(discounts(evaluatePromotions(cart, [shoes], context())), { s: 250 });
      const either = promotion({ id: "e", type: "discount", discountValue: 50, applicableCategories: ["c-2"], applicableProducts: ["p-a"] });
      assert.deepEqual(discounts(evaluatePromotions(cart, [either], context())), { e: 1250 });
      const none = promotion({ id: "n", type: "discount", discountValue: 50, applicableProducts: ["p-d"] });
      assert.deepEqual(rejections(evaluatePromotions(cart, [none], context())), { n: "no_eligible_items" });
    });

    it("needs the eligible subtotal to reach minPurchase (equal is enough)", () => {
      const min = (minPurchase: number) => promotion({ id: "m", type: "fixed", discountValue: 100, minPurchase, applicableProducts: ["p-a"] });
      assert.deepEqual(discounts(evaluatePromotions(cart, [min(2000)], context())), { m: 100 });
      assert.deepEqual(rejections(evaluatePromotions(cart, [min(2001)], context())), { m: "min_purchase_not_met" });
    });

    it("caps the discount at maxDiscount", () => {
      const capped = promotion({ id: "c", type: "discount", discountValue: 50, maxDiscount: 400 });
      const outcome = evaluatePromotions(cart, [capped], context());
      assert.equal(outcome.totalDiscount, 400);
      assert.match(outcome.applied[0]!.reason, /capped/);
    });

    it("applies only the best one; the others are outranked", () => {
      const outcome = evaluatePromotions(
        cart,
        [promotion({ id: "pct", type: "discount", discountValue: 10 }), promotion({ id: "amt", type: "fixed", discountValue: 600 })],
        context(),
      );
      assert.deepEqual(discounts(outcome), { amt: 600 });
      assert.deepEqual(rejections(outcome), { pct: "outranked" });
    });

    it("breaks ties by the earlier start, then the smaller id", () => {
      const a = promotion({ id: "b-later", type: "fixed", discountValue: 250, startDate: "2026-02-01T00:00:00Z" });
      const b = promotion({ id: "z-earlier", type: "fixed", discountValue: 250, startDate: "2026-01-15T00:00:00Z" });
      assert.deepEqual(discounts(evaluatePromotions(cart, [a, b], context())), { "z-earlier": 250 });
      const c = { ...a, id: "a-same-start", startDate: b.startDate };
      assert.deepEqual(discounts(evaluatePromotions(cart, [b, c], context())), { "a-same-start": 250 });
    });
  });

  describe("bundle", () => {
    const bundle = (fields: Partial<Promotion>) =>
      promotion({
        id: "kit",
        type: "bundle",
        discountType: "fixed",
        discountValue: 500,
        bundleProducts: [
          { productId: "p-a", quantity: 2 },
          { productId: "p-b", quantity: 1 },
        ],
        ...fields,
      });

    it("takes discountValue off per complete set", () => {
      const outcome = evaluatePromotions([line("p-a", 5, 1000), line("p-b", 3, 800)], [bundle({})], context());
      assert.deepEqual(outcome.applied, [
        { promotionId: "kit", type: "bundle", discount: 1000, eligibleSubtotal: 7400, reason: "2 complete bundle sets" },
      ]);
    });

    it("takes a percentage off the sets, built from the cheapest units", () => {
      const outcome = evaluatePromotions(
        [line("p-a", 1, 3000), line("p-a", 2, 1000), line("p-b", 1, 800)],
        [bundle({ discountType: "percentage", discountValue: 10 })],
        context(),
      );
      // the set is the two 1000 units of p-a and the p-b: 2800, 10% = 280
      assert.equal(outcome.totalDiscount, 280);
    });

    it("does nothing for an incomplete set", () => {
      const outcome = evaluatePromotions([line("p-a", 1, 1000), line("p-b", 4, 800)], [bundle({})], context());
      assert.deepEqual(rejections(outcome), { kit: "bundle_incomplete" });
      assert.equal(outcome.totalDiscount, 0);
    });

    it("never takes more than the sets are worth", () => {
      const outcome = evaluatePromotions([line("p-a", 2, 100), line("p-b", 1, 100)], [bundle({ discountValue: 5000 })], context());
      assert.equal(outcome.totalDiscount, 300);
    });
  });

  describe("bogo", () => {
    const bogo = (required: number, free: number, freeProduct = "p-b") =>
      promotion({
        id: "bogo",
        type: "bogo",
        bogoRequiredProducts: [{ productId: "p-a", quantity: required }],
        bogoFreeProducts: [{ productId: freeProduct, quantity: free }],
      });

    it("frees one set of the free products per complete required set", () => {
      const outcome = evaluatePromotions([line("p-a", 3, 1000), line("p-b", 5, 400)], [bogo(1, 1)], context());
      assert.deepEqual(outcome.applied, [
        { promotionId: "bogo", type: "bogo", discount: 1200, eligibleSubtotal: 5000, reason: "3 free units for 3 complete required sets" },
      ]);
    });

    it("frees only the free units present, and none without a complete required set", () => {
      assert.equal(evaluatePromotions([line("p-a", 4, 1000), line("p-b", 1, 400)], [bogo(2, 1)], context()).totalDiscount, 400);
      assert.deepEqual(rejections(evaluatePromotions([line("p-a", 1, 1000), line("p-b", 3, 400)], [bogo(2, 1)], context())), {
        bogo: "bogo_required_incomplete",
      });
      assert.deepEqual(rejections(evaluatePromotions([line("p-a", 2, 1000)], [bogo(1, 1)], context())), { bogo: "bogo_free_missing" });
    });

    it("buy one get one of the same product: every second unit is free, the cheaper ones", () => {
      const same = bogo(1, 1, "p-a");
      assert.equal(evaluatePromotions([line("p-a", 5, 1000)], [same], context()).totalDiscount, 2000);
      assert.equal(evaluatePromotions([line("p-a", 1, 1000), line("p-a", 1, 600)], [same], context()).totalDiscount, 600);
      assert.equal(evaluatePromotions([line("p-a", 1, 1000)], [same], context()).totalDiscount, 0);
    });

    it("buy two get one of the same product: 7 units give 2 free", () => {
      assert.equal(evaluatePromotions([line("p-a", 7, 100)], [bogo(2, 1, "p-a")], context()).totalDiscount, 200);
    });
  });

  describe("stacking", () => {
    it("adds an order-level promotion on the units the bogo did not free (its paid units included)", () => {
      const outcome = evaluatePromotions(
        [line("p-a", 1, 1000), line("p-b", 1, 400), line("p-c", 1, 600)],
        [
          promotion({ id: "bogo", type: "bogo", bogoRequiredProducts: [{ productId: "p-a", quantity: 1 }], bogoFreeProducts: [{ productId: "p-b", quantity: 1 }] }),
          promotion({ id: "ten", type: "discount", discountValue: 10 }),
        ],
        context(),
      );
      // the p-b is free (400); 10% of p-a + p-c = 160
      assert.deepEqual(outcome.applied.map((a) => [a.promotionId, a.discount, a.eligibleSubtotal]), [
        ["bogo", 400, 2000],
        ["ten", 160, 1600],
      ]);
      assert.equal(outcome.totalDiscount, 560);
    });

    it("lets two item-level promotions combine on different units, and the better one claim shared units", () => {
      const bogoA = promotion({ id: "bogo-a", type: "bogo", bogoRequiredProducts: [{ productId: "p-a", quantity: 1 }], bogoFreeProducts: [{ productId: "p-a", quantity: 1 }] });
      const kitC = promotion({ id: "kit-c", type: "bundle", discountType: "fixed", discountValue: 100, bundleProducts: [{ productId: "p-c", quantity: 2 }] });
      const kitA = promotion({ id: "kit-a", type: "bundle", discountType: "fixed", discountValue: 100, bundleProducts: [{ productId: "p-a", quantity: 2 }] });
      const outcome = evaluatePromotions([line("p-a", 2, 1000), line("p-c", 2, 500)], [kitA, bogoA, kitC], context());
      assert.deepEqual(discounts(outcome), { "bogo-a": 1000, "kit-c": 100 });
      assert.deepEqual(rejections(outcome), { "kit-a": "outranked" });
    });

    it("prefers the best order-level promotion alone when stacking would give the shopper less", () => {
      // the bundle would take 10% of the 10,000 set, leaving 50% only on the 1,000 rest: 1,500 in all; 50% of all is 5,500
      const kit = promotion({ id: "kit", type: "bundle", discountValue: 10, bundleProducts: [{ productId: "p-a", quantity: 1 }] });
      const half = promotion({ id: "half", type: "discount", discountValue: 50 });
      const outcome = evaluatePromotions([line("p-a", 1, 10_000), line("p-c", 1, 1000)], [kit, half], context());
      assert.deepEqual(discounts(outcome), { half: 5500 });
      assert.deepEqual(rejections(outcome), { kit: "outranked" });
    });

    it("never lets the total pass the subtotal", () => {
      const outcome = evaluatePromotions(
        [line("p-a", 2, 100)],
        [
          promotion({ id: "bogo", type: "bogo", bogoRequiredProducts: [{ productId: "p-a", quantity: 1 }], bogoFreeProducts: [{ productId: "p-a", quantity: 1 }] }),
          promotion({ id: "all", type: "fixed", discountValue: 10_000 }),
        ],
        context(),
      );
      assert.equal(outcome.totalDiscount, 200);
    });
  });

  describe("availability", () => {
    const cart = [line("p-a", 1, 1000)];
    const base = { type: "fixed" as const, discountValue: 100 };

    it("rejects switched-off, scheduled, expired and used-up promotions with the reason", () => {
      const outcome = evaluatePromotions(
        cart,
        [
          promotion({ id: "off", ...base, status: "inactive" }),
          promotion({ id: "soon", ...base, startDate: "2026-07-01T00:00:00Z" }),
          promotion({ id: "over", ...base, endDate: "2026-06-15T12:00:00Z" }),
          promotion({ id: "used", ...base, usageLimit: 5 }),
          promotion({ id: "mine", ...base, usagePerCustomer: 1 }),
          promotion({ id: "ok", ...base, usageLimit: 6, usagePerCustomer: 2 }),
        ],
        context({
          totalUsage: new Map([["used", 5], ["ok", 5]]),
          customerUsage: new Map([["mine", 1], ["ok", 1]]),
        }),
      );
      assert.deepEqual(discounts(outcome), { ok: 100 });
      assert.deepEqual(rejections(outcome), {
        off: "inactive",
        soon: "scheduled",
        over: "expired",
        used: "usage_limit_reached",
        mine: "customer_usage_limit_reached",
      });
    });

    it("rejects everything on an empty cart", () => {
      const outcome = evaluatePromotions([], [promotion({ id: "x", ...base })], context());
      assert.deepEqual(outcome, { applied: [], totalDiscount: 0, rejected: [{ promotionId: "x", reason: "no_eligible_items" }] });
    });

    it("throws on malformed input: a bad promotion, a repeated id, a bad line", () => {
      assert.throws(() => evaluatePromotions(cart, [promotion({ id: "x", type: "discount", discountValue: -1 })], context()), InvalidPromotionInput);
      assert.throws(() => evaluatePromotions(cart, [promotion({ id: "x", ...base }), promotion({ id: "x", ...base })], context()), InvalidPromotionInput);
      assert.throws(() => evaluatePromotions([line("p-a", 0, 100)], [], context()), InvalidPromotionInput);
      assert.throws(() => evaluatePromotions([line("p-a", 1, 10.5)], [], context()), InvalidPromotionInput);
    });
  });
});
