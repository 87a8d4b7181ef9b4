// Tests for the selling-price rule: a sale price counts only when set, >= 0 and
// below the regular price.

import assert from "node:assert/strict";
import fc from "fast-check";
import { isOnSale, sellingPrice } from "../../../domain/catalog/selling-price.js";
import { variantArb } from "./catalog-arbitraries.js";

describe("sellingPrice", () => {
  it("uses a sale price lower than the price", () => {
    assert.equal(sellingPrice({ price: 1000, salePrice: 750 }), 750);
    assert.equal(isOnSale({ price: 1000, salePrice: 750 }), true);
  });

  it("accepts a sale price of zero (a giveaway)", () => {
    assert.equal(sellingPrice({ price: 1000, salePrice: 0 }), 0);
  });

  it("ignores a missing, equal, higher or negative sale price", () => {
    for (const salePrice of [null, 1000, 1200, -1, Number.NaN]) {
      assert.equal(sellingPrice({ price: 1000, salePrice }), 1000, `salePrice ${salePrice}`);
      assert.equal(isOnSale({ price: 1000, salePrice }), false, `salePrice ${salePrice}`);
    }
  });

  it("is never above the price nor below zero", () => {
    fc.assert(
      fc.property(variantArb("p"), (variant) => {
        const selling = sellingPrice(variant);
        assert.ok(selling <= variant.price);
        assert.ok(selling >= 0);
        assert.ok(selling === variant.price || selling === variant.salePrice);
      }),
    );
  });
});
