// A cart as the pure rules see it: lines of variants with quantities and unit prices in minor units,
// and the errors the cart rules give. Identity, owner, currency and timestamps live outside the rules.
import { Data } from "effect";

export interface CartLine {
  readonly id: string;
  readonly variantId: string;
  readonly productId: string;
  /** An integer >= 1; a line whose quantity would reach 0 is removed instead. */
  readonly quantity: number;
  /** Integer minor units of the cart's currency, per unit. */
  readonly unitPrice: number;
}

/** At most one line per variant once built by the cart rules (adding raises the existing line). */
export interface Cart {
  readonly lines: readonly CartLine[];
}

export const emptyCart: Cart = { lines: [] };

/** The stock cannot cover the total quantity the cart would hold (`requested`), not just the increment. */
export class InsufficientStock extends Data.TaggedError("InsufficientStock")<{
  readonly variantId: string;
  readonly requested: number;
  readonly available: number;
}> {
  override readonly message = `variant ${this.variantId}: ${this.requested} requested, ${this.available} available`;
}

export class CartLineMissing extends Data.TaggedError("CartLineMissing")<{ readonly lineId: string }> {
  override readonly message = `the cart has no line ${this.lineId}`;
}

/** A quantity must be an integer >= 1; removing a line is its own operation, not "set to 0". */
export class InvalidQuantity extends Data.TaggedError("InvalidQuantity")<{ readonly quantity: number }> {
  override readonly message = `a cart quantity must be an integer >= 1, got ${this.quantity}`;
}

export type CartError = InsufficientStock | CartLineMissing | InvalidQuantity;
