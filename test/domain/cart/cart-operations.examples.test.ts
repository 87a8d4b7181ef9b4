// Worked examples of each cart rule and each error it can give: adding, setting, removing, merging
// with and without stock caps, and totals.
import assert from "node:assert/strict";
import { Either } from "effect";
import {
  CartLineMissing,
  InsufficientStock,
  InvalidQuantity,
  emptyCart,
  type Cart,
  type CartLine,
} from "../../../domain/cart/cart.js";
import { addItem, cartTotals, mergeCarts, removeLine, setQuantity } from "../../../domain/cart/cart-operations.js";

const line = (id: string, variantId: string, quantity: number, unitPrice = 1000): CartLine => ({
  id,
  variantId,
  productId: `p-${variantId}`,
  quantity,
  unitPrice,
});

const right = <A, E>(result: Either.Either<A, E>): A => {
  if (Either.isLeft(result)) assert.fail(`expected a cart, got ${String(result.left)}`);
  return result.right;
};

const left = <A, E>(result: Either.Either<A, E>): E => {
  if (Either.isRight(result)) assert.fail(`expected an error, got ${JSON.stringify(result.right)}`);
  return result.left;
};

const item = (variantId: string, quantity: number, unitPrice = 1000, lineId = `new-${variantId}`) => ({
  lineId,
  variantId,
  productId: `p-${variantId}`,
  quantity,
  unitPrice,
});

const neverCalled = (): string => assert.fail("newLineId called for a variant the target already holds");

