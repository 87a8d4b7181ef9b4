// The customer's wishlist, newest first. The token's customer must be the one asked for.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ProductRepository } from "../ports/product-repository.js";
import { WishlistRepository } from "../ports/wishlist-repository.js";
import { toWishlistRecord, type WishlistRecord } from "./wishlist-records.js";

@injectable()
export class GetWishlist {
  constructor(
    @inject(WishlistRepository) private readonly wishlists: WishlistRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, customerId?: string): Promise<WishlistRecord> {
    if (customerId !== undefined) requireOwner(customer, customerId, "wishlist");
    return this.build(principal.storeId, customer.customerId);
  }

  /** The wishlist of `customerId` as the API shows it; callers have checked ownership. */
  async build(storeId: string, customerId: string): Promise<WishlistRecord> {
    const entries = await this.wishlists.list(storeId, customerId);
    const products = await this.products.findManyByIds(storeId, [...new Set(entries.map((e) => e.productId))]);
    return toWishlistRecord(customerId, entries, products);
  }
}
