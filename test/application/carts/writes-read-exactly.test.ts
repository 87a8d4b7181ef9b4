// Writes never trust a per-process copy (docs/decisions/carts.md, "carts-08" and "carts-12"):
// two applications on one database play two server processes (or workers). Process A has read a
// product (and so keeps a copy of it, and of the price rules, until its next catalog poll, here a
// minute away); process B then changes the price, adds a price rule, or deletes the product. A's
// next cart add must price the line as checkout would charge now, and a deleted variant must be a
// 404 naming it, never the 500 of a foreign key refusing the line. On SQLite (a file both open),
// on MariaDB, and on a 3-node Galera cluster with A writing through node 1 and B through node 2
// (where A's reads must also see what node 2 committed a moment ago: causal reads).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApplication, type Application } from "../../../composition/container.js";
import { ReferenceGone } from "../../../application/errors/resource-errors.js";
import { isForeignKeyViolation } from "../../../adapters/persistence/database-errors.js";
import { serve, type TestClient } from "../../support/http-client.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../../support/mysql-database.js";
import { GaleraCluster, galeraUnavailableReason } from "../../support/galera-cluster.js";
import { createConnection } from "mysql2/promise";
import { newSession } from "../../support/cart-fixtures.js";
import { checkoutSession, fillSessionCart, setUpDelivery } from "../../support/order-fixtures.js";
import { startTestApplication, testConfig, type TestApplication } from "../../support/test-application.js";

/** A's catalog poll is a minute away: what B writes reaches A only through A's own reads. */
const ENV = { STOREFRONT_CATALOG_POLL_MS: "60000" };

