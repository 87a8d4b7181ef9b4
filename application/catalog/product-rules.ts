// Checks a product write must pass before anything is stored: its category and subcategory
// belong to the store and to each other, SKUs are unique, sale prices are below prices, and at
// most one variant is the default. Each failure names the offending parameter.
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import type { CategoryRepository } from "../ports/category-repository.js";
import type { ProductRepository } from "../ports/product-repository.js";
import type { VariantInput } from "./catalog-inputs.js";

export interface Placement {
  readonly categoryId: string | null;
  readonly subcategoryId: string | null;
}

/** Resolves the category from the subcategory when only the latter is given. */
export const checkPlacement = async (
  categories: Pick<CategoryRepository, "findCategory" | "findSubcategory">,
  storeId: string,
  categoryId: string | null,
  subcategoryId: string | null,
): Promise<Placement> => {
  if (categoryId !== null && (await categories.findCategory(storeId, categoryId)) === undefined) {
    throw new ParameterInvalid({ param: "category_id", message: "category_id names no category of this store" });
  }
  if (subcategoryId === null) return { categoryId, subcategoryId };
  const sub = await categories.findSubcategory(storeId, subcategoryId);
  if (sub === undefined) {
    throw new ParameterInvalid({ param: "subcategory_id", message: "subcategory_id names no subcategory of this store" });
  }
  if (categoryId !== null && sub.categoryId !== categoryId) {
    throw new ParameterInvalid({ param: "subcategory_id", message: "subcategory_id belongs to another category than category_id" });
  }
  return { categoryId: sub.categoryId, subcategoryId };
};

export const checkSalePrice = (price: number, salePrice: number | null | undefined, param: string): void => {
  if (salePrice !== null && salePrice !== undefined && salePrice >= price) {
    throw new ParameterInvalid({ param, message: `${param} must be lower than the price` });
  }
};

export const checkVariantInputs = (variants: readonly VariantInput[]): void => {
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    const key = variant.sku.toLowerCase();
    if (seen.has(key)) throw new ParameterInvalid({ param: `variants[${index}].sku`, message: "SKUs of a product must differ" });
    seen.add(key);
    checkSalePrice(variant.price, variant.sale_price, `variants[${index}].sale_price`);
  });
  if (variants.filter((v) => v.is_default === true).length > 1) {
    throw new ParameterInvalid({ param: "variants", message: "at most one variant may be the default" });
  }
};

/** 409 duplicate_sku when any SKU is held by a variant other than those in `exceptVariantIds`. */
export const checkSkusFree = async (
  products: ProductRepository,
  storeId: string,
  skus: readonly string[],
  exceptVariantIds: ReadonlySet<string> = new Set(),
): Promise<void> => {
  const holders = await products.findVariantsBySku(storeId, skus);
  const taken = holders.find((v) => !exceptVariantIds.has(v.id));
  if (taken !== undefined) {
    throw new ResourceConflict({ code: "duplicate_sku", param: "sku", message: `SKU ${taken.sku} is already used in this store.` });
  }
};
