// Customers' wishlists: which variants each customer keeps an eye on, at most once each.
import type { ServiceIdentifier } from "inversify";

export interface WishlistEntry {
  readonly id: string;
  readonly customerId: string;
  readonly productId: string;
  readonly variantId: string;
  readonly createdAt: string;
}

export interface WishlistRepository {
  /** Newest first. */
  list(storeId: string, customerId: string): Promise<readonly WishlistEntry[]>;
  count(storeId: string, customerId: string): Promise<number>;
  find(storeId: string, entryId: string): Promise<WishlistEntry | undefined>;
  /** "present" when the customer already has the variant (nothing is added). */
  add(storeId: string, entry: WishlistEntry): Promise<"added" | "present">;
  remove(storeId: string, entryId: string): Promise<void>;
}
export const WishlistRepository: ServiceIdentifier<WishlistRepository> = Symbol.for("storefront.WishlistRepository");
