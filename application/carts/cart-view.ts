// The cart answer (docs/api/carts-and-wishlists.md, "The cart answer"): each line with its
// variant's current data and price, the item count and the subtotal, all money in integer minor
// units of the store currency.
import { cartTotals } from "../../domain/cart/cart-operations.js";
import type { CartLine } from "../../domain/cart/cart.js";
import type { Store } from "../../domain/stores/store.js";
import type { StoredCart } from "../ports/cart-repository.js";
import type { ProductWithVariants } from "../ports/product-repository.js";
import type { LinePricer } from "./cart-pricer.js";

export interface CartItemRecord {
  readonly id: string;
  readonly variant_id: string;
  readonly product_id: string;
  readonly product_name: string;
  readonly variant_name: string;
  readonly sku: string;
  readonly variant_attributes: Readonly<Record<string, string>>;
  readonly quantity: number;
  readonly unit_price: number;
  readonly line_total: number;
  readonly thumbnail_url: string | null;
  readonly stock_available: number;
}

export interface CartRecord {
  readonly id: string | null;
  readonly customer_id: string | null;
  readonly session_id: string | null;
  readonly currency: string;
  readonly items: readonly CartItemRecord[];
  readonly item_count: number;
  readonly subtotal: number;
  readonly created_at: string | null;
  readonly updated_at: string | null;
}

export const emptyCartRecord = (store: Store, customerId: string | null, sessionId: string | null): CartRecord => ({
  id: null,
  customer_id: customerId,
  session_id: sessionId,
  currency: store.baseCurrency,
  items: [],
  item_count: 0,
  subtotal: 0,
  created_at: null,
  updated_at: null,
});

/**
 * Lines whose product is gone or inactive are left out of the answer (they cannot be bought);
 * every other line is priced now, not at the price it had when it was added.
 */
export const toCartRecord = (
  cart: StoredCart,
  lines: readonly CartLine[],
  products: ReadonlyMap<string, ProductWithVariants>,
  pricer: LinePricer,
  updatedAt: string,
): CartRecord => {
  const items: CartItemRecord[] = [];
  const priced: CartLine[] = [];
  for (const line of lines) {
    const found = products.get(line.productId);
    const variant = found?.variants.find((v) => v.id === line.variantId);
    if (found === undefined || variant === undefined || !found.product.isActive) continue;
    const unitPrice = pricer.unitPrice(variant, found.product.categoryId, line.quantity);
    priced.push({ ...line, unitPrice });
    items.push({
      id: line.id,
      variant_id: line.variantId,
      product_id: line.productId,
      product_name: found.product.name,
      variant_name: variant.variantName,
      sku: variant.sku,
      variant_attributes: variant.variantAttributes,
      quantity: line.quantity,
      unit_price: unitPrice,
      line_total: unitPrice * line.quantity,
      thumbnail_url: found.product.thumbnailUrl,
      stock_available: variant.stock,
    });
  }
  const totals = cartTotals({ lines: priced });
  return {
    id: cart.id,
    customer_id: cart.customerId,
    session_id: cart.sessionId,
    currency: cart.currency,
    items,
    item_count: totals.itemCount,
    subtotal: totals.subtotal,
    created_at: cart.createdAt,
    updated_at: updatedAt,
  };
};
