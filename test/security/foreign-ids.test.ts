// OWASP API1/API3 for ids inside bodies: every write that names other records (products,
// variants, categories, subcategories, collections, lookbooks, customers, orders) refuses ids of
// another store with a 4xx naming the field, and writes nothing. Store B's secret key sends
// store A's ids; each case also checks that the same write with B's own ids is accepted, so a
// refusal is about the foreign id and not about a malformed body.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "mocha";
import { signedHeaders } from "../support/signed-request.js";
import { describeMysql } from "../support/mysql-database.js";
import type { TestApplication, TestApplicationOptions } from "../support/test-application.js";
import { buildWorld, startWorld, type StoreWorld } from "./security-world.js";

interface WriteCase {
  readonly name: string;
  readonly method: "POST" | "PATCH" | "PUT";
  /** The path in store B's world. */
  readonly path: (b: StoreWorld) => string;
  /** The body naming `ids`' records: store A's for the attack, store B's for the control. */
  readonly body: (ids: StoreWorld, b: StoreWorld) => Record<string, unknown>;
  /** The parameter the refusal names (its first segment). */
  readonly param: string;
  readonly headers?: (b: StoreWorld) => Record<string, string>;
  /** The route takes signed requests (X-Timestamp, X-Signature). */
  readonly signed?: boolean;
  /** The control request with B's own ids is skipped (a write that can run once only). */
  readonly noControl?: boolean;
}

const unique = (label: string): string => `${label} ${randomUUID().slice(0, 8)}`;
const endDate = () => new Date(Date.now() + 86_400_000).toISOString();
const customer = (b: StoreWorld) => ({ "x-auth-token": b.customerX.accessToken });

