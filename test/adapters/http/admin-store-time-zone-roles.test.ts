// The store's time zone (docs/staff.md, "The store's time zone") and the roles' table (docs/staff.md, "Roles
// and permissions") on the admin API, against the real application on SQLite: the zone is
// checked, kept as sent, given to every member by /me and counted by the
// dashboard when no zone is asked; the roles' table is the domain's own, with what the caller
// may give, and only members who manage staff read it.
import assert from "node:assert/strict";
import { ALL_PERMISSIONS, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from "../../../domain/staff/permissions.js";
import { asStaff, memberSignedIn, type StaffSession } from "../../support/staff-session.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("admin API: the store's time zone and the roles' table", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let owner: StaffSession;
  let manager: StaffSession;
  let support: StaffSession;
  const secret = () => t.store.keys.secretTest;

  before(async () => {
    t = await startTestApplication();
    const storeId = t.store.store.id;
    owner = await memberSignedIn(t.application, t.client, storeId, "owner", "tz.owner@shop.example");
    manager = await memberSignedIn(t.application, t.client, storeId, "manager", "tz.manager@shop.example");
    support = await memberSignedIn(t.application, t.client, storeId, "support", "tz.support@shop.example");
  });
  after(() => t?.close());

  it("a new store counts in UTC; a zone is kept as sent, and a wrong one is refused naming time_zone with nothing changed", async () => {
    const before = await t.client.get("/admin/v1/store", { key: secret() });
    assert.equal(before.status, 200, before.text);
    assert.equal(before.body.time_zone, "UTC");

    const wrong = await asStaff(t.client, owner, "PATCH", "/admin/v1/store", { time_zone: "Mars/Olympus_Mons", name: "Renamed" });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.error.param, "time_zone");
    const unchanged = await t.client.get("/admin/v1/store", { key: secret() });
    assert.equal(unchanged.body.time_zone, "UTC");
    assert.equal(unchanged.body.name, before.body.name, "a refused patch changes no field");

    const set = await asStaff(t.client, owner, "PATCH", "/admin/v1/store", { time_zone: "Asia/Kathmandu" });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.time_zone, "Asia/Kathmandu");
    assert.equal((await t.client.get("/v1/store", { key: secret() })).body.time_zone, "Asia/Kathmandu", "/v1 reads the same setting");
    // Another store keeps its own.
    assert.equal((await t.client.get("/v1/store", { key: t.otherStore.keys.secretTest })).body.time_zone, "UTC");
  });

  it("/me gives every member, whatever their role, the store's name, currency and zone", async () => {
    for (const member of [owner, support]) {
      const me = await asStaff(t.client, member, "GET", "/admin/v1/me");
      assert.equal(me.status, 200, me.text);
      assert.deepEqual(me.body.store, { id: t.store.store.id, name: t.store.store.name, base_currency: "KES", time_zone: "Asia/Kathmandu" });
    }
  });

  it("the dashboard counts the store's days when no zone is asked, and an asked zone still wins", async () => {
    const own = await t.client.get("/admin/v1/dashboard", { key: secret() });
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.timezone, "Asia/Kathmandu");
    const asked = await t.client.get("/admin/v1/dashboard?timezone=Asia%2FKathmandu", { key: secret() });
    const { generated_at: _a, ...ownFigures } = own.body;
    const { generated_at: _b, ...askedFigures } = asked.body;
    assert.deepEqual(ownFigures, askedFigures);
    // Kathmandu is UTC+05:45: its "today" starts at 18:15 UTC the day before.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    assert.equal(own.body.today.from, today);
    const utc = await t.client.get("/admin/v1/dashboard?timezone=UTC", { key: secret() });
    assert.equal(utc.body.timezone, "UTC");
  });

  it("the roles' table is the domain's: each role's permissions, what the caller may give, what each permission allows", async () => {
    const table = await asStaff(t.client, owner, "GET", "/admin/v1/roles");
    assert.equal(table.status, 200, table.text);
    assert.deepEqual(
      table.body.roles.map((r: { role: string }) => r.role),
      [...STAFF_ROLES],
    );
    for (const row of table.body.roles as Array<{ role: (typeof STAFF_ROLES)[number]; permissions: string[]; grantable: boolean }>) {
      assert.deepEqual(new Set(row.permissions), new Set(ROLE_PERMISSIONS[row.role]), row.role);
      assert.equal(row.grantable, true, `an owner gives ${row.role}`);
    }
    assert.deepEqual(
      table.body.permissions,
      ALL_PERMISSIONS.map((permission) => ({ permission, description: PERMISSIONS[permission] })),
    );
    const byManager = await asStaff(t.client, manager, "GET", "/admin/v1/roles");
    assert.equal(byManager.status, 200, byManager.text);
    assert.deepEqual(
      byManager.body.roles.filter((r: { grantable: boolean }) => !r.grantable).map((r: { role: string }) => r.role),
      ["owner"],
      "a manager gives every role but owner",
    );
    const bySupport = await asStaff(t.client, support, "GET", "/admin/v1/roles");
    assert.equal(bySupport.status, 403, bySupport.text);
    assert.equal(bySupport.body.error.code, "permission_denied");
  });
});
