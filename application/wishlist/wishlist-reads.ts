// The wishlist as the API shows it, read by the wishlist use cases after their checks or writes.
import type { ProductRepository } from "../ports/product-repository.js";
import type { WishlistRepository } from "../ports/wishlist-repository.js";
import { toWishlistRecord, type WishlistRecord } from "./wishlist-records.js";

/** The wishlist of `customerId` as the API shows it; callers have checked ownership. */
export async function wishlistOf(
  deps: { readonly wishlists: WishlistRepository; readonly products: ProductRepository },
  storeId: string,
  customerId: string,
): Promise<WishlistRecord> {
  const entries = await deps.wishlists.list(storeId, customerId);
  const products = await deps.products.findManyByIds(storeId, [...new Set(entries.map((e) => e.productId))]);
  return toWishlistRecord(customerId, entries, products);
}
