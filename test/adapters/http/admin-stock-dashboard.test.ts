// The stock ledger and the dashboard on the admin API (docs/staff.md, "Stock ledger", "Dashboard"),
// with the secret key, on SQLite and MariaDB: adjustments write exact ledger entries and never go
// below 0, concurrent adjustments lose nothing, a cancellation enters its moves, and
// the dashboard's figures equal a ground truth worked out here from the orders' own rows, with
// orders on both sides of local midnights in zones ahead of and behind UTC (one across a
// daylight-saving change), and another store's orders and variants never counted or reachable.
import assert from "node:assert/strict";
import { describeMysql } from "../../support/mysql-database.js";
import { ManualClock } from "../../support/customer-fixtures.js";
import { checkoutSession, createProduct, fillSessionCart, setUpDelivery, variantStock } from "../../support/order-fixtures.js";
import { signedOrderPatch, unixSeconds } from "../../support/signed-request.js";
import { SalesFigures } from "../../../application/ports/sales-figures.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

/** "Now" in these tests: 20:00 UTC, 01:45 the next day in Kathmandu (+05:45), 16:00 in New York (EDT since 8 March). */
const NOW = new Date("2026-03-10T20:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const localDate = (ms: number, zone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ms));

const suite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(180_000);
    let t: TestApplication;
    let clock: ManualClock;
    let secret: string;
    let publishable: string;
    let storeId: string;
    const knex = () => t.application.database.knex;

    before(async () => {
      clock = new ManualClock(NOW);
      t = await startTestApplication({ ...options(), clock });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      storeId = t.store.store.id;
      await setUpDelivery(t.client, secret);
    });
    after(() => t?.close());

    const adjust = (variantId: string, body: Record<string, unknown>, key = secret) =>
      t.client.post(`/admin/v1/variants/${variantId}/stock-adjustments`, body, { key });
    const ledger = async (variantId: string, query = ""): Promise<any> => {
      const response = await t.client.get(`/admin/v1/variants/${variantId}/stock-ledger${query}`, { key: secret });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };

    describe("stock adjustments and the ledger", () => {
      it("adds, takes and sets stock, each with an entry: who, why, before, after, when", async () => {
        const v = await createProduct(t.client, secret, "Kikoi Towel", { price: 150_000, stock: 10 });
        // Read once, so the answer and the product's copy are kept before the adjustments.
        assert.match((await t.client.get(`/v1/products/${v.productId}`, { key: publishable })).text, /"stock":10[,}]/);
        const received = await adjust(v.variantId, { delta: 5, reason: "received", note: "Delivery 4471" });
        assert.equal(received.status, 201, received.text);
        assert.equal(received.body.stock_before, 10);
        assert.equal(received.body.stock_after, 15);
        assert.equal(received.body.delta, 5);
        assert.equal(received.body.reason, "received");
        assert.equal(received.body.note, "Delivery 4471");
        assert.equal(received.body.actor.type, "api_key");
        assert.equal(received.body.created_at, NOW.toISOString());
        clock.advance(1_000);
        const damaged = await adjust(v.variantId, { delta: -3, reason: "damaged" });
        assert.equal(damaged.status, 201, damaged.text);
        clock.advance(1_000);
        const counted = await adjust(v.variantId, { set_to: 7, reason: "count" });
        assert.equal(counted.status, 201, counted.text);
        assert.deepEqual([counted.body.stock_before, counted.body.stock_after, counted.body.delta], [12, 7, -5]);
        clock.set(NOW);
        assert.equal(await variantStock(knex(), v.variantId), 7);

        const page = await ledger(v.variantId, "?limit=2");
        assert.deepEqual(page.entries.map((e: any) => e.reason), ["count", "damaged"], "newest first");
        assert.equal(page.pagination.has_more, true);
        const rest = await ledger(v.variantId, `?limit=2&cursor=${page.pagination.next_cursor}`);
        assert.deepEqual(rest.entries.map((e: any) => [e.reason, e.stock_before, e.stock_after]), [["received", 10, 15]]);
        assert.equal(rest.pagination.has_more, false);

        // The product's answers show the new stock at once (the catalog caches learned of it).
        const product = await t.client.get(`/v1/products/${v.productId}`, { key: publishable });
        assert.match(product.text, /"stock":7[,}]/);
        assert.doesNotMatch(product.text, /"stock":10[,}]/);
        // The audit log has the adjustment.
        const audited = await knex()("audit_log").where({ store_id: storeId, operation: "variant.stock_adjust", resource_id: v.variantId });
        assert.equal(audited.length, 3);
      });

      it("refuses to go below 0 (422) and changes nothing; bad bodies are 400s", async () => {
        const v = await createProduct(t.client, secret, "Sisal Basket", { price: 90_000, stock: 2 });
        const below = await adjust(v.variantId, { delta: -3, reason: "lost" });
        assert.equal(below.status, 422, below.text);
        assert.equal(below.body.error.code, "stock_below_zero");
        assert.equal((await adjust(v.variantId, { set_to: -1, reason: "count" })).status, 400);
        assert.equal((await adjust(v.variantId, { delta: 1, set_to: 3, reason: "count" })).status, 400);
        assert.equal((await adjust(v.variantId, { reason: "count" })).status, 400);
        assert.equal((await adjust(v.variantId, { delta: 0, reason: "count" })).status, 400);
        assert.equal((await adjust(v.variantId, { delta: 1, reason: "order_cancelled" })).status, 400, "system reasons are not for adjustments");
        assert.equal((await adjust(v.variantId, { delta: 1 })).status, 400, "a reason is required");
        assert.equal(await variantStock(knex(), v.variantId), 2);
        assert.deepEqual((await ledger(v.variantId)).entries, []);
        const toZero = await adjust(v.variantId, { delta: -2, reason: "lost" });
        assert.equal(toZero.status, 201, toZero.text);
        assert.equal(await variantStock(knex(), v.variantId), 0);
      });

      it("loses no update under concurrent adjustments", async () => {
        const v = await createProduct(t.client, secret, "Maasai Blanket", { price: 400_000, stock: 100 });
        const deltas = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? -2 : 3));
        const answers = await Promise.all(deltas.map((delta) => adjust(v.variantId, { delta, reason: delta > 0 ? "received" : "damaged" })));
        for (const answer of answers) assert.equal(answer.status, 201, answer.text);
        const expected = 100 + deltas.reduce((a, b) => a + b, 0);
        assert.equal(await variantStock(knex(), v.variantId), expected);
        const entries = (await ledger(v.variantId, "?limit=200")).entries as any[];
        assert.equal(entries.length, deltas.length);
        // The entries chain: each starts where another ended, from 100 to the final stock (as a path
        // through every entry: each stock is left as often as it is reached, but for 100 and the end).
        const balance = new Map<number, number>();
        for (const e of entries) {
          assert.equal(e.stock_after, e.stock_before + e.delta);
          balance.set(e.stock_before, (balance.get(e.stock_before) ?? 0) + 1);
          balance.set(e.stock_after, (balance.get(e.stock_after) ?? 0) - 1);
        }
        for (const [stock, net] of balance) assert.equal(net, (stock === 100 ? 1 : 0) - (stock === expected ? 1 : 0), `stock ${stock}`);
      });

      it("enters a cancellation's stock moves (not checkout's: decisions back-office-22)", async () => {
        const v = await createProduct(t.client, secret, "Kiondo Bag", { price: 120_000, stock: 9 });
        const session = await fillSessionCart(t.client, publishable, [{ variantId: v.variantId, quantity: 2 }]);
        const order = await checkoutSession(t.client, secret, session);
        const cancelled = await signedOrderPatch(t.client, order.id, { order_status: "cancelled" }, { key: secret, secret: t.store.store.hmacSecret, timestamp: unixSeconds(clock.now()) });
        assert.equal(cancelled.status, 200, cancelled.text);
        const entries = (await ledger(v.variantId)).entries as any[];
        assert.deepEqual(
          entries.map((e) => [e.reason, e.delta, e.stock_before, e.stock_after, e.order_id]),
          [["order_cancelled", 2, 7, 9, order.id]],
        );
      });

      it("answers 404 for another store's variant, both ways", async () => {
        const v = await createProduct(t.client, secret, "Soapstone Bowl", { price: 80_000, stock: 4 });
        const other = t.otherStore.keys.secretTest;
        const foreign = await adjust(v.variantId, { delta: 1, reason: "received" }, other);
        assert.equal(foreign.status, 404, foreign.text);
        const read = await t.client.get(`/admin/v1/variants/${v.variantId}/stock-ledger`, { key: other });
        assert.equal(read.status, 404, read.text);
        assert.equal(await variantStock(knex(), v.variantId), 4);
      });
    });

    describe("the dashboard", () => {
      it("equals the ground truth worked out from the orders, in zones ahead of and behind UTC", async () => {
        const a = await createProduct(t.client, secret, "Kitenge Shirt", { price: 250_000, stock: 500 });
        const b = await createProduct(t.client, secret, "Beaded Sandals", { price: 180_000, stock: 500 });
        const c = await createProduct(t.client, secret, "Coffee Beans", { price: 95_000, stock: 500 });
        // [offset from NOW in ms, lines, paid?]: around the local midnights of Kathmandu (18:15 UTC)
        // and New York (04:00 UTC, 05:00 before 8 March), 7 and 30 days back, and one outside.
        const fixtures: Array<[number, Array<[typeof a, number]>, boolean]> = [
          [-1 * HOUR, [[a, 1]], true], // 19:00Z: Kathmandu today
          [-(1 * HOUR + 50 * 60_000), [[a, 2], [b, 1]], true], // 18:10Z: Kathmandu yesterday
          [-(1 * HOUR + 40 * 60_000), [[c, 3]], false], // 18:20Z: Kathmandu today, unpaid
          [-(16 * HOUR + 5 * 60_000), [[b, 2]], true], // 03:55Z: New York yesterday (23:55 EDT)
          [-(6 * DAY + 1 * HOUR + 50 * 60_000), [[c, 1]], true], // Kathmandu: 7 days back, just before midnight
          [-(6 * DAY + 1 * HOUR + 40 * 60_000), [[c, 1]], true], // ... and just after
          [-(2 * DAY + 15 * HOUR + 30 * 60_000), [[a, 1]], true], // 8 March 04:30Z: New York 23:30 EST on 7 March (before the change)
          [-(29 * DAY + 1 * HOUR + 40 * 60_000), [[b, 1]], true], // 30 days back in Kathmandu
          [-(29 * DAY + 1 * HOUR + 50 * 60_000), [[b, 4]], true], // 31 days back in Kathmandu
          [-(40 * DAY), [[a, 5]], true], // outside every period
        ];
        for (const [offset, lines, paid] of fixtures) {
          clock.set(new Date(NOW.getTime() + offset));
          const session = await fillSessionCart(t.client, publishable, lines.map(([v, quantity]) => ({ variantId: v.variantId, quantity })));
          const order = await checkoutSession(t.client, secret, session);
          if (paid) {
            // Paid an hour later: revenue still counts on the day the order was placed.
            clock.advance(HOUR);
            const moved = await signedOrderPatch(t.client, order.id, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret, timestamp: unixSeconds(clock.now()) });
            assert.equal(moved.status, 200, moved.text);
          }
        }
        // Another store's order, today: never counted here.
        clock.set(new Date(NOW.getTime() - HOUR));
        await setUpDelivery(t.client, t.otherStore.keys.secretTest);
        const foreign = await createProduct(t.client, t.otherStore.keys.secretTest, "Foreign Mug", { price: 50_000, stock: 5 });
        const foreignSession = await fillSessionCart(t.client, t.otherStore.keys.publishableTest, [{ variantId: foreign.variantId, quantity: 1 }]);
        await checkoutSession(t.client, t.otherStore.keys.secretTest, foreignSession);
        clock.set(NOW);

        const orders: Array<{ id: string; created_at: string; total_amount: number | string; payment_status: string }> = await knex()("orders").where({ store_id: storeId });
        const items: Array<{ order_id: string; product_id: string; quantity: number; line_total: number | string }> = await knex()("order_items").where({ store_id: storeId });
        for (const zone of ["Asia/Kathmandu", "America/New_York", "UTC"]) {
          const response = await t.client.get(`/admin/v1/dashboard?timezone=${encodeURIComponent(zone)}&low_stock_below=4&top_limit=50`, { key: secret });
          assert.equal(response.status, 200, response.text);
          const dashboard = response.body;
          // The ground truth: each order's local date, by this test's own reading of the zone.
          const today = localDate(NOW.getTime(), zone);
          const days = Array.from({ length: 30 }, (_, i) => localDate(Date.parse(`${today}T12:00:00Z`) - (29 - i) * DAY, zone));
          const within = (count: number) => new Set(days.slice(-count));
          const expectPeriod = (count: number) => {
            const inside = orders.filter((o) => within(count).has(localDate(Date.parse(o.created_at), zone)));
            const paid = inside.filter((o) => o.payment_status === "paid");
            const revenue = paid.reduce((sum, o) => sum + Number(o.total_amount), 0);
            return {
              from: days[30 - count],
              to: today,
              orders: inside.length,
              paid_orders: paid.length,
              revenue,
              average_order_value: paid.length === 0 ? 0 : Math.round(revenue / paid.length),
              refunds: { count: 0, amount: 0 },
            };
          };
          assert.deepEqual(dashboard.today, expectPeriod(1), `${zone}: today`);
          assert.deepEqual(dashboard.last_7_days, expectPeriod(7), `${zone}: 7 days`);
          assert.deepEqual(dashboard.last_30_days, expectPeriod(30), `${zone}: 30 days`);
          assert.equal(dashboard.timezone, zone);
          assert.equal(dashboard.currency, "KES");
          assert.deepEqual(
            dashboard.by_day,
            days.map((date) => {
              const onDay = orders.filter((o) => localDate(Date.parse(o.created_at), zone) === date);
              const paid = onDay.filter((o) => o.payment_status === "paid");
              return { date, orders: onDay.length, paid_orders: paid.length, revenue: paid.reduce((sum, o) => sum + Number(o.total_amount), 0) };
            }),
            `${zone}: by day`,
          );
          const paidIn30 = new Set(orders.filter((o) => o.payment_status === "paid" && within(30).has(localDate(Date.parse(o.created_at), zone))).map((o) => o.id));
          const perProduct = new Map<string, { units: number; revenue: number }>();
          for (const item of items.filter((i) => paidIn30.has(i.order_id))) {
            const sums = perProduct.get(item.product_id) ?? { units: 0, revenue: 0 };
            sums.units += item.quantity;
            sums.revenue += Number(item.line_total);
            perProduct.set(item.product_id, sums);
          }
          const top = [...perProduct.entries()].map(([product_id, s]) => ({ product_id, ...s }));
          const mine = (list: any[]) => list.filter((p) => [a, b, c].some((v) => v.productId === p.product_id)).map((p) => ({ product_id: p.product_id, units: p.units, revenue: p.revenue }));
          assert.deepEqual(
            mine(dashboard.top_products.by_units),
            [...top].sort((x, y) => y.units - x.units || y.revenue - x.revenue || (x.product_id < y.product_id ? -1 : 1)),
            `${zone}: top by units`,
          );
          assert.deepEqual(
            mine(dashboard.top_products.by_revenue),
            [...top].sort((x, y) => y.revenue - x.revenue || y.units - x.units || (x.product_id < y.product_id ? -1 : 1)),
            `${zone}: top by revenue`,
          );
          for (const v of dashboard.low_stock.variants) assert.ok(v.stock <= 4, "low stock holds only variants at or below the threshold");
          assert.ok(!JSON.stringify(dashboard).includes(foreign.productId), "another store's products never show");
        }
      });

      it("counts refunds that succeeded on their own day, in their zone", async () => {
        const figures = t.application.container.get(SalesFigures);
        const before = (await t.client.get("/admin/v1/dashboard?timezone=Asia%2FKathmandu", { key: secret })).body;
        // 18:10Z is yesterday in Kathmandu, 18:20Z today (as the refund settlement records them, in its unit of work).
        await t.application.database.transaction(async () => {
          await figures.refundSucceeded(storeId, { amount: 12_345, currency: "KES", livemode: false, at: "2026-03-10T18:10:00.000Z" });
          await figures.refundSucceeded(storeId, { amount: 500, currency: "KES", livemode: false, at: "2026-03-10T18:20:00.000Z" });
          await figures.refundSucceeded(t.otherStore.store.id, { amount: 999, currency: "USD", livemode: false, at: "2026-03-10T18:20:00.000Z" });
        });
        const after = (await t.client.get("/admin/v1/dashboard?timezone=Asia%2FKathmandu", { key: secret })).body;
        assert.deepEqual(after.today.refunds, { count: before.today.refunds.count + 1, amount: before.today.refunds.amount + 500 });
        assert.deepEqual(after.last_7_days.refunds, { count: before.last_7_days.refunds.count + 2, amount: before.last_7_days.refunds.amount + 12_845 });
        assert.equal(after.last_30_days.revenue, before.last_30_days.revenue, "refunds are their own figure");
      });

      it("refuses an unknown time zone", async () => {
        const response = await t.client.get("/admin/v1/dashboard?timezone=Mars%2FOlympus", { key: secret });
        assert.equal(response.status, 400, response.text);
        assert.equal(response.body.error.param, "timezone");
      });

      it("lists low stock, fewest first, only the store's own", async () => {
        const low = await createProduct(t.client, secret, "Last Lamp", { price: 300_000, stock: 1 });
        await createProduct(t.client, t.otherStore.keys.secretTest, "Foreign Lamp", { price: 300_000, stock: 0 });
        const response = await t.client.get("/admin/v1/dashboard?low_stock_below=1&low_stock_limit=100", { key: secret });
        assert.equal(response.status, 200, response.text);
        const variants = response.body.low_stock.variants as any[];
        assert.ok(variants.some((v) => v.variant_id === low.variantId));
        assert.deepEqual(variants.map((v) => v.stock), [...variants.map((v) => v.stock)].sort((x, y) => x - y));
        const ours = new Set((await knex()("variants").where({ store_id: storeId }).select("id")).map((r: { id: string }) => r.id));
        for (const v of variants) assert.ok(ours.has(v.variant_id), "only this store's variants");
      });
    });
  });

suite("stock ledger and dashboard on SQLite", () => ({}));
describeMysql("stock ledger and dashboard on MariaDB", (getDb) => suite("stock ledger and dashboard", () => ({ databaseUrl: getDb().url })));
