// The pure cart rules behind the CartSystem interface, holding one cart in a variable, so the model-based
// commands can drive them exactly as they will drive the repository and the HTTP API.
import assert from "node:assert/strict";
import { Either } from "effect";
import { emptyCart, type Cart, type CartError } from "../../../domain/cart/cart.js";
import { addItem, cartTotals, mergeCarts, removeLine, setQuantity } from "../../../domain/cart/cart-operations.js";
import { OK, failed, type CartOutcome, type CartSystem, type CatalogueVariant } from "./cart-model.js";

const DEFAULT_UNIT_PRICE = 100;

export interface PureCartSystemOptions {
  /** Stock as merge sees it; only the model test's deliberately broken systems change it. */
  readonly mergeAvailableOf?: (variantId: string) => number;
}

export function pureCartSystem(catalogue: readonly CatalogueVariant[], options: PureCartSystemOptions = {}): CartSystem {
  let cart: Cart = emptyCart;
  let issued = 0;
  const nextLineId = (): string => `line-${++issued}`;
  const variant = (variantId: string): CatalogueVariant => {
    const found = catalogue.find((v) => v.variantId === variantId);
    assert.ok(found !== undefined, `variant ${variantId} is not in the catalogue`);
    return found;
  };
  const stockOf = (variantId: string): number => variant(variantId).stock;
  const addTo = (into: Cart, variantId: string, quantity: number) => {
    const { productId, unitPrice = DEFAULT_UNIT_PRICE } = variant(variantId);
    return addItem(into, { lineId: nextLineId(), variantId, productId, quantity, unitPrice }, stockOf(variantId));
  };
  const settle = (result: Either.Either<Cart, CartError>): CartOutcome =>
    Either.match(result, {
      onLeft: (error) => failed(error._tag),
      onRight: (next) => {
        cart = next;
        return OK;
      },
    });

  return {
    add: async (variantId, quantity) => settle(addTo(cart, variantId, quantity)),
    set: async (lineId, quantity) => {
      const line = cart.lines.find((candidate) => candidate.id === lineId);
      return settle(setQuantity(cart, lineId, quantity, line === undefined ? 0 : stockOf(line.variantId)));
    },
    remove: async (lineId) => settle(removeLine(cart, lineId)),
    merge: async (source) => {
      let guest = emptyCart;
      for (const { variantId, quantity } of source) guest = Either.getOrThrow(addTo(guest, variantId, quantity));
      cart = mergeCarts(cart, guest, options.mergeAvailableOf ?? stockOf, nextLineId).cart;
    },
    read: async () => {
      const totals = cartTotals(cart);
      return {
        lines: cart.lines.map((line, i) => ({
          lineId: line.id,
          variantId: line.variantId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: totals.lines[i]!.lineTotal,
        })),
        itemCount: totals.itemCount,
        subtotal: totals.subtotal,
      };
    },
  };
}
