// Stores stay apart on the admin API (docs/staff.md, "Stores stay apart"): the owner of store B,
// signed in, sends every admin operation with each kind of store A's records in its path (one
// record of every table that has a store), and A's records in nothing B's lists answer. Store A is
// the full demo store (orders, customers, threads, gift cards, staff...), so every kind of
// record an admin path can name exists there. Every such request must be refused (404 or
// another 4xx), never answered 2xx, and A's records must be unchanged afterwards.
import assert from "node:assert/strict";
import pino from "pino";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import { CreateStore } from "../../application/stores/create-store.js";
import { createApplication, type Application } from "../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { serve, type TestClient } from "../support/http-client.js";
import { asStaff, memberSignedIn, type StaffSession } from "../support/staff-session.js";
import { testConfig } from "../support/test-application.js";

/** One id of store A from every table that has a store and an id, by table. */
const idsOfStore = async (application: Application, storeId: string): Promise<Map<string, string>> => {
  const knex = application.database.knex;
  const tables: string[] = (await knex.raw("select name from sqlite_master where type = 'table'")).map((row: { name: string }) => row.name);
  const ids = new Map<string, string>();
  for (const table of tables) {
    const columns: string[] = (await knex.raw(`pragma table_info(${table})`)).map((c: { name: string }) => c.name);
    if (!columns.includes("store_id") || !columns.includes("id")) continue;
    const row = await knex(table).where({ store_id: storeId }).first("id");
    if (row !== undefined) ids.set(table, String(row.id));
  }
  return ids;
};

/** The store's records, as text: compared before and after the walk. */
const snapshot = async (application: Application, storeId: string, tables: readonly string[]): Promise<string> => {
  const knex = application.database.knex;
  const parts: string[] = [];
  for (const table of tables) {
    if (["staff_sessions", "audit_log", "rate_limits", "idempotency_records"].includes(table)) continue;
    parts.push(JSON.stringify(await knex(table).where({ store_id: storeId }).orderBy("id")));
  }
  return parts.join("\n");
};

describe("admin API: no member of one store reaches a record of another (every admin route)", function () {
  this.timeout(600_000);
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  let ownerB: StaffSession;
  let idsA: Map<string, string>;
  let routes: AnyRoute[];

  before(async () => {
    application = createApplication(testConfig({ env: { STOREFRONT_SCRYPT_COST: "1024" } }), { logger: pino({ level: "silent" }) });
    await application.migrate();
    demo = await seedDemoStore(application.container);
    const b = await application.container.get(CreateStore).execute({ name: "Store B", baseCurrency: "KES" });
    client = await serve(application.httpApp());
    ownerB = await memberSignedIn(application, client, b.store.id, "owner", "owner@store-b.example");
    idsA = await idsOfStore(application, demo.store_id);
    routes = application.adminRoutes.filter((r) => r.access !== "public" && r.operationId !== "adminSignOut");
  });
  after(async () => {
    await client?.close();
    await application?.close();
  });

  it("store A has records of many kinds to aim at", () => {
    for (const table of ["products", "orders", "customers", "gift_cards", "staff_members"]) assert.ok(idsA.has(table), `no ${table} in the demo store`);
  });

  it("every admin path naming a record of store A is refused to store B's owner, and A is unchanged", async () => {
    const before = await snapshot(application, demo.store_id, [...idsA.keys()]);
    const leaks: string[] = [];
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (names.length === 0) continue;
      for (const [table, id] of idsA) {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === names.at(-1) || names.length === 1 ? id : (route.example.params?.[name] ?? id)));
        const response = await asStaff(client, ownerB, route.method, path, route.method === "GET" ? undefined : (route.example.body ?? {}));
        if (response.status < 300) leaks.push(`${route.method} ${route.path} with ${table} ${id}: ${response.status}`);
        if (response.status >= 500) leaks.push(`${route.method} ${route.path} with ${table} ${id}: ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    assert.deepEqual(leaks, []);
    assert.equal(await snapshot(application, demo.store_id, [...idsA.keys()]), before, "store A's records are unchanged");
  });

  it("no admin list or read of store B answers any id of store A", async () => {
    const idsOfA = [...idsA.values()];
    const leaks: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET" && !r.path.includes("{"))) {
      const response = await asStaff(client, ownerB, "GET", route.path);
      const found = idsOfA.filter((id) => response.text.includes(id));
      if (found.length > 0) leaks.push(`${route.path}: ${found.join(", ")}`);
    }
    assert.deepEqual(leaks, []);
  });
});
