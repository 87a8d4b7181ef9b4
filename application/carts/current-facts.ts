// A cart write's view of its products: names, pictures and attributes from a copy (at most a
// catalog poll old, which nothing is charged by), and what it relies on, read exactly in its
// transaction: each line's variant's price, sale price and stock, whether its product can be
// bought, and its category (price rules). A variant the exact read did not find is gone, whatever
// the copy says (docs/decisions/carts.md, "carts-09").
import type { Variant } from "../../domain/catalog/variant.js";
import type { NonEmptyVariants } from "../../domain/catalog/product-shapes.js";
import type { ProductWithVariants, VariantFacts } from "../ports/product-repository.js";

export const withCurrentFacts = (
  products: ReadonlyMap<string, ProductWithVariants>,
  facts: ReadonlyMap<string, VariantFacts>,
  /** The variants the facts were read for: one of them missing from `facts` no longer exists. */
  asked: ReadonlySet<string>,
): Map<string, ProductWithVariants> => {
  const current = new Map<string, ProductWithVariants>();
  for (const [id, entry] of products) {
    let product = entry.product;
    const variants: Variant[] = [];
    for (const variant of entry.variants) {
      const fact = facts.get(variant.id);
      if (fact === undefined) {
        if (!asked.has(variant.id)) variants.push(variant);
        continue;
      }
      variants.push({ ...variant, price: fact.price, salePrice: fact.salePrice, stock: fact.stock });
      if (fact.productId === id) product = { ...product, isActive: fact.productActive, categoryId: fact.categoryId };
    }
    if (variants.length > 0) current.set(id, { product, variants: variants as unknown as NonEmptyVariants });
  }
  return current;
};
