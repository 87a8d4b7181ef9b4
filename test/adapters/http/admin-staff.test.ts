// Staff sign-in, sessions, CSRF, the second factor, invitations and the audit log on the admin
// API (docs/staff.md), against the real application on SQLite.
import assert from "node:assert/strict";
import type { Context } from "koa";
import { sessionCookies } from "../../../adapters/http/admin/staff-cookies.js";
import { Totp } from "../../../application/ports/totp.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { asStaff, cookieHeaderOf, createMember, memberSignedIn, signIn, STAFF_PASSWORD, type StaffSession } from "../../support/staff-session.js";

describe("admin API: staff sign-in, sessions and the audit log", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let owner: StaffSession;
  const storeId = () => t.store.store.id;

  before(async () => {
    t = await startTestApplication();
    owner = await memberSignedIn(t.application, t.client, storeId(), "owner", "owner@shop.example");
  });
  after(() => t?.close());

  it("signs in with session cookies: HttpOnly, SameSite=Strict, Path=/admin; Secure except on localhost", async () => {
    const local = await t.client.post("/admin/v1/auth/sign-in", { email: "owner@shop.example", password: STAFF_PASSWORD });
    assert.equal(local.status, 200, local.text);
    const cookies = local.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("storefront_staff="))!;
    const csrf = cookies.find((c) => c.startsWith("storefront_csrf="))!;
    assert.match(session, /HttpOnly/);
    assert.match(session, /SameSite=Strict/);
    assert.match(session, /Path=\/admin/);
    assert.doesNotMatch(session, /Secure/, "127.0.0.1 over plain HTTP is local");
    assert.doesNotMatch(csrf, /HttpOnly/, "the back office's script reads the CSRF cookie");
    assert.equal(csrf.split(";")[0], `storefront_csrf=${local.body.csrf_token}`);
    assert.equal(local.headers.get("cache-control"), "no-store");
    // Any other host (fetch cannot send another Host, so the cookie rule is asked directly), and HTTPS anywhere, gets Secure cookies.
    const remote = sessionCookies({ secure: false, hostname: "shop.example.com" } as Context, "sfs_x", "csrf");
    assert.ok(remote.every((c) => /; Secure/.test(c)));
    assert.ok(sessionCookies({ secure: true, hostname: "localhost" } as Context, "sfs_x", "csrf").every((c) => /; Secure/.test(c)));
    assert.deepEqual(local.body.permissions.length > 15, true);
  });

  it("answers 401 staff_session_required without a session, and for a forged cookie", async () => {
    const none = await t.client.get("/admin/v1/me");
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, "staff_session_required");
    const forged = await t.client.get("/admin/v1/me", { headers: { cookie: "storefront_staff=sfs_forgedforgedforgedforgedforgedforgedforged" } });
    assert.equal(forged.status, 401);
    const me = await asStaff(t.client, owner, "GET", "/admin/v1/me");
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.member.email, "owner@shop.example");
    assert.equal(me.body.session.current, true);
  });

  it("refuses a write under a session without its CSRF token (403 csrf_token_invalid) and does nothing", async () => {
    const body = { email: "csrf.victim@shop.example", role: "support" };
    const without = await t.client.post("/admin/v1/staff", body, { headers: { cookie: owner.cookie } });
    assert.equal(without.status, 403);
    assert.equal(without.body.error.code, "csrf_token_invalid");
    const wrong = await t.client.post("/admin/v1/staff", body, { headers: { cookie: owner.cookie, "x-csrf-token": "not-the-token" } });
    assert.equal(wrong.status, 403);
    const list = await asStaff(t.client, owner, "GET", "/admin/v1/staff?limit=100");
    assert.equal(list.body.data.some((m: any) => m.email === "csrf.victim@shop.example"), false, "nothing was created");
    const right = await asStaff(t.client, owner, "POST", "/admin/v1/staff", body);
    assert.equal(right.status, 201, right.text);
  });

  it("a wrong password is the same 401 as an unknown email; five failures lock the email even for the right password", async () => {
    await createMember(t.application, storeId(), "support", "locked@shop.example");
    const unknown = await t.client.post("/admin/v1/auth/sign-in", { email: "nobody@shop.example", password: "whatever-it-is" });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.error.code, "invalid_credentials");
    for (let i = 0; i < 5; i++) {
      const wrong = await t.client.post("/admin/v1/auth/sign-in", { email: "locked@shop.example", password: `wrong-${i}` });
      assert.equal(wrong.status, 401, wrong.text);
      assert.equal(wrong.body.error.message, unknown.body.error.message);
    }
    const right = await t.client.post("/admin/v1/auth/sign-in", { email: "locked@shop.example", password: STAFF_PASSWORD });
    assert.equal(right.status, 429, right.text);
    assert.ok(Number(right.headers.get("retry-after")) > 0);
  });

  it("signs out one session, and everywhere", async () => {
    await createMember(t.application, storeId(), "catalog", "leaver@shop.example");
    const a = await signIn(t.client, "leaver@shop.example");
    const b = await signIn(t.client, "leaver@shop.example");
    const c = await signIn(t.client, "leaver@shop.example");
    const out = await asStaff(t.client, a, "POST", "/admin/v1/auth/sign-out", {});
    assert.equal(out.status, 200, out.text);
    assert.equal(out.body.sessions_ended, 1);
    assert.ok(out.headers.getSetCookie().some((x) => x.startsWith("storefront_staff=;") && /Max-Age=0/.test(x)), "the cookies are cleared");
    assert.equal((await asStaff(t.client, a, "GET", "/admin/v1/me")).status, 401);
    assert.equal((await asStaff(t.client, b, "GET", "/admin/v1/me")).status, 200);
    const everywhere = await asStaff(t.client, b, "POST", "/admin/v1/auth/sign-out", { everywhere: true });
    assert.equal(everywhere.body.sessions_ended, 2);
    assert.equal((await asStaff(t.client, c, "GET", "/admin/v1/me")).status, 401, "the other device is signed out too");
  });

  it("invites by link: the link sets a password once, and the invitation is emailed (logged in development)", async () => {
    const invited = await asStaff(t.client, owner, "POST", "/admin/v1/staff", { email: "New.Hire@Shop.example", role: "fulfilment", name: "New Hire" });
    assert.equal(invited.status, 201, invited.text);
    assert.equal(invited.body.member.status, "invited");
    assert.equal(invited.body.member.email, "new.hire@shop.example");
    const token = new URL(invited.body.sign_in_link).searchParams.get("link")!;
    const weak = await t.client.post("/admin/v1/auth/link", { token, password: "password1" });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.error.code, "password_too_weak");
    const used = await t.client.post("/admin/v1/auth/link", { token, password: "cobalt-meadow-lantern-33" });
    assert.equal(used.status, 200, used.text);
    assert.equal(used.body.member.status, "active");
    assert.ok(cookieHeaderOf(used).includes("storefront_staff=sfs_"));
    const again = await t.client.post("/admin/v1/auth/link", { token, password: "cobalt-meadow-lantern-34" });
    assert.equal(again.status, 401, "a link works once");
    await signIn(t.client, "new.hire@shop.example", "cobalt-meadow-lantern-33");
  });

  it("disabling a member ends their sessions at once and stops sign-in; enabling lets them back", async () => {
    const victim = await memberSignedIn(t.application, t.client, storeId(), "support", "disabled@shop.example");
    assert.equal((await asStaff(t.client, victim, "GET", "/admin/v1/me")).status, 200);
    const disabled = await asStaff(t.client, owner, "POST", `/admin/v1/staff/${victim.memberId}/disable`);
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal(disabled.body.status, "disabled");
    assert.equal((await asStaff(t.client, victim, "GET", "/admin/v1/me")).status, 401, "the open session ended");
    const refused = await t.client.post("/admin/v1/auth/sign-in", { email: "disabled@shop.example", password: STAFF_PASSWORD });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, "account_inactive");
    assert.equal((await asStaff(t.client, owner, "POST", `/admin/v1/staff/${victim.memberId}/enable`)).status, 200);
    await signIn(t.client, "disabled@shop.example");
  });

  it("keeps a manager from making or changing owners, and the store from losing its last owner", async () => {
    const manager = await memberSignedIn(t.application, t.client, storeId(), "manager", "manager@shop.example");
    const makeOwner = await asStaff(t.client, manager, "POST", "/admin/v1/staff", { email: "second.owner@shop.example", role: "owner" });
    assert.equal(makeOwner.status, 403);
    assert.equal(makeOwner.body.error.code, "permission_denied");
    const disableOwner = await asStaff(t.client, manager, "POST", `/admin/v1/staff/${owner.memberId}/disable`);
    assert.equal(disableOwner.status, 403);
    const self = await asStaff(t.client, owner, "POST", `/admin/v1/staff/${owner.memberId}/disable`);
    assert.equal(self.status, 422);
    assert.equal(self.body.error.code, "staff_self_change");
  });

  it("the second factor: enrol, then sign-in needs a code, each code works once, recovery codes work once", async () => {
    const member = await memberSignedIn(t.application, t.client, storeId(), "support", "totp@shop.example");
    const totp = t.application.container.get(Totp);
    const started = await asStaff(t.client, member, "POST", "/admin/v1/me/second-factor");
    assert.equal(started.status, 200, started.text);
    assert.match(started.body.otpauth_uri, /^otpauth:\/\/totp\//);
    const wrong = await asStaff(t.client, member, "POST", "/admin/v1/me/second-factor/confirm", { code: "000000" === totp.codeAt(started.body.secret, new Date()) ? "111111" : "000000" });
    assert.equal(wrong.status, 401);
    const confirmed = await asStaff(t.client, member, "POST", "/admin/v1/me/second-factor/confirm", { code: totp.codeAt(started.body.secret, new Date()) });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.recovery_codes.length, 10);

    const noCode = await t.client.post("/admin/v1/auth/sign-in", { email: "totp@shop.example", password: STAFF_PASSWORD });
    assert.equal(noCode.status, 401);
    assert.equal(noCode.body.error.code, "second_factor_required");
    assert.equal(noCode.headers.getSetCookie().length, 0, "no session without the code");
    // The code confirming enrolment was spent: the same step is refused; the next step's code works.
    const next = totp.codeAt(started.body.secret, new Date(Date.now() + 30_000));
    const withCode = await t.client.post("/admin/v1/auth/sign-in", { email: "totp@shop.example", password: STAFF_PASSWORD, code: next });
    assert.equal(withCode.status, 200, withCode.text);
    const replay = await t.client.post("/admin/v1/auth/sign-in", { email: "totp@shop.example", password: STAFF_PASSWORD, code: next });
    assert.equal(replay.status, 401, "a code works once");
    assert.equal(replay.body.error.code, "invalid_code");
    const recovery = confirmed.body.recovery_codes[0].toUpperCase();
    assert.equal((await t.client.post("/admin/v1/auth/sign-in", { email: "totp@shop.example", password: STAFF_PASSWORD, code: recovery })).status, 200);
    assert.equal((await t.client.post("/admin/v1/auth/sign-in", { email: "totp@shop.example", password: STAFF_PASSWORD, code: recovery })).status, 401, "a recovery code works once");
  });

  it("the secret key reaches the admin API with every permission; a publishable key does not", async () => {
    const secret = await t.client.get("/admin/v1/staff", { key: t.store.keys.secretTest });
    assert.equal(secret.status, 200, secret.text);
    const publishable = await t.client.get("/admin/v1/staff", { key: t.store.keys.publishableTest });
    assert.equal(publishable.status, 403);
    assert.equal(publishable.body.error.code, "secret_key_required");
  });

  it("the audit log records staff writes with the request id and the fields before and after, and filters by member and resource", async () => {
    const target = await createMember(t.application, storeId(), "catalog", "audited@shop.example");
    const changed = await asStaff(t.client, owner, "PATCH", `/admin/v1/staff/${target}`, { role: "support" });
    assert.equal(changed.status, 200, changed.text);
    const log = await asStaff(t.client, owner, "GET", `/admin/v1/audit-log?resource_type=staff_member&resource_id=${target}`);
    assert.equal(log.status, 200, log.text);
    const entry = log.body.data.find((e: any) => e.operation === "staff.update");
    assert.ok(entry, JSON.stringify(log.body.data));
    assert.deepEqual(entry.changes, { role: ["catalog", "support"] });
    assert.deepEqual(entry.actor, { type: "staff", id: owner.memberId, label: "owner@shop.example" });
    assert.equal(entry.request_id, changed.headers.get("request-id"));
    const byMember = await asStaff(t.client, owner, "GET", `/admin/v1/audit-log?actor_id=${owner.memberId}&limit=100`);
    assert.ok(byMember.body.data.every((e: any) => e.actor.id === owner.memberId));
    const future = await asStaff(t.client, owner, "GET", `/admin/v1/audit-log?from=2999-01-01`);
    assert.deepEqual(future.body.data, []);
  });

  it("records writes made with the secret key on /v1, named as that key, with the values before and after; secrets redacted", async () => {
    const key = t.store.keys.secretTest;
    const created = await t.client.post("/v1/categories", { name: "Audited Lamps" }, { key });
    assert.equal(created.status, 201, created.text);
    const product = await t.client.post("/v1/products", { name: "Audit Lamp", variants: [{ sku: "AUD-LAMP-1", price: 1500, stock: 3 }] }, { key });
    assert.equal(product.status, 201, product.text);
    const id = product.body.id ?? product.body.product_id;
    const updated = await t.client.patch(`/v1/products/${id}`, { name: "Audit Lamp II" }, { key });
    assert.equal(updated.status, 200, updated.text);
    const rotated = await t.client.post("/v1/store/hmac-secret/rotate", {}, { key });
    assert.equal(rotated.status, 200, rotated.text);
    const log = await asStaff(t.client, owner, "GET", `/admin/v1/audit-log?resource_id=${id}`);
    const update = log.body.data.find((e: any) => e.operation === "updateProduct");
    assert.ok(update, JSON.stringify(log.body.data));
    assert.equal(update.actor.type, "api_key");
    assert.equal(update.request_id, updated.headers.get("request-id"));
    const nameChange = update.changes.name ?? update.changes.product_name;
    assert.deepEqual(nameChange, ["Audit Lamp", "Audit Lamp II"]);
    const store = await asStaff(t.client, owner, "GET", `/admin/v1/audit-log?operation=rotateHmacSecret`);
    assert.equal(store.body.data.length, 1);
    assert.ok(!JSON.stringify(store.body.data).includes(rotated.body.hmac_secret), "the new secret is not in the log");
  });
});

