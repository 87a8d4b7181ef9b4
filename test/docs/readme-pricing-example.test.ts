// Keeps the embedding example true (docs/embedding.md, "1. Price a cart line with the core
// alone"): the same call through the public core entry point gives the breakdown it prints.
import assert from "node:assert/strict";
import { resolvePrice, resolveStanding, type PriceRule } from "../../domain/public-api.js";

describe("README: pricing a cart line with the core alone", () => {
  it("gives the breakdown the README shows", () => {
    const rules: PriceRule[] = [
      { id: "r1", kind: "volume", segment: null, tier: null, minQuantity: 10, minLifetimeSpend: null,
        discountType: "percentage", value: 8, productIds: null, categoryIds: null, active: true },
    ];
    const standing = resolveStanding({ paidOrders: 3, lifetimeSpend: 2_500_000, paidOrdersLastYear: 3 }, rules);
    const line = resolvePrice({
      basePrice: 150_000, salePrice: null, baseCurrency: "KES" as never, productId: "mug", categoryId: null,
      quantity: 12, segment: standing.segment, tier: standing.tier, rules,
      displayCurrency: "USD" as never, exchangeRate: 0.0077,
    });
    assert.deepEqual(line.breakdown, {
      base_price: 1155, sale_discount: 0, segment_discount: 0, tier_discount: 0, volume_discount: 92, final_price: 1063,
    });
    assert.equal(line.displayPrice * 12, 12_756);
  });
});
