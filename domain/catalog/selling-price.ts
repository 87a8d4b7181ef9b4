// The customer-facing price of a variant, i.e. its price after any sale.

import type { Variant } from "./variant.js";

type Priced = Pick<Variant, "price" | "salePrice">;

/**
 * A sale price counts only when it is set, non-negative and strictly lower than
 * the regular price; anything else (null, negative, equal or higher, NaN) is
 * treated as "not on sale" so a data-entry slip can never raise or negate what
 * the customer pays.
 */
export const sellingPrice = ({ price, salePrice }: Priced): number =>
  salePrice !== null && salePrice >= 0 && salePrice < price ? salePrice : price;

export const isOnSale = (variant: Priced): boolean => sellingPrice(variant) < variant.price;
