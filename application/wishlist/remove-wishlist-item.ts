// Removes an entry from the customer's wishlist and answers the refreshed wishlist.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WishlistRepository } from "../ports/wishlist-repository.js";
import { GetWishlist } from "./get-wishlist.js";
import type { WishlistRecord } from "./wishlist-records.js";

@injectable()
export class RemoveWishlistItem {
  constructor(
    @inject(WishlistRepository) private readonly wishlists: WishlistRepository,
    @inject(GetWishlist) private readonly wishlist: GetWishlist,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, entryId: string): Promise<WishlistRecord> {
    await this.uow.run(async () => {
      const entry = await this.wishlists.find(principal.storeId, entryId);
      if (entry === undefined) throw new ResourceMissing({ resource: "wishlist_item", message: "No such wishlist item." });
      requireOwner(customer, entry.customerId, "wishlist item");
      await this.wishlists.remove(principal.storeId, entryId);
    });
    return this.wishlist.build(principal.storeId, customer.customerId);
  }
}
