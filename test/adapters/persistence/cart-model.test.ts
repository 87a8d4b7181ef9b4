// The model-based cart commands of test/domain/cart/cart-model.ts driven against the real use cases
// (AddCartItem, ChangeCartItem, GetCart, MergeSessionCart) on a seeded catalog with small stocks,
// on SQLite and on MariaDB: after every step the stored cart agrees with a variant -> quantity map.
import { ChangeCartItem } from "../../../application/carts/change-cart-item.js";
import { RemoveCartItem } from "../../../application/carts/remove-cart-item.js";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Either, Schema } from "effect";
import fc from "fast-check";
import type { Principal } from "../../../application/access/principal.js";
import { AddCartItem } from "../../../application/carts/add-cart-item.js";
import { AddCartItemInput, UpdateCartItemInput } from "../../../application/carts/cart-inputs.js";
import type { CartAddress } from "../../../application/carts/cart-owner-resolver.js";
import { GetCart } from "../../../application/carts/get-cart.js";
import { MergeSessionCart } from "../../../application/carts/merge-session-cart.js";
import { newSession } from "../../support/cart-fixtures.js";
import { registerCustomer, type SignedInCustomer } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";
import {
  AddCommand,
  MergeCommand,
  MISSING_LINE_ID,
  OK,
  RemoveCommand,
  SetQuantityCommand,
  cartCommandsArb,
  failed,
  runCartCommands,
  type CartOutcome,
  type CartSystem,
  type CatalogueVariant,
} from "../../domain/cart/cart-model.js";

/** Maps the API errors the use cases throw back to the model's outcome tags; anything else is a failure. */
const outcomeOf = (error: unknown): CartOutcome => {
  const tagged = error as { _tag?: string; code?: string; param?: string };
  if (tagged._tag === "ResourceConflict" && tagged.code === "insufficient_stock") return failed("InsufficientStock");
  if (tagged._tag === "ResourceMissing") return failed("CartLineMissing");
  if (tagged._tag === "ParameterInvalid" && tagged.param === "quantity") return failed("InvalidQuantity");
  throw error;
};

const attempt = async (work: () => Promise<unknown>): Promise<CartOutcome> => {
  try {
    await work();
    return OK;
  } catch (error) {
    return outcomeOf(error);
  }
};

// The routes decode the body before calling the use cases, so a bad quantity never reaches them;
// the driver decodes with the same Schemas, so the use cases are called exactly as the routes call them.
const decodesAdd = (variantId: string, quantity: number): boolean =>
  Either.isRight(Schema.decodeUnknownEither(AddCartItemInput)({ variant_id: variantId, quantity }));
const decodesUpdate = (quantity: number): boolean => Either.isRight(Schema.decodeUnknownEither(UpdateCartItemInput)({ quantity }));

