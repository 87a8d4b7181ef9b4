import { inject, injectable } from "inversify";
import { setQuantity } from "../../domain/cart/cart-operations.js";
import type { Principal } from "../access/principal.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartReader } from "./cart-reader.js";
import type { CartRecord } from "./cart-view.js";
import { changeCartLine } from "./cart-line-changes.js";

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

  async execute(principal: Principal, address: CartAddress, lineId: string, quantity: number): Promise<CartRecord> {
    return changeCartLine({ carts: this.carts, stores: this.stores, owners: this.owners, reader: this.reader, uow: this.uow, clock: this.clock }, principal, address, lineId, async (cart, storeId) => {
      const line = cart.lines.find((l) => l.id === lineId);
      const variant = line === undefined ? undefined : await this.products.findVariant(storeId, line.variantId);
      return setQuantity(cart, lineId, quantity, variant?.stock ?? 0);
    });
  }
}
