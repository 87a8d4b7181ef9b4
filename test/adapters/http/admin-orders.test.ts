// Orders and fulfilment on the admin API (docs/staff.md, "Orders and fulfilment"), on SQLite and
// MariaDB, with the store's secret key: parcels by line and quantity, the fulfilment status and
// order status that follow, the events, refusals (422) that write nothing, concurrent parcels that
// never ship more than was ordered, idempotent retries, the packing slip's escaping, cancelling,
// the timeline, every list filter against the ground truth of fixtures, and other stores' 404s.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { OrderRepository } from "../../../application/ports/order-repository.js";
import type { Order } from "../../../domain/orders/order.js";
import { assertError } from "../../support/cart-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { checkoutSession, createProduct, eventsOf, fillSessionCart, orderEvents, setUpDelivery, variantStock } from "../../support/order-fixtures.js";
import { signedOrderPatch } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const adminOrdersSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(180_000);
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

    const patch = async (orderId: string, body: Record<string, unknown>): Promise<void> => {
      const response = await signedOrderPatch(t.client, orderId, body, { key: secret, secret: t.store.store.hmacSecret });
      assert.equal(response.status, 200, response.text);
    };

    /** An order of two lines (3 and 1 units), optionally paid. */
    const newOrder = async (options: { paid?: boolean; overrides?: Record<string, unknown>; quantities?: readonly [number, number] } = {}) => {
      const [qa, qb] = options.quantities ?? [3, 1];
      const a = await createProduct(t.client, secret, `Basket ${randomUUID().slice(0, 6)}`, { price: 150_000, stock: 50 });
      const b = await createProduct(t.client, secret, `Lamp ${randomUUID().slice(0, 6)}`, { price: 90_000, stock: 50 });
      const session = await fillSessionCart(t.client, publishable, [
        { variantId: a.variantId, quantity: qa },
        { variantId: b.variantId, quantity: qb },
      ]);
      const order = await checkoutSession(t.client, secret, session, options.overrides);
      if (options.paid !== false) await patch(order.id, { payment_status: "paid" });
      const lineA = order.items.find((i: any) => i.variant_id === a.variantId);
      const lineB = order.items.find((i: any) => i.variant_id === b.variantId);
      return { order, a, b, lineA, lineB };
    };

    const fulfil = (orderId: string, body: Record<string, unknown>, headers: Record<string, string> = {}, key = secret) =>
      t.client.post(`/admin/v1/orders/${orderId}/fulfilments`, body, { key, headers });
    const read = async (orderId: string): Promise<any> => {
      const response = await t.client.get(`/admin/v1/orders/${orderId}`, { key: secret });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const parcelsOf = async (orderId: string): Promise<any[]> => {
      const rows = await t.application.database.knex("fulfilment_lines").where({ order_id: orderId });
      return rows;
    };

    describe("fulfilment", () => {
      it("ships an order in two parcels: statuses follow, events are written, the order moves to shipped once", async () => {
        const { order, lineA, lineB } = await newOrder();
        const first = await fulfil(order.id, { carrier: "G4S Courier", tracking_number: "G4S-1", lines: [{ order_item_id: lineA.id, quantity: 2 }] });
        assert.equal(first.status, 201, first.text);
        assert.equal(first.body.fulfilment.carrier, "G4S Courier");
        assert.deepEqual(first.body.fulfilment.lines.map((l: any) => [l.order_item_id, l.quantity]), [[lineA.id, 2]]);
        assert.equal(first.body.order.fulfilment_status, "partially_fulfilled");
        assert.equal(first.body.order.order_status, "processing", "a pending order that starts shipping is processing");

        let detail = await read(order.id);
        assert.equal(detail.fulfilment_status, "partially_fulfilled");
        assert.deepEqual(detail.items.map((i: any) => [i.id, i.quantity, i.quantity_fulfilled]).sort(), [[lineA.id, 3, 2], [lineB.id, 1, 0]].sort());
        assert.equal(detail.shipped_at, null);

        // The second parcel names no lines: everything not shipped yet.
        const second = await fulfil(order.id, { carrier: "DHL", tracking_number: "DHL-2", tracking_url: "https://dhl.example/DHL-2" });
        assert.equal(second.status, 201, second.text);
        assert.deepEqual(
          second.body.fulfilment.lines.map((l: any) => [l.order_item_id, l.quantity]).sort(),
          [[lineA.id, 1], [lineB.id, 1]].sort(),
        );
        assert.equal(second.body.order.fulfilment_status, "fulfilled");
        assert.equal(second.body.order.order_status, "shipped");

        detail = await read(order.id);
        assert.equal(detail.order_status, "shipped");
        assert.equal(detail.fulfilment_status, "fulfilled");
        assert.ok(detail.shipped_at !== null);
        assert.equal(detail.tracking_number, "DHL-2");
        assert.equal(detail.fulfilments.length, 2);
        assert.deepEqual(detail.items.map((i: any) => i.quantity_fulfilled).sort(), [1, 3]);

        const listed = await t.client.get(`/admin/v1/orders/${order.id}/fulfilments`, { key: secret });
        assert.equal(listed.status, 200, listed.text);
        assert.deepEqual(listed.body.fulfilments.map((f: any) => f.id), [first.body.fulfilment.id, second.body.fulfilment.id]);

        const knex = t.application.database.knex;
        assert.deepEqual(await orderEvents(knex, storeId, order.id), ["order.created", "order.paid", "fulfilment.created", "fulfilment.created", "order.fulfilled"]);
        const created = (await eventsOf(knex, storeId, "fulfilment.created")).filter((e) => e.data.fulfilment.order_id === order.id);
        assert.deepEqual(created.map((e) => e.data.fulfilment.id), [first.body.fulfilment.id, second.body.fulfilment.id]);
        assert.deepEqual(created.map((e) => e.data.order.fulfilment_status), ["partially_fulfilled", "fulfilled"]);
        const named: { order_id: string | null }[] = await knex("events").where({ store_id: storeId, type: "fulfilment.created" }).select("order_id");
        assert.ok(named.every((row) => row.order_id !== null), "the outbox names the order of every fulfilment event");

        const audit = await knex("audit_log").where({ store_id: storeId, resource_type: "order", resource_id: order.id, operation: "order.fulfil" });
        assert.equal(audit.length, 2, "one audit entry per parcel");
        const moves = audit.map((a: any) => JSON.parse(a.changes)).map((c: any) => [c.fulfilment_status, c.order_status]);
        assert.deepEqual(
          moves.sort(),
          [
            [["partially_fulfilled", "fulfilled"], ["processing", "shipped"]],
            [["unfulfilled", "partially_fulfilled"], ["pending", "processing"]],
          ].sort(),
        );

        assertError(await fulfil(order.id, { carrier: "DHL" }), 422, "order_already_fulfilled");
      });

      it("refuses a parcel above what is left of a line, an unknown or repeated line: 422, nothing written", async () => {
        const { order, lineA, lineB } = await newOrder();
        assertError(await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 4 }] }), 422, "fulfilment_exceeds_quantity", "lines[0].quantity");
        assert.equal((await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 2 }] })).status, 201);
        assertError(
          await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineB.id, quantity: 1 }, { order_item_id: lineA.id, quantity: 2 }] }),
          422,
          "fulfilment_exceeds_quantity",
          "lines[1].quantity",
        );
        assertError(await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: randomUUID(), quantity: 1 }] }), 422, "order_line_unknown", "lines[0].order_item_id");
        assertError(
          await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineB.id, quantity: 1 }, { order_item_id: lineB.id, quantity: 1 }] }),
          422,
          "fulfilment_line_repeated",
        );
        assertError(await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 0 }] }), 400, "parameter_invalid");
        assertError(await fulfil(order.id, { lines: [{ order_item_id: lineA.id, quantity: 1 }] }), 400, "parameter_missing", "carrier");
        const rows = await parcelsOf(order.id);
        assert.deepEqual(rows.map((r: any) => [r.order_item_id, Number(r.quantity)]), [[lineA.id, 2]], "only the accepted parcel was written");
        assert.equal((await read(order.id)).fulfilment_status, "partially_fulfilled");
      });

      it("ships only orders that are paid and not cancelled or refunded", async () => {
        const unpaid = await newOrder({ paid: false });
        assertError(await fulfil(unpaid.order.id, { carrier: "X" }), 422, "order_not_fulfillable");
        const cancelled = await newOrder({ paid: false });
        await patch(cancelled.order.id, { order_status: "cancelled" });
        await patch(cancelled.order.id, { payment_status: "paid" });
        assertError(await fulfil(cancelled.order.id, { carrier: "X" }), 422, "order_not_fulfillable");
        const refunded = await newOrder();
        await patch(refunded.order.id, { payment_status: "refunded" });
        assertError(await fulfil(refunded.order.id, { carrier: "X" }), 422, "order_not_fulfillable");
        for (const o of [unpaid, cancelled, refunded]) assert.deepEqual(await parcelsOf(o.order.id), []);
      });

      it("concurrent parcels of one order never ship more than was ordered", async () => {
        const { order, lineA } = await newOrder({ quantities: [5, 1] });
        const answers = await Promise.all(Array.from({ length: 12 }, () => fulfil(order.id, { carrier: "Rider", lines: [{ order_item_id: lineA.id, quantity: 1 }] })));
        const accepted = answers.filter((a) => a.status === 201).length;
        const refused = answers.filter((a) => a.status === 422 && a.body.error.code === "fulfilment_exceeds_quantity").length;
        assert.equal(accepted, 5, answers.map((a) => a.status).join(","));
        assert.equal(refused, 7);
        const shipped = (await parcelsOf(order.id)).reduce((sum: number, r: any) => sum + Number(r.quantity), 0);
        assert.equal(shipped, 5);
        // Whole parcels racing for the rest: exactly one takes the last line, the order ships once.
        const rest = await Promise.all(Array.from({ length: 6 }, () => fulfil(order.id, { carrier: "Rider" })));
        assert.equal(rest.filter((a) => a.status === 201).length, 1, rest.map((a) => `${a.status} ${a.text.slice(0, 80)}`).join("\n"));
        const detail = await read(order.id);
        assert.equal(detail.fulfilment_status, "fulfilled");
        assert.deepEqual((await orderEvents(t.application.database.knex, storeId, order.id)).filter((e) => e === "order.fulfilled"), ["order.fulfilled"]);
      });

      it("an Idempotency-Key makes a retried parcel one parcel", async () => {
        const { order, lineA } = await newOrder();
        const key = `parcel-${randomUUID()}`;
        const body = { carrier: "G4S", lines: [{ order_item_id: lineA.id, quantity: 1 }] };
        const first = await fulfil(order.id, body, { "Idempotency-Key": key });
        const again = await fulfil(order.id, body, { "Idempotency-Key": key });
        assert.equal(first.status, 201, first.text);
        assert.equal(again.status, 201, again.text);
        assert.deepEqual(again.body, first.body);
        assert.equal((await parcelsOf(order.id)).length, 1);
      });

      it("an order marked shipped through /v1 is fulfilled, its rest in a last parcel; a shipped order is not cancelled", async () => {
        const { order, lineA } = await newOrder();
        assert.equal((await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 1 }] })).status, 201);
        const cancel = await t.client.post(`/admin/v1/orders/${order.id}/cancel`, {}, { key: secret });
        assertError(cancel, 409, "invalid_transition", "order_status");
        await patch(order.id, { order_status: "shipped", tracking_number: "MANUAL-1" });
        const detail = await read(order.id);
        assert.equal(detail.fulfilment_status, "fulfilled");
        assert.deepEqual(detail.items.map((i: any) => i.quantity_fulfilled === i.quantity), [true, true]);
        assert.equal(detail.fulfilments.length, 2);
        assert.equal(detail.fulfilments[1].carrier, null);
        assert.equal(detail.fulfilments[1].tracking_number, "MANUAL-1");
      });
    });

    describe("packing slip", () => {
      it("prints the order or one parcel as HTML with every value escaped", async () => {
        const evil = `<script>alert("x")</script> & 'Co'`;
        const { order, lineA } = await newOrder({
          overrides: { name: evil, shipping_address: { name: evil, line1: `<img src=x onerror=alert(1)>`, city: "Nairobi", country: "KE", latitude: -1.2683, longitude: 36.8111 } },
        });
        const parcel = await fulfil(order.id, { carrier: `<b>Rider</b>`, tracking_number: `T"1`, lines: [{ order_item_id: lineA.id, quantity: 2 }] });
        assert.equal(parcel.status, 201, parcel.text);
        const whole = await t.client.get(`/admin/v1/orders/${order.id}/packing-slip`, { key: secret });
        assert.equal(whole.status, 200, whole.text);
        assert.match(whole.headers.get("content-type") ?? "", /^text\/html/);
        assert.match(whole.headers.get("content-security-policy") ?? "", /default-src 'none'/);
        assert.doesNotMatch(whole.headers.get("content-security-policy") ?? "", /script-src/);
        assert.ok(!whole.text.includes("<script>"), "no raw script tag");
        assert.ok(!whole.text.includes("<img"), "no raw img tag");
        assert.ok(whole.text.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;"), "the name escaped");
        assert.ok(whole.text.includes("&lt;img src=x onerror=alert(1)&gt;"), "the address escaped");
        assert.ok(whole.text.includes(order.order_number));
        assert.ok(whole.text.includes("Test Store"));
        assert.ok(whole.text.includes(lineA.sku));

        const one = await t.client.get(`/admin/v1/orders/${order.id}/packing-slip?fulfilment_id=${parcel.body.fulfilment.id}`, { key: secret });
        assert.equal(one.status, 200, one.text);
        assert.ok(one.text.includes("&lt;b&gt;Rider&lt;/b&gt;"), "the carrier escaped");
        assert.ok(one.text.includes("T&quot;1"));
        assert.equal((one.text.match(/<tr><td>/g) ?? []).length, 1, "only the parcel's line");
        assert.ok(one.text.includes(`<td class="n">3</td><td class="n">2</td>`), "ordered 3, 2 in this parcel");

        assertError(await t.client.get(`/admin/v1/orders/${order.id}/packing-slip?fulfilment_id=${randomUUID()}`, { key: secret }), 404, "resource_missing");
      });
    });

    describe("cancel and timeline", () => {
      it("cancels through the order's state machine: stock back, order.cancelled, one audit entry", async () => {
        const { order, a } = await newOrder({ paid: false });
        const knex = t.application.database.knex;
        assert.equal(await variantStock(knex, a.variantId), 47);
        const cancelled = await t.client.post(`/admin/v1/orders/${order.id}/cancel`, { reason: "asked by phone" }, { key: secret });
        assert.equal(cancelled.status, 200, cancelled.text);
        assert.equal(cancelled.body.order_status, "cancelled");
        assert.equal(await variantStock(knex, a.variantId), 50);
        assert.deepEqual(await orderEvents(knex, storeId, order.id), ["order.created", "order.cancelled"]);
        const audit = await knex("audit_log").where({ store_id: storeId, resource_id: order.id, operation: "order.cancel" });
        assert.equal(audit.length, 1);
        assert.deepEqual(JSON.parse(audit[0].changes), { order_status: ["pending", "cancelled"], reason: [null, "asked by phone"] });
        const again = await t.client.post(`/admin/v1/orders/${order.id}/cancel`, {}, { key: secret });
        assert.equal(again.status, 200, "cancelling a cancelled order changes nothing");
        assert.equal(await variantStock(knex, a.variantId), 50);
      });

      it("the timeline shows status changes, payments, parcels, audit entries and messages in time order", async () => {
        const { order, lineA } = await newOrder();
        assert.equal((await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 1 }] })).status, 201);
        const knex = t.application.database.knex;
        // A thread about the order, written as the messaging routes write it.
        const threadId = randomUUID();
        const at = new Date(Date.now() + 1000).toISOString();
        await knex("message_threads").insert({
          id: threadId, store_id: storeId, customer_id: null, order_id: order.id, subject: "Where is my lamp?", thread_type: "order", status: "open", priority: "normal",
          last_message_at: at, last_message_by: "customer", unread_count_customer: 0, unread_count_store: 1, created_at: at, updated_at: at,
        });
        await knex("messages").insert({
          id: randomUUID(), store_id: storeId, thread_id: threadId, message_content: "Hello, where is my lamp?", message_type: "text", sender_type: "customer",
          sender_id: null, sender_name: "Amina", attachments: "[]", metadata: "{}", message_status: "sent", created_at: at, updated_at: at,
        });
        const response = await t.client.get(`/admin/v1/orders/${order.id}/timeline`, { key: secret });
        assert.equal(response.status, 200, response.text);
        const entries: any[] = response.body.entries;
        const ats = entries.map((e) => e.at);
        assert.deepEqual(ats, [...ats].sort(), "oldest first");
        const titles = entries.map((e) => `${e.kind}:${e.title}`);
        for (const wanted of ["status:Order placed", "status:Order paid", "fulfilment:Parcel of 1 unit shipped with X", "message:Message from Amina"]) {
          assert.ok(titles.includes(wanted), `${wanted} in ${titles.join(" | ")}`);
        }
        const audit = entries.find((e) => e.kind === "audit" && e.details.operation === "order.fulfil");
        assert.ok(audit !== undefined, "the parcel's audit entry");
        assert.equal(audit.actor.type, "api_key");
        assert.ok(titles.indexOf("status:Order placed") < titles.indexOf("fulfilment:Parcel of 1 unit shipped with X"));
        assert.equal(titles.at(-1), "message:Message from Amina");
      });
    });

    describe("the order list", () => {
      const fixtures: Order[] = [];
      const customers = [randomUUID(), randomUUID()];

      before(async () => {
        const knex = t.application.database.knex;
        const product = await createProduct(t.client, secret, "Fixture product", { price: 1_000, stock: 1 });
        for (const id of customers) {
          await knex("customers").insert({
            id, store_id: storeId, email: `${id}@example.com`, name: "Fixture", status: "active", join_date: "2026-01-01", created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z",
          });
        }
        const statuses = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
        const payments = ["pending", "paid", "failed", "refunded"] as const;
        const fulfilments = ["unfulfilled", "partially_fulfilled", "fulfilled"] as const;
        const repo = t.application.container.get(OrderRepository);
        for (let n = 0; n < 60; n++) {
          const createdAt = new Date(Date.parse("2026-03-01T00:00:00.000Z") + n * 3_600_000).toISOString();
          const order: Order = {
            id: randomUUID(),
            orderNumber: `FIX-2026-${String(n).padStart(6, "0")}`,
            customerId: n % 3 === 0 ? customers[0]! : n % 3 === 1 ? customers[1]! : null,
            customerEmail: n % 4 === 0 ? "wanjiku@example.com" : `buyer${n}@example.com`,
            customerPhone: n % 5 === 0 ? "+254700111222" : `+2547001${String(n).padStart(5, "0")}`,
            customerName: `Buyer ${n}`,
            orderStatus: statuses[n % statuses.length]!,
            paymentStatus: payments[Math.floor(n / 5) % payments.length]!,
            fulfilmentStatus: fulfilments[Math.floor(n / 3) % fulfilments.length]!,
            paymentMethod: "mobile_stk",
            paymentReference: null,
            currency: "KES",
            subtotal: 1_000 * (n + 1),
            discountAmount: 0,
            shippingAmount: 0,
            taxAmount: 0,
            giftCardAmount: 0,
            totalAmount: 1_000 * (n + 1),
            billingAddress: { name: "B", line1: "L", city: "Nairobi", country: "KE" },
            shippingAddress: { name: "B", line1: "L", city: "Nairobi", country: "KE" },
            items: [{ id: randomUUID(), productId: product.productId, variantId: product.variantId, productName: "Fixture", variantName: "Default", sku: product.sku, quantity: 1, unitPrice: 1_000 * (n + 1), lineTotal: 1_000 * (n + 1) }],
            notes: null,
            trackingNumber: null,
            estimatedDelivery: null,
            shippedAt: null,
            deliveredAt: null,
            shippingMetadata: {},
            promotions: [],
            giftCardId: null,
            stockRestored: false,
            giftCardRestored: false,
            livemode: false,
            createdAt,
            // Two orders share each instant from n = 40 on, so the id breaks ties.
            updatedAt: createdAt,
          };
          fixtures.push(n >= 40 && n % 2 === 1 ? { ...order, createdAt: fixtures[n - 1]!.createdAt, updatedAt: fixtures[n - 1]!.createdAt } : order);
        }
        for (const order of fixtures) await repo.insert(storeId, order);
      });

      /** Every page of the list, followed by cursor, 7 at a time. */
      const listAll = async (query: Record<string, string>, key = secret): Promise<string[]> => {
        const ids: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < 100; pages++) {
          const params = new URLSearchParams({ ...query, limit: "7", ...(cursor !== undefined ? { cursor } : {}) });
          const response = await t.client.get(`/admin/v1/orders?${params}`, { key });
          assert.equal(response.status, 200, response.text);
          ids.push(...response.body.orders.map((o: any) => o.id));
          if (!response.body.pagination.has_more) return ids;
          cursor = response.body.pagination.next_cursor;
        }
        throw new Error("too many pages");
      };
      /** The fixtures matching, newest first (created_at, then id). */
      const truth = (match: (o: Order) => boolean): string[] =>
        fixtures
          .filter(match)
          .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1))
          .map((o) => o.id);
      const fixtureIds = () => new Set(fixtures.map((o) => o.id));
      const onlyFixtures = (ids: string[]): string[] => ids.filter((id) => fixtureIds().has(id));

      const CASES: ReadonlyArray<readonly [string, Record<string, string>, (o: Order) => boolean]> = [
        ["status", { status: "shipped" }, (o) => o.orderStatus === "shipped"],
        ["payment_status", { payment_status: "refunded" }, (o) => o.paymentStatus === "refunded"],
        ["fulfilment_status", { fulfilment_status: "partially_fulfilled" }, (o) => o.fulfilmentStatus === "partially_fulfilled"],
        ["customer_id", { customer_id: customers[1]! }, (o) => o.customerId === customers[1]],
        ["created range", { created_from: "2026-03-01T10:00:00Z", created_to: "2026-03-02T05:00:00.000Z" }, (o) => o.createdAt >= "2026-03-01T10:00:00.000Z" && o.createdAt < "2026-03-02T05:00:00.000Z"],
        ["created range by dates", { created_from: "2026-03-02", created_to: "2026-03-03" }, (o) => o.createdAt >= "2026-03-02T00:00:00.000Z" && o.createdAt < "2026-03-03T00:00:00.000Z"],
        ["amount range", { total_min: "12000", total_max: "30000" }, (o) => o.totalAmount >= 12_000 && o.totalAmount <= 30_000],
        ["q: an order number exactly", { q: "FIX-2026-000017" }, (o) => o.orderNumber === "FIX-2026-000017"],
        ["q: an order number's start", { q: "fix-2026-00001" }, (o) => o.orderNumber.startsWith("FIX-2026-00001")],
        ["q: an email", { q: "wanjiku@example.com" }, (o) => o.customerEmail === "wanjiku@example.com"],
        ["q: an email in other case", { q: "Wanjiku@Example.com" }, (o) => o.customerEmail === "wanjiku@example.com"],
        ["q: a phone number", { q: "+254 700 111 222" }, (o) => o.customerPhone === "+254700111222"],
        [
          "every filter together",
          { status: "pending", payment_status: "pending", created_from: "2026-03-01", total_max: "50000", customer_id: customers[0]! },
          (o) => o.orderStatus === "pending" && o.paymentStatus === "pending" && o.totalAmount <= 50_000 && o.customerId === customers[0],
        ],
        ["q with a filter", { q: "wanjiku@example.com", fulfilment_status: "fulfilled" }, (o) => o.customerEmail === "wanjiku@example.com" && o.fulfilmentStatus === "fulfilled"],
      ];

      it("without filters: every order, newest first, id breaking ties, each once", async () => {
        const ids = onlyFixtures(await listAll({}));
        assert.deepEqual(ids, truth(() => true));
      });

      for (const [name, query, match] of CASES) {
        it(`${name}: exactly the matching orders, newest first`, async () => {
          const expected = truth(match);
          assert.ok(expected.length > 0, "the fixtures have matches");
          assert.deepEqual(onlyFixtures(await listAll(query)), expected);
        });
      }

      it("refuses bad filters with a 400 naming them", async () => {
        assertError(await t.client.get("/admin/v1/orders?status=lost", { key: secret }), 400, "parameter_invalid", "status");
        assertError(await t.client.get("/admin/v1/orders?total_min=5&total_max=4", { key: secret }), 400, "parameter_invalid", "total_max");
        assertError(await t.client.get("/admin/v1/orders?created_from=yesterday", { key: secret }), 400, "parameter_invalid", "created_from");
        assertError(await t.client.get("/admin/v1/orders?cursor=nope!", { key: secret }), 400, "invalid_cursor");
        assertError(await t.client.get("/admin/v1/orders?colour=red", { key: secret }), 400, "parameter_unknown", "colour");
      });

      it("another store's key lists none of these orders", async () => {
        assert.deepEqual(onlyFixtures(await listAll({}, t.otherStore.keys.secretTest)), []);
        assert.deepEqual(onlyFixtures(await listAll({ q: "wanjiku@example.com" }, t.otherStore.keys.secretTest)), []);
      });
    });

    it("answers 404 to another store's key on every order route", async () => {
      const { order, lineA } = await newOrder();
      const parcel = await fulfil(order.id, { carrier: "X", lines: [{ order_item_id: lineA.id, quantity: 1 }] });
      assert.equal(parcel.status, 201);
      const other = t.otherStore.keys.secretTest;
      assertError(await t.client.get(`/admin/v1/orders/${order.id}`, { key: other }), 404, "resource_missing");
      assertError(await t.client.get(`/admin/v1/orders/${order.id}/fulfilments`, { key: other }), 404, "resource_missing");
      assertError(await t.client.get(`/admin/v1/orders/${order.id}/timeline`, { key: other }), 404, "resource_missing");
      assertError(await t.client.get(`/admin/v1/orders/${order.id}/packing-slip`, { key: other }), 404, "resource_missing");
      assertError(await t.client.get(`/admin/v1/orders/${order.id}/packing-slip?fulfilment_id=${parcel.body.fulfilment.id}`, { key: other }), 404, "resource_missing");
      assertError(await fulfil(order.id, { carrier: "X" }, {}, other), 404, "resource_missing");
      assertError(await t.client.post(`/admin/v1/orders/${order.id}/cancel`, {}, { key: other }), 404, "resource_missing");
      assert.equal((await parcelsOf(order.id)).length, 1, "nothing written by the other store");
      assertError(await t.client.get(`/admin/v1/orders/${randomUUID()}`, { key: secret }), 404, "resource_missing");
    });
  });

adminOrdersSuite("admin orders and fulfilment on SQLite", () => ({}));
describeMysql("admin orders and fulfilment on MariaDB", (getDb) => adminOrdersSuite("admin orders and fulfilment", () => ({ databaseUrl: getDb().url })));
