// fast-check arbitraries for carts and stock levels, drawn from a small pool of variants so that two
// carts share variants often; plus the variant -> quantity view the properties compare.
import fc from "fast-check";
import type { Cart, CartLine } from "../../../domain/cart/cart.js";

export const VARIANT_POOL = ["v-a", "v-b", "v-c", "v-d", "v-e", "v-f", "v-g"] as const;

export const productOf = (variantId: string): string => `p-${variantId}`;

export const variantIdArb = fc.constantFrom(...VARIANT_POOL);

export const quantityArb = fc.integer({ min: 1, max: 25 });

export const unitPriceArb = fc.nat({ max: 1_000_000 });

interface DrawnLine {
  readonly variantId: string;
  readonly quantity: number;
  readonly unitPrice: number;
}

const toCart =
  (prefix: string) =>
  (lines: readonly DrawnLine[]): Cart => ({
    lines: lines.map((line): CartLine => ({ id: `${prefix}-${line.variantId}`, productId: productOf(line.variantId), ...line })),
  });

/** A cart with at most one line per variant, as the cart rules build it; line ids are `${prefix}-${variant}`. */
export const cartArb = (prefix: string, maxQuantity = 25): fc.Arbitrary<Cart> =>
  fc
    .uniqueArray(
      fc.record({ variantId: variantIdArb, quantity: fc.integer({ min: 1, max: maxQuantity }), unitPrice: unitPriceArb }),
      { selector: (line) => line.variantId, maxLength: VARIANT_POOL.length },
    )
    .map(toCart(prefix));

/** A cart whose every line fits `stock`, so it could have been built by adding. */
export const cartWithinStockArb = (prefix: string, stock: ReadonlyMap<string, number>): fc.Arbitrary<Cart> => {
  const inStock = [...stock].filter(([, level]) => level > 0);
  if (inStock.length === 0) return fc.constant(toCart(prefix)([]));
  const lineArb = fc
    .constantFrom(...inStock)
    .chain(([variantId, level]) =>
      fc.record({ variantId: fc.constant(variantId), quantity: fc.integer({ min: 1, max: level }), unitPrice: unitPriceArb }),
    );
  return fc.uniqueArray(lineArb, { selector: (line) => line.variantId, maxLength: inStock.length }).map(toCart(prefix));
};

/** Stock per variant of the pool, 0 included (sold out) and often below what two carts hold together. */
export const stockArb: fc.Arbitrary<ReadonlyMap<string, number>> = fc
  .tuple(...VARIANT_POOL.map(() => fc.nat({ max: 40 })))
  .map((levels) => new Map(VARIANT_POOL.map((variantId, i) => [variantId, levels[i]!])));

/** A stock table together with a cart that fits it. */
export const stockedCartArb = (prefix: string): fc.Arbitrary<{ stock: ReadonlyMap<string, number>; cart: Cart }> =>
  stockArb.chain((stock) => cartWithinStockArb(prefix, stock).map((cart) => ({ stock, cart })));

export const availableIn =
  (stock: ReadonlyMap<string, number>) =>
  (variantId: string): number =>
    stock.get(variantId) ?? 0;

export const unlimited = (): number => Number.POSITIVE_INFINITY;

export const sourceLineId = (variantId: string): string => `merged-${variantId}`;

/** variantId -> total quantity (lines of one variant added up). */
export const quantitiesOf = (cart: Cart): Map<string, number> => {
  const quantities = new Map<string, number>();
  for (const line of cart.lines) quantities.set(line.variantId, (quantities.get(line.variantId) ?? 0) + line.quantity);
  return quantities;
};

export const sortedEntries = (quantities: ReadonlyMap<string, number>): Array<[string, number]> =>
  [...quantities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
