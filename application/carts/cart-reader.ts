// Turns a stored cart into its answer: loads the products of its lines at once and prices
// every line for the cart's customer.
import { inject, injectable } from "inversify";
import type { CartLine } from "../../domain/cart/cart.js";
import type { Store } from "../../domain/stores/store.js";
import type { StoredCart } from "../ports/cart-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { CartPricer, type LinePricer } from "./cart-pricer.js";
import { toCartRecord, type CartRecord } from "./cart-view.js";

@injectable()
export class CartReader {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CartPricer) private readonly pricer: CartPricer,
  ) {}

  /** `pricer`: the one the caller already loaded for this cart's customer, to load it once. */
  async view(
    store: Store,
    cart: StoredCart,
    lines: readonly CartLine[] = cart.lines,
    updatedAt = cart.updatedAt,
    pricer?: LinePricer,
  ): Promise<CartRecord> {
    const [products, linePricer] = await Promise.all([
      this.products.findManyByIds(store.id, [...new Set(lines.map((l) => l.productId))]),
      pricer ?? this.pricer.forCustomer(store, cart.customerId),
    ]);
    return toCartRecord(cart, lines, products, linePricer, updatedAt);
  }
}
