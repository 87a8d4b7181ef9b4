// `storefront serve --workers 2` on ONE SQLite file (issue 18, docs/scaling.md): two HTTP processes
// share the file, and SQLite has one writer, so their writes must take turns instead of failing.
// 24 checkouts at once, beside cart adds to one cart and product PATCHes, answer no 5xx, and every
// write is in the file afterwards: 24 orders whole and consistent with stock, the cart's quantity
// the sum of its adds, each product its last PATCH. The requests are served by both processes.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knexFactory, { type Knex } from "knex";
import { after, before, describe, it } from "mocha";
import { newSession } from "../support/cart-fixtures.js";
import { connect, type TestClient, type TestResponse } from "../support/http-client.js";
import { checkoutBody, createProduct, fillSessionCart, setUpDelivery, type Variant } from "../support/order-fixtures.js";
import { seedStore, ServerProcess, type SeededStore } from "../support/server-process.js";
import { assertStoreConsistent } from "../support/store-invariants.js";

const CHECKOUTS = 24;
const PRODUCTS = 6;
const INITIAL_STOCK = 200;
const SHARED_CART_ADDS = 24;
const PATCHES_PER_PRODUCT = 4;

const statusesOf = (responses: readonly TestResponse[]): string => {
  const counts = new Map<number, number>();
  for (const r of responses) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(", ");
};

describe("serve --workers 2 on one SQLite file", function () {
  this.timeout(240_000);
  let dir: string;
  let url: string;
  let seeded: SeededStore;
  let server: ServerProcess | undefined;
  let client: TestClient;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "storefront-sqlite-workers-"));
    url = `sqlite:${join(dir, "store.sqlite")}`;
    seeded = await seedStore(url);
    server = await ServerProcess.start(url, { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "100000" }, [], { workers: 2 });
    client = connect(server.url);
  });

  after(async () => {
    await server?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("answers 24 parallel checkouts, cart adds and PATCHes with no 5xx, and keeps every write", async () => {
    assert.equal(server!.httpPids.length, 2, "two HTTP processes listen");
    const secret = seeded.secret_key;
    const publishable = seeded.publishable_key;
    await setUpDelivery(client, secret);
    const variants: Variant[] = [];
    for (let i = 0; i < PRODUCTS; i++) variants.push(await createProduct(client, secret, `Shared file item ${i}`, { price: 1_000 + i * 100, stock: INITIAL_STOCK }));

    // 24 carts filled at once (each cart's lines one after the other, in an order of its own).
    const plans = Array.from({ length: CHECKOUTS }, (_, c) =>
      [0, 1, 2].map((k) => ({ variantId: variants[(c + k * (1 + (c % 2))) % PRODUCTS]!.variantId, quantity: 1 + ((c + k) % 2) })),
    );
    const sessions = await Promise.all(plans.map((lines) => fillSessionCart(client, publishable, lines)));

    // Then, all at once: the 24 checkouts, 24 adds of one unit to one shared cart, and per product
    // a chain of PATCHes (each product's last PATCH is known; the chains race each other and the rest).
    const shared = newSession();
    const sharedVariant = variants[0]!.variantId;
    const started = performance.now();
    const [checkouts, adds, patches] = await Promise.all([
      Promise.all(sessions.map((session) => client.post("/v1/orders", checkoutBody({ session_id: session }), { key: secret }))),
      Promise.all(
        Array.from({ length: SHARED_CART_ADDS }, () =>
          client.post("/v1/cart/items", { variant_id: sharedVariant, quantity: 1 }, { key: publishable, headers: { "x-session-id": shared } }),
        ),
      ),
      Promise.all(
        variants.map(async (variant) => {
          const answers: TestResponse[] = [];
          for (let n = 1; n <= PATCHES_PER_PRODUCT; n++) {
            answers.push(await client.patch(`/v1/products/${variant.productId}`, { description: `revision ${n} of ${variant.sku}` }, { key: secret }));
          }
          return answers;
        }),
      ).then((chains) => chains.flat()),
    ]);
    const elapsedMs = Math.round(performance.now() - started);
    const all = [...checkouts, ...adds, ...patches];
    const failed = all.filter((r) => r.status >= 500);
    console.log(
      `      checkouts: ${statusesOf(checkouts)}; cart adds: ${statusesOf(adds)}; PATCHes: ${statusesOf(patches)}; ` +
        `${all.length} requests in ${elapsedMs} ms, 5xx: ${failed.length}`,
    );
    assert.deepEqual(failed.map((r) => `${r.status} ${r.text}`), [], "no 5xx");
    for (const r of checkouts) assert.equal(r.status, 201, r.text);
    for (const r of adds) assert.equal(r.status, 200, r.text);
    for (const r of patches) assert.equal(r.status, 200, r.text);

    // Every write is in the file.
    const cart = await client.get("/v1/cart", { key: publishable, headers: { "x-session-id": shared } });
    assert.equal(cart.status, 200, cart.text);
    assert.equal(cart.body.cart.items.find((i: { variant_id: string }) => i.variant_id === sharedVariant)?.quantity, SHARED_CART_ADDS, "the shared cart holds every add");
    for (const variant of variants) {
      const product = await client.get(`/v1/products/${variant.productId}`, { key: secret });
      assert.equal(product.status, 200, product.text);
      assert.equal(product.body.description, `revision ${PATCHES_PER_PRODUCT} of ${variant.sku}`, "each product holds its last PATCH");
    }
    const numbers = checkouts.map((r) => r.body.order_number as string);
    assert.equal(new Set(numbers).size, CHECKOUTS, "each order its own number");

    // Both processes served requests (node:cluster hands connections round-robin).
    const servedBy = new Map<number, number>();
    let reruns = 0;
    for (const line of server!.log.split("\n")) {
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; pid?: number };
        if (entry.msg === "request" && typeof entry.pid === "number") servedBy.set(entry.pid, (servedBy.get(entry.pid) ?? 0) + 1);
        if (entry.msg?.startsWith("a unit of work lost a conflict") === true) reruns += 1;
      } catch {
        // a line cut by the log's tail
      }
    }
    console.log(`      requests per process: ${[...servedBy].map(([pid, n]) => `${pid}: ${n}`).join(", ")}; units of work run again: ${reruns}`);
    assert.deepEqual([...servedBy.keys()].sort(), [...server!.httpPids].sort(), "both HTTP processes served requests");

    await server!.stop();
    server = undefined;
    const knex: Knex = knexFactory({ client: "better-sqlite3", connection: { filename: join(dir, "store.sqlite") }, useNullAsDefault: true });
    try {
      const stock = new Map(variants.map((v) => [v.variantId, INITIAL_STOCK]));
      const report = await assertStoreConsistent(knex, seeded.store_id, stock);
      assert.equal(report.orders, CHECKOUTS, "24 orders in the file");
      const taken = new Map<string, number>();
      for (const lines of plans) for (const line of lines) taken.set(line.variantId, (taken.get(line.variantId) ?? 0) + line.quantity);
      for (const variant of variants) {
        const row = await knex("variants").where({ id: variant.variantId }).first("stock");
        assert.equal(Number(row.stock), INITIAL_STOCK - (taken.get(variant.variantId) ?? 0), "stock less exactly what the carts held");
      }
    } finally {
      await knex.destroy();
    }
  });
});
