// A cart write's products (application/carts/current-facts.ts): a copy's names and pictures with
// the prices, stock, availability and category read exactly; a variant the exact read did not
// find is gone, whatever the copy says.
import assert from "node:assert/strict";
import { describe, it } from "mocha";
import { withCurrentFacts } from "../../../application/carts/current-facts.js";
import type { ProductWithVariants, VariantFacts } from "../../../application/ports/product-repository.js";

const variant = (id: string, productId: string, price: number) => ({
  id,
  productId,
  sku: `SKU-${id}`,
  price,
  salePrice: null,
  stock: 5,
  threshold: null,
  lastRestocked: null,
  variantName: `Variant ${id}`,
  variantAttributes: {},
  isDefault: false,
  position: 0,
});

const copy = (id: string, variants: ReturnType<typeof variant>[]): ProductWithVariants =>
  ({ product: { id, name: `Product ${id}`, isActive: true, categoryId: "old-category", thumbnailUrl: "https://img/x.jpg" }, variants, copy: true }) as unknown as ProductWithVariants;

const fact = (variantId: string, productId: string, overrides: Partial<VariantFacts> = {}): VariantFacts => ({
  variantId,
  productId,
  price: 900,
  salePrice: 850,
  stock: 2,
  productActive: true,
  categoryId: "new-category",
  ...overrides,
});

describe("a cart write's view of its products", () => {
  it("takes price, sale price, stock, availability and category from the exact read, and the rest from the copy", () => {
    const shown = new Map([["p1", copy("p1", [variant("v1", "p1", 500), variant("v2", "p1", 600)])]]);
    const current = withCurrentFacts(shown, new Map([["v1", fact("v1", "p1", { productActive: false })]]), new Set(["v1"]));
    const entry = current.get("p1")!;
    assert.deepEqual(
      [entry.variants[0]!.price, entry.variants[0]!.salePrice, entry.variants[0]!.stock, entry.product.isActive, entry.product.categoryId],
      [900, 850, 2, false, "new-category"],
    );
    assert.equal(entry.product.name, "Product p1", "the name is the copy's");
    assert.equal(entry.variants[1]!.price, 600, "a variant not asked about is left as the copy has it");
    assert.equal(shown.get("p1")!.variants[0]!.price, 500, "the copy itself is not changed");
  });

  it("drops a variant that was asked about and not found, and a product left with no variant", () => {
    const shown = new Map([
      ["p1", copy("p1", [variant("v1", "p1", 500), variant("v2", "p1", 600)])],
      ["p2", copy("p2", [variant("v3", "p2", 700)])],
    ]);
    const current = withCurrentFacts(shown, new Map([["v2", fact("v2", "p1")]]), new Set(["v1", "v2", "v3"]));
    assert.deepEqual(current.get("p1")!.variants.map((v) => v.id), ["v2"]);
    assert.equal(current.has("p2"), false);
  });
});
