// Adds a variant to the addressed cart (creating the cart on first use). A variant already in
// the cart has its line raised (docs/api/carts-and-wishlists.md, "Adding and changing lines"); the
// cart never holds more than the stock. The cart row is locked for the change, so parallel adds
// never lose one another's quantity. The variants' prices, stock and availability are read in the
// write's transaction, never from a per-process copy, and the price rules are as of the same
// transaction (a copy only when its version is the one the variants' read saw: docs/decisions/checkout.md,
// "checkout-31"), so the line's price is what checkout would charge now and a variant deleted a
// moment ago is a 404 (docs/decisions/carts.md, "carts-10").
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { addItem } from "../../domain/cart/cart-operations.js";
import type { Principal } from "../access/principal.js";
import { ReferenceGone, ResourceMissing } from "../errors/resource-errors.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import type { Variant } from "../../domain/catalog/variant.js";
import { ProductRepository, type ProductWithVariants } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { cartErrorToApi } from "./cart-errors.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartPricer } from "./cart-pricer.js";
import { CartReader } from "./cart-reader.js";
import { withCurrentFacts } from "./current-facts.js";
import type { CartRecord } from "./cart-view.js";

/** The variant is not (or no longer) one of an active product of the store. */
export const variantMissing = (variantId: string): ResourceMissing =>
  new ResourceMissing({ resource: "variant", param: "variant_id", message: `No variant ${variantId} of an active product in this store.` });

@injectable()
export class AddCartItem {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CartOwnerResolver) private readonly owners: CartOwnerResolver,
    @inject(CartPricer) private readonly pricer: CartPricer,
    @inject(CartReader) private readonly reader: CartReader,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, address: CartAddress, item: { readonly variantId: string; readonly quantity: number }): Promise<CartRecord> {
    const resolved = await this.owners.resolve(principal, address);
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const now = this.clock.now().toISOString();
      const cart = await this.carts.lockOrCreate(store.id, resolved.owner, { id: this.ids.newId(), currency: store.baseCurrency, livemode: principal.mode === "live", now });
      // The added variant's product and those already in the cart, for the check and the answer:
      // prices, stock and availability read exactly, names and pictures from a copy when there is
      // one (current-facts.ts). A refusal rolls back the unit of work, so a cart created just now goes with it.
      const asked = new Set([item.variantId, ...cart.lines.map((l) => l.variantId)]);
      const facts = await this.products.findVariantFacts(store.id, [...asked]);
      const shown = await this.products.findManyByIds(store.id, [...new Set(cart.lines.map((l) => l.productId))], {
        productOfVariant: item.variantId,
        recent: "display",
      });
      // After the facts: their read also read the store's catalog version, which the rules' copy is checked against.
      const pricer = await this.pricer.forCustomer(store, resolved.customerId);
      const products = withCurrentFacts(shown, facts, asked);
      let found: ProductWithVariants | undefined;
      let variant: Variant | undefined;
      for (const candidate of products.values()) {
        variant = candidate.variants.find((v) => v.id === item.variantId);
        if (variant !== undefined) {
          found = candidate;
          break;
        }
      }
      if (found === undefined || variant === undefined || !found.product.isActive) throw variantMissing(item.variantId);
      const existing = cart.lines.find((l) => l.variantId === variant.id)?.quantity ?? 0;
      const next = addItem(
        cart,
        {
          lineId: this.ids.newId(),
          variantId: variant.id,
          productId: variant.productId,
          quantity: item.quantity,
          unitPrice: pricer.unitPrice(variant, found.product.categoryId, existing + item.quantity),
        },
        variant.stock,
      );
      if (Either.isLeft(next)) throw cartErrorToApi(next.left);
      try {
        await this.carts.saveLines(store.id, cart, next.right.lines, now);
      } catch (error) {
        // Deleted between the read and the insert: the foreign key refused the line.
        if (error instanceof ReferenceGone) throw variantMissing(item.variantId);
        throw error;
      }
      return this.reader.view(store, cart, next.right.lines, now, pricer, products);
    });
  }
}
