// The admin order list walks an index for every filter, on both dialects (docs/decisions/back-office.md,
// "back-office-30"): the statements KnexAdminOrderReads really sends are
// EXPLAINed in a store of 4,000 orders, and none may scan the orders table, sort the store's
// orders, or take another index than the one its filter names. Only an order-number prefix with
// few matches reads them through the order-number index and sorts those few. The timeline's reads
// go by index too. SQLite plans without statistics, as it runs; MariaDB after ANALYZE TABLE.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AdminOrderFilter } from "../../../application/orders/admin-order-inputs.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { encodeCursor } from "../../../adapters/persistence/keyset-page.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexAdminOrderReads, listIndexFor } from "../../../adapters/persistence/repositories/knex-admin-order-reads.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { productColumns } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { productRecord } from "../../support/catalog-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000ab";
const OTHER = "01900000-0000-7000-8000-0000000000ac";
const CUSTOMER = "01900000-0000-7000-8000-0000000000cc";
const ORDERS = 4_000;
const id = (kind: number, n: number): string => `01900000-0000-7000-8${kind}00-${n.toString(16).padStart(12, "0")}`;

const seed = async (db: Database): Promise<void> => {
  const stores = new KnexStoreRepository(db);
  for (const s of [STORE, OTHER]) await stores.create({ id: s, name: "Plans", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
  const at = "2030-01-01T00:00:00.000Z";
  await db.knex("customers").insert({ id: CUSTOMER, store_id: STORE, email: "c@example.com", name: "C", status: "active", join_date: "2030-01-01", created_at: at, updated_at: at });
  const product = productRecord("01900000-0000-7000-8000-0000000000dd");
  await db.knex("products").insert(productColumns(STORE, product));
  const statuses = ["pending", "processing", "shipped", "delivered", "cancelled"];
  const payments = ["pending", "paid", "failed", "refunded"];
  const fulfilments = ["unfulfilled", "partially_fulfilled", "fulfilled"];
  for (const store of [STORE, OTHER]) {
    for (let start = 0; start < ORDERS; start += 500) {
      const rows = [];
      for (let n = start; n < start + 500; n++) {
        const created = new Date(Date.parse(at) + n * 60_000).toISOString();
        rows.push({
          id: store === STORE ? id(1, n) : id(2, n),
          store_id: store,
          order_number: `ORD-2030-${String(n).padStart(6, "0")}`,
          customer_id: store === STORE && n % 40 === 0 ? CUSTOMER : null,
          customer_email: n % 50 === 0 ? "many@example.com" : `b${n}@example.com`,
          customer_phone: `+2547${String(n).padStart(8, "0")}`,
          customer_name: "B",
          order_status: statuses[n % 5],
          payment_status: payments[n % 4],
          fulfilment_status: fulfilments[n % 3],
          payment_method: "mobile_stk",
          payment_reference: null,
          currency: "KES",
          subtotal: n * 100,
          discount_amount: 0,
          shipping_amount: 0,
          tax_amount: 0,
          gift_card_amount: 0,
          total_amount: n * 100,
          billing_address: "{}",
          shipping_address: "{}",
          shipping_metadata: "{}",
          promotions: "[]",
          livemode: false,
          created_at: created,
          updated_at: created,
        });
      }
      await db.knex("orders").insert(rows);
      await db.knex("order_items").insert(
        rows.map((row, i) => ({
          id: id(store === STORE ? 3 : 4, start + i),
          order_id: row.id,
          store_id: store,
          product_id: product.id,
          variant_id: null,
          product_name: "P",
          variant_name: "",
          sku: "SKU",
          quantity: 1,
          unit_price: row.total_amount,
          line_total: row.total_amount,
          position: 0,
        })),
      );
    }
  }
  // Threads about a few orders, with messages.
  for (let n = 0; n < 40; n++) {
    const thread = id(5, n);
    await db.knex("message_threads").insert({
      id: thread, store_id: STORE, customer_id: CUSTOMER, order_id: id(1, n * 10), subject: "S", thread_type: "order", status: "open", priority: "normal",
      last_message_at: at, last_message_by: "customer", created_at: at, updated_at: at,
    });
    await db.knex("messages").insert(
      Array.from({ length: 5 }, (_, k) => ({
        id: id(6, n * 10 + k), store_id: STORE, thread_id: thread, message_content: "Hello", message_type: "text", sender_type: "customer", sender_id: null,
        sender_name: "C", attachments: "[]", metadata: "{}", message_status: "sent", created_at: new Date(Date.parse(at) + k * 1000).toISOString(), updated_at: at,
      })),
    );
  }
};

interface Sent {
  readonly sql: string;
  readonly bindings: readonly unknown[];
}

const captured = async (db: Database, work: () => Promise<unknown>): Promise<Sent[]> => {
  const sent: Sent[] = [];
  const stop = db.onQuery((sql, bindings) => {
    if (/^\s*select/i.test(sql)) sent.push({ sql, bindings });
  });
  try {
    await work();
  } finally {
    stop();
  }
  return sent;
};

const CURSOR = encodeCursor(["2030-01-02T10:00:00.000Z", id(1, 2000)]);

/** Each filter, and the index its statement must walk. */
const FILTERS: ReadonlyArray<readonly [string, AdminOrderFilter, string]> = [
  ["no filter", {}, "orders_admin_created_idx"],
  ["status", { orderStatus: "shipped" }, "orders_admin_status_idx"],
  ["payment status", { paymentStatus: "paid" }, "orders_admin_payment_idx"],
  ["fulfilment status", { fulfilmentStatus: "unfulfilled" }, "orders_admin_fulfilment_idx"],
  ["customer", { customerId: CUSTOMER }, "orders_admin_customer_idx"],
  ["created range", { createdFrom: "2030-01-01T12:00:00.000Z", createdTo: "2030-01-02T12:00:00.000Z" }, "orders_admin_created_idx"],
  // An amount range of few orders (at most the limit, 1,000 here) is read as a range of the amount index and sorted;
  ["amount range, few orders", { totalMin: 1_000, totalMax: 2_000 }, "orders_admin_total_idx"],
  // one of more walks the store's orders by date, which its matches fill quickly.
  ["amount range, many orders", { totalMin: 100_000 }, "orders_admin_created_idx"],
  ["status, payment, fulfilment, dates and amounts", { orderStatus: "pending", paymentStatus: "pending", fulfilmentStatus: "fulfilled", createdFrom: "2030-01-01T00:00:00.000Z", totalMax: 300_000 }, "orders_admin_fulfilment_idx"],
  ["q: an email", { q: "many@example.com" }, "orders_admin_email_idx"],
  ["q: a phone number", { q: "+254700001234" }, "orders_admin_phone_idx"],
  ["q: an order number", { q: "ORD-2030-000123" }, "orders_store_id_order_number_unique"],
  // More matches than the prefix limit (1,000 here): the store's orders walked in order.
  ["q: a common order number start", { q: "ORD-2030" }, "orders_admin_created_idx"],
];

const planSuite = (title: string, open: () => Promise<{ db: Database; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(180_000);
    let db: Database;
    let close: () => Promise<void>;
    let reads: KnexAdminOrderReads;
    before(async () => {
      let analyze: () => Promise<void>;
      ({ db, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await seed(db);
      await analyze();
      reads = new KnexAdminOrderReads(db);
      reads.prefixSortLimit = 1_000;
    });
    after(() => close?.());

    /** The list statements (not the lines' read by key, nor the prefix's count) and their plans. */
    const listPlans = async (filter: AdminOrderFilter, cursor?: string) => {
      const sent = await captured(db, () => reads.listPage(STORE, filter, { limit: 50, ...(cursor !== undefined ? { cursor } : {}) }));
      const lists = sent.filter((s) => /order by created_at desc, id desc/.test(s.sql));
      assert.ok(lists.length > 0, "the list was read");
      const plans = [];
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          plans.push({ sql, list: lists.some((l) => l.sql === sql), details: plan.map((p) => p.detail) });
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null; Extra: string | null }[]];
          plans.push({ sql, list: lists.some((l) => l.sql === sql), rows });
        }
      }
      return plans;
    };

    for (const [name, filter, index] of FILTERS) {
      for (const cursor of [undefined, CURSOR]) {
        const sortsFew = index === "orders_store_id_order_number_unique" || index === "orders_admin_total_idx";
        it(`${name}${cursor === undefined ? "" : ", a later page"}: walks ${index}${sortsFew ? " (its few matches sorted)" : ", in order"}`, async () => {
          for (const plan of await listPlans(filter, cursor)) {
            const what = `${plan.sql}\n${JSON.stringify(plan.details ?? plan.rows)}`;
            if (plan.details !== undefined) {
              for (const detail of plan.details) assert.doesNotMatch(detail, /^SCAN (orders|order_items)\b/, what);
              if (/order_items/.test(plan.sql)) assert.ok(plan.details.some((d) => /SEARCH order_items USING INDEX/.test(d)), what);
              if (plan.list) {
                assert.ok(plan.details.some((d) => d.includes(`INDEX ${index}`)), `walks ${index}: ${what}`);
                if (!sortsFew) assert.ok(!plan.details.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d)), `no sort: ${what}`);
              }
            } else {
              for (const row of plan.rows!) {
                if (row.table === "<derived2>" || row.table === null) continue;
                assert.notEqual(row.type, "ALL", `a scan: ${what}`);
                if (plan.list && row.table === "orders") {
                  assert.equal(row.key, index, `walks ${index}: ${what}`);
                  if (!sortsFew) assert.doesNotMatch(row.Extra ?? "", /filesort/, `no sort: ${what}`);
                }
              }
            }
          }
        });
      }
    }

    it("each filter's index is the one listIndexFor names", () => {
      for (const [, filter, index] of FILTERS) if (filter.q === undefined && index !== "orders_admin_total_idx") assert.equal(listIndexFor(filter), index);
    });

    it("the answers are right: every filter against the rows, newest first, one store only", async () => {
      for (const [name, filter] of FILTERS) {
        const all: string[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await reads.listPage(STORE, filter, { limit: 500, ...(cursor !== undefined ? { cursor } : {}) });
          all.push(...page.items.map((o) => o.id));
          if (!page.hasMore) break;
          cursor = page.nextCursor!;
        }
        const query = db.knex("orders").where("store_id", STORE);
        if (filter.orderStatus !== undefined) void query.where("order_status", filter.orderStatus);
        if (filter.paymentStatus !== undefined) void query.where("payment_status", filter.paymentStatus);
        if (filter.fulfilmentStatus !== undefined) void query.where("fulfilment_status", filter.fulfilmentStatus);
        if (filter.customerId !== undefined) void query.where("customer_id", filter.customerId);
        if (filter.createdFrom !== undefined) void query.where("created_at", ">=", filter.createdFrom);
        if (filter.createdTo !== undefined) void query.where("created_at", "<", filter.createdTo);
        if (filter.totalMin !== undefined) void query.where("total_amount", ">=", filter.totalMin);
        if (filter.totalMax !== undefined) void query.where("total_amount", "<=", filter.totalMax);
        if (filter.q !== undefined) {
          const q = filter.q;
          void query.where((w) => void w.where("customer_email", q).orWhere("customer_phone", q).orWhere("order_number", "like", `${q.toUpperCase()}%`));
        }
        const expected = (await query.orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]).select("id")).map((r: { id: string }) => r.id);
        assert.deepEqual(all, expected, name);
      }
    });

    it("the timeline's reads go by index", async () => {
      const orderId = id(1, 10);
      const sent = await captured(db, () => reads.timelineFacts(STORE, orderId, 500));
      for (const { sql, bindings } of sent) {
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          for (const { detail } of plan) assert.doesNotMatch(detail, /^SCAN (audit_log|events|payments|message_threads|messages|webhook_delivery_attempts)\b/, `${sql}\n${detail}`);
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string }[]];
          for (const row of rows) assert.notEqual(row.type, "ALL", `${sql}\n${JSON.stringify(rows)}`);
        }
      }
    });
  });

planSuite("admin order list plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-order-plans-"));
  const db = openDatabase({ dialect: "sqlite", filename: join(dir, "plans.db") });
  return {
    db,
    analyze: async () => undefined,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("admin order list plans (MariaDB)", (getDb) =>
  planSuite("admin order list plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      analyze: async () => void (await db.knex.raw("analyze table orders, order_items, events, audit_log, payments, message_threads, messages")),
      close: () => db.close(),
    };
  }),
);
