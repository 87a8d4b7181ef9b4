// Carts over real HTTP with the publishable key (docs/api/carts-and-wishlists.md): the answer's
// shape, one line per variant, who owns the cart (session or customer), every 400/401/403/404/409,
// money in minor units with the customer's discounts, and lines of deactivated products.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { assertError, newSession, okCart } from "../../support/cart-fixtures.js";
import { registerCustomer, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { RequestOptions } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const cartSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(60_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    /** Mug: simple, 1,500.00 KES, stock 5. */
    let mug: { productId: string; variantId: string };
    /** Throw: grey 5,400.00 stock 3; ochre 6,000.00 on sale at 5,000.00, stock 2. */
    let grey: { productId: string; variantId: string };
    let ochre: { productId: string; variantId: string };
    let foreignVariant: string;

    interface Who {
      readonly session?: string;
      readonly customer?: SignedInCustomer;
      /** A token to send, when it is not the customer's own. */
      readonly token?: string;
      readonly key?: string;
    }

    const optionsFor = (who: Who): RequestOptions => {
      const headers: Record<string, string> = {};
      if (who.session !== undefined) headers["x-session-id"] = who.session;
      const token = who.token ?? who.customer?.accessToken;
      if (token !== undefined) headers["x-auth-token"] = token;
      return { key: who.key ?? publishable, headers };
    };
    const customerQuery = (who: Who): string => (who.customer === undefined ? "" : `?customer_id=${who.customer.id}`);
    const customerBody = (who: Who): Record<string, unknown> => (who.customer === undefined ? {} : { customer_id: who.customer.id });

    const getCart = (who: Who) => t.client.get(`/v1/cart${customerQuery(who)}`, optionsFor(who));
    const add = (who: Who, body: Record<string, unknown>) => t.client.post("/v1/cart/items", { ...customerBody(who), ...body }, optionsFor(who));
    const patchLine = (who: Who, lineId: string, body: Record<string, unknown>) =>
      t.client.patch(`/v1/cart/items/${lineId}`, { ...customerBody(who), ...body }, optionsFor(who));
    const deleteLine = (who: Who, lineId: string) => t.client.delete(`/v1/cart/items/${lineId}${customerQuery(who)}`, optionsFor(who));

    const createProduct = async (body: Record<string, unknown>, key?: string): Promise<any> => {
      const created = await t.client.post("/v1/products", body, { key: key ?? secret });
      assert.equal(created.status, 201, created.text);
      return created.body;
    };

    const setHistory = async (customerId: string, fields: Record<string, unknown>): Promise<void> => {
      await t.application.database.knex("customers").where({ id: customerId }).update(fields);
    };

    before(async () => {
      t = await startTestApplication({ ...options(), env: { STOREFRONT_SCRYPT_COST: "1024", ...options().env } });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      const mugBody = await createProduct({ name: "Stoneware Mug", variants: [{ sku: "MUG-1", price: 150_000, stock: 5 }] });
      mug = { productId: mugBody.product_id, variantId: mugBody.variant_id };
      const throwBody = await createProduct({
        name: "Linen Throw",
        variants: [
          { sku: "THR-G", price: 540_000, stock: 3, variant_name: "Grey", variant_attributes: { colour: "Grey" }, is_default: true },
          { sku: "THR-O", price: 600_000, sale_price: 500_000, stock: 2, variant_name: "Ochre", variant_attributes: { colour: "Ochre" } },
        ],
      });
      grey = { productId: throwBody.product_id, variantId: throwBody.variants[0].variant_id };
      ochre = { productId: throwBody.product_id, variantId: throwBody.variants[1].variant_id };
      const foreign = await createProduct({ name: "Elsewhere", variants: [{ sku: "ELSE-1", price: 100, stock: 50 }] }, t.otherStore.keys.secretTest);
      foreignVariant = foreign.variant_id;
      for (const rule of [
        { name: "Returning", kind: "segment", segment: "returning", discount_type: "percentage", value: 10 },
        { name: "Gold", kind: "tier", tier: "gold", min_lifetime_spend: 20_000_000, discount_type: "fixed", value: 10_000 },
      ]) {
        const made = await t.client.post("/v1/price-rules", rule, { key: secret });
        assert.equal(made.status, 201, made.text);
      }
    });
    after(() => t?.close());

    describe("reading and adding", () => {
      it("answers an empty cart without id before anything is added", async () => {
        const session = newSession();
        const cart = okCart(await getCart({ session }));
        assert.deepEqual(cart, {
          id: null,
          customer_id: null,
          session_id: session,
          currency: "KES",
          items: [],
          item_count: 0,
          subtotal: 0,
          created_at: null,
          updated_at: null,
        });
      });

      it("adds a variant: the cart answer's shape, the variant's data, money in minor units", async () => {
        const session = newSession();
        const cart = okCart(await add({ session }, { variant_id: ochre.variantId, quantity: 2 }));
        assert.match(cart.id, /^[0-9a-f-]{36}$/);
        assert.equal(cart.customer_id, null);
        assert.equal(cart.session_id, session);
        assert.equal(cart.currency, "KES");
        assert.match(cart.created_at, ISO_UTC);
        assert.match(cart.updated_at, ISO_UTC);
        assert.equal(cart.items.length, 1);
        const [line] = cart.items;
        assert.match(line.id, /^[0-9a-f-]{36}$/);
        assert.equal(line.variant_id, ochre.variantId);
        assert.equal(line.product_id, ochre.productId);
        assert.equal(line.product_name, "Linen Throw");
        assert.equal(line.variant_name, "Ochre");
        assert.equal(line.sku, "THR-O");
        assert.deepEqual(line.variant_attributes, { colour: "Ochre" });
        assert.equal(line.quantity, 2);
        assert.equal(line.unit_price, 500_000, "the sale price is the unit price");
        assert.equal(line.line_total, 1_000_000);
        assert.equal(line.stock_available, 2);
        assert.equal(cart.item_count, 2);
        assert.equal(cart.subtotal, 1_000_000);
        assert.deepEqual(okCart(await getCart({ session })), cart, "GET answers what the add answered");
      });

      it("adding a variant already in the cart raises its line instead of adding a second", async () => {
        const session = newSession();
        const first = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 1 }));
        const second = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 2 }));
        assert.equal(second.id, first.id, "the same cart");
        assert.equal(second.items.length, 1);
        assert.equal(second.items[0].id, first.items[0].id, "the line keeps its id");
        assert.equal(second.items[0].quantity, 3);
        const third = okCart(await add({ session }, { variant_id: grey.variantId }));
        assert.deepEqual(
          third.items.map((i: any) => [i.sku, i.quantity, i.unit_price, i.line_total]),
          [
            ["MUG-1", 3, 150_000, 450_000],
            ["THR-G", 1, 540_000, 540_000],
          ],
          "lines in the order added; quantity defaults to 1",
        );
        assert.equal(third.item_count, 4, "item_count sums quantities, not lines");
        assert.equal(third.subtotal, 990_000);
        assert.deepEqual(okCart(await getCart({ session })), third);
      });

      it("takes the secret key as well as the publishable one", async () => {
        const session = newSession();
        okCart(await add({ session, key: secret }, { variant_id: mug.variantId }));
        assert.equal(okCart(await getCart({ session })).item_count, 1);
        assert.equal(okCart(await getCart({ session, key: secret })).item_count, 1);
      });

      it("ignores the legacy product_id when variant_id is given", async () => {
        const session = newSession();
        const cart = okCart(await add({ session }, { variant_id: ochre.variantId, product_id: mug.productId }));
        assert.equal(cart.items[0].variant_id, ochre.variantId);
        assert.equal(cart.items[0].product_id, ochre.productId);
      });
    });

    describe("whose cart", () => {
      it("customer_id wins over X-Session-Id", async () => {
        const customer = await registerCustomer(t.client, secret);
        const session = newSession();
        const cart = okCart(await add({ session, customer }, { variant_id: mug.variantId, quantity: 2 }));
        assert.equal(cart.customer_id, customer.id);
        assert.equal(cart.session_id, null);
        assert.equal(okCart(await getCart({ session })).id, null, "the session has no cart");
        const read = okCart(await getCart({ session, customer }));
        assert.equal(read.id, cart.id);
        assert.equal(okCart(await getCart({ customer })).id, cart.id, "the customer's cart needs no session");
      });

      it("customer_id without the customer's token is a 401 on every operation", async () => {
        const customer = await registerCustomer(t.client, secret);
        const own = okCart(await add({ customer }, { variant_id: mug.variantId }));
        const lineId = own.items[0].id;
        const anonymous = { session: newSession() };
        const noToken = { key: publishable, headers: { "x-session-id": anonymous.session } };
        const responses = [
          await t.client.get(`/v1/cart?customer_id=${customer.id}`, noToken),
          await t.client.post("/v1/cart/items", { variant_id: mug.variantId, customer_id: customer.id }, noToken),
          await t.client.patch(`/v1/cart/items/${lineId}`, { quantity: 2, customer_id: customer.id }, noToken),
          await t.client.delete(`/v1/cart/items/${lineId}?customer_id=${customer.id}`, noToken),
          await getCart({ customer, token: "not-a-token-at-all" }),
        ];
        for (const response of responses) assertError(response, 401, "invalid_token");
        assert.equal(okCart(await getCart({ customer })).item_count, 1, "the customer's cart is untouched");
      });

      it("customer_id with another customer's token is a 403 on every operation", async () => {
        const owner = await registerCustomer(t.client, secret);
        const intruder = await registerCustomer(t.client, secret);
        const own = okCart(await add({ customer: owner }, { variant_id: mug.variantId }));
        const lineId = own.items[0].id;
        const asIntruder = { customer: owner, token: intruder.accessToken };
        assertError(await getCart(asIntruder), 403, "forbidden");
        assertError(await add(asIntruder, { variant_id: mug.variantId }), 403, "forbidden");
        assertError(await patchLine(asIntruder, lineId, { quantity: 2 }), 403, "forbidden");
        assertError(await deleteLine(asIntruder, lineId), 403, "forbidden");
        assert.equal(okCart(await getCart({ customer: owner })).item_count, 1, "the owner's cart is untouched");
      });

      it("a customer's x-auth-token alone names that customer's cart, on every operation; a bad token alone is a 401", async () => {
        const customer = await registerCustomer(t.client, secret);
        const tokenOnly = { key: publishable, headers: { "x-auth-token": customer.accessToken } };
        const added = okCart(await t.client.post("/v1/cart/items", { variant_id: mug.variantId }, tokenOnly));
        assert.equal(added.item_count, 1);
        const lineId = added.items[0].id;
        assert.deepEqual(okCart(await getCart({ customer })), added, "the same cart as with customer_id");
        assert.deepEqual(okCart(await t.client.get("/v1/cart", tokenOnly)), added);
        assert.equal(okCart(await t.client.patch(`/v1/cart/items/${lineId}`, { quantity: 3 }, tokenOnly)).items[0].quantity, 3);
        assert.equal(okCart(await t.client.delete(`/v1/cart/items/${lineId}`, tokenOnly)).item_count, 0);
        assertError(await t.client.get("/v1/cart", { key: publishable, headers: { "x-auth-token": "not-a-token-at-all" } }), 401, "invalid_token");
      });

      it("a customer's x-auth-token wins over X-Session-Id as customer_id does, on every operation; the guest cart is untouched; a bad token beside a session is a 401", async () => {
        const customer = await registerCustomer(t.client, secret);
        const session = newSession();
        const guestCart = okCart(await add({ session }, { variant_id: grey.variantId }));
        const both = { key: publishable, headers: { "x-auth-token": customer.accessToken, "x-session-id": session } };
        const added = okCart(await t.client.post("/v1/cart/items", { variant_id: mug.variantId, quantity: 2 }, both));
        assert.deepEqual([added.customer_id, added.session_id, added.items.map((i: any) => i.variant_id)], [customer.id, null, [mug.variantId]]);
        assert.deepEqual(okCart(await t.client.get("/v1/cart", both)), added);
        assert.deepEqual(okCart(await getCart({ customer })), added, "the same cart as with customer_id");
        const lineId = added.items[0].id;
        assert.equal(okCart(await t.client.patch(`/v1/cart/items/${lineId}`, { quantity: 3 }, both)).items[0].quantity, 3);
        assertError(await t.client.patch(`/v1/cart/items/${guestCart.items[0].id}`, { quantity: 2 }, both), 404, "resource_missing");
        assert.equal(okCart(await t.client.delete(`/v1/cart/items/${lineId}`, both)).item_count, 0);
        assert.deepEqual(okCart(await getCart({ session })), guestCart, "the guest cart is untouched");
        const badToken = { key: publishable, headers: { "x-auth-token": "not-a-token-at-all", "x-session-id": session } };
        assertError(await t.client.get("/v1/cart", badToken), 401, "invalid_token");
        assertError(await t.client.post("/v1/cart/items", { variant_id: mug.variantId }, badToken), 401, "invalid_token");
      });

      it("a token with the customer_id of another customer is a 403 also when X-Session-Id is sent", async () => {
        const owner = await registerCustomer(t.client, secret);
        const intruder = await registerCustomer(t.client, secret);
        okCart(await add({ customer: owner }, { variant_id: mug.variantId }));
        const asIntruder = { session: newSession(), customer: owner, token: intruder.accessToken };
        assertError(await getCart(asIntruder), 403, "forbidden");
        assertError(await add(asIntruder, { variant_id: mug.variantId }), 403, "forbidden");
        assert.equal(okCart(await getCart({ customer: owner })).item_count, 1);
      });

      it("neither X-Session-Id, customer_id nor a customer token is a 400 session_required", async () => {
        const none = { key: publishable };
        assertError(await t.client.get("/v1/cart", none), 400, "session_required");
        assertError(await t.client.post("/v1/cart/items", { variant_id: mug.variantId }, none), 400, "session_required");
        assertError(await t.client.patch(`/v1/cart/items/${randomUUID()}`, { quantity: 1 }, none), 400, "session_required");
        assertError(await t.client.delete(`/v1/cart/items/${randomUUID()}`, none), 400, "session_required");
      });

      it("a malformed X-Session-Id is a 400 naming the header", async () => {
        for (const session of ["short", "has spaces in it, sixteen+", "x".repeat(129), "ünïcödé-session-id-here"]) {
          assertError(await getCart({ session }), 400, "parameter_invalid", "X-Session-Id");
          assertError(await add({ session }, { variant_id: mug.variantId }), 400, "parameter_invalid", "X-Session-Id");
        }
        okCart(await getCart({ session: "x".repeat(128) }));
        okCart(await getCart({ session: "a.b_c-d0123456789" }));
      });

      it("keeps each store's carts apart, even under one session id", async () => {
        const session = newSession();
        okCart(await add({ session }, { variant_id: mug.variantId }));
        const elsewhere = okCart(await getCart({ session, key: t.otherStore.keys.publishableTest }));
        assert.equal(elsewhere.id, null, "the other store has no cart for the session");
        assert.equal(elsewhere.currency, "USD");
        assertError(await add({ session, key: t.otherStore.keys.publishableTest }, { variant_id: mug.variantId }), 404, "resource_missing", "variant_id");
      });
    });

    describe("the body", () => {
      it("requires variant_id; product_id alone is not enough", async () => {
        const session = newSession();
        assertError(await add({ session }, { quantity: 1 }), 400, "parameter_missing", "variant_id");
        assertError(await add({ session }, { product_id: mug.productId, quantity: 1 }), 400, "parameter_missing", "variant_id");
        assertError(await add({ session }, { variant_id: "not-a-uuid" }), 400, "parameter_invalid", "variant_id");
        assert.equal(okCart(await getCart({ session })).id, null, "nothing was created");
      });

      it("an unknown variant, or another store's, is a 404 on variant_id that names it", async () => {
        const session = newSession();
        for (const variantId of [randomUUID(), foreignVariant, mug.productId]) {
          const refused = await add({ session }, { variant_id: variantId });
          assertError(refused, 404, "resource_missing", "variant_id");
          assert.ok(refused.body.error.message.includes(variantId), refused.body.error.message);
        }
        assert.equal(okCart(await getCart({ session })).id, null, "nothing was created");
      });

      it("a quantity of 0, a fraction, a negative or a string is a 400 on quantity, when adding and when setting", async () => {
        const session = newSession();
        const line = okCart(await add({ session }, { variant_id: mug.variantId })).items[0];
        for (const quantity of [0, 1.5, -1, "2", null]) {
          assertError(await add({ session }, { variant_id: mug.variantId, quantity }), 400, "parameter_invalid", "quantity");
          assertError(await patchLine({ session }, line.id, { quantity }), 400, "parameter_invalid", "quantity");
        }
        assertError(await patchLine({ session }, line.id, {}), 400, "parameter_missing", "quantity");
        assertError(await add({ session }, { variant_id: mug.variantId, colour: "red" }), 400, "parameter_unknown", "colour");
        assert.equal(okCart(await getCart({ session })).items[0].quantity, 1, "the line is unchanged");
      });
    });

    describe("stock", () => {
      it("adding past the stock is a 409 insufficient_stock and leaves the cart as it was", async () => {
        const session = newSession();
        const before = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 3 }));
        assertError(await add({ session }, { variant_id: mug.variantId, quantity: 3 }), 409, "insufficient_stock");
        assert.deepEqual(okCart(await getCart({ session })), before, "the cart is unchanged");
        const full = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 2 }));
        assert.equal(full.items[0].quantity, 5, "up to the stock is fine");
        assertError(await add({ session }, { variant_id: mug.variantId, quantity: 1 }), 409, "insufficient_stock");
      });

      it("a first add past the stock leaves no cart behind", async () => {
        const session = newSession();
        const refused = await add({ session }, { variant_id: grey.variantId, quantity: 4 });
        assertError(refused, 409, "insufficient_stock");
        assert.equal(refused.body.error.type, "conflict_error");
        assert.equal(okCart(await getCart({ session })).id, null);
      });

      it("PATCH sets a quantity within stock, and past it is a 409 with the line unchanged", async () => {
        const session = newSession();
        const line = okCart(await add({ session }, { variant_id: grey.variantId, quantity: 1 })).items[0];
        const set = okCart(await patchLine({ session }, line.id, { quantity: 3 }));
        assert.equal(set.items[0].quantity, 3, "set outright, not added");
        assert.equal(set.items[0].line_total, 1_620_000);
        assert.equal(set.subtotal, 1_620_000);
        assertError(await patchLine({ session }, line.id, { quantity: 4 }), 409, "insufficient_stock");
        const lowered = okCart(await patchLine({ session }, line.id, { quantity: 1 }));
        assert.equal(lowered.items[0].quantity, 1);
        assert.deepEqual(okCart(await getCart({ session })), lowered);
      });

      it("DELETE removes the line; the cart stays, empty", async () => {
        const session = newSession();
        okCart(await add({ session }, { variant_id: grey.variantId }));
        const withTwo = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 2 }));
        const emptied = okCart(await deleteLine({ session }, withTwo.items[0].id));
        assert.deepEqual(emptied.items.map((i: any) => i.sku), ["MUG-1"]);
        assert.equal(emptied.subtotal, 300_000);
        const empty = okCart(await deleteLine({ session }, withTwo.items[1].id));
        assert.equal(empty.id, withTwo.id);
        assert.deepEqual(empty.items, []);
        assert.equal(empty.item_count, 0);
        assert.equal(empty.subtotal, 0);
        assertError(await deleteLine({ session }, withTwo.items[1].id), 404, "resource_missing");
      });
    });

    describe("a line of another cart", () => {
      it("is a 404 from another session, another customer and another store", async () => {
        const session = newSession();
        const line = okCart(await add({ session }, { variant_id: mug.variantId, quantity: 2 })).items[0];
        const customer = await registerCustomer(t.client, secret);
        const customerLine = okCart(await add({ customer }, { variant_id: mug.variantId })).items[0];
        const other = await registerCustomer(t.client, secret);
        okCart(await add({ customer: other }, { variant_id: grey.variantId }));
        const otherSession = newSession();
        okCart(await add({ session: otherSession }, { variant_id: grey.variantId }));
        const foreignStore = { session, key: t.otherStore.keys.publishableTest };

        for (const [who, lineId] of [
          [{ session: otherSession }, line.id],
          [{ session: newSession() }, line.id],
          [{ customer: other }, line.id],
          [{ customer: other }, customerLine.id],
          [{ session }, customerLine.id],
          [foreignStore, line.id],
        ] as const) {
          assertError(await patchLine(who, lineId, { quantity: 1 }), 404, "resource_missing");
          assertError(await deleteLine(who, lineId), 404, "resource_missing");
        }
        assertError(await patchLine({ session }, "not-a-uuid", { quantity: 1 }), 404, "resource_missing");
        assertError(await deleteLine({ session }, "not-a-uuid"), 404, "resource_missing");
        assert.equal(okCart(await getCart({ session })).items[0].quantity, 2, "the session's line is untouched");
        assert.equal(okCart(await getCart({ customer })).items[0].quantity, 1, "the customer's line is untouched");
      });
    });

    describe("prices", () => {
      it("a customer with a segment and a tier gets the discounted unit price, a guest the list price", async () => {
        const customer = await registerCustomer(t.client, secret);
        await setHistory(customer.id, {
          total_purchases: 2,
          total_spent: 25_000_000,
          first_purchase_at: "2026-01-10T10:00:00.000Z",
          last_purchase_at: new Date(Date.now() - 86_400_000).toISOString(),
        });
        // Mug: 150,000 less 10% (returning) = 135,000, less 10,000 (gold) = 125,000.
        const cart = okCart(await add({ customer }, { variant_id: mug.variantId, quantity: 2 }));
        assert.deepEqual(cart.items.map((i: any) => [i.unit_price, i.line_total]), [[125_000, 250_000]]);
        assert.equal(cart.subtotal, 250_000);
        // Ochre on sale: 500,000 less 10% = 450,000, less 10,000 = 440,000.
        const more = okCart(await add({ customer }, { variant_id: ochre.variantId }));
        assert.deepEqual(more.items.map((i: any) => [i.sku, i.unit_price, i.line_total]), [["MUG-1", 125_000, 250_000], ["THR-O", 440_000, 440_000]]);
        assert.equal(more.subtotal, 690_000);
        assert.equal(more.item_count, 3);
        assert.deepEqual(okCart(await getCart({ customer })), more, "GET prices alike");

        const newcomer = await registerCustomer(t.client, secret);
        const plain = okCart(await add({ customer: newcomer }, { variant_id: mug.variantId }));
        assert.equal(plain.items[0].unit_price, 150_000, "a new customer has no discount here");
        const guest = okCart(await add({ session: newSession() }, { variant_id: mug.variantId }));
        assert.equal(guest.items[0].unit_price, 150_000, "a guest has no discount");
      });
    });

    describe("a deactivated product", () => {
      it("drops out of the answer and its totals, and cannot be added", async () => {
        const lamp = await createProduct({ name: "Desk Lamp", variants: [{ sku: `LAMP-${randomUUID().slice(0, 8)}`, price: 70_000, stock: 4 }] });
        const session = newSession();
        okCart(await add({ session }, { variant_id: mug.variantId }));
        const both = okCart(await add({ session }, { variant_id: lamp.variant_id, quantity: 2 }));
        assert.equal(both.subtotal, 290_000);
        const off = await t.client.patch(`/v1/products/${lamp.product_id}`, { is_active: false }, { key: secret });
        assert.equal(off.status, 200, off.text);
        const after = okCart(await getCart({ session }));
        assert.deepEqual(after.items.map((i: any) => i.sku), ["MUG-1"]);
        assert.equal(after.item_count, 1);
        assert.equal(after.subtotal, 150_000);
        assertError(await add({ session }, { variant_id: lamp.variant_id }), 404, "resource_missing", "variant_id");
        const on = await t.client.patch(`/v1/products/${lamp.product_id}`, { is_active: true }, { key: secret });
        assert.equal(on.status, 200, on.text);
        assert.equal(okCart(await getCart({ session })).item_count, 3, "reactivated, the line is back");
      });
    });
  });

cartSuite("cart routes on SQLite", () => ({}));
describeMysql("cart routes on MariaDB", (getDb) => cartSuite("cart routes", () => ({ databaseUrl: getDb().url })));
