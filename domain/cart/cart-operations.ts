// The cart rules: add (raising an existing line), set a quantity, remove a line, merge two carts
// capped at stock, and totals in integer minor units. Stock, ids and prices come in as arguments.
import { Either } from "effect";
import { CartLineMissing, InsufficientStock, InvalidQuantity, type Cart, type CartLine } from "./cart.js";

export interface NewCartItem {
  /** The id the line gets if adding creates one; unused when the variant already has a line. */
  readonly lineId: string;
  readonly variantId: string;
  readonly productId: string;
  readonly quantity: number;
  /** Integer minor units per unit; becomes the line's price, also on an existing line. */
  readonly unitPrice: number;
}

export interface CappedLine {
  readonly variantId: string;
  /** What the two carts held together. */
  readonly wanted: number;
  /** What the merged cart holds; 0 means the line was dropped. */
  readonly kept: number;
}

export interface MergeResult {
  readonly cart: Cart;
  /** One entry per variant whose merged quantity was cut to its stock, in the merged cart's order. */
  readonly capped: readonly CappedLine[];
}

export interface LineTotal {
  readonly lineId: string;
  readonly lineTotal: number;
}

export interface CartTotals {
  /** The sum of the quantities, not the number of lines. */
  readonly itemCount: number;
  readonly subtotal: number;
  /** In the cart's line order. */
  readonly lines: readonly LineTotal[];
}

const isValidQuantity = (quantity: number): boolean => Number.isSafeInteger(quantity) && quantity >= 1;

/**
 * Stock as a whole number of units: a negative or NaN level (an oversold or unreadable row) holds
 * nothing, a fraction rounds down, and Infinity stands for "not tracked".
 */
const stockCap = (available: number): number =>
  Number.isNaN(available) || available <= 0 ? 0 : Math.floor(available);

// A malformed price is a bug in the caller (decoding at the boundary rules it out), not a shopper's
// error, so it throws like `fromMinor` rather than joining the Either's error channel.
function assertUnitPrice(unitPrice: number): void {
  if (!(Number.isSafeInteger(unitPrice) && unitPrice >= 0)) {
    throw new RangeError(`a unit price must be a non-negative integer of minor units, got ${unitPrice}`);
  }
}

/**
 * Adds `item.quantity` of a variant. A variant already in the cart has its line raised (keeping the
 * line's id and place, taking the new unit price) rather than getting a second line. The cart's total
 * for the variant after adding must not exceed `available`.
 */
export function addItem(
  cart: Cart,
  item: NewCartItem,
  available: number,
): Either.Either<Cart, InvalidQuantity | InsufficientStock> {
  assertUnitPrice(item.unitPrice);
  if (!isValidQuantity(item.quantity)) return Either.left(new InvalidQuantity({ quantity: item.quantity }));
  const index = cart.lines.findIndex((line) => line.variantId === item.variantId);
  const existing = index === -1 ? undefined : cart.lines[index];
  const requested = (existing?.quantity ?? 0) + item.quantity;
  const cap = stockCap(available);
  if (requested > cap) {
    return Either.left(new InsufficientStock({ variantId: item.variantId, requested, available: cap }));
  }
  if (existing === undefined) {
    const line: CartLine = {
      id: item.lineId,
      variantId: item.variantId,
      productId: item.productId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    };
    return Either.right({ lines: [...cart.lines, line] });
  }
  const raised: CartLine = { ...existing, quantity: requested, unitPrice: item.unitPrice };
  return Either.right({ lines: cart.lines.map((line, i) => (i === index ? raised : line)) });
}

/** Sets a line's quantity outright; `available` is the stock of that line's variant. */
export function setQuantity(
  cart: Cart,
  lineId: string,
  quantity: number,
  available: number,
): Either.Either<Cart, InvalidQuantity | CartLineMissing | InsufficientStock> {
  // the body is judged before the line is looked up, as a request is decoded before it is served
  if (!isValidQuantity(quantity)) return Either.left(new InvalidQuantity({ quantity }));
  const line = cart.lines.find((candidate) => candidate.id === lineId);
  if (line === undefined) return Either.left(new CartLineMissing({ lineId }));
  const cap = stockCap(available);
  if (quantity > cap) {
    return Either.left(new InsufficientStock({ variantId: line.variantId, requested: quantity, available: cap }));
  }
  return Either.right({
    lines: cart.lines.map((candidate) => (candidate.id === lineId ? { ...candidate, quantity } : candidate)),
  });
}

export function removeLine(cart: Cart, lineId: string): Either.Either<Cart, CartLineMissing> {
  if (!cart.lines.some((line) => line.id === lineId)) return Either.left(new CartLineMissing({ lineId }));
  return Either.right({ lines: cart.lines.filter((line) => line.id !== lineId) });
}

/**
 * Merges `source` (say, a guest's session cart) into `target` (the customer's cart). Per variant the
 * quantities of both carts add up, then are cut to `availableOf(variant)`; a variant cut to 0 is
 * dropped, and every cut is reported. Nothing else is lost.
 *
 * The merged cart has one line per variant: target's variants first in target's order, keeping
 * target's line id and unit price, then source-only variants in source's order, each with a fresh
 * id from `newLineId` (the source cart goes away, so its ids are not reused) and source's unit price.
 * Lines of one variant repeated within a cart are folded into its first line.
 *
 * Because min(min(a + b, s) + c, s) = min(a + b + c, s), merging is associative for fixed stock.
 */
export function mergeCarts(
  target: Cart,
  source: Cart,
  availableOf: (variantId: string) => number,
  newLineId: (variantId: string) => string,
): MergeResult {
  const wanted = new Map<string, number>();
  const firstLine = new Map<string, CartLine>();
  const collect = (line: CartLine, fromSource: boolean): void => {
    const held = wanted.get(line.variantId);
    if (held === undefined) {
      firstLine.set(line.variantId, fromSource ? { ...line, id: newLineId(line.variantId) } : line);
    }
    wanted.set(line.variantId, (held ?? 0) + line.quantity);
  };
  for (const line of target.lines) collect(line, false);
  for (const line of source.lines) collect(line, true);

  const lines: CartLine[] = [];
  const capped: CappedLine[] = [];
  // Map iteration follows insertion order: target's variants first, then source-only ones
  for (const [variantId, total] of wanted) {
    const kept = Math.min(total, stockCap(availableOf(variantId)));
    if (kept < total) capped.push({ variantId, wanted: total, kept });
    if (kept > 0) lines.push({ ...firstLine.get(variantId)!, quantity: kept });
  }
  return { cart: { lines }, capped };
}

/** Line totals, item count and subtotal, all integers of minor units (counts for itemCount). */
export function cartTotals(cart: Cart): CartTotals {
  let itemCount = 0;
  let subtotal = 0;
  const lines = cart.lines.map((line): LineTotal => {
    const lineTotal = line.quantity * line.unitPrice;
    itemCount += line.quantity;
    subtotal += lineTotal;
    return { lineId: line.id, lineTotal };
  });
  // quantities are bounded by stock and prices by decoding, so this is a guard against a bug upstream
  if (!Number.isSafeInteger(subtotal) || !Number.isSafeInteger(itemCount)) {
    throw new RangeError(`cart totals exceed the safe integer range (subtotal ${subtotal}, items ${itemCount})`);
  }
  return { itemCount, subtotal, lines };
}