describe("cart rules by example", () => {
  describe("addItem", () => {
    it("creates a line with the given id at the end of the cart", () => {
      const cart: Cart = { lines: [line("l1", "v1", 1)] };
      assert.deepEqual(right(addItem(cart, item("v2", 3, 250), 10)), {
        lines: [line("l1", "v1", 1), line("new-v2", "v2", 3, 250)],
      });
    });

    it("raises the existing line of the variant, keeping its id and place and refreshing its price", () => {
      const cart: Cart = { lines: [line("l1", "v1", 2, 900), line("l2", "v2", 1)] };
      assert.deepEqual(right(addItem(cart, item("v1", 3, 950), 5)), {
        lines: [line("l1", "v1", 5, 950), line("l2", "v2", 1)],
      });
    });

    it("refuses a total beyond stock, naming the total rather than the increment", () => {
      const cart: Cart = { lines: [line("l1", "v1", 4)] };
      const error = left(addItem(cart, item("v1", 2), 5));
      assert.deepEqual(error, new InsufficientStock({ variantId: "v1", requested: 6, available: 5 }));
      assert.equal(error._tag, "InsufficientStock");
    });

    it("refuses any quantity of a sold-out variant, and reads negative stock as none", () => {
      assert.ok(left(addItem(emptyCart, item("v1", 1), 0)) instanceof InsufficientStock);
      const oversold = left(addItem(emptyCart, item("v1", 1), -3));
      assert.ok(oversold instanceof InsufficientStock);
      assert.equal(oversold.available, 0);
    });

    it("accepts exactly the stock", () => {
      assert.equal(right(addItem(emptyCart, item("v1", 7), 7)).lines[0]?.quantity, 7);
    });

    for (const quantity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      it(`refuses quantity ${quantity} as InvalidQuantity before looking at stock`, () => {
        const error = left(addItem(emptyCart, item("v1", quantity), 0));
        assert.ok(error instanceof InvalidQuantity);
        assert.ok(Object.is(error.quantity, quantity));
      });
    }

    it("throws on a unit price that is negative or not whole minor units (a caller's bug)", () => {
      assert.throws(() => addItem(emptyCart, item("v1", 1, -1), 5), RangeError);
      assert.throws(() => addItem(emptyCart, item("v1", 1, 9.99), 5), RangeError);
    });
  });

  describe("setQuantity", () => {
    const cart: Cart = { lines: [line("l1", "v1", 2), line("l2", "v2", 1)] };

    it("sets the line's quantity, lower or higher, leaving the others alone", () => {
      assert.deepEqual(right(setQuantity(cart, "l1", 1, 3)), { lines: [line("l1", "v1", 1), line("l2", "v2", 1)] });
      assert.deepEqual(right(setQuantity(cart, "l2", 4, 4)), { lines: [line("l1", "v1", 2), line("l2", "v2", 4)] });
    });

    it("refuses more than the stock", () => {
      const error = left(setQuantity(cart, "l1", 4, 3));
      assert.deepEqual(error, new InsufficientStock({ variantId: "v1", requested: 4, available: 3 }));
    });

    it("refuses a quantity the line already holds once stock has fallen below it", () => {
      assert.ok(left(setQuantity(cart, "l1", 2, 1)) instanceof InsufficientStock);
    });

    it("refuses 0: removing is its own operation", () => {
      const error = left(setQuantity(cart, "l1", 0, 10));
      assert.ok(error instanceof InvalidQuantity);
      assert.equal(error.quantity, 0);
    });

    it("answers CartLineMissing for an unknown line", () => {
      const error = left(setQuantity(cart, "nope", 1, 10));
      assert.ok(error instanceof CartLineMissing);
      assert.equal(error.lineId, "nope");
    });

    it("judges the quantity before looking the line up", () => {
      assert.ok(left(setQuantity(cart, "nope", -2, 10)) instanceof InvalidQuantity);
    });
  });

  describe("removeLine", () => {
    it("removes only that line", () => {
      const cart: Cart = { lines: [line("l1", "v1", 2), line("l2", "v2", 1)] };
      assert.deepEqual(right(removeLine(cart, "l1")), { lines: [line("l2", "v2", 1)] });
    });

    it("answers CartLineMissing for an unknown line, also on an empty cart", () => {
      const error = left(removeLine(emptyCart, "l1"));
      assert.ok(error instanceof CartLineMissing);
      assert.equal(error.lineId, "l1");
    });
  });

  describe("mergeCarts", () => {
    const stock = new Map([
      ["v1", 10],
      ["v2", 4],
      ["v3", 1],
      ["v4", 0],
    ]);
    const availableOf = (variantId: string): number => stock.get(variantId) ?? 0;

    it("adds up shared variants on target's line, keeps one-sided lines, target's order first", () => {
      const target: Cart = { lines: [line("t1", "v1", 2, 500), line("t2", "v2", 1)] };
      const source: Cart = { lines: [line("s3", "v3", 1, 70), line("s1", "v1", 3, 450)] };
      const { cart, capped } = mergeCarts(target, source, availableOf, (v) => `fresh-${v}`);
      assert.deepEqual(cart, {
        lines: [line("t1", "v1", 5, 500), line("t2", "v2", 1), line("fresh-v3", "v3", 1, 70)],
      });
      assert.deepEqual(capped, []);
    });

    it("caps a shared variant at stock and reports it", () => {
      const target: Cart = { lines: [line("t2", "v2", 3)] };
      const source: Cart = { lines: [line("s2", "v2", 3)] };
      const { cart, capped } = mergeCarts(target, source, availableOf, neverCalled);
      assert.deepEqual(cart, { lines: [line("t2", "v2", 4)] });
      assert.deepEqual(capped, [{ variantId: "v2", wanted: 6, kept: 4 }]);
    });

    it("caps below both original quantities when stock has fallen that far", () => {
      const target: Cart = { lines: [line("t3", "v3", 2)] };
      const source: Cart = { lines: [line("s3", "v3", 3)] };
      const { cart, capped } = mergeCarts(target, source, availableOf, neverCalled);
      assert.deepEqual(cart, { lines: [line("t3", "v3", 1)] });
      assert.deepEqual(capped, [{ variantId: "v3", wanted: 5, kept: 1 }]);
    });

    it("drops a sold-out variant from either side and reports it as kept 0", () => {
      const target: Cart = { lines: [line("t4", "v4", 1), line("t1", "v1", 1)] };
      const source: Cart = { lines: [line("s4", "v4", 2)] };
      const { cart, capped } = mergeCarts(target, source, availableOf, neverCalled);
      assert.deepEqual(cart, { lines: [line("t1", "v1", 1)] });
      assert.deepEqual(capped, [{ variantId: "v4", wanted: 3, kept: 0 }]);
    });

    it("caps lines found in one cart only, too", () => {
      const { cart, capped } = mergeCarts(emptyCart, { lines: [line("s2", "v2", 9)] }, availableOf, () => "n2");
      assert.deepEqual(cart, { lines: [line("n2", "v2", 4)] });
      assert.deepEqual(capped, [{ variantId: "v2", wanted: 9, kept: 4 }]);
    });

    it("folds repeated lines of one variant into the first one", () => {
      const target: Cart = { lines: [line("t1", "v1", 1), line("t1b", "v1", 2)] };
      const source: Cart = { lines: [line("s1", "v1", 3)] };
      assert.deepEqual(mergeCarts(target, source, availableOf, neverCalled).cart, { lines: [line("t1", "v1", 6)] });
    });

    it("asks for one fresh id per source-only variant", () => {
      const asked: string[] = [];
      const source: Cart = { lines: [line("s1", "v1", 1), line("s2", "v2", 1), line("s1b", "v1", 1)] };
      mergeCarts(emptyCart, source, availableOf, (v) => {
        asked.push(v);
        return `n-${v}`;
      });
      assert.deepEqual(asked, ["v1", "v2"]);
    });

    it("merges two empty carts into an empty cart", () => {
      assert.deepEqual(mergeCarts(emptyCart, emptyCart, availableOf, neverCalled), { cart: emptyCart, capped: [] });
    });
  });

  describe("cartTotals", () => {
    it("multiplies per line and adds up, counting units rather than lines", () => {
      const cart: Cart = { lines: [line("l1", "v1", 3, 1250), line("l2", "v2", 1, 99), line("l3", "v3", 2, 0)] };
      assert.deepEqual(cartTotals(cart), {
        itemCount: 6,
        subtotal: 3849,
        lines: [
          { lineId: "l1", lineTotal: 3750 },
          { lineId: "l2", lineTotal: 99 },
          { lineId: "l3", lineTotal: 0 },
        ],
      });
    });

    it("gives zeros for an empty cart", () => {
      assert.deepEqual(cartTotals(emptyCart), { itemCount: 0, subtotal: 0, lines: [] });
    });

    it("throws rather than answer an unsafe total", () => {
      const huge: Cart = { lines: [line("l1", "v1", 2 ** 20, 2 ** 40)] };
      assert.throws(() => cartTotals(huge), RangeError);
    });
  });
});
