// The admin customer list and search, and the inbox, walk indexes on both dialects (docs/staff.md,
// "Customers and the inbox"): the statements the repositories really send are EXPLAINed in a
// store of 3,000 customers and 3,000 threads (and a second store as large, so that a plan reading
// the wrong store's rows shows). No list scans a table; the plain list and every inbox list walk
// their index in its order (no sort); a search reads each key's matches as an index range and
// sorts only those. SQLite plans without statistics, MariaDB with ANALYZE TABLE's.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexCustomerDirectory, SEARCH_SORT_LIMIT } from "../../../adapters/persistence/repositories/knex-customer-directory.js";
import { KnexMessagingRepository } from "../../../adapters/persistence/repositories/knex-messaging-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import type { InboxFilter } from "../../../application/ports/messaging-repository.js";
import { customerQuery, customerSearchKeys } from "../../../domain/customers/customer-search.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORES = ["01900000-0000-7000-8000-0000000000a1", "01900000-0000-7000-8000-0000000000a2"];
const STORE = STORES[0]!;
const CUSTOMERS = 3_000;
const MEMBERS = 8;
const id = (kind: number, store: number, n: number): string => `01900000-0000-7000-8${kind}0${store}-${n.toString(16).padStart(12, "0")}`;
const FIRST = ["amina", "brian", "grace", "otieno", "wanjiku", "kamau", "achieng", "mwangi", "njeri", "baraka"];
const LAST = ["wanjiru", "otieno", "mwangi", "kariuki", "odhiambo", "kiprop", "mutua", "njoroge", "chebet", "omondi"];
const STATUSES = ["active", "active", "pending", "closed", "resolved"];
const TYPES = ["general", "support", "delivery", "complaint", "order_inquiry"];

