// Adds a variant to the customer's wishlist and answers the refreshed wishlist. A variant
// already there is not added twice; the variant must be one of the store's active products, checked
// in the write's transaction (a variant deleted a moment ago is a 404, not a foreign key's 500:
// docs/decisions/carts.md, "carts-10").
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ReferenceGone, ResourceConflict } from "../errors/resource-errors.js";
import { variantMissing } from "../carts/add-cart-item.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WishlistRepository } from "../ports/wishlist-repository.js";
import type { AddWishlistItemInput } from "./wishlist-inputs.js";
import type { WishlistRecord } from "./wishlist-records.js";
import { wishlistOf } from "./wishlist-reads.js";

/** A wishlist is a list a person reads; past this it is a 409 wishlist_full. */
export const MAX_WISHLIST_ITEMS = 500;

@injectable()
export class AddWishlistItem {
  constructor(
    @inject(WishlistRepository) private readonly wishlists: WishlistRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, input: AddWishlistItemInput): Promise<WishlistRecord> {
    requireOwner(customer, input.customer_id, "wishlist");
    const storeId = principal.storeId;
    await this.uow.run(async () => {
      const variant = await this.products.findVariant(storeId, input.variant_id);
      const product = variant === undefined ? undefined : await this.products.findById(storeId, variant.productId, { activeOnly: true });
      if (variant === undefined || product === undefined) throw variantMissing(input.variant_id);
      if ((await this.wishlists.count(storeId, customer.customerId)) >= MAX_WISHLIST_ITEMS) {
        throw new ResourceConflict({ code: "wishlist_full", message: `A wishlist holds at most ${MAX_WISHLIST_ITEMS} items.` });
      }
      try {
        await this.wishlists.add(storeId, {
          id: this.ids.newId(),
          customerId: customer.customerId,
          productId: variant.productId,
          variantId: variant.id,
          createdAt: this.clock.now().toISOString(),
        });
      } catch (error) {
        if (error instanceof ReferenceGone) throw variantMissing(input.variant_id);
        throw error;
      }
    });
    return wishlistOf({ wishlists: this.wishlists, products: this.products }, storeId, customer.customerId);
  }
}
