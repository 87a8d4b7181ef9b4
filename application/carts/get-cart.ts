// Reads the addressed cart; with no cart yet, an empty one (no id).
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CartRepository } from "../ports/cart-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartReader } from "./cart-reader.js";
import { emptyCartRecord, type CartRecord } from "./cart-view.js";

@injectable()
export class GetCart {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CartOwnerResolver) private readonly owners: CartOwnerResolver,
    @inject(CartReader) private readonly reader: CartReader,
  ) {}

  async execute(principal: Principal, address: CartAddress): Promise<CartRecord> {
    const resolved = await this.owners.resolve(principal, address);
    const store = await loadStore(this.stores, principal.storeId);
    const cart = await this.carts.find(store.id, resolved.owner);
    return cart === undefined ? emptyCartRecord(store, resolved.customerId, resolved.sessionId) : this.reader.view(store, cart);
  }
}
