// Refunds and returns through the admin API and /v1 (docs/staff.md, "Refunds and returns"), with
// the payment simulator as the provider: idempotent replays, the 422 above what remains, lines
// priced with their share of discounts and tax, gift card shares given back in proportion,
// off-line refunds, another store's ids; and the return's state machine from the customer's
// request to its refund, every state kept, on SQLite and on MariaDB.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "mocha";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../../support/mysql-database.js";
import { registerCustomer } from "../../support/customer-fixtures.js";
import { createProduct, eventsOf, fillCustomerCart, placeSimpleOrder, setUpDelivery, variantStock, checkoutBody } from "../../support/order-fixtures.js";
import { signedRequest } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const suite = (dialect: "sqlite" | "mariadb"): void => {
  describe(`refunds and returns on the admin API (${dialect})`, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let mysql: ThrowawayDatabase | undefined;
    let secret: string;
    let publishable: string;

    before(async function () {
      let databaseUrl: string | undefined;
      if (dialect === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("refunds_returns");
        databaseUrl = mysql.url;
      }
      t = await startTestApplication(databaseUrl === undefined ? {} : { databaseUrl });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      await setUpDelivery(t.client, secret);
    });
    after(async () => {
      await t?.close();
      await mysql?.drop();
    });

    const pay = async (order: any): Promise<void> => {
      const initialised = await signedRequest(
        t.client,
        "POST",
        "/v1/payments/initialize",
        { provider: "card_popup", amount: order.amount_due, order_id: order.id, email: "amina@example.com", currency: "KES", callback_url: "https://shop.example/cb" },
        { key: secret, secret: t.store.store.hmacSecret },
      );
      assert.equal(initialised.status, 201, initialised.text);
      const verified = await t.client.post("/v1/payments/verify", { reference: initialised.body.reference }, { key: secret });
      assert.equal(verified.body.status, "paid", verified.text);
    };
    const refund = (orderId: string, body: Record<string, unknown>, key = randomUUID()) =>
      t.client.post(`/admin/v1/orders/${orderId}/refunds`, body, { key: secret, headers: { "Idempotency-Key": key } });
    const orderOf = async (id: string): Promise<any> => (await t.client.get(`/v1/orders/${id}`, { key: secret })).body;

    it("a replay under the same Idempotency-Key answers the same refund and refunds once; another order under it is refused", async () => {
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 });
      await pay(order);
      const key = randomUUID();
      const first = await refund(order.id, { amount: 10_000 }, key);
      assert.equal(first.status, 201, first.text);
      assert.equal(first.body.status, "succeeded");
      assert.equal(first.body.destination, "card_popup");
      const again = await refund(order.id, { amount: 10_000 }, key);
      assert.equal(again.status, 201);
      assert.equal(again.headers.get("idempotent-replayed"), "true");
      assert.deepEqual(again.body, first.body);
      const listed = await t.client.get(`/admin/v1/orders/${order.id}/refunds`, { key: secret });
      assert.equal(listed.body.refunds.length, 1);
      const { order: other } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 });
      await pay(other);
      const reused = await refund(other.id, { amount: 5_000 }, key);
      assert.equal(reused.status, 422, reused.text);
    });

    it("above what remains is a 422 refund_exceeds_payment and nothing is written; bad lines are refused clearly", async () => {
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000, quantity: 2 });
      await pay(order);
      const total = Math.round(order.total_amount * 100);
      const over = await refund(order.id, { amount: total + 1 });
      assert.equal(over.status, 422, over.text);
      assert.equal(over.body.error.code, "refund_exceeds_payment");
      assert.equal((await t.client.get(`/admin/v1/orders/${order.id}/refunds`, { key: secret })).body.refunds.length, 0);
      const tooMany = await refund(order.id, { lines: [{ line_id: order.items[0].id, quantity: 3 }] });
      assert.equal(tooMany.status, 422, tooMany.text);
      assert.equal(tooMany.body.error.code, "refund_exceeds_line");
      const unknown = await refund(order.id, { lines: [{ line_id: randomUUID(), quantity: 1 }] });
      assert.equal(unknown.status, 400, unknown.text);
      const both = await refund(order.id, { amount: 100, lines: [{ line_id: order.items[0].id, quantity: 1 }] });
      assert.equal(both.status, 400, both.text);
      const restockByAmount = await refund(order.id, { amount: 100, restock: true });
      assert.equal(restockByAmount.status, 400, restockByAmount.text);
      const unpaid = (await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 })).order;
      const notPaid = await refund(unpaid.id, { amount: 100 });
      assert.equal(notPaid.status, 409, notPaid.text);
      assert.equal(notPaid.body.error.code, "order_not_paid");
    });

    it("another store's order and refund are 404s", async () => {
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 });
      await pay(order);
      const made = await refund(order.id, { amount: 1_000 });
      const otherSecret = t.otherStore.keys.secretTest;
      assert.equal((await t.client.post(`/admin/v1/orders/${order.id}/refunds`, { amount: 1 }, { key: otherSecret, headers: { "Idempotency-Key": randomUUID() } })).status, 404);
      assert.equal((await t.client.get(`/admin/v1/orders/${order.id}/refunds`, { key: otherSecret })).status, 404);
      assert.equal((await t.client.get(`/admin/v1/refunds/${made.body.id}`, { key: otherSecret })).status, 404);
      assert.equal((await t.client.get(`/admin/v1/refunds/${made.body.id}`, { key: secret })).status, 200);
    });

    it("an order partly paid by gift card: each refund gives the card its share, the whole refund all of it, and the order becomes refunded", async () => {
      const issued = await t.client.post("/v1/gift-cards", { initial_balance: 500 }, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      assert.equal(issued.status, 201, issued.text);
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000, overrides: { gift_card_code: issued.body.code } });
      assert.equal(order.gift_card_amount, 500);
      await pay(order);
      const total = Math.round(order.total_amount * 100); // 150,800: 50,000 by card, 100,800 through the provider
      const half = await refund(order.id, { amount: total / 2 });
      assert.equal(half.status, 201, half.text);
      assert.equal(half.body.gift_card_amount, 25_000, "the card paid a third of the order: a third of the refund");
      assert.equal(half.body.provider_amount, 50_400);
      assert.equal((await t.client.get(`/v1/gift-cards/${issued.body.id}`, { key: secret })).body.balance, 250);
      assert.equal((await orderOf(order.id)).payment_status, "partially_refunded");
      const rest = await refund(order.id, {});
      assert.equal(rest.body.amount, total / 2);
      assert.equal((await t.client.get(`/v1/gift-cards/${issued.body.id}`, { key: secret })).body.balance, 500);
      assert.equal((await orderOf(order.id)).payment_status, "refunded");
    });

    it("an order marked paid by hand is refunded off-line (`manual`) at once, with an audit entry", async () => {
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 });
      const marked = await signedRequest(t.client, "PATCH", `/v1/orders/${order.id}`, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret });
      assert.equal(marked.status, 200, marked.text);
      const made = await refund(order.id, { amount: 20_000, reason: "Goodwill" });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.destination, "manual");
      assert.equal(made.body.status, "succeeded");
      const audit = await t.application.database.knex("audit_log").where({ resource_id: made.body.id }).first();
      assert.equal(audit.operation, "order.refund");
      const types = (await eventsOf(t.application.database.knex, t.store.store.id)).filter((e) => e.data?.refund?.id === made.body.id).map((e) => e.type);
      assert.deepEqual(types, ["refund.created", "refund.succeeded"]);
    });

    it("a return: the customer asks, staff approve, receive with restock and refund it; every state is kept and sent to webhooks", async () => {
      const customer = await registerCustomer(t.client, secret);
      const variant = await createProduct(t.client, secret, `Return ${randomUUID().slice(0, 6)}`, { price: 100_000, stock: 10 });
      await fillCustomerCart(t.client, publishable, { id: customer.id, accessToken: customer.accessToken }, [{ variantId: variant.variantId, quantity: 2 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ customer_id: customer.id }), { key: secret, headers: { "x-auth-token": customer.accessToken } });
      assert.equal(placed.status, 201, placed.text);
      const order = placed.body;
      const token = { key: publishable, headers: { "x-auth-token": customer.accessToken } };
      const line = order.items[0].id;

      const early = await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "Too small" }, token);
      assert.equal(early.status, 409, early.text);
      assert.equal(early.body.error.code, "order_not_returnable");
      await pay(order);
      for (const move of [{ order_status: "processing" }, { order_status: "shipped" }]) {
        const moved = await signedRequest(t.client, "PATCH", `/v1/orders/${order.id}`, move, { key: secret, secret: t.store.store.hmacSecret });
        assert.equal(moved.status, 200, moved.text);
      }
      assert.equal((await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "x" }, { key: publishable })).status, 401);
      const stranger = await registerCustomer(t.client, secret);
      assert.equal(
        (await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "x" }, { key: publishable, headers: { "x-auth-token": stranger.accessToken } })).status,
        404,
      );
      const tooMany = await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 3 }], reason: "Too small" }, token);
      assert.equal(tooMany.status, 422, tooMany.text);

      const asked = await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "Too small" }, token);
      assert.equal(asked.status, 201, asked.text);
      assert.equal(asked.body.status, "requested");
      const id = asked.body.id;
      const listed = await t.client.get(`/v1/orders/${order.id}/returns`, token);
      assert.deepEqual(listed.body.returns.map((r: any) => r.id), [id]);
      const queue = await t.client.get("/admin/v1/returns?status=requested", { key: secret });
      assert.equal(queue.status, 200, queue.text);
      assert.ok(queue.body.returns.some((r: any) => r.id === id));

      // The state machine: no receive or refund before approval.
      assert.equal((await t.client.post(`/admin/v1/returns/${id}/receive`, { lines: [{ line_id: line, quantity: 1, restock: true }] }, { key: secret })).status, 409);
      const approved = await t.client.post(`/admin/v1/returns/${id}/approve`, { note: "Bring it back" }, { key: secret });
      assert.equal(approved.status, 200, approved.text);
      assert.equal(approved.body.status, "approved");
      assert.equal((await t.client.post(`/admin/v1/returns/${id}/refuse`, { note: "no" }, { key: secret })).status, 409);
      const stock = await variantStock(t.application.database.knex, variant.variantId);
      const received = await t.client.post(`/admin/v1/returns/${id}/receive`, { lines: [{ line_id: line, quantity: 1, restock: true }] }, { key: secret });
      assert.equal(received.status, 200, received.text);
      assert.equal(received.body.lines[0].restocked_quantity, 1);
      assert.equal(await variantStock(t.application.database.knex, variant.variantId), stock + 1);
      const refunded = await t.client.post(`/admin/v1/returns/${id}/refund`, {}, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      assert.equal(refunded.status, 201, refunded.text);
      assert.equal(refunded.body.return.status, "refunded");
      assert.equal(refunded.body.refund.status, "succeeded");
      assert.equal(refunded.body.refund.return_id, id);
      assert.equal(refunded.body.refund.amount, 116_000);
      assert.equal((await orderOf(order.id)).payment_status, "partially_refunded");

      const read = await t.client.get(`/admin/v1/returns/${id}`, { key: secret });
      assert.deepEqual(
        read.body.events.map((e: any) => [e.from_status, e.to_status, e.actor_type]),
        [
          [null, "requested", "customer"],
          ["requested", "approved", "api_key"],
          ["approved", "received", "api_key"],
          ["received", "refunded", "api_key"],
        ],
      );
      const types = (await eventsOf(t.application.database.knex, t.store.store.id)).filter((e) => e.data?.return?.id === id).map((e) => e.type);
      assert.deepEqual(types, ["return.requested", "return.approved", "return.received"]);
      assert.equal((await t.client.get(`/admin/v1/returns/${id}`, { key: t.otherStore.keys.secretTest })).status, 404);

      // A refused return: its units may be asked back again.
      const second = await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "Changed my mind" }, token);
      assert.equal(second.status, 201, second.text);
      const refused = await t.client.post(`/admin/v1/returns/${second.body.id}/refuse`, { note: "Outside the window" }, { key: secret });
      assert.equal(refused.body.status, "refused");
      assert.equal(refused.body.staff_note, "Outside the window");
      const third = await t.client.post(`/v1/orders/${order.id}/returns`, { lines: [{ line_id: line, quantity: 1 }], reason: "Please" }, token);
      assert.equal(third.status, 201, third.text);
    });
  });
};

suite("sqlite");
suite("mariadb");
