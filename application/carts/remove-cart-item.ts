// RemoveCartItem, the use case behind DELETE /v1/cart/items/{id}; what it shares with its sibling
// use cases is in cart-line-changes.ts.
import { inject, injectable } from "inversify";
import { removeLine } from "../../domain/cart/cart-operations.js";
import type { Principal } from "../access/principal.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartReader } from "./cart-reader.js";
import type { CartRecord } from "./cart-view.js";
import { changeCartLine } from "./cart-line-changes.js";

@injectable()
export class RemoveCartItem {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CartOwnerResolver) private readonly owners: CartOwnerResolver,
    @inject(CartReader) private readonly reader: CartReader,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, address: CartAddress, lineId: string): Promise<CartRecord> {
    return changeCartLine({ carts: this.carts, stores: this.stores, owners: this.owners, reader: this.reader, uow: this.uow, clock: this.clock }, principal, address, lineId, async (cart) => removeLine(cart, lineId));
  }
}
