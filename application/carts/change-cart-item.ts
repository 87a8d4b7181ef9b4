// Sets the quantity of a cart line or removes it, in the addressed cart only (a line of another
// cart is a 404). The new quantity never exceeds the stock.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { removeLine, setQuantity } from "../../domain/cart/cart-operations.js";
import type { Cart } from "../../domain/cart/cart.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { cartErrorToApi } from "./cart-errors.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartReader } from "./cart-reader.js";
import type { CartRecord } from "./cart-view.js";

const lineMissing = (): ResourceMissing => new ResourceMissing({ resource: "cart_item", message: "No such item in this cart." });

@injectable()
export class ChangeCartItem {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CartOwnerResolver) private readonly owners: CartOwnerResolver,
    @inject(CartReader) private readonly reader: CartReader,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async setQuantity(principal: Principal, address: CartAddress, lineId: string, quantity: number): Promise<CartRecord> {
    return this.change(principal, address, lineId, async (cart, storeId) => {
      const line = cart.lines.find((l) => l.id === lineId);
      const variant = line === undefined ? undefined : await this.products.findVariant(storeId, line.variantId);
      return setQuantity(cart, lineId, quantity, variant?.stock ?? 0);
    });
  }

  async remove(principal: Principal, address: CartAddress, lineId: string): Promise<CartRecord> {
    return this.change(principal, address, lineId, async (cart) => removeLine(cart, lineId));
  }

  private async change(
    principal: Principal,
    address: CartAddress,
    lineId: string,
    apply: (cart: Cart, storeId: string) => Promise<Either.Either<Cart, Parameters<typeof cartErrorToApi>[0]>>,
  ): Promise<CartRecord> {
    const resolved = await this.owners.resolve(principal, address);
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const cart = await this.carts.lock(store.id, resolved.owner);
      if (cart === undefined || !cart.lines.some((l) => l.id === lineId)) throw lineMissing();
      const next = await apply(cart, store.id);
      if (Either.isLeft(next)) throw cartErrorToApi(next.left);
      const now = this.clock.now().toISOString();
      await this.carts.saveLines(store.id, cart, next.right.lines, now);
      return this.reader.viewInWrite(store, cart, next.right.lines, now);
    });
  }
}
