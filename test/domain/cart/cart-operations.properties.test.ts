// Properties of the cart rules: merge loses nothing below the cap, is associative and has the empty cart
// as identity; totals add up; add keeps one line per variant and never passes stock; add then remove undoes.
import assert from "node:assert/strict";
import fc from "fast-check";
import { Either } from "effect";
import { InsufficientStock, emptyCart, type Cart } from "../../../domain/cart/cart.js";
import { addItem, cartTotals, mergeCarts, removeLine, setQuantity } from "../../../domain/cart/cart-operations.js";
import {
  availableIn,
  cartArb,
  productOf,
  quantitiesOf,
  quantityArb,
  sortedEntries,
  sourceLineId,
  stockArb,
  stockedCartArb,
  unitPriceArb,
  unlimited,
  variantIdArb,
  VARIANT_POOL,
} from "./cart-arbitraries.js";

const variantOrder = (cart: Cart): string[] => cart.lines.map((line) => line.variantId);

const assertOneLinePerVariant = (cart: Cart): void =>
  assert.equal(new Set(variantOrder(cart)).size, cart.lines.length, `repeated variant in ${variantOrder(cart).join(",")}`);

/** A cart's quantities all within stock. */
const withinStock = (cart: Cart, stock: ReadonlyMap<string, number>): boolean =>
  cart.lines.every((line) => line.quantity <= (stock.get(line.variantId) ?? 0));

const addArb = fc.record({ variantId: variantIdArb, quantity: quantityArb, unitPrice: unitPriceArb });

