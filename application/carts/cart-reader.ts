// Turns a stored cart into its answer: loads the products of its lines at once and prices
// every line for the cart's customer.
import { inject, injectable } from "inversify";
import type { CartLine } from "../../domain/cart/cart.js";
import type { Store } from "../../domain/stores/store.js";
import type { StoredCart } from "../ports/cart-repository.js";
import { ProductRepository, type ProductWithVariants } from "../ports/product-repository.js";
import { CartPricer, type LinePricer } from "./cart-pricer.js";
import { toCartRecord, type CartRecord } from "./cart-view.js";
import { withCurrentFacts } from "./current-facts.js";

@injectable()
export class CartReader {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CartPricer) private readonly pricer: CartPricer,
  ) {}

  /**
   * `pricer`: the one the caller already loaded for this cart's customer, to load it once;
   * `loaded`: products the caller already read in this unit of work (only missing ones are read).
   */
  async view(
    store: Store,
    cart: StoredCart,
    lines: readonly CartLine[] = cart.lines,
    updatedAt = cart.updatedAt,
    pricer?: LinePricer,
    loaded?: ReadonlyMap<string, ProductWithVariants>,
  ): Promise<CartRecord> {
    const missing = [...new Set(lines.map((l) => l.productId))].filter((id) => loaded?.has(id) !== true);
    const [found, linePricer] = await Promise.all([
      missing.length === 0 ? new Map<string, ProductWithVariants>() : this.products.findManyByIds(store.id, missing, { recent: true }),
      pricer ?? this.pricer.forCustomer(store, cart.customerId),
    ]);
    const products = loaded === undefined ? found : new Map([...loaded, ...found]);
    return toCartRecord(cart, lines, products, linePricer, updatedAt);
  }

  /**
   * The answer of a cart write, inside its unit of work: every line priced from its variant's
   * price and stock read exactly and the price rules read in the transaction, names and pictures
   * from copies (current-facts.ts), so the cart shows what checkout would charge now.
   */
  async viewInWrite(store: Store, cart: StoredCart, lines: readonly CartLine[], updatedAt: string): Promise<CartRecord> {
    const asked = new Set(lines.map((l) => l.variantId));
    const facts = await this.products.findVariantFacts(store.id, [...asked]);
    const shown = await this.products.findManyByIds(store.id, [...new Set(lines.map((l) => l.productId))], { recent: "display" });
    const pricer = await this.pricer.forCustomer(store, cart.customerId);
    return toCartRecord(cart, lines, withCurrentFacts(shown, facts, asked), pricer, updatedAt);
  }
}
