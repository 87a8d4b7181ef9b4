// Checkout (`POST /v1/orders`) and the order reads over real HTTP on SQLite and MariaDB: customer
// and session carts, validation, address placement, gift card refusals, events, order numbers,
// who may read which order, and a product that orders point at being deactivated, not erased.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import { Order } from "../../../adapters/http/schemas/order-schemas.js";
import { assertError, newSession, okCart } from "../../support/cart-fixtures.js";
import { registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import {
  address,
  checkoutBody,
  checkoutSession,
  createProduct,
  eventsOf,
  fillCustomerCart,
  fillSessionCart,
  MOMBASA,
  orderEvents,
  placeSimpleOrder,
  setUpDelivery,
  variantStock,
  type Variant,
} from "../../support/order-fixtures.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";
import { signedOrderPatch } from "../../support/signed-request.js";

const decodeOrder = Schema.decodeUnknownSync(Order, { onExcessProperty: "error" });

const checkoutSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let storeId: string;

    before(async () => {
      const opts = options();
      t = await startTestApplication({ ...opts, env: { STOREFRONT_SCRYPT_COST: "1024", ...opts.env } });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      storeId = t.store.store.id;
      await setUpDelivery(t.client, secret); // 16% tax; 0-10 km from Nairobi CBD for KES 300.00, free from 5,000.00
    });
    after(() => t?.close());

    const knex = () => t.application.database.knex;
    const bySession = (session: string) => ({ key: publishable, headers: { "x-session-id": session } });
    const sessionCart = async (session: string) => okCart(await t.client.get("/v1/cart", bySession(session)));
    const post = (body: unknown, extra: Record<string, string> = {}) => t.client.post("/v1/orders", body, { key: secret, headers: extra });
    const orderCount = async (): Promise<number> => Number((await knex()("orders").where({ store_id: storeId }).count({ n: "*" }).first())?.n);

    /** A session cart holding `quantity` of a fresh product; returns both. */
    const cartWith = async (price = 100_000, stock = 10, quantity = 1): Promise<{ session: string; variant: Variant }> => {
      const variant = await createProduct(t.client, secret, `Item ${randomUUID().slice(0, 8)}`, { price, stock });
      return { session: await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity }]), variant };
    };

    /** Proves a refused checkout left the cart and the stock as they were, and placed no order. */
    const assertNothingTaken = async (session: string, variant: Variant, stock: number, quantity: number, ordersBefore: number) => {
      assert.equal(await variantStock(knex(), variant.variantId), stock, "the stock is as it was");
      const cart = await sessionCart(session);
      assert.equal(cart.items.length, 1, "the cart keeps its line");
      assert.equal(cart.items[0].quantity, quantity);
      assert.equal(await orderCount(), ordersBefore, "no order was placed");
    };

    describe("placing an order", () => {
      it("checks out a session cart: 201, pending/pending, computed amounts, stock taken, cart emptied", async () => {
        const lamp = await createProduct(t.client, secret, "Brass Lamp", { price: 120_000, stock: 10 });
        const rug = await createProduct(t.client, secret, "Sisal Rug", { price: 45_050, stock: 5 });
        const session = await fillSessionCart(t.client, publishable, [
          { variantId: lamp.variantId, quantity: 2 },
          { variantId: rug.variantId, quantity: 1 },
        ]);
        const response = await post(checkoutBody({ session_id: session }, { notes: "call on arrival" }));
        assert.equal(response.status, 201, response.text);
        const order = decodeOrder(response.body);
        assert.equal(order.order_status, "pending");
        assert.equal(order.payment_status, "pending");
        assert.equal(order.payment_method, "mobile_stk");
        assert.equal(order.customer_id, null);
        assert.equal(order.customer_email, "amina@example.com");
        assert.equal(order.customer_name, "Amina Odhiambo");
        assert.equal(order.notes, "call on arrival");
        assert.equal(order.currency, "KES");
        // 2 x 1,200.00 + 450.50 = 2,850.50; below 5,000.00 so delivery is 300.00;
        // tax 16% of 3,150.50 = 504.08; total 3,654.58.
        assert.equal(order.subtotal, 2_850.5);
        assert.equal(order.discount_amount, 0);
        assert.equal(order.shipping_amount, 300);
        assert.equal(order.tax_amount, 504.08);
        assert.equal(order.total_amount, 3_654.58);
        assert.equal(order.gift_card_amount, 0);
        assert.equal(order.amount_due, 3_654.58);
        const lampLine = order.items.find((i) => i.variant_id === lamp.variantId);
        assert.deepEqual(
          { name: lampLine?.product_name, quantity: lampLine?.quantity, unit: lampLine?.unit_price, total: lampLine?.line_total },
          { name: "Brass Lamp", quantity: 2, unit: 1_200, total: 2_400 },
        );
        assert.equal(order.items.find((i) => i.variant_id === rug.variantId)?.unit_price, 450.5);
        assert.deepEqual(order.billing_address, order.shipping_address, "billing defaults to shipping");
        assert.equal(order.shipping_metadata.method, "tier");
        assert.equal(await variantStock(knex(), lamp.variantId), 8);
        assert.equal(await variantStock(knex(), rug.variantId), 4);
        const cart = await sessionCart(session);
        assert.equal(cart.items.length, 0, "the cart is emptied");
        assert.deepEqual(await t.client.get(`/v1/orders/${order.id}`, { key: secret }).then((r) => r.body), response.body, "the order reads back as answered");
      });

      it("checks out a customer's cart with customer_id and the customer's x-auth-token", async () => {
        const customer = await registerCustomer(t.client, secret);
        const variant = await createProduct(t.client, secret, "Customer kettle", { price: 300_000, stock: 4 });
        await fillCustomerCart(t.client, publishable, customer, [{ variantId: variant.variantId, quantity: 2 }]);
        const body = checkoutBody({ customer_id: customer.id }, { billing_address: address({ city: "Mombasa", line1: "Moi Avenue 3", ...MOMBASA }) });

        assertError(await post(body), 401, "invalid_token");
        const stranger = await registerCustomer(t.client, secret);
        assertError(await post(body, { "x-auth-token": stranger.accessToken }), 403, "forbidden");
        assertError(await t.client.post("/v1/orders", body, withToken(publishable, customer.accessToken)), 403, "secret_key_required");
        assert.equal(await variantStock(knex(), variant.variantId), 4, "nothing taken by the refused attempts");

        const placed = await post(body, { "x-auth-token": customer.accessToken });
        assert.equal(placed.status, 201, placed.text);
        assert.equal(placed.body.customer_id, customer.id);
        assert.equal(placed.body.billing_address.city, "Mombasa", "a billing address may be anywhere");
        assert.equal(placed.body.shipping_address.city, "Nairobi");
        assert.equal(await variantStock(knex(), variant.variantId), 2);
        const cart = okCart(await t.client.get(`/v1/cart?customer_id=${customer.id}`, withToken(publishable, customer.accessToken)));
        assert.equal(cart.items.length, 0, "the customer's cart is emptied");
      });

      it("a customer's x-auth-token names the cart as on the cart operations: without customer_id, and over session_id", async () => {
        const customer = await registerCustomer(t.client, secret);
        const variant = await createProduct(t.client, secret, "Token kettle", { price: 300_000, stock: 4 });
        await fillCustomerCart(t.client, publishable, customer, [{ variantId: variant.variantId, quantity: 1 }]);
        const { session } = await cartWith();
        const guestBefore = await sessionCart(session);
        const placed = await post(checkoutBody({ session_id: session }), { "x-auth-token": customer.accessToken });
        assert.equal(placed.status, 201, placed.text);
        assert.equal(placed.body.customer_id, customer.id);
        assert.deepEqual(placed.body.items.map((i: any) => i.variant_id), [variant.variantId], "the customer's cart, not the session's");
        assert.deepEqual(await sessionCart(session), guestBefore, "the guest cart is untouched");
        const body: Record<string, unknown> = checkoutBody({ session_id: session });
        delete body.session_id;
        assertError(await post(body, { "x-auth-token": customer.accessToken }), 409, "cart_empty");
      });

      it("answers 409 cart_empty for a cart with nothing in it, or already checked out", async () => {
        assertError(await post(checkoutBody({ session_id: newSession() })), 409, "cart_empty");
        const { session } = await cartWith();
        assert.equal((await post(checkoutBody({ session_id: session }))).status, 201);
        assertError(await post(checkoutBody({ session_id: session })), 409, "cart_empty");
        const customer = await registerCustomer(t.client, secret);
        assertError(await post(checkoutBody({ customer_id: customer.id }), { "x-auth-token": customer.accessToken }), 409, "cart_empty");
      });

      it("answers 400 without customer_id and session_id", async () => {
        const body: Record<string, unknown> = checkoutBody({ session_id: newSession() });
        delete body.session_id;
        assertError(await post(body), 400, "session_required");
      });

      it("refuses amounts, statuses and other unknown properties, and bad values, with a 400 naming them", async () => {
        const { session, variant } = await cartWith(100_000, 10, 2);
        const before = await orderCount();
        for (const name of ["total_amount", "payment_status", "order_status", "subtotal", "discount_amount", "order_number"]) {
          assertError(await post(checkoutBody({ session_id: session }, { [name]: name.endsWith("status") ? "paid" : 1 })), 400, "parameter_unknown", name);
        }
        assertError(
          await post(checkoutBody({ session_id: session }, { shipping_address: address({ zip: "00100" }) })),
          400,
          "parameter_unknown",
          "shipping_address.zip",
        );
        const { email: _email, ...withoutEmail } = checkoutBody({ session_id: session });
        assertError(await post(withoutEmail), 400, "parameter_missing", "email");
        assertError(await post(checkoutBody({ session_id: session }, { email: "not-an-email" })), 400, "parameter_invalid", "email");
        assertError(await post(checkoutBody({ session_id: session }, { payment_method: "bitcoin" })), 400, "parameter_invalid", "payment_method");
        assertError(await post(checkoutBody({ session_id: session }, { shipping_address: address({ country: "Kenya" }) })), 400, "parameter_invalid", "shipping_address.country");
        assertError(await post(checkoutBody({ session_id: session }, { shipping_address: address({ latitude: 91 }) })), 400, "parameter_invalid", "shipping_address.latitude");
        assertError(await post(checkoutBody({ customer_id: "not-a-uuid" })), 400, "parameter_invalid", "customer_id");
        assertError(await t.client.post("/v1/orders", '{"session_id": ', { key: secret }), 400, "invalid_json");
        await assertNothingTaken(session, variant, 10, 2, before);
      });

      it("places an address without coordinates by its city, and refuses a city it cannot place", async () => {
        const { session, variant } = await cartWith(100_000, 10, 1);
        const before = await orderCount();
        const unknownCity = await post(checkoutBody({ session_id: session }, { shipping_address: address({ city: "Atlantis Under The Sea", latitude: undefined, longitude: undefined }) }));
        assertError(unknownCity, 422, "address_not_deliverable", "shipping_address");
        assert.equal(unknownCity.body.error.type, "invalid_request_error");
        await assertNothingTaken(session, variant, 10, 1, before);

        const placed = await post(checkoutBody({ session_id: session }, { shipping_address: address({ latitude: undefined, longitude: undefined }) }));
        assert.equal(placed.status, 201, placed.text);
        assert.equal(placed.body.shipping_amount, 300, "Nairobi's centre lies within the 0-10 km tier");
        const destination = placed.body.shipping_metadata.destination;
        assert.ok(Math.abs(destination.latitude - -1.29) < 0.1 && Math.abs(destination.longitude - 36.82) < 0.1, `placed in Nairobi: ${JSON.stringify(destination)}`);
        assert.equal(placed.body.shipping_address.latitude, undefined, "the address is kept as given");
      });

      it("answers 422 address_not_deliverable outside every zone and tier, and delivers there once a zone covers it", async () => {
        const { session, variant } = await cartWith(100_000, 10, 1);
        const before = await orderCount();
        // Mombasa, by coordinates and by name: about 440 km from the store, past the 10 km tier.
        assertError(await post(checkoutBody({ session_id: session }, { shipping_address: address({ city: "Mombasa", ...MOMBASA }) })), 422, "address_not_deliverable");
        assertError(
          await post(checkoutBody({ session_id: session }, { shipping_address: address({ city: "Mombasa", latitude: undefined, longitude: undefined }) })),
          422,
          "address_not_deliverable",
        );
        await assertNothingTaken(session, variant, 10, 1, before);

        const zone = await t.client.post(
          "/v1/shipping/zones",
          { zone_name: "Mombasa island", delivery_fee: 450, color: "#1f77b4", polygon: [[-3.9, 39.5], [-3.9, 39.8], [-4.2, 39.8], [-4.2, 39.5]] },
          { key: secret },
        );
        assert.equal(zone.status, 201, zone.text);
        try {
          const placed = await post(checkoutBody({ session_id: session }, { shipping_address: address({ city: "Mombasa", ...MOMBASA }) }));
          assert.equal(placed.status, 201, placed.text);
          assert.equal(placed.body.shipping_amount, 450);
          assert.equal(placed.body.shipping_metadata.method, "zone");
        } finally {
          assert.equal((await t.client.delete(`/v1/shipping/zones/${zone.body.id}`, { key: secret })).status, 204);
        }
      });

      it("answers 422 gift_card_not_usable for an unknown, inactive, expired or spent card, taking nothing", async () => {
        const { session, variant } = await cartWith(100_000, 10, 1);
        const before = await orderCount();
        const issue = async (body: Record<string, unknown>) => {
          const issued = await t.client.post("/v1/gift-cards", body, { key: secret });
          assert.equal(issued.status, 201, issued.text);
          return issued.body;
        };
        const inactive = await issue({ initial_balance: 5_000 });
        assert.equal((await t.client.delete(`/v1/gift-cards/${inactive.id}`, { key: secret })).status, 204);
        const expired = await issue({ initial_balance: 5_000 });
        const ended = await t.client.patch(`/v1/gift-cards/${expired.id}`, { expiry_date: "2020-01-01" }, { key: secret });
        assert.equal(ended.status, 200, ended.text);
        // A card spent to 0 by an earlier order.
        const spent = await issue({ initial_balance: 10 });
        const other = await cartWith(100_000, 10, 1);
        assert.equal((await checkoutSession(t.client, secret, other.session, { gift_card_code: spent.code })).gift_card_amount, 10);

        for (const code of ["NOPE-NOPE-NOPE-NOPE", inactive.code, expired.code, spent.code]) {
          const refused = await post(checkoutBody({ session_id: session }, { gift_card_code: code }));
          assertError(refused, 422, "gift_card_not_usable", "gift_card_code");
        }
        await assertNothingTaken(session, variant, 10, 1, before + 1);
        assert.equal((await t.client.get(`/v1/gift-cards/check?code=${encodeURIComponent(inactive.code)}`, { key: secret })).body.balance, 5_000);
      });

      it("starts an order paid when a gift card pays all of it, and records order.created and order.paid", async () => {
        const card = await t.client.post("/v1/gift-cards", { initial_balance: 20_000 }, { key: secret });
        const { session } = await cartWith(100_000, 10, 1);
        // 1,000.00 + 300.00 delivery, + 16% = 1,508.00, all on the card.
        const order = await checkoutSession(t.client, secret, session, { gift_card_code: card.body.code.toLowerCase() });
        assert.equal(order.payment_status, "paid");
        assert.equal(order.order_status, "pending");
        assert.equal(order.total_amount, 1_508);
        assert.equal(order.gift_card_amount, 1_508);
        assert.equal(order.amount_due, 0);
        assert.deepEqual(await orderEvents(knex(), storeId, order.id), ["order.created", "order.paid"]);
        assert.equal((await t.client.get(`/v1/gift-cards/check?code=${card.body.code}`, { key: publishable })).body.balance, 18_492);
      });

      it("converts a gift card in another currency at the store's rate; a cancel gives back exactly what it took; no rate is a 422", async () => {
        for (const [currency, rate] of [["TZS", 20.2], ["USD", 0.0077], ["UGX", 28.5]] as const) {
          const set = await t.client.post("/v1/exchange-rates", { currency, rate }, { key: secret });
          assert.ok(set.status === 201 || (await t.client.patch(`/v1/exchange-rates/${currency}`, { rate }, { key: secret })).status === 200, set.text);
        }
        const balanceOf = async (code: string) => (await t.client.get(`/v1/gift-cards/check?code=${code}`, { key: secret })).body.balance;
        const issue = async (body: Record<string, unknown>) => (await t.client.post("/v1/gift-cards", body, { key: secret })).body;
        // Each order: 1,000.00 + 300.00 delivery, + 16% = KES 1,508.00.
        const tzs = await issue({ initial_balance: 100_000, currency: "TZS" });
        const paid = await checkoutSession(t.client, secret, (await cartWith(100_000, 10, 1)).session, { gift_card_code: tzs.code });
        assert.equal(paid.gift_card_amount, 1_508);
        assert.equal(paid.payment_status, "paid");
        // 1,508 KES at 20.2 TZS a shilling is 30,461.60 TZS.
        assert.equal(await balanceOf(tzs.code), 69_538.4);
        const cancelled = await signedOrderPatch(t.client, paid.id, { order_status: "cancelled" }, { key: secret, secret: t.store.store.hmacSecret });
        assert.equal(cancelled.status, 200, cancelled.text);
        assert.equal(await balanceOf(tzs.code), 100_000, "the card is whole again, in its own currency");

        const usd = await issue({ initial_balance: 5, currency: "USD" });
        const part = await checkoutSession(t.client, secret, (await cartWith(100_000, 10, 1)).session, { gift_card_code: usd.code });
        // USD 5 at 0.0077 a shilling is KES 649.35 (rounded down): the card pays that, not KES 5.
        assert.equal(part.gift_card_amount, 649.35);
        assert.equal(part.amount_due, 858.65);
        assert.equal(await balanceOf(usd.code), 0);

        const ugx = await issue({ initial_balance: 10_000, currency: "UGX" });
        const ugxOrder = await checkoutSession(t.client, secret, (await cartWith(100_000, 10, 1)).session, { gift_card_code: ugx.code });
        assert.equal(ugxOrder.gift_card_amount, 350.87, "UGX 10,000 is worth KES 350.87, not KES 100.00");
        const ledger = await knex()("gift_card_ledger").where({ store_id: storeId, order_id: ugxOrder.id, kind: "redemption" }).first();
        assert.equal(Number(ledger.amount), 10_000);
        assert.equal(Number(ledger.exchange_rate), 28.5);
        assert.equal(Number(ledger.order_amount), 35_087);

        const gbp = await issue({ initial_balance: 50, currency: "GBP" });
        const { session, variant } = await cartWith(100_000, 10, 1);
        const before = await orderCount();
        assertError(await post(checkoutBody({ session_id: session }, { gift_card_code: gbp.code })), 422, "gift_card_not_usable", "gift_card_code");
        await assertNothingTaken(session, variant, 10, 1, before);
        assert.equal(await balanceOf(gbp.code), 50);
      });

      it("records promotion.applied for each promotion applied and product.stock_low when a line takes a variant to its threshold", async () => {
        const low = await createProduct(t.client, secret, "Low stock vase", { price: 200_000, stock: 5, threshold: 3 });
        const plenty = await createProduct(t.client, secret, "Plenty bowl", { price: 10_000, stock: 50, threshold: 3 });
        // Limited to the vase, so the promotion touches no other test's order.
        const promotion = await t.client.post(
          "/v1/promotions",
          { name: "Vase week", type: "discount", discount_type: "percentage", discount_value: 5, applicable_products: [low.productId], end_date: "2099-01-01T00:00:00Z" },
          { key: secret },
        );
        assert.equal(promotion.status, 201, promotion.text);
        try {
          const session = await fillSessionCart(t.client, publishable, [
            { variantId: low.variantId, quantity: 2 },
            { variantId: plenty.variantId, quantity: 2 },
          ]);
          const order = await checkoutSession(t.client, secret, session);
          // 5% of the vases' 4,000.00 = 200.00.
          assert.equal(order.discount_amount, 200);
          assert.deepEqual(order.promotions, [{ promotion_id: promotion.body.id, name: "Vase week", discount: 200 }]);
          assert.deepEqual(await orderEvents(knex(), storeId, order.id), ["order.created", "promotion.applied"]);
          const applied = (await eventsOf(knex(), storeId, "promotion.applied")).find((e) => e.data.order_id === order.id);
          assert.equal(applied?.data.promotion_id, promotion.body.id);

          const lowEvents = (await eventsOf(knex(), storeId, "product.stock_low")).filter((e) => e.data.variant_id === low.variantId);
          assert.equal(lowEvents.length, 1, "the vase fell from 5 to 3, its threshold");
          assert.equal(lowEvents[0]!.data.stock, 3);
          assert.equal(lowEvents[0]!.data.threshold, 3);
          assert.equal(lowEvents[0]!.data.product_id, low.productId);
          const plentyEvents = (await eventsOf(knex(), storeId, "product.stock_low")).filter((e) => e.data.variant_id === plenty.variantId);
          assert.equal(plentyEvents.length, 0, "48 bowls left is no low stock");
        } finally {
          assert.equal((await t.client.delete(`/v1/promotions/${promotion.body.id}`, { key: secret })).status, 204);
        }
      });

      it("numbers orders uniquely and increasingly within a store; another store counts on its own", async () => {
        const numbers: string[] = [];
        for (let i = 0; i < 3; i++) numbers.push((await placeSimpleOrder(t.client, { secret, publishable })).order.order_number);
        for (const n of numbers) assert.match(n, /^ORD-\d{4}-\d{6}$/);
        const sequence = numbers.map((n) => Number(n.slice(-6)));
        assert.deepEqual(sequence, [sequence[0]!, sequence[0]! + 1, sequence[0]! + 2], `consecutive: ${numbers.join(", ")}`);
        const rows: { order_number: string }[] = await knex()("orders").where({ store_id: storeId }).select("order_number");
        assert.equal(new Set(rows.map((r) => r.order_number)).size, rows.length, "no number twice in the store");

        const otherSecret = t.otherStore.keys.secretTest;
        await setUpDelivery(t.client, otherSecret);
        const otherOrder = (await placeSimpleOrder(t.client, { secret: otherSecret, publishable: t.otherStore.keys.publishableTest }, { price: 2_000 })).order;
        assert.match(otherOrder.order_number, /-000001$/, "the other store's first order");
        assert.equal(otherOrder.currency, "USD");
      });
    });

    describe("reading orders", () => {
      let alice: SignedInCustomer;
      let bob: SignedInCustomer;
      const aliceOrders: string[] = [];
      let bobOrder: string;
      let guestOrder: string;

      before(async () => {
        alice = await registerCustomer(t.client, secret, { name: "Alice" });
        bob = await registerCustomer(t.client, secret, { name: "Bob" });
        for (const [customer, count] of [[alice, 2], [bob, 1]] as const) {
          for (let i = 0; i < count; i++) {
            const variant = await createProduct(t.client, secret, `Read ${customer.id.slice(-4)} ${i}`, { price: 50_000, stock: 5 });
            await fillCustomerCart(t.client, publishable, customer, [{ variantId: variant.variantId, quantity: 1 }]);
            const placed = await post(checkoutBody({ customer_id: customer.id }), { "x-auth-token": customer.accessToken });
            assert.equal(placed.status, 201, placed.text);
            if (customer === alice) aliceOrders.push(placed.body.id);
            else bobOrder = placed.body.id;
          }
        }
        guestOrder = (await placeSimpleOrder(t.client, { secret, publishable })).order.id;
      });

      it("lists the store's orders, newest first, with a secret key", async () => {
        const list = await t.client.get("/v1/orders?limit=200", { key: secret });
        assert.equal(list.status, 200, list.text);
        const ids = list.body.orders.map((o: any) => o.id);
        for (const id of [...aliceOrders, bobOrder, guestOrder]) assert.ok(ids.includes(id), `order ${id} is listed`);
        assert.equal(ids.length, await orderCount(), "every order of the store, no other store's");
        const created = list.body.orders.map((o: any) => o.created_at);
        assert.deepEqual(created, [...created].sort().reverse(), "newest first");
        assert.equal(list.body.pagination.has_more, false);
        assert.equal(list.body.pagination.next_cursor, null);
        for (const order of list.body.orders) decodeOrder(order);
      });

      it("filters by customer_id and status, and pages with a cursor", async () => {
        const mine = await t.client.get(`/v1/orders?customer_id=${alice.id}`, { key: secret });
        assert.deepEqual(new Set(mine.body.orders.map((o: any) => o.id)), new Set(aliceOrders));
        const pending = await t.client.get("/v1/orders?order_status=pending&payment_status=pending&limit=200", { key: secret });
        assert.ok(pending.body.orders.every((o: any) => o.order_status === "pending" && o.payment_status === "pending"), "only pending orders");
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: any = await t.client.get(`/v1/orders?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`, { key: secret });
          assert.equal(page.status, 200, page.text);
          assert.ok(page.body.orders.length <= 2, "at most limit orders");
          seen.push(...page.body.orders.map((o: any) => o.id));
          cursor = page.body.pagination.next_cursor;
        } while (cursor !== null);
        assert.equal(seen.length, await orderCount());
        assert.equal(new Set(seen).size, seen.length, "no order twice across pages");
        assertError(await t.client.get("/v1/orders?limit=0", { key: secret }), 400, "parameter_invalid", "limit");
      });

      it("shows a customer only their own orders with a publishable key and x-auth-token", async () => {
        const list = await t.client.get("/v1/orders", withToken(publishable, alice.accessToken));
        assert.equal(list.status, 200, list.text);
        assert.deepEqual(new Set(list.body.orders.map((o: any) => o.id)), new Set(aliceOrders));
        // Asking for another customer's list still gives one's own.
        const asked = await t.client.get(`/v1/orders?customer_id=${bob.id}`, withToken(publishable, alice.accessToken));
        assert.ok(asked.body.orders.every((o: any) => o.customer_id === alice.id), "never Bob's orders");
        const one = await t.client.get(`/v1/orders/${aliceOrders[0]}`, withToken(publishable, alice.accessToken));
        assert.equal(one.status, 200, one.text);
        assert.equal(one.body.customer_id, alice.id);
        assertError(await t.client.get(`/v1/orders/${bobOrder}`, withToken(publishable, alice.accessToken)), 404, "resource_missing");
        assertError(await t.client.get(`/v1/orders/${guestOrder}`, withToken(publishable, alice.accessToken)), 404, "resource_missing");
      });

      it("answers 401 to a publishable key without x-auth-token", async () => {
        assertError(await t.client.get("/v1/orders", { key: publishable }), 401, "invalid_token");
        assertError(await t.client.get(`/v1/orders/${guestOrder}`, { key: publishable }), 401, "invalid_token");
      });

      it("answers 404 for another store's order, an unknown id or a malformed one", async () => {
        assertError(await t.client.get(`/v1/orders/${guestOrder}`, { key: t.otherStore.keys.secretTest }), 404, "resource_missing");
        assertError(await t.client.get(`/v1/orders/${randomUUID()}`, { key: secret }), 404, "resource_missing");
        assertError(await t.client.get("/v1/orders/ORD-2026-000001", { key: secret }), 404, "resource_missing");
        const otherList = await t.client.get("/v1/orders?limit=200", { key: t.otherStore.keys.secretTest });
        assert.ok(!otherList.body.orders.some((o: any) => o.id === guestOrder), "another store's list does not show it");
      });

      it("projects orders with `fields` (each order of a list, or the one order), and refuses an unknown name", async () => {
        const list = await t.client.get("/v1/orders?fields=id,order_status", { key: secret });
        assert.equal(list.status, 200, list.text);
        assert.ok(list.body.orders.length > 0);
        for (const order of list.body.orders) assert.deepEqual(Object.keys(order).sort(), ["id", "order_status"]);
        const one = await t.client.get(`/v1/orders/${guestOrder}?fields=id`, { key: secret });
        assert.equal(one.status, 200, one.text);
        assert.deepEqual(Object.keys(one.body), ["id"]);
        assert.equal(one.body.id, guestOrder);
        assertError(await t.client.get(`/v1/orders/${guestOrder}?fields=nope`, { key: secret }), 400, "unknown_field", "fields");
      });
    });

    describe("a product that an order points at", () => {
      it("is deactivated by DELETE, not erased, and its order still reads in full", async () => {
        const { order, variant } = await placeSimpleOrder(t.client, { secret, publishable });
        const removed = await t.client.delete(`/v1/products/${variant.productId}`, { key: secret });
        assert.equal(removed.status, 204, removed.text);
        const row = await knex()("products").where({ id: variant.productId }).first();
        assert.ok(row !== undefined, "the product row is kept");
        assert.equal(Boolean(row.is_active), false, "and deactivated");
        assertError(await t.client.get(`/v1/products/${variant.productId}`, { key: publishable }), 404, "resource_missing");
        const read = await t.client.get(`/v1/orders/${order.id}`, { key: secret });
        assert.equal(read.status, 200, read.text);
        assert.deepEqual(read.body.items, order.items, "the order's lines are intact");
        assert.equal(read.body.total_amount, order.total_amount);
      });

      it("erases a product no order points at", async () => {
        const variant = await createProduct(t.client, secret, "Never sold", { price: 1_000, stock: 1 });
        assert.equal((await t.client.delete(`/v1/products/${variant.productId}`, { key: secret })).status, 204);
        assert.equal(await knex()("products").where({ id: variant.productId }).first(), undefined, "the row is gone");
      });

      it("refuses to check out a cart holding a product deactivated since it was added", async () => {
        const { variant } = await placeSimpleOrder(t.client, { secret, publishable }, { stock: 10 });
        const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }]);
        assert.equal((await t.client.delete(`/v1/products/${variant.productId}`, { key: secret })).status, 204);
        assertError(await post(checkoutBody({ session_id: session })), 409, "product_unavailable");
        assert.equal(await variantStock(knex(), variant.variantId), 9, "nothing taken");
      });
    });
  });

checkoutSuite("checkout and order reads on SQLite", () => ({}));
describeMysql("checkout and order reads on MariaDB", (getDb) => checkoutSuite("checkout and order reads", () => ({ databaseUrl: getDb().url })));