describe("cart rules: properties", () => {
  describe("mergeCarts", () => {
    it("keeps, per variant, min(sum over both carts, stock): no variant in stock and no quantity below the cap lost", () => {
      fc.assert(
        fc.property(cartArb("t"), cartArb("s"), stockArb, (target, source, stock) => {
          const { cart, capped } = mergeCarts(target, source, availableIn(stock), sourceLineId);
          const merged = quantitiesOf(cart);
          const before = [quantitiesOf(target), quantitiesOf(source)];
          for (const variantId of VARIANT_POOL) {
            const sum = before.reduce((total, quantities) => total + (quantities.get(variantId) ?? 0), 0);
            const expected = Math.min(sum, stock.get(variantId)!);
            assert.equal(merged.get(variantId) ?? 0, expected, `quantity of ${variantId}`);
            if (expected > 0) assert.ok(merged.has(variantId), `${variantId} lost`);
            const report = capped.filter((entry) => entry.variantId === variantId);
            assert.deepEqual(report, sum > expected ? [{ variantId, wanted: sum, kept: expected }] : []);
          }
          assertOneLinePerVariant(cart);
          assert.ok(cart.lines.every((line) => line.quantity >= 1));
        }),
      );
    });

    it("orders target's variants first, then source-only ones, keeping target's ids and giving fresh ids to the rest", () => {
      fc.assert(
        fc.property(cartArb("t"), cartArb("s"), (target, source) => {
          const { cart } = mergeCarts(target, source, unlimited, sourceLineId);
          const targetVariants = variantOrder(target);
          const sourceOnly = variantOrder(source).filter((v) => !targetVariants.includes(v));
          assert.deepEqual(variantOrder(cart), [...targetVariants, ...sourceOnly]);
          for (const [i, line] of cart.lines.entries()) {
            const original = i < target.lines.length ? target.lines[i]! : undefined;
            assert.equal(line.id, original?.id ?? sourceLineId(line.variantId));
            if (original !== undefined) assert.equal(line.unitPrice, original.unitPrice);
          }
        }),
      );
    });

    it("is associative when stock is unlimited: same variants, same order, same quantities", () => {
      fc.assert(
        fc.property(cartArb("a"), cartArb("b"), cartArb("c"), (a, b, c) => {
          const merge = (x: Cart, y: Cart): Cart => mergeCarts(x, y, unlimited, sourceLineId).cart;
          const left = merge(merge(a, b), c);
          const right = merge(a, merge(b, c));
          assert.deepEqual(variantOrder(left), variantOrder(right));
          assert.deepEqual(sortedEntries(quantitiesOf(left)), sortedEntries(quantitiesOf(right)));
        }),
      );
    });

    // Not asked of the rule, but true, and worth pinning: min(min(a + b, s) + c, s) = min(a + b + c, s).
    it("is associative on quantities under fixed stock too", () => {
      fc.assert(
        fc.property(cartArb("a"), cartArb("b"), cartArb("c"), stockArb, (a, b, c, stock) => {
          const merge = (x: Cart, y: Cart): Cart => mergeCarts(x, y, availableIn(stock), sourceLineId).cart;
          assert.deepEqual(
            sortedEntries(quantitiesOf(merge(merge(a, b), c))),
            sortedEntries(quantitiesOf(merge(a, merge(b, c)))),
          );
        }),
      );
    });

    it("has the empty cart as identity on either side when within stock", () => {
      fc.assert(
        fc.property(stockedCartArb("a"), ({ cart, stock }) => {
          const intoEmpty = mergeCarts(emptyCart, cart, availableIn(stock), sourceLineId);
          const fromEmpty = mergeCarts(cart, emptyCart, availableIn(stock), sourceLineId);
          assert.deepEqual(sortedEntries(quantitiesOf(intoEmpty.cart)), sortedEntries(quantitiesOf(cart)));
          assert.deepEqual(fromEmpty.cart, cart, "merging nothing into a cart changes nothing, ids and prices included");
          assert.deepEqual([...intoEmpty.capped, ...fromEmpty.capped], []);
        }),
      );
    });

    it("never leaves a quantity above stock, whatever the two carts held", () => {
      fc.assert(
        fc.property(cartArb("t", 60), cartArb("s", 60), stockArb, (target, source, stock) => {
          assert.ok(withinStock(mergeCarts(target, source, availableIn(stock), sourceLineId).cart, stock));
        }),
      );
    });
  });

  describe("cartTotals", () => {
    it("has line totals of quantity x unit price, a subtotal that is their sum and an item count of the quantities", () => {
      fc.assert(
        fc.property(cartArb("t"), (cart) => {
          const totals = cartTotals(cart);
          assert.deepEqual(
            totals.lines,
            cart.lines.map((line) => ({ lineId: line.id, lineTotal: line.quantity * line.unitPrice })),
          );
          assert.equal(totals.subtotal, totals.lines.reduce((sum, line) => sum + line.lineTotal, 0));
          assert.equal(totals.itemCount, cart.lines.reduce((sum, line) => sum + line.quantity, 0));
          for (const value of [totals.subtotal, totals.itemCount, ...totals.lines.map((l) => l.lineTotal)]) {
            assert.ok(Number.isSafeInteger(value) && value >= 0, String(value));
          }
        }),
      );
    });
  });

  describe("addItem and setQuantity", () => {
    it("never create a second line for a variant, over any sequence of adds", () => {
      fc.assert(
        fc.property(fc.array(addArb, { maxLength: 30 }), (adds) => {
          let cart = emptyCart;
          for (const [i, add] of adds.entries()) {
            const result = addItem(cart, { ...add, lineId: `l${i}`, productId: productOf(add.variantId) }, unlimited());
            cart = Either.getOrThrow(result);
            assertOneLinePerVariant(cart);
          }
          const expected = new Map<string, number>();
          for (const add of adds) expected.set(add.variantId, (expected.get(add.variantId) ?? 0) + add.quantity);
          assert.deepEqual(sortedEntries(quantitiesOf(cart)), sortedEntries(expected));
        }),
      );
    });

    it("raise exactly one variant by the quantity added, or refuse with InsufficientStock only beyond stock", () => {
      fc.assert(
        fc.property(stockedCartArb("t"), addArb, ({ cart, stock }, add) => {
          const available = stock.get(add.variantId)!;
          const before = quantitiesOf(cart);
          const wanted = (before.get(add.variantId) ?? 0) + add.quantity;
          const result = addItem(cart, { ...add, lineId: "new", productId: productOf(add.variantId) }, available);
          if (wanted > available) {
            assert.ok(Either.isLeft(result) && result.left instanceof InsufficientStock);
            assert.equal(result.left.requested, wanted);
            return;
          }
          assert.ok(Either.isRight(result), "refused although within stock");
          const after = quantitiesOf(result.right);
          before.set(add.variantId, wanted);
          assert.deepEqual(sortedEntries(after), sortedEntries(before));
          assert.ok(withinStock(result.right, stock));
        }),
      );
    });

    it("never leave a quantity above stock after any mix of adds and sets", () => {
      const opArb = fc.oneof(
        addArb.map((add) => ({ kind: "add" as const, ...add })),
        fc.record({ kind: fc.constant("set" as const), variantId: variantIdArb, quantity: fc.integer({ min: -2, max: 45 }) }),
      );
      fc.assert(
        fc.property(stockArb, fc.array(opArb, { maxLength: 30 }), (stock, ops) => {
          let cart = emptyCart;
          for (const [i, op] of ops.entries()) {
            const available = stock.get(op.variantId)!;
            const result =
              op.kind === "add"
                ? addItem(cart, { ...op, lineId: `l${i}`, productId: productOf(op.variantId) }, available)
                : setQuantity(cart, cart.lines.find((l) => l.variantId === op.variantId)?.id ?? "missing", op.quantity, available);
            if (Either.isRight(result)) cart = result.right;
            assert.ok(withinStock(cart, stock), JSON.stringify(cart));
            assertOneLinePerVariant(cart);
          }
        }),
      );
    });

    it("set then read gives exactly the quantity set, when within stock", () => {
      fc.assert(
        fc.property(cartArb("t").filter((c) => c.lines.length > 0), fc.nat(), quantityArb, (cart, pick, quantity) => {
          const target = cart.lines[pick % cart.lines.length]!;
          const updated = Either.getOrThrow(setQuantity(cart, target.id, quantity, quantity));
          assert.deepEqual(
            updated.lines,
            cart.lines.map((line) => (line.id === target.id ? { ...line, quantity } : line)),
          );
        }),
      );
    });
  });

  describe("removeLine", () => {
    it("undoes adding a variant the cart did not hold", () => {
      fc.assert(
        fc.property(cartArb("t"), addArb, (cart, add) => {
          fc.pre(!cart.lines.some((line) => line.variantId === add.variantId));
          const added = Either.getOrThrow(
            addItem(cart, { ...add, lineId: "new", productId: productOf(add.variantId) }, add.quantity),
          );
          assert.equal(added.lines.length, cart.lines.length + 1);
          assert.deepEqual(Either.getOrThrow(removeLine(added, "new")), cart);
        }),
      );
    });
  });
});