const CASES: readonly WriteCase[] = [
  { name: "product with a category", method: "POST", path: () => "/v1/products", param: "category_id",
    body: (w) => ({ name: unique("Chair"), category_id: w.categoryId, variants: [{ sku: `SKU-${randomUUID().slice(0, 10)}`, price: 5_000, stock: 3 }] }) },
  { name: "product with a subcategory", method: "POST", path: () => "/v1/products", param: "subcategory_id",
    body: (w, b) => ({ name: unique("Chair"), category_id: b.categoryId, subcategory_id: w.subcategoryId, variants: [{ sku: `SKU-${randomUUID().slice(0, 10)}`, price: 5_000, stock: 3 }] }) },
  { name: "product update with a category", method: "PATCH", path: (b) => `/v1/products/${b.productId}`, param: "category_id", body: (w) => ({ category_id: w.categoryId }) },
  { name: "subcategory under a category", method: "POST", path: () => "/v1/subcategories", param: "category_id", body: (w) => ({ name: unique("Sub"), category_id: w.categoryId }) },
  { name: "collection items", method: "PUT", path: (b) => `/v1/product-collections/${b.collectionId}/items`, param: "items", body: (w) => ({ items: [{ product_id: w.productId }] }) },
  { name: "price rule for products", method: "POST", path: () => "/v1/price-rules", param: "product_ids",
    body: (w) => ({ name: unique("Rule"), kind: "volume", min_quantity: 10, discount_type: "percentage", value: 3, product_ids: [w.productId] }) },
  { name: "price rule for categories", method: "POST", path: () => "/v1/price-rules", param: "category_ids",
    body: (w) => ({ name: unique("Rule"), kind: "volume", min_quantity: 10, discount_type: "percentage", value: 3, category_ids: [w.categoryId] }) },
  { name: "price rule update", method: "PATCH", path: (b) => `/v1/price-rules/${b.priceRuleId}`, param: "product_ids", body: (w) => ({ product_ids: [w.productId] }) },
  { name: "promotion for products", method: "POST", path: () => "/v1/promotions", param: "applicable_products",
    body: (w) => ({ name: unique("Promo"), type: "discount", discount_type: "percentage", discount_value: 10, end_date: endDate(), applicable_products: [w.productId] }) },
  { name: "promotion for categories", method: "POST", path: () => "/v1/promotions", param: "applicable_categories",
    body: (w) => ({ name: unique("Promo"), type: "discount", discount_type: "percentage", discount_value: 10, end_date: endDate(), applicable_categories: [w.categoryId] }) },
  { name: "bundle promotion", method: "POST", path: () => "/v1/promotions", param: "bundle_products",
    body: (w) => ({ name: unique("Bundle"), type: "bundle", discount_type: "fixed", discount_value: 100, end_date: endDate(), bundle_products: [{ product_id: w.productId, quantity: 2 }] }) },
  { name: "bogo promotion", method: "POST", path: () => "/v1/promotions", param: "bogo_required_products",
    body: (w) => ({ name: unique("Bogo"), type: "bogo", end_date: endDate(), bogo_required_products: [{ product_id: w.productId, quantity: 2 }], bogo_free_products: [{ product_id: w.productId, quantity: 1 }] }) },
  { name: "promotion update", method: "PATCH", path: (b) => `/v1/promotions/${b.promotionId}`, param: "applicable_products", body: (w) => ({ applicable_products: [w.productId] }) },
  { name: "gift card for a customer", method: "POST", path: () => "/v1/gift-cards", param: "customer_id", body: (w) => ({ initial_balance: 500, customer_id: w.customerX.id }) },
  { name: "post with products", method: "POST", path: () => "/v1/posts", param: "product_ids", body: (w) => ({ title: unique("Post"), product_ids: [w.productId] }) },
  { name: "post with lookbooks", method: "POST", path: () => "/v1/posts", param: "lookbook_ids", body: (w) => ({ title: unique("Post"), lookbook_ids: [w.lookbookId] }) },
  { name: "post with a category", method: "POST", path: () => "/v1/posts", param: "category_id", body: (w) => ({ title: unique("Post"), category_id: w.categoryId }) },
  { name: "lookbook of a collection", method: "POST", path: () => "/v1/lookbooks", param: "collection_id", body: (w) => ({ title: unique("Look"), collection_id: w.collectionId }) },
  { name: "lookbook hotspot", method: "POST", path: () => "/v1/lookbooks", param: "images",
    body: (w) => ({ title: unique("Look"), images: [{ url: "https://img.example/l.jpg", hotspots: [{ product_id: w.productId, x: 1, y: 1 }] }] }) },
  { name: "message thread about an order", method: "POST", path: () => "/v1/messaging/threads", param: "order_id", headers: customer,
    body: (w) => ({ subject: "Where is it?", thread_type: "order_inquiry", message: "Hello", order_id: w.orderIdX }) },
  { name: "message thread about a product", method: "POST", path: () => "/v1/messaging/threads", param: "product_id", headers: customer,
    body: (w) => ({ subject: "Question", thread_type: "product_inquiry", message: "Hello", product_id: w.productId }) },
  { name: "wishlist item", method: "POST", path: () => "/v1/wishlist", param: "variant_id", headers: customer,
    body: (w, b) => ({ variant_id: w.variantId, customer_id: b.customerX.id }) },
  { name: "cart line", method: "POST", path: () => "/v1/cart/items", param: "variant_id", headers: (b) => ({ "x-session-id": b.session }), body: (w) => ({ variant_id: w.variantId, quantity: 1 }) },
  { name: "payment of an order", method: "POST", path: () => "/v1/payments/initialize", param: "order_id",
    body: (w) => ({ provider: "card_redirect", amount: 10, currency: "USD", email: "a@example.com", order_id: w.orderId, success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" }), signed: true, noControl: true },
];

const foreignIdSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    let t: TestApplication;
    let a: StoreWorld;
    let b: StoreWorld;
    before(async function () {
      this.timeout(60_000);
      ({ t, world: a } = await startWorld(options()));
      const knex = t.application.database.knex;
      b = await buildWorld(t.client, t.otherStore, async () => {
        const row: { id: string } | undefined = await knex("events").where({ store_id: t.otherStore.store.id }).first("id");
        return row!.id;
      });
    });
    after(() => t?.close());

    for (const write of CASES) {
      it(`${write.method} ${write.name}: another store's id is a 4xx naming ${write.param}, and nothing is written`, async () => {
        const send = (ids: StoreWorld) => {
          const raw = JSON.stringify(write.body(ids, b));
          const headers = { "Idempotency-Key": `idem_${randomUUID()}`, ...(write.headers?.(b) ?? {}) };
          return t.client.request(write.method, write.path(b), {
            key: b.secret,
            headers: write.signed === true ? signedHeaders(raw, { key: b.secret, secret: b.hmacSecret, headers }) : headers,
            body: raw,
          });
        };
        const eventsBefore = Number((await t.application.database.knex("events").where({ store_id: t.otherStore.store.id }).count({ n: "*" }).first())?.n);
        const refused = await send(a);
        assert.ok([400, 404, 422].includes(refused.status), `${write.name}: ${refused.status} ${refused.text.slice(0, 300)}`);
        assert.equal(String(refused.body.error.param ?? "").split(/[.[]/)[0], write.param, `${write.name}: ${refused.text.slice(0, 300)}`);
        const eventsAfter = Number((await t.application.database.knex("events").where({ store_id: t.otherStore.store.id }).count({ n: "*" }).first())?.n);
        assert.equal(eventsAfter, eventsBefore, `${write.name}: a refused write emitted an event`);
        if (write.noControl !== true) {
          const accepted = await send(b);
          assert.ok(accepted.status < 300, `${write.name} with the store's own ids: ${accepted.status} ${accepted.text.slice(0, 300)}`);
        }
      });
    }

    it("a customer's thread may name only that customer's orders: another customer's order in the same store is a 400 naming order_id", async () => {
      const open = (token: string) =>
        t.client.post("/v1/messaging/threads", { subject: "My order", thread_type: "order_inquiry", message: "Hello", order_id: b.orderIdX }, { key: b.secret, headers: { "x-auth-token": token } });
      const refused = await open(b.customerY.accessToken);
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.error.param, "order_id");
      const threads = await t.client.get("/v1/messaging/threads", { key: b.secret, headers: { "x-auth-token": b.customerY.accessToken } });
      assert.ok(!JSON.stringify(threads.body).includes(b.orderIdX), "customer Y holds no thread about X's order");
      const own = await open(b.customerX.accessToken);
      assert.equal(own.status, 201, own.text);
    });
  });

foreignIdSuite("API1/API3: ids of another store inside write bodies (SQLite)", () => ({}));
describeMysql("API1/API3: ids of another store inside write bodies (MariaDB)", (getDb) => {
  foreignIdSuite("on MariaDB", () => ({ databaseUrl: getDb().url }));
});
