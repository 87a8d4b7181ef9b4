// Walks the role table (docs/staff.md, "Roles and permissions") over the whole admin API: every
// role against every admin operation, signed in as a member of that role. Where the table says
// no, the answer is 403 `permission_denied` naming the permission, before anything else is
// looked at; where it says yes, whatever the answer is (the example's ids may not exist here), it
// is never that refusal.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { ROLE_PERMISSIONS, STAFF_ROLES, roleMay, type Permission, type StaffRole } from "../../../domain/staff/permissions.js";
import type { AnyRoute } from "../../../adapters/http/route-definition.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { asStaff, memberSignedIn, type StaffSession } from "../../support/staff-session.js";

/** Operations that end the caller's own session: walked last, each on a session of its own. */
const ENDS_SESSION = new Set(["adminSignOut"]);

const pathOf = (route: AnyRoute): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(route.example.params?.[name] ?? randomUUID()));

const queryOf = (route: AnyRoute): string => {
  const query = new URLSearchParams(route.example.query ?? {}).toString();
  return query === "" ? "" : `?${query}`;
};

describe("admin API: every role against every operation (the role table)", function () {
  this.timeout(300_000);
  let t: TestApplication;
  const sessions = new Map<StaffRole, StaffSession>();
  let routes: AnyRoute[];

  before(async () => {
    t = await startTestApplication();
    for (const role of STAFF_ROLES) sessions.set(role, await memberSignedIn(t.application, t.client, t.store.store.id, role, `${role}@walk.example`));
    routes = t.application.adminRoutes.filter((r) => r.access !== "public");
  });
  after(() => t?.close());

  it("every admin operation names a permission of the table", () => {
    for (const route of routes) {
      assert.ok(route.permission !== undefined, `${route.operationId} names no permission`);
      assert.ok(ROLE_PERMISSIONS.owner.has(route.permission), `${route.operationId}: unknown permission ${route.permission}`);
    }
  });

  it("every permission of the table guards at least one operation", () => {
    const used = new Set(routes.map((r) => r.permission));
    const unused = [...ROLE_PERMISSIONS.owner].filter((p) => !used.has(p));
    assert.deepEqual(unused, []);
  });

  for (const role of STAFF_ROLES) {
    it(`${role}: 403 permission_denied exactly where the table says no`, async () => {
      const wrong: string[] = [];
      const session = sessions.get(role)!;
      for (const route of routes) {
        if (ENDS_SESSION.has(route.operationId)) continue;
        const permission = route.permission as Permission;
        // A route that takes bytes gets a body of its first content type: a wrong one would be refused before any route runs.
        const raw = route.rawBody !== undefined ? { body: Buffer.from("not an image"), type: route.rawBody.contentTypes[0]!.replace("*", "png") } : undefined;
        const response =
          raw !== undefined
            ? await t.client.request(route.method, pathOf(route) + queryOf(route), { headers: { cookie: session.cookie, "x-csrf-token": session.csrf, "content-type": raw.type }, body: raw.body })
            : await asStaff(t.client, session, route.method, pathOf(route) + queryOf(route), route.method === "GET" ? undefined : (route.example.body ?? {}));
        const refused = response.status === 403 && response.body?.error?.code === "permission_denied";
        if (roleMay(role, permission) === refused) wrong.push(`${route.method} ${route.path} (${permission}): ${response.status} ${response.body?.error?.code ?? ""}`);
        if (response.status === 401 && response.body?.error?.code === "staff_session_required") wrong.push(`${route.method} ${route.path}: the session ended (401)`);
        if (refused && !String(response.body.error.message).includes(permission)) wrong.push(`${route.operationId}: the refusal does not name ${permission}`);
      }
      assert.deepEqual(wrong, []);
    });
  }

  it("signing out needs only what every role holds", async () => {
    for (const role of STAFF_ROLES) {
      const response = await asStaff(t.client, sessions.get(role)!, "POST", "/admin/v1/auth/sign-out", {});
      assert.equal(response.status, 200, `${role}: ${response.text}`);
    }
  });
});
