// The abandoned-cart job on the real application with a clock the test moves: one `cart.abandoned`
// event per idle period of a customer cart with items (however often the job runs), none for empty
// or anonymous carts, anonymous carts purged once idle long enough, and the cart's livemode on the event.
import assert from "node:assert/strict";
import { readBoolean } from "../../../adapters/persistence/column-types.js";
import { createSimpleProduct, newSession, okCart, type CreatedVariant } from "../../support/cart-fixtures.js";
import { ManualClock, registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const START = new Date("2030-05-01T08:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ABANDON_AFTER = 2 * HOUR;
const PURGE_AFTER = 3 * 24 * HOUR;

interface AbandonedEvent {
  readonly id: string;
  readonly storeId: string;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly data: any;
}

const abandonedSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(60_000);
    let t: TestApplication;
    let clock: ManualClock;
    let secret: string;
    let mug: CreatedVariant;
    let lamp: CreatedVariant;

    before(async () => {
      clock = new ManualClock(START);
      const opts = options();
      t = await startTestApplication({
        ...opts,
        clock,
        env: {
          STOREFRONT_SCRYPT_COST: "1024",
          STOREFRONT_CART_ABANDON_AFTER: "2h",
          STOREFRONT_CART_PURGE_AFTER: "3d",
          ...opts.env,
        },
      });
      secret = t.store.keys.secretTest;
      mug = await createSimpleProduct(t.client, secret, "Mug", { price: 1_500, stock: 50 });
      lamp = await createSimpleProduct(t.client, secret, "Lamp", { price: 7_000, stock: 50 });
    });
    after(() => t?.close());

    /** The scheduled job, as the worker runs it. */
    const runJob = async (): Promise<{ abandoned: number; purged: number }> => {
      const job = t.application.jobs.find((j) => j.name === "abandoned-carts");
      assert.ok(job !== undefined, "the abandoned-carts job is scheduled");
      return (await job.run()) as { abandoned: number; purged: number };
    };

    const eventsFor = async (cartId: string): Promise<AbandonedEvent[]> => {
      const rows: any[] = await t.application.database.knex("events").where({ type: "cart.abandoned" }).orderBy("created_at");
      return rows
        .map((row) => ({ id: row.id, storeId: row.store_id, livemode: readBoolean(row.livemode), createdAt: row.created_at, data: JSON.parse(row.data) }))
        .filter((event) => event.data.cart_id === cartId);
    };

    /** A fresh access token: a customer's token lives an hour, and the clock moves by more. */
    const tokenOf = async (customer: SignedInCustomer): Promise<string> => {
      const response = await t.client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key: secret });
      assert.equal(response.status, 200, response.text);
      return response.body.session.access_token;
    };
    const addForCustomer = async (customer: SignedInCustomer, variant: CreatedVariant, quantity: number, key = t.store.keys.publishableTest) =>
      okCart(
        await t.client.post("/v1/cart/items", { variant_id: variant.variantId, quantity, customer_id: customer.id }, withToken(key, await tokenOf(customer))),
      );
    const addForSession = async (session: string, variant: CreatedVariant, quantity: number) =>
      okCart(await t.client.post("/v1/cart/items", { variant_id: variant.variantId, quantity }, { key: t.store.keys.publishableTest, headers: { "x-session-id": session } }));
    const sessionCart = async (session: string) =>
      okCart(await t.client.get("/v1/cart", { key: t.store.keys.publishableTest, headers: { "x-session-id": session } }));

    it("a customer cart idle past the limit gets exactly one cart.abandoned, however often the job runs", async () => {
      const customer = await registerCustomer(t.client, secret);
      await addForCustomer(customer, mug, 2);
      clock.advance(MINUTE);
      const cart = await addForCustomer(customer, lamp, 1);

      clock.advance(ABANDON_AFTER - MINUTE);
      await runJob();
      assert.deepEqual(await eventsFor(cart.id), [], "not idle long enough yet");

      clock.advance(2 * MINUTE);
      const first = await runJob();
      assert.ok(first.abandoned >= 1, `the job reports the cart, got ${JSON.stringify(first)}`);
      await runJob();
      await Promise.all([runJob(), runJob(), runJob()]);
      clock.advance(5 * HOUR);
      await runJob();

      const events = await eventsFor(cart.id);
      assert.equal(events.length, 1, "one event for the idle period");
      const [event] = events as [AbandonedEvent];
      assert.match(event.id, /^evt_[0-9a-f]{32}$/);
      assert.equal(event.storeId, t.store.store.id);
      assert.equal(event.livemode, false, "made with a test key");
      assert.deepEqual(event.data, {
        cart_id: cart.id,
        customer_id: customer.id,
        last_activity_at: cart.updated_at,
        items: [
          { variant_id: mug.variantId, product_id: mug.productId, quantity: 2 },
          { variant_id: lamp.variantId, product_id: lamp.productId, quantity: 1 },
        ],
      });
    });

    it("parallel runs of the job still write one event", async () => {
      const customer = await registerCustomer(t.client, secret);
      const cart = await addForCustomer(customer, mug, 1);
      clock.advance(ABANDON_AFTER + MINUTE);
      await Promise.all(Array.from({ length: 4 }, () => runJob()));
      assert.equal((await eventsFor(cart.id)).length, 1);
    });

    it("a change after the event starts a new idle period, which gets a second event", async () => {
      const customer = await registerCustomer(t.client, secret);
      const cart = await addForCustomer(customer, mug, 1);
      clock.advance(ABANDON_AFTER + MINUTE);
      await runJob();
      assert.equal((await eventsFor(cart.id)).length, 1);

      clock.advance(10 * MINUTE);
      const changed = await addForCustomer(customer, mug, 2);
      await runJob();
      assert.equal((await eventsFor(cart.id)).length, 1, "the new period has only begun");
      clock.advance(ABANDON_AFTER - MINUTE);
      await runJob();
      assert.equal((await eventsFor(cart.id)).length, 1, "not idle long enough yet");
      clock.advance(2 * MINUTE);
      await runJob();
      await runJob();
      const events = await eventsFor(cart.id);
      assert.equal(events.length, 2, "one event per idle period");
      assert.equal(events[1]!.data.last_activity_at, changed.updated_at);
      assert.deepEqual(events[1]!.data.items, [{ variant_id: mug.variantId, product_id: mug.productId, quantity: 3 }]);

      // Setting a quantity is a change too.
      clock.advance(MINUTE);
      const token = await tokenOf(customer);
      const set = await t.client.patch(
        `/v1/cart/items/${changed.items[0].id}`,
        { quantity: 1, customer_id: customer.id },
        withToken(t.store.keys.publishableTest, token),
      );
      okCart(set);
      clock.advance(ABANDON_AFTER + MINUTE);
      await runJob();
      assert.equal((await eventsFor(cart.id)).length, 3);
    });

    it("an empty customer cart and an anonymous cart get no event", async () => {
      const customer = await registerCustomer(t.client, secret);
      const filled = await addForCustomer(customer, mug, 1);
      const emptied = okCart(
        await t.client.delete(`/v1/cart/items/${filled.items[0].id}?customer_id=${customer.id}`, withToken(t.store.keys.publishableTest, await tokenOf(customer))),
      );
      assert.equal(emptied.id, filled.id);
      assert.deepEqual(emptied.items, [], "the customer's cart is there, and empty");
      const session = newSession();
      const anonymous = await addForSession(session, lamp, 2);

      clock.advance(ABANDON_AFTER + HOUR);
      await runJob();
      assert.deepEqual(await eventsFor(filled.id), [], "no event for an empty cart");
      assert.deepEqual(await eventsFor(anonymous.id), [], "no event for an anonymous cart");
      assert.equal((await sessionCart(session)).id, anonymous.id, "the anonymous cart is not purged yet");
    });

    it("purges anonymous carts idle past the purge time and keeps recent ones and customers' carts", async () => {
      const customer = await registerCustomer(t.client, secret);
      const customerCart = await addForCustomer(customer, mug, 1);
      const oldSession = newSession();
      const old = await addForSession(oldSession, mug, 1);
      const emptySession = newSession();
      const emptyOld = await addForSession(emptySession, lamp, 1);
      okCart(await t.client.delete(`/v1/cart/items/${emptyOld.items[0].id}`, { key: t.store.keys.publishableTest, headers: { "x-session-id": emptySession } }));

      clock.advance(PURGE_AFTER - HOUR);
      const recentSession = newSession();
      const recent = await addForSession(recentSession, mug, 3);
      await runJob();
      assert.equal((await sessionCart(oldSession)).id, old.id, "not idle long enough yet");

      clock.advance(2 * HOUR);
      const result = await runJob();
      assert.ok(result.purged >= 2, `the job reports what it purged, got ${JSON.stringify(result)}`);
      const knex = t.application.database.knex;
      assert.equal((await sessionCart(oldSession)).id, null, "the idle anonymous cart is gone");
      assert.equal((await sessionCart(emptySession)).id, null, "an idle empty anonymous cart too");
      assert.equal((await knex("carts").where({ id: old.id })).length, 0);
      assert.equal((await knex("cart_items").where({ cart_id: old.id })).length, 0, "with its lines");
      const kept = await sessionCart(recentSession);
      assert.equal(kept.id, recent.id, "a recent anonymous cart stays");
      assert.equal(kept.item_count, 3);
      assert.equal((await knex("carts").where({ id: customerCart.id })).length, 1, "a customer's cart is never purged");
    });

    it("the event carries the cart's livemode", async () => {
      const live = await registerCustomer(t.client, secret);
      const liveCart = await addForCustomer(live, lamp, 1, t.store.keys.publishableLive);
      const test = await registerCustomer(t.client, secret);
      const testCart = await addForCustomer(test, lamp, 1, t.store.keys.publishableTest);
      clock.advance(ABANDON_AFTER + MINUTE);
      await runJob();
      const [liveEvent] = await eventsFor(liveCart.id);
      const [testEvent] = await eventsFor(testCart.id);
      assert.ok(liveEvent !== undefined && testEvent !== undefined, "both carts were reported");
      assert.equal(liveEvent.livemode, true, "a cart made with a live key");
      assert.equal(testEvent.livemode, false, "a cart made with a test key");
    });
  });

abandonedSuite("abandoned carts on SQLite", () => ({}));
describeMysql("abandoned carts on MariaDB", (getDb) => abandonedSuite("abandoned carts", () => ({ databaseUrl: getDb().url })));