const seed = async (db: Database): Promise<void> => {
  const at = (n: number): string => new Date(Date.parse("2030-01-01T00:00:00.000Z") + n * 60_000).toISOString();
  for (const [s, store] of STORES.entries()) {
    await new KnexStoreRepository(db).create({ id: store, name: `Plans ${s}`, baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: at(0) });
    await db.knex("staff_members").insert(
      Array.from({ length: MEMBERS }, (_, m) => ({
        id: id(3, s, m),
        store_id: store,
        email: `member${m}@example.com`,
        name: `Member ${m}`,
        role: "support",
        status: "active",
        totp_enabled: false,
        created_at: at(0),
        updated_at: at(0),
      })),
    );
    for (let start = 0; start < CUSTOMERS; start += 500) {
      const customers = [];
      const threads = [];
      for (let n = start; n < start + 500; n++) {
        const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
        const phone = `+254 7${String(n).padStart(8, "0")}`;
        const keys = customerSearchKeys(name, phone);
        customers.push({
          id: id(1, s, n),
          store_id: store,
          email: `${name.replace(" ", ".")}.${n}@example.com`,
          name,
          phone,
          status: "active",
          join_date: at(n).slice(0, 10),
          created_at: at(n),
          updated_at: at(n),
          name_key: keys.nameKey,
          last_name_key: keys.lastNameKey,
          phone_key: keys.phoneKey,
        });
        const unread = n % 3 === 0 ? n % 4 : 0;
        threads.push({
          id: id(2, s, n),
          store_id: store,
          customer_id: id(1, s, n),
          order_id: n % 10 === 0 ? id(4, s, n) : null,
          subject: `Thread ${n}`,
          thread_type: TYPES[n % TYPES.length],
          status: STATUSES[n % STATUSES.length],
          priority: "normal",
          last_message_at: at(n * 7 % CUSTOMERS),
          last_message_by: "customer",
          unread_count_customer: 0,
          unread_count_store: unread,
          store_unread: unread > 0,
          assignee_id: n % 4 === 0 ? null : id(3, s, n % MEMBERS),
          created_at: at(n),
          updated_at: at(n),
        });
      }
      await db.knex("customers").insert(customers);
      await db.knex("message_threads").insert(threads);
    }
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
  assert.ok(sent.length > 0, "the work sent selects");
  return sent;
};

const PAGE = { limit: 50 };

/** Each filter, and the index whose walk answers it (the one that starts with the filter's column). */
const INBOX: ReadonlyArray<readonly [string, InboxFilter, string]> = [
  ["the whole inbox", {}, "threads_inbox_idx"],
  ["unread only", { unread: true }, "threads_inbox_idx"],
  ["read only", { unread: false }, "threads_inbox_idx"],
  ["by status", { status: "pending" }, "threads_inbox_status_idx"],
  ["by type", { threadType: "complaint" }, "threads_inbox_type_idx"],
  ["by assignee", { assigneeId: id(3, 0, 3) }, "threads_inbox_assignee_idx"],
  ["assigned to nobody", { assigneeId: null }, "threads_inbox_assignee_idx"],
  ["by order", { orderId: id(4, 0, 120) }, "threads_inbox_order_idx"],
  ["by status and assignee", { status: "active", assigneeId: id(3, 0, 5) }, "threads_inbox_(status|assignee)_idx"],
];

const SEARCHES = ["amina", "wanjiru", "amina wanjiru", "grace.otieno.1", "+254 700001", "2547000012"];

const planSuite = (title: string, open: () => Promise<{ db: Database; analyze: () => Promise<void>; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(180_000);
    let db: Database;
    let close: () => Promise<void>;
    let customers: KnexCustomerDirectory;
    let messaging: KnexMessagingRepository;
    before(async () => {
      let analyze: () => Promise<void>;
      ({ db, analyze, close } = await open());
      await migrateToLatest(db.knex);
      await seed(db);
      await analyze();
      customers = new KnexCustomerDirectory(db);
      messaging = new KnexMessagingRepository(db);
    });
    after(() => close?.());

    /** Every statement of `work`: no table scan of customers or threads; `ordered`: no sort either. */
    const checkPlans = async (name: string, work: () => Promise<unknown>, ordered: boolean): Promise<void> => {
      for (const { sql, bindings } of await captured(db, work)) {
        const what = `${name}: ${sql}`;
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
          const details = plan.map((p) => p.detail);
          for (const detail of details) assert.doesNotMatch(detail, /^SCAN (c|t|customers|message_threads)\b/, `${what}\n${details.join("\n")}`);
          if (ordered) assert.ok(!details.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d)), `a sort: ${what}\n${details.join("\n")}`);
        } else {
          const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null; Extra: string | null }[]];
          const shown = `${what}\n${JSON.stringify(rows)}`;
          for (const row of rows) {
            if (/^<(union|derived)/.test(row.table ?? "<union")) continue;
            assert.notEqual(row.type, "ALL", `a scan of ${row.table}: ${shown}`);
            if (ordered && /^(c|t)$/.test(row.table)) assert.doesNotMatch(row.Extra ?? "", /filesort/, `a sort: ${shown}`);
          }
        }
      }
    };

    it("the customer list, first and a later page: walks (store, created_at, id) in order", async () => {
      const first = await customers.list(STORE, undefined, PAGE);
      assert.equal(first.items.length, 50);
      await checkPlans("the customer list", () => customers.list(STORE, undefined, PAGE), true);
      await checkPlans("a later page", () => customers.list(STORE, undefined, { limit: 50, cursor: first.nextCursor! }), true);
      if (db.dialect === "sqlite") {
        const [{ sql, bindings }] = await captured(db, () => customers.list(STORE, undefined, PAGE));
        const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql!}`, bindings as never[]);
        assert.ok(plan.some((p) => /SEARCH c USING INDEX customers_store_id_created_at_id_index/.test(p.detail)), plan.map((p) => p.detail).join("\n"));
      }
    });

    for (const q of SEARCHES) {
      it(`a search for ${JSON.stringify(q)}: each key's matches read as an index range, then by key`, async () => {
        const query = customerQuery(q)!;
        const found = await customers.list(STORE, query, PAGE);
        assert.ok(found.items.length > 0, "the search finds someone");
        await checkPlans(`search ${q}`, () => customers.list(STORE, query, PAGE), false);
        for (const { sql, bindings } of await captured(db, () => customers.list(STORE, query, PAGE))) {
          if (/count\(\*\)/.test(sql)) {
            // How many match, key by key: each an index range, never the rows.
            if (db.dialect === "sqlite") {
              const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
              assert.ok(plan.some((p) => /SEARCH customers USING (COVERING )?INDEX \S+ \(store_id=\? AND \w+>\? AND \w+<\?\)/.test(p.detail)), `${sql}\n${plan.map((p) => p.detail).join("\n")}`);
            }
            continue;
          }
          if (db.dialect === "sqlite") {
            const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
            const details = plan.map((p) => p.detail);
            const ranges = details.filter((d) => /SEARCH customers USING (COVERING )?INDEX \S+ \(store_id=\? AND \w+>\? AND \w+<\?\)/.test(d));
            assert.equal(ranges.length, query.digits === null ? 3 : 4, `each key a range: ${sql}\n${details.join("\n")}`);
            assert.ok(details.some((d) => /SEARCH c USING INDEX sqlite_autoindex_customers_1 \(id=\?\)/.test(d)), `by key: ${details.join("\n")}`);
          } else {
            const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; type: string; key: string | null }[]];
            const branches = rows.filter((r) => r.table === "customers");
            assert.ok(branches.every((r) => r.type === "range" || r.type === "ref"), `each key a range: ${JSON.stringify(rows)}`);
            assert.equal(rows.find((r) => r.table === "c")?.type, "eq_ref", `by key: ${JSON.stringify(rows)}`);
          }
        }
      });
    }

    it("a search matching more customers than are sorted walks the store's customers newest first, and answers the same pages", async () => {
      const query = customerQuery("2547000")!;
      const sorted: string[] = [];
      const walked: string[] = [];
      for (const [limit, into] of [[1_000_000, sorted], [10, walked]] as const) {
        customers.searchSortLimit = limit;
        let cursor: string | undefined;
        for (;;) {
          const page = await customers.list(STORE, query, { limit: 50, ...(cursor !== undefined ? { cursor } : {}) });
          into.push(...page.items.map((c) => c.id));
          if (!page.hasMore) break;
          cursor = page.nextCursor!;
        }
      }
      assert.ok(sorted.length > 10, `the search matches more than the limit (${sorted.length})`);
      assert.deepEqual(walked, sorted);
      customers.searchSortLimit = 10;
      try {
        await checkPlans("a dense search", () => customers.list(STORE, query, PAGE), true);
        const sent = (await captured(db, () => customers.list(STORE, query, PAGE))).filter((s) => /order by/.test(s.sql));
        assert.equal(sent.length, 1);
        if (db.dialect === "sqlite") {
          const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sent[0]!.sql}`, sent[0]!.bindings as never[]);
          assert.ok(plan.some((p) => /SEARCH c USING INDEX customers_store_id_created_at_id_index/.test(p.detail)), plan.map((p) => p.detail).join("\n"));
        } else {
          const [rows] = (await db.knex.raw(`explain ${sent[0]!.sql}`, sent[0]!.bindings as never[])) as [{ table: string; key: string | null }[]];
          assert.equal(rows.find((r) => r.table === "c")?.key, "customers_store_id_created_at_id_index", JSON.stringify(rows));
        }
      } finally {
        customers.searchSortLimit = SEARCH_SORT_LIMIT;
      }
    });

    for (const [name, filter, index] of INBOX) {
      it(`the inbox, ${name}: walks ${index} in its order, no scan, no sort`, async () => {
        const first = await messaging.listInbox(STORE, filter, PAGE);
        await checkPlans(`inbox ${name}`, () => messaging.listInbox(STORE, filter, PAGE), true);
        if (first.nextCursor !== null) await checkPlans(`inbox ${name}, next page`, () => messaging.listInbox(STORE, filter, { limit: 50, cursor: first.nextCursor! }), true);
        for (const { sql, bindings } of await captured(db, () => messaging.listInbox(STORE, filter, PAGE))) {
          if (db.dialect === "sqlite") {
            const plan: { detail: string }[] = await db.knex.raw(`explain query plan ${sql}`, bindings as never[]);
            const details = plan.map((p) => p.detail);
            assert.ok(details.some((d) => new RegExp(`^SEARCH t USING INDEX ${index} `).test(d)), `${sql}\n${details.join("\n")}`);
          } else {
            const [rows] = (await db.knex.raw(`explain ${sql}`, bindings as never[])) as [{ table: string; key: string | null }[]];
            assert.match(rows.find((r) => r.table === "t")?.key ?? "", new RegExp(`^${index}$`), `${sql}\n${JSON.stringify(rows)}`);
          }
        }
      });
    }

    it("the inbox's order: unread first, then newest, every thread once across pages (ground truth from the seed)", async () => {
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await messaging.listInbox(STORE, {}, { limit: 200, ...(cursor !== undefined ? { cursor } : {}) });
        walked.push(...page.items.map((th) => `${th.unreadCountStore > 0 ? 1 : 0}|${th.lastMessageAt}|${th.id}`));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      assert.equal(walked.length, CUSTOMERS);
      assert.deepEqual(walked, [...walked].sort().reverse());
      const pending = await messaging.listInbox(STORE, { status: "pending", assigneeId: null }, { limit: 1_000 });
      const expected = Array.from({ length: CUSTOMERS }, (_, n) => n).filter((n) => STATUSES[n % STATUSES.length] === "pending" && n % 4 === 0);
      assert.deepEqual(new Set(pending.items.map((th) => th.id)), new Set(expected.map((n) => id(2, 0, n))));
    });
  });

planSuite("admin customer and inbox query plans (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-inbox-plans-"));
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

describeMysql("admin customer and inbox query plans (MariaDB)", (getDb) => {
  planSuite("plans", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return {
      db,
      analyze: async () => void (await db.knex.raw("analyze table customers, message_threads, staff_members")),
      close: () => db.close(),
    };
  });
});
