// Tests for the product API shapes: list record, simple detail and
// multi-variant detail, and the aggregates they carry.

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  defaultVariant,
  priceRange,
  toDetailRecord,
  toListRecord,
  totalStock,
  type NonEmptyVariants,
} from "../../../domain/catalog/product-shapes.js";
import type { Product } from "../../../domain/catalog/product.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { sellingPrice } from "../../../domain/catalog/selling-price.js";
import { productWithVariantsArb, storeArb, variantsArb } from "./catalog-arbitraries.js";

const VARIANT_KEYS = [
  "variant_id",
  "sku",
  "price",
  "sale_price",
  "selling_price",
  "stock",
  "threshold",
  "last_restocked",
  "variant_attributes",
  "variant_name",
  "is_default",
  "variant_tax_class",
].sort();

const STORE = { currency: "EUR", currencySymbol: "€" };

const product: Product = {
  id: "01890a5d-ac96-774b-bcce-b302099a8057",
  name: "Crème Brûlée Mug",
  description: "Holds 350 ml.",
  categoryId: "c1",
  categoryName: "Kitchen",
  subcategoryId: "s1",
  subcategoryName: "Mugs",
  brand: "Acme",
  thumbnailUrl: "https://cdn.example/mug.jpg",
  media: [{ id: "m1", url: "https://cdn.example/mug.jpg", type: "image", position: 0, alt_text: null, is_primary: true }],
  slug: "creme-brulee-mug-099a8057",
  seoTitle: null,
  seoDescription: null,
  seoKeywords: null,
  featured: false,
  featuredOrder: 0,
  tags: ["mug"],
  attributes: { material: "stoneware" },
  shippingInfo: { weight_grams: 400 },
  isActive: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-02T00:00:00.000Z",
};

const variant = (overrides: Partial<Variant>): Variant => ({
  id: "v",
  productId: product.id,
  sku: "SKU",
  price: 1000,
  salePrice: null,
  stock: 5,
  threshold: null,
  lastRestocked: null,
  variantName: "Default",
  variantAttributes: {},
  isDefault: false,
  position: 0,
  ...overrides,
});

describe("defaultVariant", () => {
  it("prefers the variant marked default", () => {
    const chosen = defaultVariant([variant({ id: "a", position: 0 }), variant({ id: "b", position: 1, isDefault: true })]);
    assert.equal(chosen.id, "b");
  });

  it("falls back to the lowest position", () => {
    const chosen = defaultVariant([variant({ id: "a", position: 3 }), variant({ id: "b", position: 1 })]);
    assert.equal(chosen.id, "b");
  });

  it("is one of the variants, a default one whenever any is marked", () => {
    fc.assert(
      fc.property(variantsArb("p"), (variants) => {
        const chosen = defaultVariant(variants);
        assert.ok(variants.includes(chosen));
        assert.equal(chosen.isDefault, variants.some((v) => v.isDefault));
      }),
    );
  });

  it("does not depend on the order the variants come in", () => {
    fc.assert(
      fc.property(variantsArb("p"), (variants) => {
        const reversed = [...variants].reverse() as unknown as NonEmptyVariants;
        assert.equal(defaultVariant(reversed), defaultVariant(variants));
      }),
    );
  });
});

describe("aggregates", () => {
  it("price range bounds every selling price and attains both ends", () => {
    fc.assert(
      fc.property(variantsArb("p"), (variants) => {
        const { min, max } = priceRange(variants);
        const prices = variants.map(sellingPrice);
        for (const price of prices) assert.ok(min <= price && price <= max);
        assert.ok(prices.includes(min));
        assert.ok(prices.includes(max));
      }),
    );
  });

  it("price range uses the sale price", () => {
    const range = priceRange([variant({ price: 1000, salePrice: 800 }), variant({ price: 1500 })]);
    assert.deepEqual(range, { min: 800, max: 1500 });
  });

  it("total stock is the sum of stocks", () => {
    fc.assert(
      fc.property(variantsArb("p"), (variants) => {
        assert.equal(totalStock(variants), variants.reduce((sum, v) => sum + v.stock, 0));
      }),
    );
    assert.equal(totalStock([]), 0);
  });
});

describe("toListRecord", () => {
  it("never has a variants array and carries the default variant's data", () => {
    fc.assert(
      fc.property(productWithVariantsArb(), storeArb, ({ product, variants }, store) => {
        const record = toListRecord(product, variants, store);
        assert.equal("variants" in record, false);
        const chosen = defaultVariant(variants);
        assert.equal(record.variant_id, chosen.id);
        assert.equal(record.selling_price, sellingPrice(chosen));
        assert.equal(record.display_currency, store.currency);
        assert.equal(record.currency_symbol, store.currencySymbol);
      }),
    );
  });

  it("has aggregates only for multi-variant products", () => {
    fc.assert(
      fc.property(productWithVariantsArb(), storeArb, ({ product, variants }, store) => {
        const record = toListRecord(product, variants, store);
        if (variants.length === 1) {
          assert.equal(record.has_variants, false);
          assert.equal(record.variant_count, null);
          assert.equal(record.total_stock, null);
          assert.equal(record.price_range, null);
        } else {
          assert.equal(record.has_variants, true);
          assert.equal(record.variant_count, variants.length);
          assert.equal(record.total_stock, totalStock(variants));
          assert.deepEqual(record.price_range, priceRange(variants));
        }
      }),
    );
  });

  it("maps product-level fields to snake_case", () => {
    const record = toListRecord(product, [variant({ id: "v1", sku: "MUG-1", salePrice: 900 })], STORE);
    assert.equal(record.product_id, product.id);
    assert.equal(record.product_slug, "creme-brulee-mug-099a8057");
    assert.equal(record.online_category, "Kitchen > Mugs");
    assert.deepEqual(record.shipping_info, { weight_grams: 400 });
    assert.equal(record.sku, "MUG-1");
    assert.equal(record.sale_price, 900);
    assert.equal(record.selling_price, 900);
  });
});

describe("toDetailRecord", () => {
  it("is flat with no variants key for a simple product, identical to its list record", () => {
    fc.assert(
      fc.property(productWithVariantsArb({ maxLength: 1 }), storeArb, ({ product, variants }, store) => {
        const record = toDetailRecord(product, variants, store);
        assert.equal("variants" in record, false);
        assert.equal(record.has_variants, false);
        assert.deepEqual(record, toListRecord(product, variants, store));
      }),
    );
  });

  it("keeps variant fields off the root of a multi-variant product and only variant fields in variants", () => {
    fc.assert(
      fc.property(productWithVariantsArb({ minLength: 2 }), storeArb, ({ product, variants }, store) => {
        const record = toDetailRecord(product, variants, store);
        assert.equal(record.has_variants, true);
        if (!record.has_variants) return;
        for (const key of VARIANT_KEYS) assert.equal(key in record, false, key);
        assert.equal(record.variants.length, variants.length);
        for (const item of record.variants) assert.deepEqual(Object.keys(item).sort(), VARIANT_KEYS);
        assert.equal(record.variant_count, variants.length);
        assert.equal(record.total_stock, totalStock(variants));
        assert.deepEqual(record.price_range, priceRange(variants));
      }),
    );
  });

  it("orders a multi-variant product's variants by position", () => {
    const record = toDetailRecord(
      product,
      [variant({ id: "b", position: 2 }), variant({ id: "a", position: 1, isDefault: true })],
      STORE,
    );
    assert.ok(record.has_variants);
    assert.deepEqual(
      record.variants.map((v) => v.variant_id),
      ["a", "b"],
    );
  });
});
