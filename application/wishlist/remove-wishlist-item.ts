// Removes an entry from the customer's wishlist and answers the refreshed wishlist.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WishlistRepository } from "../ports/wishlist-repository.js";
import type { WishlistRecord } from "./wishlist-records.js";
import { wishlistOf } from "./wishlist-reads.js";

@injectable()
export class RemoveWishlistItem {
  constructor(
    @inject(WishlistRepository) private readonly wishlists: WishlistRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, entryId: string): Promise<WishlistRecord> {
    await this.uow.run(async () => {
      const entry = await this.wishlists.find(principal.storeId, entryId);
      if (entry === undefined) throw new ResourceMissing({ resource: "wishlist_item", message: "No such wishlist item." });
      requireOwner(customer, entry.customerId, "wishlist item");
      await this.wishlists.remove(principal.storeId, entryId);
    });
    return wishlistOf({ wishlists: this.wishlists, products: this.products }, principal.storeId, customer.customerId);
  }
}
