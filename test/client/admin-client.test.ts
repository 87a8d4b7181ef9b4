// The typed admin client (`storefront/admin-client`) against the real admin API: signed in as a
// member (the session cookie and CSRF token carried by the client), and with the secret key.
import assert from "node:assert/strict";
import { createAdminClient } from "../../client/admin.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";
import { cookieHeaderOf, createMember, STAFF_PASSWORD } from "../support/staff-session.js";

describe("the typed admin client", function () {
  this.timeout(60_000);
  let t: TestApplication;

  before(async () => {
    t = await startTestApplication();
    await createMember(t.application, t.store.store.id, "owner", "client.owner@shop.example");
  });
  after(() => t?.close());

  it("signs in, then reads and writes as the member with the session's CSRF token", async () => {
    const anonymous = createAdminClient({ baseUrl: t.client.url });
    const signedIn = await anonymous.POST("/admin/v1/auth/sign-in", { body: { email: "client.owner@shop.example", password: STAFF_PASSWORD } });
    assert.equal(signedIn.response.status, 200);
    const cookie = cookieHeaderOf({ status: 200, headers: signedIn.response.headers, text: "", body: undefined });
    const admin = createAdminClient({ baseUrl: t.client.url, sessionCookie: cookie, csrfToken: signedIn.data!.csrf_token });
    const me = await admin.GET("/admin/v1/me");
    assert.equal(me.data?.member.email, "client.owner@shop.example");
    const invited = await admin.POST("/admin/v1/staff", { body: { email: "client.invitee@shop.example", role: "catalog" } });
    assert.equal(invited.response.status, 201, JSON.stringify(invited.error));
    assert.equal(invited.data?.member.role, "catalog");
    const withoutCsrf = createAdminClient({ baseUrl: t.client.url, sessionCookie: cookie, csrfToken: () => undefined });
    const refused = await withoutCsrf.POST("/admin/v1/staff", { body: { email: "client.other@shop.example", role: "catalog" } });
    assert.equal(refused.response.status, 403);
  });

  it("calls with the secret key", async () => {
    const server = createAdminClient({ baseUrl: t.client.url, apiKey: t.store.keys.secretTest });
    const staff = await server.GET("/admin/v1/staff", { params: { query: { limit: 5 } } });
    assert.equal(staff.response.status, 200);
    assert.ok((staff.data?.data.length ?? 0) >= 1);
  });
});
