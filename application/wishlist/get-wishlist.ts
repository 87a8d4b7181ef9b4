// The customer's wishlist, newest first. The token's customer must be the one asked for.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ProductRepository } from "../ports/product-repository.js";
import { WishlistRepository } from "../ports/wishlist-repository.js";
import type { WishlistRecord } from "./wishlist-records.js";
import { wishlistOf } from "./wishlist-reads.js";

@injectable()
export class GetWishlist {
  constructor(
    @inject(WishlistRepository) private readonly wishlists: WishlistRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, customerId?: string): Promise<WishlistRecord> {
    if (customerId !== undefined) requireOwner(customer, customerId, "wishlist");
    return wishlistOf({ wishlists: this.wishlists, products: this.products }, principal.storeId, customer.customerId);
  }
}
