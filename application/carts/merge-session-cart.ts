// At sign-in, moves an anonymous session's cart into the customer's cart
// (docs/api/carts-and-wishlists.md, "Merging at sign-in"): quantities of the same variant add up,
// capped at stock; the session cart is then gone. Runs inside the sign-in's unit of work, so either
// both carts change or neither does.
import { inject, injectable } from "inversify";
import { mergeCarts } from "../../domain/cart/cart-operations.js";
import type { CappedLine } from "../../domain/cart/cart-operations.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";

export interface MergeReport {
  readonly merged: boolean;
  readonly capped: readonly CappedLine[];
}

@injectable()
export class MergeSessionCart {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: string, sessionId: string, customerId: string): Promise<MergeReport> {
    const store = await loadStore(this.stores, storeId);
    return this.uow.run(async () => {
      const source = await this.carts.lock(store.id, { sessionId });
      if (source === undefined) return { merged: false, capped: [] };
      const now = this.clock.now().toISOString();
      const target = await this.carts.lockOrCreate(store.id, { customerId }, { id: this.ids.newId(), currency: store.baseCurrency, livemode: source.livemode, now });
      const productIds = [...new Set([...source.lines, ...target.lines].map((l) => l.productId))];
      const products = await this.products.findManyByIds(store.id, productIds);
      const stockOf = new Map<string, number>();
      for (const { product, variants } of products.values()) {
        for (const v of variants) stockOf.set(v.id, product.isActive ? v.stock : 0);
      }
      const result = mergeCarts(target, source, (variantId) => stockOf.get(variantId) ?? 0, () => this.ids.newId());
      // The session cart goes first: its lines' ids may be reused by nothing, but its rows must
      // not hold the (cart, variant) pairs while the customer's cart takes them.
      await this.carts.remove(store.id, source.id);
      await this.carts.saveLines(store.id, target, result.cart.lines, now);
      return { merged: true, capped: result.capped };
    });
  }
}
