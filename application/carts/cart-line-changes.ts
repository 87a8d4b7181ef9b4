// Sets the quantity of a cart line or removes it, in the addressed cart only (a line of another
// cart is a 404). The new quantity never exceeds the stock.
// This module holds what the use cases ChangeCartItem and RemoveCartItem share (one class a file,
// docs/architecture.md, the application/ ring).
import { Either } from "effect";
import type { Cart } from "../../domain/cart/cart.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { cartErrorToApi } from "./cart-errors.js";
import { CartOwnerResolver, type CartAddress } from "./cart-owner-resolver.js";
import { CartReader } from "./cart-reader.js";
import type { CartRecord } from "./cart-view.js";

export const lineMissing = (): ResourceMissing => new ResourceMissing({ resource: "cart_item", message: "No such item in this cart." });

export async function changeCartLine(deps: { readonly carts: CartRepository; readonly stores: StoreRepository; readonly owners: CartOwnerResolver; readonly reader: CartReader; readonly uow: UnitOfWork; readonly clock: Clock }, 
  principal: Principal,
  address: CartAddress,
  lineId: string,
  apply: (cart: Cart, storeId: string) => Promise<Either.Either<Cart, Parameters<typeof cartErrorToApi>[0]>>,
): Promise<CartRecord> {
  const resolved = await deps.owners.resolve(principal, address);
  const store = await loadStore(deps.stores, principal.storeId);
  return deps.uow.run(async () => {
    const cart = await deps.carts.lock(store.id, resolved.owner);
    if (cart === undefined || !cart.lines.some((l) => l.id === lineId)) throw lineMissing();
    const next = await apply(cart, store.id);
    if (Either.isLeft(next)) throw cartErrorToApi(next.left);
    const now = deps.clock.now().toISOString();
    await deps.carts.saveLines(store.id, cart, next.right.lines, now);
    return deps.reader.viewInWrite(store, cart, next.right.lines, now);
  });
}
