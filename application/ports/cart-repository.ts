// Carts and their lines. Changes to one cart are serialised: a unit of work locks the cart row
// before reading its lines, so parallel adds never lose an update.
import type { ServiceIdentifier } from "inversify";
import type { CartLine } from "../../domain/cart/cart.js";

export type CartOwner = { readonly customerId: string } | { readonly sessionId: string };

export interface StoredCart {
  readonly id: string;
  readonly customerId: string | null;
  readonly sessionId: string | null;
  readonly currency: string;
  /** Made with a live key (true) or a test key. */
  readonly livemode: boolean;
  /** In the order they were added; unitPrice is the price when last added or changed. */
  readonly lines: readonly CartLine[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface AbandonedCart {
  readonly id: string;
  readonly customerId: string;
  readonly storeId: string;
  readonly updatedAt: string;
  readonly livemode: boolean;
  readonly lines: readonly CartLine[];
}

export interface CartRepository {
  find(storeId: string, owner: CartOwner): Promise<StoredCart | undefined>;
  /** Locks the owner's cart until the unit of work ends; undefined when there is none. */
  lock(storeId: string, owner: CartOwner): Promise<StoredCart | undefined>;
  /** Locks the owner's cart, creating an empty one first when there is none. */
  lockOrCreate(storeId: string, owner: CartOwner, created: { readonly id: string; readonly currency: string; readonly livemode: boolean; readonly now: string }): Promise<StoredCart>;
  /** Replaces the cart's lines with `lines` (inserting, updating and deleting as needed). */
  saveLines(storeId: string, cart: StoredCart, lines: readonly CartLine[], now: string): Promise<void>;
  remove(storeId: string, cartId: string): Promise<void>;
  /** Customer carts with lines, untouched since `idleSince`, not yet reported for that idle period. */
  findAbandoned(idleSince: string, limit: number): Promise<readonly AbandonedCart[]>;
  /** Marks the idle period reported; false when the cart changed since it was found, or the period is already marked. */
  markAbandoned(cartId: string, updatedAt: string): Promise<boolean>;
  /** Deletes anonymous carts untouched since `before`; answers how many went. */
  purgeAnonymous(before: string): Promise<number>;
}
export const CartRepository: ServiceIdentifier<CartRepository> = Symbol.for("storefront.CartRepository");
