// Order status moves over signed HTTP on SQLite and MariaDB (docs/api/states.md, "Order status" and
// "Payment status"): every illegal move is a 409 that leaves the order unchanged, legal moves set
// their timestamps and events, and cancelling or refunding gives back stock and gift card balance
// once, in the same transaction.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { assertError } from "../../support/cart-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import {
  createProduct,
  fillSessionCart,
  checkoutSession,
  orderEvents,
  placeSimpleOrder,
  setUpDelivery,
  variantStock,
} from "../../support/order-fixtures.js";
import { signedOrderPatch } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

type OrderStatus = "pending" | "processing" | "shipped" | "delivered" | "cancelled";
type PaymentStatus = "pending" | "paid" | "failed" | "refunded";

// The contract's tables, written out here rather than imported, so the test checks the code.
const ORDER_ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};
const PAYMENT_ALLOWED: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["paid", "failed"],
  failed: ["paid", "pending"],
  paid: ["refunded"],
  refunded: [],
};
/** Legal moves from a new order (pending/pending) to each state. */
const ORDER_PATH: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  processing: ["processing"],
  shipped: ["processing", "shipped"],
  delivered: ["processing", "shipped", "delivered"],
  cancelled: ["cancelled"],
};
const PAYMENT_PATH: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: [],
  paid: ["paid"],
  failed: ["failed"],
  refunded: ["paid", "refunded"],
};

const transitionsSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let storeId: string;

    before(async () => {
      t = await startTestApplication(options());
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      storeId = t.store.store.id;
      await setUpDelivery(t.client, secret);
    });
    after(() => t?.close());

    const move = (orderId: string, body: Record<string, unknown>, idempotencyKey?: string) =>
      signedOrderPatch(t.client, orderId, body, { key: secret, secret: t.store.store.hmacSecret, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) });
    const moveOk = async (orderId: string, body: Record<string, unknown>): Promise<any> => {
      const response = await move(orderId, body);
      assert.equal(response.status, 200, `${JSON.stringify(body)}: ${response.text}`);
      return response.body;
    };
    const read = async (orderId: string): Promise<any> => {
      const response = await t.client.get(`/v1/orders/${orderId}`, { key: secret });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const newOrder = async (): Promise<any> => (await placeSimpleOrder(t.client, { secret, publishable })).order;
    const eventsOf = (orderId: string) => orderEvents(t.application.database.knex, storeId, orderId);
    const count = (list: readonly string[], type: string): number => list.filter((e) => e === type).length;

    describe("illegal moves", () => {
      for (const from of Object.keys(ORDER_ALLOWED) as OrderStatus[]) {
        const illegal = (Object.keys(ORDER_ALLOWED) as OrderStatus[]).filter((to) => to !== from && !ORDER_ALLOWED[from].includes(to));
        it(`order_status ${from} -> ${illegal.join(", ")}: 409 invalid_transition, order unchanged`, async () => {
          const order = await newOrder();
          for (const step of ORDER_PATH[from]) await moveOk(order.id, { order_status: step });
          const before = await read(order.id);
          assert.equal(before.order_status, from);
          const eventsBefore = await eventsOf(order.id);
          for (const to of illegal) {
            const response = await move(order.id, { order_status: to, notes: `moved to ${to}` });
            assertError(response, 409, "invalid_transition", "order_status");
            assert.equal(response.body.error.type, "conflict_error");
            assert.deepEqual(await read(order.id), before, `${from} -> ${to} left the order as it was`);
          }
          assert.deepEqual(await eventsOf(order.id), eventsBefore, "no event from a refused move");
        });
      }

      for (const from of Object.keys(PAYMENT_ALLOWED) as PaymentStatus[]) {
        const illegal = (Object.keys(PAYMENT_ALLOWED) as PaymentStatus[]).filter((to) => to !== from && !PAYMENT_ALLOWED[from].includes(to));
        it(`payment_status ${from} -> ${illegal.join(", ")}: 409 invalid_transition, order unchanged`, async () => {
          const order = await newOrder();
          for (const step of PAYMENT_PATH[from]) await moveOk(order.id, { payment_status: step });
          const before = await read(order.id);
          assert.equal(before.payment_status, from);
          for (const to of illegal) {
            const response = await move(order.id, { payment_status: to, tracking_number: `TRK-${to}` });
            assertError(response, 409, "invalid_transition", "payment_status");
            assert.deepEqual(await read(order.id), before, `${from} -> ${to} left the order as it was`);
          }
        });
      }

      it("applies both moves of one update or neither", async () => {
        const order = await newOrder();
        const before = await read(order.id);
        assertError(await move(order.id, { order_status: "processing", payment_status: "refunded" }), 409, "invalid_transition", "payment_status");
        assertError(await move(order.id, { order_status: "delivered", payment_status: "paid" }), 409, "invalid_transition", "order_status");
        assert.deepEqual(await read(order.id), before, "the legal half was not applied");
        assert.deepEqual(await eventsOf(order.id), ["order.created"], "no order.paid from the refused update");
      });

      it("refuses an unknown status as a 400, not a move", async () => {
        const order = await newOrder();
        assertError(await move(order.id, { order_status: "lost" }), 400, "parameter_invalid", "order_status");
        assertError(await move(order.id, { payment_status: "chargeback" }), 400, "parameter_invalid", "payment_status");
      });

      it("answers 404 for an order that does not exist, or of another store", async () => {
        assertError(await move(randomUUID(), { order_status: "processing" }), 404, "resource_missing");
        const response = await signedOrderPatch(t.client, (await newOrder()).id, { notes: "x" }, {
          key: t.otherStore.keys.secretTest,
          secret: t.otherStore.store.hmacSecret,
        });
        assertError(response, 404, "resource_missing");
      });
    });

    describe("legal moves", () => {
      for (const from of Object.keys(ORDER_ALLOWED) as OrderStatus[]) {
        for (const to of ORDER_ALLOWED[from]) {
          it(`order_status ${from} -> ${to}`, async () => {
            const order = await newOrder();
            for (const step of ORDER_PATH[from]) await moveOk(order.id, { order_status: step });
            const moved = await moveOk(order.id, { order_status: to });
            assert.equal(moved.order_status, to);
            assert.deepEqual(await read(order.id), moved, "the answer is what is stored");
          });
        }
      }
      for (const from of Object.keys(PAYMENT_ALLOWED) as PaymentStatus[]) {
        for (const to of PAYMENT_ALLOWED[from]) {
          it(`payment_status ${from} -> ${to}`, async () => {
            const order = await newOrder();
            for (const step of PAYMENT_PATH[from]) await moveOk(order.id, { payment_status: step });
            const moved = await moveOk(order.id, { payment_status: to });
            assert.equal(moved.payment_status, to);
            assert.deepEqual(await read(order.id), moved, "the answer is what is stored");
          });
        }
      }

      it("sets shipped_at and delivered_at to the time of the move when the body does not", async () => {
        const order = await newOrder();
        assert.equal(order.shipped_at, null);
        assert.equal(order.delivered_at, null);
        await moveOk(order.id, { order_status: "processing" });
        const beforeShip = Date.now();
        const shipped = await moveOk(order.id, { order_status: "shipped", tracking_number: "TRK-1" });
        const afterShip = Date.now();
        assert.equal(shipped.tracking_number, "TRK-1");
        assert.ok(shipped.shipped_at !== null, "shipped_at is set");
        const shippedAt = Date.parse(shipped.shipped_at);
        assert.ok(shippedAt >= beforeShip - 1000 && shippedAt <= afterShip + 1000, `shipped_at ${shipped.shipped_at} is the time of the move`);
        assert.equal(shipped.delivered_at, null);
        const delivered = await moveOk(order.id, { order_status: "delivered" });
        assert.ok(delivered.delivered_at !== null, "delivered_at is set");
        assert.ok(Date.parse(delivered.delivered_at) >= shippedAt, "delivered after shipped");
        assert.equal(delivered.shipped_at, shipped.shipped_at, "shipped_at is kept");
      });

      it("takes shipped_at and delivered_at from the body when given", async () => {
        const order = await newOrder();
        await moveOk(order.id, { order_status: "processing" });
        const shipped = await moveOk(order.id, { order_status: "shipped", shipped_at: "2026-11-20T08:30:00Z", estimated_delivery: "2026-11-23T17:00:00Z" });
        assert.equal(Date.parse(shipped.shipped_at), Date.parse("2026-11-20T08:30:00Z"));
        assert.equal(Date.parse(shipped.estimated_delivery), Date.parse("2026-11-23T17:00:00Z"));
        const delivered = await moveOk(order.id, { order_status: "delivered", delivered_at: "2026-11-22T10:15:00Z" });
        assert.equal(Date.parse(delivered.delivered_at), Date.parse("2026-11-22T10:15:00Z"));
        assert.equal(Date.parse(delivered.shipped_at), Date.parse("2026-11-20T08:30:00Z"));
      });

      it("treats a move to the current value as a no-op 200: same statuses, timestamps and events", async () => {
        const order = await newOrder();
        const same = await moveOk(order.id, { order_status: "pending", payment_status: "pending" });
        assert.equal(same.order_status, "pending");
        assert.equal(same.payment_status, "pending");

        await moveOk(order.id, { order_status: "processing", payment_status: "paid" });
        const shipped = await moveOk(order.id, { order_status: "shipped" });
        const eventsBefore = await eventsOf(order.id);
        const again = await moveOk(order.id, { order_status: "shipped", payment_status: "paid" });
        assert.equal(again.order_status, "shipped");
        assert.equal(again.payment_status, "paid");
        assert.equal(again.shipped_at, shipped.shipped_at, "shipped_at is not moved by a repeat");
        assert.deepEqual(await eventsOf(order.id), eventsBefore, "a no-op emits nothing");
      });

      it("records order.paid, fulfilment.created with order.fulfilled, order.delivered and order.cancelled once each, at the move that causes them", async () => {
        const order = await newOrder();
        assert.deepEqual(await eventsOf(order.id), ["order.created"]);
        await moveOk(order.id, { payment_status: "paid" });
        assert.deepEqual(await eventsOf(order.id), ["order.created", "order.paid"]);
        await moveOk(order.id, { order_status: "processing" });
        assert.deepEqual(await eventsOf(order.id), ["order.created", "order.paid"], "processing emits nothing");
        await moveOk(order.id, { order_status: "shipped" });
        await moveOk(order.id, { order_status: "shipped" });
        // Marked shipped, the order's unshipped units are its last parcel: fulfilment.created, as a
        // recorded parcel's, which also sends the customer's shipped email (docs/emails.md).
        assert.deepEqual(await eventsOf(order.id), ["order.created", "order.paid", "fulfilment.created", "order.fulfilled"]);
        await moveOk(order.id, { order_status: "delivered" });
        await moveOk(order.id, { order_status: "delivered" });
        // delivered mails the customer (docs/emails.md, "What is sent when")
        assert.deepEqual(await eventsOf(order.id), ["order.created", "order.paid", "fulfilment.created", "order.fulfilled", "order.delivered"]);

        const other = await newOrder();
        await moveOk(other.id, { payment_status: "failed" });
        await moveOk(other.id, { payment_status: "paid" });
        await moveOk(other.id, { order_status: "cancelled" });
        await moveOk(other.id, { order_status: "cancelled" });
        const events = await eventsOf(other.id);
        assert.deepEqual(events, ["order.created", "order.paid", "order.cancelled"]);

        const rows = (await t.application.database.knex("events").where({ store_id: storeId, type: "order.cancelled" })).map((r: any) =>
          typeof r.data === "string" ? JSON.parse(r.data) : r.data,
        );
        const payload = rows.find((d: any) => d.order.id === other.id);
        assert.equal(payload.order.order_status, "cancelled", "the payload shows the order after the move");
        assert.equal(payload.order.payment_status, "paid");
      });
    });

    describe("restitution", () => {
      const issueCard = async (balance: number, extra: Record<string, unknown> = {}): Promise<any> => {
        const issued = await t.client.post("/v1/gift-cards", { initial_balance: balance, ...extra }, { key: secret });
        assert.equal(issued.status, 201, issued.text);
        return issued.body;
      };
      const card = async (id: string): Promise<any> => {
        const response = await t.client.get(`/v1/gift-cards/${id}`, { key: secret });
        assert.equal(response.status, 200, response.text);
        return response.body;
      };
      /** 3 units of a KES 1,000.00 product (stock 10) checked out with a card: total 3,000 + 300 + 16% = 3,828.00. */
      const orderWithCard = async (code: string) => {
        const variant = await createProduct(t.client, secret, `Card product ${randomUUID().slice(0, 6)}`, { price: 100_000, stock: 10 });
        const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 3 }]);
        const order = await checkoutSession(t.client, secret, session, { gift_card_code: code });
        assert.equal(order.total_amount, 3_828);
        assert.equal(await variantStock(t.application.database.knex, variant.variantId), 7, "3 units taken");
        return { order, variant };
      };
      const kinds = (detail: any): string[] => detail.ledger.map((entry: any) => entry.kind);

      it("cancelling puts the units back in stock, once", async () => {
        const { order, variant } = await placeSimpleOrder(t.client, { secret, publishable }, { stock: 10, quantity: 4 });
        const knex = t.application.database.knex;
        assert.equal(await variantStock(knex, variant.variantId), 6);
        await moveOk(order.id, { order_status: "processing" });
        await moveOk(order.id, { order_status: "cancelled" });
        assert.equal(await variantStock(knex, variant.variantId), 10, "the 4 units are back");
        await moveOk(order.id, { order_status: "cancelled" });
        assertError(await move(order.id, { order_status: "pending" }), 409, "invalid_transition");
        assert.equal(await variantStock(knex, variant.variantId), 10, "a repeat gives nothing back twice");
      });

      it("cancelling gives the gift card its amount back, with a restoration in its ledger", async () => {
        const issued = await issueCard(500); // pays 500.00 of 3,828.00
        const { order, variant } = await orderWithCard(issued.code);
        assert.equal(order.gift_card_amount, 500);
        assert.equal(order.amount_due, 3_328);
        const spent = await card(issued.id);
        assert.equal(spent.balance, 0);
        assert.equal(spent.status, "full_redeemed");
        assert.deepEqual(kinds(spent), ["issue", "redemption"]);

        const cancelled = await moveOk(order.id, { order_status: "cancelled" });
        assert.equal(cancelled.order_status, "cancelled");
        const restored = await card(issued.id);
        assert.equal(restored.balance, 500, "the whole amount is back");
        assert.equal(restored.status, "active", "a card with balance again is active");
        assert.deepEqual(kinds(restored), ["issue", "redemption", "restoration"]);
        const restoration = restored.ledger[2];
        assert.equal(Math.abs(restoration.amount), 500);
        assert.equal(restoration.balance_after, 500);
        assert.equal(restoration.order_id, order.id);
        assert.equal(await variantStock(t.application.database.knex, variant.variantId), 10, "and the stock is back in the same update");
      });

      it("refunding gives the gift card its amount back", async () => {
        const issued = await issueCard(1_000);
        const { order, variant } = await orderWithCard(issued.code);
        assert.equal(order.gift_card_amount, 1_000);
        assert.equal((await card(issued.id)).balance, 0);
        await moveOk(order.id, { payment_status: "paid" });
        const refunded = await moveOk(order.id, { payment_status: "refunded" });
        assert.equal(refunded.payment_status, "refunded");
        const restored = await card(issued.id);
        assert.equal(restored.balance, 1_000);
        assert.deepEqual(kinds(restored), ["issue", "redemption", "restoration"]);
        assert.equal(await variantStock(t.application.database.knex, variant.variantId), 7, "a refund alone does not restock");
      });

      it("restores the card only once when an order is cancelled and then refunded, or refunded and then cancelled", async () => {
        for (const moves of [
          [{ order_status: "cancelled" }, { payment_status: "refunded" }],
          [{ payment_status: "refunded" }, { order_status: "cancelled" }],
        ]) {
          const issued = await issueCard(800);
          const { order, variant } = await orderWithCard(issued.code);
          await moveOk(order.id, { payment_status: "paid" });
          for (const body of moves) await moveOk(order.id, body);
          const final = await read(order.id);
          assert.equal(final.order_status, "cancelled");
          assert.equal(final.payment_status, "refunded");
          const restored = await card(issued.id);
          assert.equal(restored.balance, 800, `restored once, not twice (${JSON.stringify(moves)})`);
          assert.equal(restored.initial_balance, 800);
          assert.equal(kinds(restored).filter((k) => k === "restoration").length, 1, "one restoration in the ledger");
          assert.equal(await variantStock(t.application.database.knex, variant.variantId), 10, "stock back once");
        }
      });

      it("gives back stock and card in the same transaction as the status: a failure after them undoes them", async () => {
        const issued = await issueCard(600);
        const { order, variant } = await orderWithCard(issued.code);
        const knex = t.application.database.knex;
        const mysql = t.application.database.dialect === "mysql";
        const trigger = `sf_test_refuse_cancel_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
        // Refuses exactly the write of this order as cancelled: it runs after the restock and the refund.
        await knex.raw(
          mysql
            ? `CREATE TRIGGER ${trigger} BEFORE UPDATE ON orders FOR EACH ROW BEGIN IF NEW.id = '${order.id}' AND NEW.order_status = 'cancelled' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END`
            : `CREATE TRIGGER ${trigger} BEFORE UPDATE ON orders WHEN NEW.id = '${order.id}' AND NEW.order_status = 'cancelled' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
        );
        const key = `idem_${randomUUID()}`;
        try {
          const failed = await move(order.id, { order_status: "cancelled" }, key);
          assertError(failed, 500, "internal_error");
          assert.equal(await variantStock(knex, variant.variantId), 7, "the restock was rolled back");
          const untouched = await card(issued.id);
          assert.equal(untouched.balance, 0, "the card refund was rolled back");
          assert.deepEqual(kinds(untouched), ["issue", "redemption"], "no restoration left in the ledger");
          assert.equal((await read(order.id)).order_status, "pending");
          assert.deepEqual(await eventsOf(order.id), ["order.created"], "no order.cancelled event");
        } finally {
          await knex.raw(`DROP TRIGGER ${trigger}`);
        }
        // A 5xx frees the key, so the retry runs.
        const retried = await move(order.id, { order_status: "cancelled" }, key);
        assert.equal(retried.status, 200, retried.text);
        assert.equal(retried.headers.get("idempotent-replayed"), null, "the retry ran rather than replayed");
        assert.equal(await variantStock(knex, variant.variantId), 10);
        assert.equal((await card(issued.id)).balance, 600);
        assert.deepEqual(await eventsOf(order.id), ["order.created", "order.cancelled"]);
      });

      it("restores a card that paid the whole order, which started paid", async () => {
        const issued = await issueCard(10_000);
        const { order } = await orderWithCard(issued.code);
        assert.equal(order.payment_status, "paid", "a card that pays it all makes the order paid");
        assert.equal(order.gift_card_amount, 3_828);
        assert.equal(order.amount_due, 0);
        assert.equal((await card(issued.id)).balance, 6_172);
        await moveOk(order.id, { order_status: "cancelled" });
        assert.equal((await card(issued.id)).balance, 10_000);
        await moveOk(order.id, { payment_status: "refunded" });
        assert.equal((await card(issued.id)).balance, 10_000, "the refund after the cancellation gives nothing more");
      });
    });
  });

transitionsSuite("order transitions on SQLite", () => ({}));
describeMysql("order transitions on MariaDB", (getDb) => transitionsSuite("order transitions", () => ({ databaseUrl: getDb().url })));