const modelSuite = (title: string, options: () => TestApplicationOptions, runs: { readonly numRuns: number; readonly maxCommands: number }): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let principal: Principal;
    let customer: SignedInCustomer;
    let catalogue: CatalogueVariant[];
    let system: CartSystem;

    before(async () => {
      const opts = options();
      t = await startTestApplication({ ...opts, env: { STOREFRONT_SCRYPT_COST: "1024", ...opts.env } });
      const secret = t.store.keys.secretTest;
      principal = { storeId: t.store.store.id, keyId: "model-test", keyType: "publishable", mode: "test" };
      customer = await registerCustomer(t.client, secret);

      // Small stocks, one sold out, two variants of one product, so every outcome turns up.
      const specs: Array<{ name: string; variants: Array<{ sku: string; price: number; sale_price?: number; stock: number; is_default?: boolean }> }> = [
        { name: "Cup", variants: [{ sku: "CUP", price: 1_250, stock: 3 }] },
        { name: "Gone", variants: [{ sku: "GONE", price: 990, stock: 0 }] },
        {
          name: "Scarf",
          variants: [
            { sku: "SCARF-S", price: 400, stock: 5, is_default: true },
            { sku: "SCARF-L", price: 7_000, sale_price: 6_500, stock: 1 },
          ],
        },
      ];
      catalogue = [];
      for (const spec of specs) {
        const created = await t.client.post("/v1/products", spec, { key: secret });
        assert.equal(created.status, 201, created.text);
        const variants: any[] = created.body.variants ?? [created.body];
        spec.variants.forEach((v, i) => {
          const variantId: string = variants[i].variant_id;
          catalogue.push({ variantId, productId: created.body.product_id, stock: v.stock, unitPrice: v.sale_price ?? v.price });
        });
      }

      const add = t.application.container.get(AddCartItem);
      const changeCartItem = t.application.container.get(ChangeCartItem);
      const removeCartItem = t.application.container.get(RemoveCartItem);
      const get = t.application.container.get(GetCart);
      const merge = t.application.container.get(MergeSessionCart);
      const mine: CartAddress = { customerId: customer.id, customerToken: customer.accessToken };
      const productOf = new Map(catalogue.map((v) => [v.variantId, v.productId]));

      system = {
        add: (variantId, quantity) =>
          decodesAdd(variantId, quantity) ? attempt(() => add.execute(principal, mine, { variantId, quantity })) : Promise.resolve(failed("InvalidQuantity")),
        set: (lineId, quantity) =>
          decodesUpdate(quantity) ? attempt(() => changeCartItem.execute(principal, mine, lineId, quantity)) : Promise.resolve(failed("InvalidQuantity")),
        remove: (lineId) => attempt(() => removeCartItem.execute(principal, mine, lineId)),
        merge: async (source) => {
          const session = newSession();
          for (const { variantId, quantity } of source) {
            const guestCart = await add.execute(principal, { sessionId: session }, { variantId, quantity });
            assert.ok(guestCart.items.some((i) => i.variant_id === variantId), `the guest cart holds ${variantId}`);
          }
          const report = await merge.execute(principal.storeId, session, customer.id);
          assert.equal(report.merged, source.length > 0, "a guest cart exists exactly when something was added");
          const left = await get.execute(principal, { sessionId: session });
          assert.equal(left.id, null, "the session cart is gone after the merge");
        },
        read: async () => {
          const cart = await get.execute(principal, mine);
          for (const item of cart.items) assert.equal(item.product_id, productOf.get(item.variant_id), "the line's product");
          return {
            lines: cart.items.map((item) => ({
              lineId: item.id,
              variantId: item.variant_id,
              quantity: item.quantity,
              unitPrice: item.unit_price,
              lineTotal: item.line_total,
            })),
            itemCount: cart.item_count,
            subtotal: cart.subtotal,
          };
        },
      };
    });
    after(() => t?.close());

    /** Each command sequence starts from a customer without a cart. */
    const fresh = async (): Promise<CartSystem> => {
      await t.application.database.knex("carts").where({ customer_id: customer.id }).delete();
      return system;
    };

    it("replays a scripted session: each outcome and cap as the model predicts", async () => {
      const [cup, gone, small, large] = catalogue.map((v) => v.variantId) as [string, string, string, string];
      await runCartCommands(catalogue, fresh, [
        new AddCommand(cup, 2),
        new AddCommand(cup, 2), // 4 > 3: InsufficientStock
        new AddCommand(gone, 1), // sold out
        new AddCommand(cup, 0), // InvalidQuantity
        new SetQuantityCommand(gone, 1), // no line: CartLineMissing
        new SetQuantityCommand(cup, 0), // InvalidQuantity, not a removal
        new SetQuantityCommand(cup, 3),
        new MergeCommand([
          { variantId: cup, quantity: 3 }, // 3 + 3 capped at 3
          { variantId: large, quantity: 1 },
        ]),
        new AddCommand(large, 1), // 2 > 1
        new AddCommand(small, 5),
        new SetQuantityCommand(small, 6), // 6 > 5
        new RemoveCommand(cup),
        new RemoveCommand(cup), // gone: CartLineMissing
        new MergeCommand([]),
      ]);
    });

    it("a line id that is not in the cart is missing, for setting and for removing", async () => {
      await fresh();
      assert.deepEqual(await system.set(MISSING_LINE_ID, 1), failed("CartLineMissing"));
      assert.deepEqual(await system.remove(MISSING_LINE_ID), failed("CartLineMissing"));
      assert.deepEqual(await system.remove(randomUUID()), failed("CartLineMissing"));
    });

    it("agrees with the model after every add, set, remove and merge", async () => {
      await fc.assert(
        fc.asyncProperty(cartCommandsArb(catalogue, runs.maxCommands), (commands) => runCartCommands(catalogue, fresh, commands)),
        { numRuns: runs.numRuns },
      );
    });
  });

modelSuite("cart use cases against the model on SQLite", () => ({}), { numRuns: 100, maxCommands: 30 });
describeMysql("cart use cases against the model on MariaDB", (getDb) =>
  modelSuite("cart use cases against the model", () => ({ databaseUrl: getDb().url }), { numRuns: 40, maxCommands: 25 }),
);