const suite = (dialect: "sqlite" | "mariadb" | "galera"): void => {
  describe(`a write reads what it relies on, not a process's copy (${dialect})`, function () {
    this.timeout(dialect === "galera" ? 240_000 : 60_000);
    let dir: string | undefined;
    let mysql: ThrowawayDatabase | undefined;
    let cluster: GaleraCluster | undefined;
    let a: TestApplication;
    let b: Application;
    let bClient: TestClient;
    let secret: string;
    let publishable: string;

    before(async function () {
      let databaseUrl: string;
      let otherUrl: string | undefined;
      if (dialect === "galera") {
        const reason = galeraUnavailableReason();
        if (reason !== undefined) {
          if (process.env.CI === "true") throw new Error(`a Galera cluster cannot be started here, and CI=true requires these tests: ${reason}`);
          console.log(`    (skipped: ${reason})`);
          this.skip();
        }
        cluster = await GaleraCluster.start();
        await cluster.createDatabase("sf_exact");
        databaseUrl = cluster.multiHostUrl("sf_exact", 0);
        otherUrl = cluster.multiHostUrl("sf_exact", 1);
      } else if (dialect === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("writes_read_exactly");
        databaseUrl = mysql.url;
      } else {
        dir = mkdtempSync(join(tmpdir(), "writes-read-exactly-"));
        databaseUrl = `sqlite:${join(dir, "store.db")}`;
      }
      a = await startTestApplication({ databaseUrl, env: ENV, logger: pino({ level: process.env.DEBUG_LOG ?? "silent" }) });
      b = createApplication(testConfig({ databaseUrl: otherUrl ?? databaseUrl, env: ENV }), { logger: pino({ level: process.env.DEBUG_LOG ?? "silent" }) });
      bClient = await serve(b.httpApp());
      secret = a.store.keys.secretTest;
      publishable = a.store.keys.publishableTest;
    });

    after(async () => {
      await bClient?.close();
      await b?.close();
      await a?.close();
      await mysql?.drop();
      await cluster?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    /** A product made through A, read through A (so A keeps a copy), and a first cart add through A. */
    const warmProduct = async (name: string, price: number): Promise<{ productId: string; variantId: string }> => {
      const created = await a.client.post("/v1/products", { name, variants: [{ sku: `SKU-${newSession().slice(-10)}`, price, stock: 50 }] }, { key: secret });
      assert.equal(created.status, 201, created.text);
      const product = { productId: created.body.product_id as string, variantId: created.body.variant_id as string };
      assert.equal((await a.client.get(`/v1/products/${product.productId}`, { key: publishable })).status, 200);
      const first = await addThroughA(newSession(), product.variantId);
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body.cart.items[0].unit_price, price);
      return product;
    };

    const addThroughA = (session: string, variantId: string) =>
      a.client.post("/v1/cart/items", { variant_id: variantId, quantity: 1 }, { key: publishable, headers: { "x-session-id": session } });

    it("a price changed through another process: the cart line shows the new price at once", async () => {
      const product = await warmProduct("Kikoy Beach Wrap", 1_500_00);
      const changed = await bClient.patch(`/v1/products/${product.productId}/variants/${product.variantId}`, { price: 1_800_00 }, { key: secret });
      assert.equal(changed.status, 200, changed.text);
      const added = await addThroughA(newSession(), product.variantId);
      assert.equal(added.status, 200, added.text);
      assert.equal(added.body.cart.items[0].unit_price, 1_800_00, "the price checkout would charge now");
    });

    it("a price rule added through another process: the cart line has its discount at once, and a line already there is repriced", async () => {
      const product = await warmProduct("Maasai Shuka", 2_000_00);
      const session = newSession();
      assert.equal((await addThroughA(session, product.variantId)).body.cart.items[0].unit_price, 2_000_00);
      const rule = await bClient.post(
        "/v1/price-rules",
        { name: "Shuka week", kind: "volume", min_quantity: 2, product_ids: [product.productId], discount_type: "percentage", value: 10 },
        { key: secret },
      );
      assert.equal(rule.status, 201, rule.text);
      const added = await addThroughA(session, product.variantId);
      assert.equal(added.status, 200, added.text);
      assert.equal(added.body.cart.items[0].quantity, 2);
      assert.equal(added.body.cart.items[0].unit_price, 1_800_00, "the rule's 10 % off");
    });

    it("price rules from A's copy only while it is current: no rule read while nothing changed, and a rule changed or removed through B prices A's next add at once", async () => {
      const product = await warmProduct("Kiondo Bag", 3_000_00);
      const session = newSession();
      const ruleReads = async (work: () => Promise<{ status: number; text: string; body: any }>) => {
        const sent: string[] = [];
        const stop = a.application.database.onQuery((sql) => void sent.push(sql));
        try {
          const answer = await work();
          assert.equal(answer.status, 200, answer.text);
          return { answer, reads: sent.filter((sql) => /\bfrom price_rules\b|\bjoin price_rules\b/.test(sql)).length };
        } finally {
          stop();
        }
      };
      // A's copy is made by its first add since the store last changed; the next adds read no rule.
      await ruleReads(() => addThroughA(session, product.variantId));
      const steady = await ruleReads(() => addThroughA(session, product.variantId));
      assert.equal(steady.reads, 0, "the copy's version is the one the variant read saw");
      assert.equal(steady.answer.body.cart.items[0].unit_price, 3_000_00);
      const rule = await bClient.post(
        "/v1/price-rules",
        { name: "Kiondo week", kind: "volume", min_quantity: 2, product_ids: [product.productId], discount_type: "percentage", value: 10 },
        { key: secret },
      );
      assert.equal(rule.status, 201, rule.text);
      const discounted = await ruleReads(() => addThroughA(session, product.variantId));
      assert.equal(discounted.reads, 1, "the store's version moved: the rules are read again");
      assert.equal(discounted.answer.body.cart.items[0].unit_price, 2_700_00, "the rule B just added");
      const changed = await bClient.patch(`/v1/price-rules/${rule.body.id}`, { value: 20 }, { key: secret });
      assert.equal(changed.status, 200, changed.text);
      const deeper = await ruleReads(() => addThroughA(session, product.variantId));
      assert.equal(deeper.answer.body.cart.items[0].unit_price, 2_400_00, "the rule as B just changed it");
      const removed = await bClient.delete(`/v1/price-rules/${rule.body.id}`, { key: secret });
      assert.ok([200, 204].includes(removed.status), removed.text);
      const plain = await ruleReads(() => addThroughA(session, product.variantId));
      assert.equal(plain.answer.body.cart.items[0].unit_price, 3_000_00, "B removed the rule");
      assert.equal((await ruleReads(() => addThroughA(session, product.variantId))).reads, 0);
    });

    it("a product deleted through another process: a cart add is a 404 naming the variant, not a 500; so is a wishlist add", async () => {
      const product = await warmProduct("Sisal Basket", 900_00);
      const deleted = await bClient.delete(`/v1/products/${product.productId}`, { key: secret });
      assert.ok([200, 204].includes(deleted.status), deleted.text);
      const added = await addThroughA(newSession(), product.variantId);
      assert.equal(added.status, 404, added.text);
      assert.equal(added.body.error.code, "resource_missing");
      assert.equal(added.body.error.param, "variant_id");
      assert.ok(added.body.error.message.includes(product.variantId), added.body.error.message);
      const customer = await a.client.post("/v1/auth/register", { email: `${newSession()}@example.com`, password: "Tall-Giraffe-Naivasha-2026", name: "Wanjiku" }, { key: secret });
      assert.equal(customer.status, 201, customer.text);
      const wished = await a.client.post(
        "/v1/wishlist",
        { customer_id: customer.body.customer.id, variant_id: product.variantId },
        { key: secret, headers: { "x-auth-token": customer.body.session.access_token } },
      );
      assert.equal(wished.status, 404, wished.text);
      assert.equal(wished.body.error.param, "variant_id");
    });

    it("a tax rate and a price rule changed through another process: the next checkout through this one charges them", async () => {
      await setUpDelivery(a.client, secret, { taxRatePercent: 0 });
      const product = await warmProduct("Kitenge Fabric", 1_000_00);
      // A checkout through A: A now holds the store (tax 0 %) and the price rules.
      const first = await checkoutSession(a.client, secret, await fillSessionCart(a.client, publishable, [{ variantId: product.variantId, quantity: 1 }]));
      assert.equal(first.tax_amount, 0);
      const taxed = await bClient.patch("/v1/store", { tax_rate_percent: 16 }, { key: secret });
      assert.equal(taxed.status, 200, taxed.text);
      const rule = await bClient.post(
        "/v1/price-rules",
        { name: "Kitenge week", kind: "volume", min_quantity: 2, product_ids: [product.productId], discount_type: "percentage", value: 50 },
        { key: secret },
      );
      assert.equal(rule.status, 201, rule.text);
      const session = newSession();
      // Two adds through B, so the cart itself is priced by the process that wrote the rule.
      await fillSessionCart(bClient, publishable, [{ variantId: product.variantId, quantity: 2 }], session);
      const order = await checkoutSession(a.client, secret, session);
      assert.equal(order.subtotal, 1_000.0, `two at half price: ${JSON.stringify(order)}`);
      assert.equal(order.tax_amount, 208.0, "16 % (the rate just set) of 1,000.00 and the 300.00 delivery");
      await bClient.patch("/v1/store", { tax_rate_percent: 0 }, { key: secret });
    });

    it("promotions and delivery tiers from A's copies only while current: a checkout reads neither while nothing changed, and one added, changed or removed through B is charged by A's next checkout", async () => {
      const tierId = await setUpDelivery(a.client, secret, { taxRatePercent: 0, deliveryFee: 300 });
      const product = await warmProduct("Sisal Basket", 1_000_00);
      const copiedReads = /\b(from|join) (promotions|shipping_zones|shipping_tiers)\b(?! where store_id = \? and id)/;
      const checkoutThroughA = async () => {
        const session = await fillSessionCart(a.client, publishable, [{ variantId: product.variantId, quantity: 1 }]);
        const sent: string[] = [];
        const stop = a.application.database.onQuery((sql) => void sent.push(sql));
        try {
          const order = await checkoutSession(a.client, secret, session);
          return { order, reads: sent.filter((sql) => copiedReads.test(sql)).length };
        } finally {
          stop();
        }
      };
      // A's copies are made by its first checkout since the store last changed; the next reads none.
      await checkoutThroughA();
      const steady = await checkoutThroughA();
      assert.equal(steady.reads, 0, "the copies' version is the one the checkout's store read saw");
      assert.deepEqual([steady.order.discount_amount, steady.order.shipping_amount], [0, 300]);

      const promotion = await bClient.post(
        "/v1/promotions",
        { name: "Basket week", type: "discount", discount_type: "percentage", discount_value: 10, end_date: "2099-01-01T00:00:00Z" },
        { key: secret },
      );
      assert.equal(promotion.status, 201, promotion.text);
      const discounted = await checkoutThroughA();
      assert.equal(discounted.order.discount_amount, 100, "the promotion B just added: 10 % of 1,000.00");
      assert.equal(discounted.reads, 3, "the store's version moved: the promotions, zones and tiers are read again");
      assert.equal((await bClient.patch(`/v1/promotions/${promotion.body.id}`, { discount_value: 20 }, { key: secret })).status, 200);
      assert.equal((await checkoutThroughA()).order.discount_amount, 200, "the promotion as B just changed it");
      assert.ok([200, 204].includes((await bClient.delete(`/v1/promotions/${promotion.body.id}`, { key: secret })).status));
      assert.equal((await checkoutThroughA()).order.discount_amount, 0, "B removed the promotion");

      // Priority 5: above the tiers earlier tests of this store left.
      const dearer = await bClient.patch(`/v1/shipping/tiers/${tierId}`, { delivery_fee: 450, priority: 5 }, { key: secret });
      assert.equal(dearer.status, 200, dearer.text);
      assert.equal((await checkoutThroughA()).order.shipping_amount, 450, "the tier as B just changed it");
      const nearer = await bClient.post(
        "/v1/shipping/tiers",
        { tier_name: "Nairobi 0-10 km, express", min_distance_meters: 0, max_distance_meters: 10_000, delivery_fee: 250, priority: 10 },
        { key: secret },
      );
      assert.equal(nearer.status, 201, nearer.text);
      assert.equal((await checkoutThroughA()).order.shipping_amount, 250, "the tier B just added, of higher priority");
      assert.ok([200, 204].includes((await bClient.delete(`/v1/shipping/tiers/${nearer.body.id}`, { key: secret })).status));
      const last = await checkoutThroughA();
      assert.equal(last.order.shipping_amount, 450, "B removed the tier");
      assert.equal((await checkoutThroughA()).reads, 0);
      await bClient.delete(`/v1/shipping/tiers/${tierId}`, { key: secret });
    });

    it("store settings written through two processes do not undo each other, nor an HMAC secret rotated through the other", async () => {
      assert.equal((await a.client.get("/v1/store", { key: secret })).status, 200, "A holds the store now");
      const rotated = await bClient.post("/v1/store/hmac-secret/rotate", {}, { key: secret });
      assert.equal(rotated.status, 200, rotated.text);
      assert.equal((await bClient.patch("/v1/store", { tax_rate_percent: 7 }, { key: secret })).status, 200);
      const renamed = await a.client.patch("/v1/store", { name: "Renamed Through A" }, { key: secret });
      assert.equal(renamed.status, 200, renamed.text);
      const row = await b.database.knex("stores").where({ id: a.store.store.id }).first();
      assert.equal(row.name, "Renamed Through A");
      assert.equal(Number(row.tax_rate_percent), 7, "B's tax rate is kept");
      assert.equal(row.hmac_secret, rotated.body.hmac_secret, "B's rotation is kept");
      await bClient.patch("/v1/store", { tax_rate_percent: 0 }, { key: secret });
    });

    it("cart adds racing a delete on two processes: every answer is a 200 or a 404, never a 5xx", async () => {
      for (let round = 0; round < 3; round++) {
        const product = await warmProduct(`Race Mug ${round}`, 500_00);
        // B's copy too, so both processes hold one while the delete lands.
        await bClient.get(`/v1/products/${product.productId}`, { key: publishable });
        const adds = Array.from({ length: 16 }, (_, i) =>
          (i % 2 === 0 ? a.client : bClient).post("/v1/cart/items", { variant_id: product.variantId, quantity: 1 }, { key: publishable, headers: { "x-session-id": newSession() } }),
        );
        const deletion = bClient.delete(`/v1/products/${product.productId}`, { key: secret });
        const answers = await Promise.all(adds);
        assert.ok([200, 204].includes((await deletion).status));
        for (const answer of answers) assert.ok([200, 404].includes(answer.status), `${answer.status} ${answer.text}`);
        const after = await addThroughA(newSession(), product.variantId);
        if (after.status !== 404) assert.fail(`round ${round}: an add after the delete answered ${after.status} ${after.text}\n${await whereIs(product)}`);
      }
    });

    /** On a cluster, what each node holds of `product` (read without a causal wait), for a failure message. */
    const whereIs = async (product: { productId: string; variantId: string }): Promise<string> => {
      if (cluster === undefined) return "";
      const lines: string[] = [];
      for (const node of cluster.nodes) {
        const conn = await createConnection({ uri: node.url("sf_exact"), connectTimeout: 1000 });
        try {
          await conn.query("SET SESSION wsrep_sync_wait = 0");
          const [products] = await conn.query("SELECT is_active FROM products WHERE id = ?", [product.productId]);
          const [variants] = await conn.query("SELECT stock FROM variants WHERE id = ?", [product.variantId]);
          const [lines_] = await conn.query("SELECT count(*) AS n FROM cart_items WHERE variant_id = ?", [product.variantId]);
          const [status] = await conn.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_last_committed', 'wsrep_cluster_size', 'wsrep_local_state_comment')");
          lines.push(
            `node ${node.index + 1}: product ${JSON.stringify(products)}, variant ${JSON.stringify(variants)}, cart lines ${JSON.stringify(lines_)}, ${JSON.stringify(status)}`,
          );
        } finally {
          await conn.end().catch(() => conn.destroy());
        }
      }
      return lines.join("\n");
    };

    if (dialect === "galera") it("on a Galera cluster, a read through one node sees what was just committed through another (causal reads)", async function () {
      const [setting] = await a.application.database.select<{ wait: number | string }>("select @@session.wsrep_sync_wait as wait", []);
      assert.equal(Number(setting!.wait), 1);
      const product = await warmProduct("Causal Mug", 100_00);
      let stale = 0;
      for (let price = 101_00; price < 101_00 + 400; price++) {
        await b.database.execute("update variants set price = ? where id = ?", [price, product.variantId]);
        const [row] = await a.application.database.select<{ price: number | string }>("select price from variants where id = ?", [product.variantId]);
        if (Number(row!.price) !== price) stale++;
      }
      assert.equal(stale, 0, "reads on node 1 right after commits on node 2 that missed them");
    });

    it("a foreign key that refuses a write is a ReferenceGone (409 reference_conflict), on this database's own error codes", async () => {
      const db = a.application.database;
      let caught: unknown;
      try {
        await db.transaction(() =>
          db.run((q) =>
            q("cart_items").insert({
              id: "0190aaaa-0000-7000-8000-000000000001",
              cart_id: "0190aaaa-0000-7000-8000-000000000002",
              variant_id: "0190aaaa-0000-7000-8000-000000000003",
              product_id: "0190aaaa-0000-7000-8000-000000000004",
              store_id: a.store.store.id,
              quantity: 1,
              unit_price: 100,
              position: 0,
              created_at: "2026-11-26 00:00:00.000",
              updated_at: "2026-11-26 00:00:00.000",
            }),
          ),
        );
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof ReferenceGone, `caught ${String(caught)}`);
      assert.ok(isForeignKeyViolation(caught));
    });
  });
};

suite("sqlite");
suite("mariadb");
suite("galera");
