// The guest cart joins the customer's cart at sign-in (docs/api/carts-and-wishlists.md, "Merging at
// sign-in") over real HTTP: password login and one-time code verification with X-Session-Id add
// quantities up, capped at stock, keep guest-only lines and remove the session cart; a failed
// sign-in changes nothing.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { assertError, createSimpleProduct, newSession, okCart, type CreatedVariant } from "../../support/cart-fixtures.js";
import { registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const mergeSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(60_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    /** The application's log lines: without an SMTP server, one-time codes are logged there. */
    const logLines: string[] = [];

    const guest = (session: string) => ({ key: publishable, headers: { "x-session-id": session } });
    const guestCart = async (session: string) => okCart(await t.client.get("/v1/cart", guest(session)));
    const guestAdd = async (session: string, variant: CreatedVariant, quantity: number) =>
      okCart(await t.client.post("/v1/cart/items", { variant_id: variant.variantId, quantity }, guest(session)));
    const customerCart = async (customer: SignedInCustomer) =>
      okCart(await t.client.get(`/v1/cart?customer_id=${customer.id}`, withToken(publishable, customer.accessToken)));
    const customerAdd = async (customer: SignedInCustomer, variant: CreatedVariant, quantity: number) =>
      okCart(
        await t.client.post(
          "/v1/cart/items",
          { variant_id: variant.variantId, quantity, customer_id: customer.id },
          withToken(publishable, customer.accessToken),
        ),
      );
    const logIn = (customer: SignedInCustomer, session?: string, password = customer.password) =>
      t.client.post(
        "/v1/auth/login",
        { email: customer.email, password },
        { key: secret, headers: session === undefined ? {} : { "x-session-id": session } },
      );
    const quantities = (cart: any): Array<[string, number]> => cart.items.map((i: any) => [i.variant_id, i.quantity]);

    const codeFor = async (email: string): Promise<string> => {
      for (let i = 0; i < 50; i++) {
        for (const line of [...logLines].reverse()) {
          const entry = JSON.parse(line);
          if (entry.to === email && typeof entry.code === "string") return entry.code;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no one-time code logged for ${email}`);
    };
    const requestCode = async (email: string): Promise<string> => {
      logLines.length = 0;
      const requested = await t.client.post("/v1/auth/otp/request", { email }, { key: secret });
      assert.equal(requested.status, 202, requested.text);
      return codeFor(email);
    };
    const verify = (email: string, code: string, session?: string) =>
      t.client.post("/v1/auth/otp/verify", { email, code }, { key: secret, headers: session === undefined ? {} : { "x-session-id": session } });

    before(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(...chunk.toString("utf8").split("\n").filter((l) => l !== ""));
          done();
        },
      });
      const opts = options();
      t = await startTestApplication({ ...opts, logger: pino({ level: "info" }, stream), env: { STOREFRONT_SCRYPT_COST: "1024", ...opts.env } });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
    });
    after(() => t?.close());

    /** Four fresh products: a (stock 5), b (stock 3), c (stock 4), d (stock 2). */
    const products = async () => ({
      a: await createSimpleProduct(t.client, secret, "Alpha", { price: 1_000, stock: 5 }),
      b: await createSimpleProduct(t.client, secret, "Bravo", { price: 2_000, stock: 3 }),
      c: await createSimpleProduct(t.client, secret, "Charlie", { price: 3_000, stock: 4 }),
      d: await createSimpleProduct(t.client, secret, "Delta", { price: 4_000, stock: 2 }),
    });

    it("login with X-Session-Id adds the guest's quantities to the customer's, capped at stock, and ends the session cart", async () => {
      const { a, b, c } = await products();
      const customer = await registerCustomer(t.client, secret);
      await customerAdd(customer, a, 3);
      const before = await customerAdd(customer, b, 1);
      const session = newSession();
      await guestAdd(session, a, 4); // 3 + 4 = 7, capped at 5
      await guestAdd(session, c, 2); // the guest's only
      await guestAdd(session, b, 2); // 1 + 2 = 3, exactly the stock

      const signedIn = await logIn(customer, session);
      assert.equal(signedIn.status, 200, signedIn.text);
      assert.equal(signedIn.body.customer.id, customer.id);

      const merged = await customerCart(customer);
      assert.equal(merged.id, before.id, "the customer's cart stays the same cart");
      assert.deepEqual(quantities(merged), [
        [a.variantId, 5],
        [b.variantId, 3],
        [c.variantId, 2],
      ]);
      assert.deepEqual(merged.items.slice(0, 2).map((i: any) => i.id), before.items.map((i: any) => i.id), "the customer's lines keep their ids");
      assert.equal(merged.item_count, 10);
      assert.equal(merged.subtotal, 5 * 1_000 + 3 * 2_000 + 2 * 3_000);
      const gone = await guestCart(session);
      assert.equal(gone.id, null, "the session cart is gone");
      assert.deepEqual(gone.items, []);
      const rows = await t.application.database.knex("carts").where({ session_id: session });
      assert.equal(rows.length, 0, "no row of the session cart is left");
    });

    it("a customer without a cart gets the guest's cart, capped at today's stock", async () => {
      const { a, d } = await products();
      const customer = await registerCustomer(t.client, secret);
      const session = newSession();
      await guestAdd(session, a, 2);
      await guestAdd(session, d, 2);
      const lowered = await t.client.patch(`/v1/products/${d.productId}/variants/${d.variantId}`, { stock: 1 }, { key: secret });
      assert.equal(lowered.status, 200, lowered.text);
      assert.equal((await logIn(customer, session)).status, 200);
      const merged = await customerCart(customer);
      assert.notEqual(merged.id, null, "the customer's cart was created");
      assert.equal(merged.customer_id, customer.id);
      assert.deepEqual(quantities(merged), [
        [a.variantId, 2],
        [d.variantId, 1],
      ]);
      assert.equal((await guestCart(session)).id, null);
    });

    it("a guest line of a product deactivated since is dropped, not carried over", async () => {
      const { a, b } = await products();
      const customer = await registerCustomer(t.client, secret);
      const session = newSession();
      await guestAdd(session, a, 1);
      await guestAdd(session, b, 1);
      assert.equal((await t.client.patch(`/v1/products/${b.productId}`, { is_active: false }, { key: secret })).status, 200);
      assert.equal((await logIn(customer, session)).status, 200);
      assert.deepEqual(quantities(await customerCart(customer)), [[a.variantId, 1]]);
      assert.equal((await guestCart(session)).id, null);
    });

    it("login without X-Session-Id, or with a session that has no cart, leaves the customer's cart as it was", async () => {
      const { a } = await products();
      const customer = await registerCustomer(t.client, secret);
      const before = await customerAdd(customer, a, 2);
      const session = newSession();
      await guestAdd(session, a, 1);
      assert.equal((await logIn(customer)).status, 200);
      assert.deepEqual(await customerCart(customer), before, "no header, no merge");
      assert.equal((await guestCart(session)).item_count, 1, "the guest cart stays without the header");
      assert.equal((await logIn(customer, newSession())).status, 200);
      assert.deepEqual(await customerCart(customer), before, "an unknown session merges nothing");
    });

    it("a failed login (wrong password) leaves both carts untouched", async () => {
      const { a, c } = await products();
      const customer = await registerCustomer(t.client, secret);
      const customerBefore = await customerAdd(customer, a, 1);
      const session = newSession();
      await guestAdd(session, a, 2);
      const guestBefore = await guestAdd(session, c, 1);
      assertError(await logIn(customer, session, "not the password"), 401, "invalid_credentials");
      assert.deepEqual(await customerCart(customer), customerBefore);
      assert.deepEqual(await guestCart(session), guestBefore);
      assertError(await logIn(customer, "bad session id"), 400, "parameter_invalid", "X-Session-Id");
      assert.deepEqual(await customerCart(customer), customerBefore, "a malformed session id merges nothing");
      assert.deepEqual(await guestCart(session), guestBefore);
    });

    it("one-time code verification with X-Session-Id merges the same way", async () => {
      const { a, b, c } = await products();
      const customer = await registerCustomer(t.client, secret);
      await customerAdd(customer, a, 4);
      const session = newSession();
      await guestAdd(session, a, 3); // 4 + 3 = 7, capped at 5
      await guestAdd(session, c, 4);
      await guestAdd(session, b, 1);
      const code = await requestCode(customer.email);
      const verified = await verify(customer.email, code, session);
      assert.equal(verified.status, 200, verified.text);
      assert.deepEqual(quantities(await customerCart(customer)), [
        [a.variantId, 5],
        [c.variantId, 4],
        [b.variantId, 1],
      ]);
      assert.equal((await guestCart(session)).id, null, "the session cart is gone");
    });

    it("registration with X-Session-Id moves the guest cart into the new customer's cart; its token then names that cart", async () => {
      const { a, b } = await products();
      const session = newSession();
      await guestAdd(session, a, 2);
      await guestAdd(session, b, 1);
      const email = `register-${randomUUID()}@example.com`;
      const registered = await t.client.post(
        "/v1/auth/register",
        { email, password: "correct horse battery", name: "New Shopper" },
        { key: secret, headers: { "x-session-id": session } },
      );
      assert.equal(registered.status, 201, registered.text);
      const tokenOnly = withToken(publishable, registered.body.session.access_token);
      const cart = okCart(await t.client.get("/v1/cart", tokenOnly));
      assert.equal(cart.customer_id, registered.body.customer.id);
      assert.deepEqual(quantities(cart).sort(), [[a.variantId, 2], [b.variantId, 1]].sort());
      assert.equal((await guestCart(session)).id, null, "the session cart is gone");
    });

    it("a registration refused (email taken) leaves the guest cart as it was", async () => {
      const { a } = await products();
      const existing = await registerCustomer(t.client, secret);
      const session = newSession();
      const before = await guestAdd(session, a, 1);
      const refused = await t.client.post(
        "/v1/auth/register",
        { email: existing.email, password: "correct horse battery", name: "Twice" },
        { key: secret, headers: { "x-session-id": session } },
      );
      assertError(refused, 409, "email_taken");
      assert.deepEqual(await guestCart(session), before);
    });

    it("a wrong one-time code leaves both carts untouched", async () => {
      const { a } = await products();
      const customer = await registerCustomer(t.client, secret);
      const customerBefore = await customerAdd(customer, a, 1);
      const session = newSession();
      const guestBefore = await guestAdd(session, a, 2);
      const code = await requestCode(customer.email);
      const wrong = code === "000000" ? "000001" : "000000";
      assertError(await verify(customer.email, wrong, session), 401, "invalid_code");
      assert.deepEqual(await customerCart(customer), customerBefore);
      assert.deepEqual(await guestCart(session), guestBefore);
    });
  });

mergeSuite("cart merge at sign-in on SQLite", () => ({}));
describeMysql("cart merge at sign-in on MariaDB", (getDb) => mergeSuite("cart merge at sign-in", () => ({ databaseUrl: getDb().url })));