describe("admin API: invitations by email", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let smtp: SmtpSink;

  before(async () => {
    smtp = await startSmtpSink();
    t = await startTestApplication({ env: { STOREFRONT_SMTP_URL: smtp.url, STOREFRONT_ADMIN_URL: "https://shop.example.com/admin" } });
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("emails the one-time link to the invited member, pointing at the back office, and the link works", async () => {
    const owner = await memberSignedIn(t.application, t.client, t.store.store.id, "owner", "mail.owner@shop.example");
    const invited = await asStaff(t.client, owner, "POST", "/admin/v1/staff", { email: "mailed@shop.example", role: "support", name: "Mailed Member" });
    assert.equal(invited.status, 201, invited.text);
    assert.match(invited.body.sign_in_link, /^https:\/\/shop\.example\.com\/admin\/sign-in\?link=[A-Za-z0-9]{43}$/);
    const mail = await smtp.waitFor((m) => m.to.includes("mailed@shop.example"));
    // Quoted-printable: soft line breaks joined, =XX decoded.
    const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    assert.ok(unfolded.includes(invited.body.sign_in_link), "the email carries the link");
    assert.match(unfolded, /mail\.owner@shop\.example invited you/);
    const token = new URL(invited.body.sign_in_link).searchParams.get("link")!;
    assert.equal((await t.client.post("/admin/v1/auth/link", { token, password: "saffron-glacier-pivot-71" })).status, 200);
  });
});

describe("admin API: API keys", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let owner: StaffSession;

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_API_KEY_CACHE_MS: "60000" } });
    owner = await memberSignedIn(t.application, t.client, t.store.store.id, "owner", "keys.owner@shop.example");
  });
  after(() => t?.close());

  it("creates a key shown once, rolls it and revokes it; a revoked key stops at once in this process", async () => {
    const made = await asStaff(t.client, owner, "POST", "/admin/v1/api-keys", { type: "secret", mode: "live" });
    assert.equal(made.status, 201, made.text);
    assert.match(made.body.secret, /^svc_sk_live_/);
    assert.equal((await t.client.get("/v1/store", { key: made.body.secret })).status, 200);
    const list = await asStaff(t.client, owner, "GET", "/admin/v1/api-keys");
    assert.ok(!list.text.includes(made.body.secret), "a list never shows a key");
    const rolled = await asStaff(t.client, owner, "POST", `/admin/v1/api-keys/${made.body.key.id}/roll`);
    assert.equal(rolled.status, 200, rolled.text);
    assert.equal((await t.client.get("/v1/store", { key: made.body.secret })).status, 401, "the rolled key stopped, though it was cached");
    assert.equal((await t.client.get("/v1/store", { key: rolled.body.secret })).status, 200);
    const self = await t.client.post(`/admin/v1/api-keys/${rolled.body.key.id}/revoke`, {}, { key: rolled.body.secret });
    assert.equal(self.status, 422, "a key does not revoke itself");
    const revoked = await asStaff(t.client, owner, "POST", `/admin/v1/api-keys/${rolled.body.key.id}/revoke`);
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal((await t.client.get("/v1/store", { key: rolled.body.secret })).status, 401);
    const log = await asStaff(t.client, owner, "GET", "/admin/v1/audit-log?resource_type=api_key");
    assert.deepEqual(log.body.data.map((e: any) => e.operation).sort(), ["api_key.create", "api_key.revoke", "api_key.revoke", "api_key.roll"]);
  });

  it("a manager may not manage keys", async () => {
    const manager = await memberSignedIn(t.application, t.client, t.store.store.id, "manager", "keys.manager@shop.example");
    const refused = await asStaff(t.client, manager, "GET", "/admin/v1/api-keys");
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, "permission_denied");
  });
});
