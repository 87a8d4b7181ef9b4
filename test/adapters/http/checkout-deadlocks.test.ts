// The single-database deadlock case of issue 18, on SQLite and on MariaDB: carts holding the same
// variants added in opposite orders checked out at once, beside cancellations of earlier orders of
// those variants (their stock given back) and sign-ins that merge guest carts holding them in yet
// another order. Every unit of work takes variants in id order, so none answers 500 (a deadlock
// that still happens is run again, never answered), and afterwards every order, stock level and
// cart adds up. The units of work run again are counted and printed.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { newSession, okCart } from "../../support/cart-fixtures.js";
import { registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { checkoutBody, checkoutSession, createProduct, fillSessionCart, setUpDelivery, type Variant } from "../../support/order-fixtures.js";
import { signedOrderPatch } from "../../support/signed-request.js";
import { assertStoreConsistent } from "../../support/store-invariants.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const VARIANTS = 4;
const INITIAL_STOCK = 10_000;
const CHECKOUTS = 16;
const CANCELLATIONS = 8;
const MERGES = 6;
const ROUNDS = 2;

const statusesOf = (responses: readonly TestResponse[]): string => {
  const counts = new Map<number, number>();
  for (const r of responses) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(", ");
};

const deadlockSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(180_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let storeId: string;
    let hmacSecret: string;
    let variants: Variant[];
    let reruns = 0;

    before(async () => {
      t = await startTestApplication(options());
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      storeId = t.store.store.id;
      hmacSecret = t.store.store.hmacSecret;
      await setUpDelivery(t.client, secret);
      variants = [];
      for (let i = 0; i < VARIANTS; i++) variants.push(await createProduct(t.client, secret, `Contended ${i} ${randomUUID().slice(0, 6)}`, { price: 1_000 + i * 10, stock: INITIAL_STOCK }));
      t.application.database.onConflictRetry(() => (reruns += 1));
    });
    after(() => t?.close());

    /** Every variant, one unit each, in id order or the reverse (a cart's order is its shopper's). */
    const lines = (reversed: boolean) => {
      const sorted = [...variants].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
      return (reversed ? sorted.reverse() : sorted).map((v) => ({ variantId: v.variantId, quantity: 1 }));
    };

    it(`${ROUNDS} rounds of ${CHECKOUTS} checkouts of carts in opposite orders, ${CANCELLATIONS} cancellations and ${MERGES} cart merges at once: no 500, everything adds up`, async () => {
      const merged: { customer: SignedInCustomer; session: string }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Earlier orders of the same variants, to cancel during the checkouts.
        const toCancel: string[] = [];
        for (let i = 0; i < CANCELLATIONS; i++) {
          toCancel.push((await checkoutSession(t.client, secret, await fillSessionCart(t.client, publishable, lines(i % 2 === 1)))).id);
        }
        // Carts filled at once, half in id order and half in the reverse.
        const sessions = await Promise.all(Array.from({ length: CHECKOUTS }, (_, i) => fillSessionCart(t.client, publishable, lines(i % 2 === 1))));
        // Customers with a cart of two of the variants, each with a guest cart of all of them, in the
        // reverse order of the customer's, to merge at sign-in.
        const merging: { customer: SignedInCustomer; session: string }[] = [];
        for (let i = 0; i < MERGES; i++) {
          const customer = await registerCustomer(t.client, secret);
          for (const line of lines(false).slice(0, 2)) {
            const added = await t.client.post(
              "/v1/cart/items",
              { customer_id: customer.id, variant_id: line.variantId, quantity: 1 },
              withToken(publishable, customer.accessToken),
            );
            assert.equal(added.status, 200, added.text);
          }
          merging.push({ customer, session: await fillSessionCart(t.client, publishable, lines(true), newSession()) });
        }

        const before = reruns;
        const started = performance.now();
        const [checkouts, cancellations, logins] = await Promise.all([
          Promise.all(sessions.map((session) => t.client.post("/v1/orders", checkoutBody({ session_id: session }), { key: secret }))),
          Promise.all(toCancel.map((id) => signedOrderPatch(t.client, id, { order_status: "cancelled" }, { key: secret, secret: hmacSecret }))),
          Promise.all(
            merging.map(({ customer, session }) =>
              t.client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key: secret, headers: { "x-session-id": session } }),
            ),
          ),
        ]);
        const all = [...checkouts, ...cancellations, ...logins];
        console.log(
          `      round ${round + 1}: checkouts ${statusesOf(checkouts)}; cancellations ${statusesOf(cancellations)}; sign-ins ${statusesOf(logins)}; ` +
            `${Math.round(performance.now() - started)} ms, units of work run again: ${reruns - before}`,
        );
        assert.deepEqual(all.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.text}`), [], "no 5xx");
        for (const r of checkouts) assert.equal(r.status, 201, r.text);
        for (const r of cancellations) {
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.order_status, "cancelled");
        }
        for (const r of logins) assert.equal(r.status, 200, r.text);
        merged.push(...merging);
      }

      // Every order whole, stock = initial - units of the orders not cancelled, no orphan lines.
      const report = await assertStoreConsistent(t.application.database.knex, storeId, new Map(variants.map((v) => [v.variantId, INITIAL_STOCK])));
      assert.equal(report.orders, ROUNDS * (CHECKOUTS + CANCELLATIONS));
      // Each merged cart holds its guest cart's units added to its own: 2 of the first two variants, 1 of the others.
      for (const { customer, session } of merged) {
        const cart = okCart(await t.client.get(`/v1/cart?customer_id=${customer.id}`, withToken(publishable, customer.accessToken)));
        const held = new Map<string, number>(cart.items.map((i: { variant_id: string; quantity: number }) => [i.variant_id, i.quantity]));
        assert.deepEqual(
          lines(false).map((l) => held.get(l.variantId)),
          [2, 2, 1, 1],
          "the guest cart's units joined the customer's",
        );
        const guest = okCart(await t.client.get("/v1/cart", { key: publishable, headers: { "x-session-id": session } }));
        assert.equal(guest.items.length, 0, "the guest cart is gone");
      }
    });
  });

deadlockSuite("checkouts, cancellations and cart merges of the same variants at once on SQLite", () => ({}));
describeMysql("checkouts, cancellations and cart merges of the same variants at once on MariaDB", (getDb) =>
  deadlockSuite("(pool of 10)", () => ({ databaseUrl: getDb().url, env: { STOREFRONT_DB_POOL_MAX: "10", STOREFRONT_SCRYPT_COST: "1024" } })),
);
