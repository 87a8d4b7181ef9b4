// Specifies customer accounts over real HTTP on SQLite: registration, password sign-in, one-time
// codes by email (to a local SMTP server), rotating refresh tokens with reuse detection, sign-out,
// "me" and the customer record with `fields`; ownership, store isolation and brute-force limits.
import assert from "node:assert/strict";
import { RecordCustomerPurchase } from "../../../application/customers/record-customer-purchase.js";
import { ACCESS_TOKEN_SECONDS } from "../../../domain/customers/session-lifetimes.js";
import { ManualClock, registerCustomer, uniqueEmail, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { codeIn, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const START = new Date("2030-03-01T09:00:00.000Z");
const MINUTE = 60_000;
const FAILURES_PER_EMAIL = 8;
const FAILURES_PER_ADDRESS = 20;
const CODE_REQUESTS_PER_EMAIL = 5;

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param);
  assert.equal(response.headers.get("request-id"), response.body.error.request_id);
};

let addressCounter = 0;
/** A fresh client address (the app trusts X-Forwarded-For here), so limits of one test never reach another. */
const freshAddress = (): string => `198.51.100.${++addressCounter}`;

describe("customer accounts over HTTP", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let smtp: SmtpSink;
  let clock: ManualClock;
  let secret: string;
  let otherSecret: string;

  const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
  const login = (email: string, password: string, address = freshAddress(), key = secret) =>
    t.client.post("/v1/auth/login", { email, password }, { key, ...from(address) });
  const requestCode = (email: string, address = freshAddress()) => t.client.post("/v1/auth/otp/request", { email }, { key: secret, ...from(address) });
  const verifyCode = (email: string, code: string, address = freshAddress()) =>
    t.client.post("/v1/auth/otp/verify", { email, code }, { key: secret, ...from(address) });
  const refresh = (token: string) => t.client.post("/v1/auth/refresh", { refresh_token: token }, { key: secret });
  const me = (token: string, key = secret) => t.client.get("/v1/auth/me", withToken(key, token));
  const mailTo = (email: string, after = 0) => smtp.waitFor((m) => m.to.includes(email) && smtp.received.indexOf(m) >= after);

  before(async () => {
    smtp = await startSmtpSink();
    clock = new ManualClock(START);
    t = await startTestApplication({
      clock,
      env: {
        STOREFRONT_SCRYPT_COST: "1024",
        STOREFRONT_TRUST_PROXY: "1",
        STOREFRONT_SMTP_URL: smtp.url,
        STOREFRONT_MAIL_FROM: "Test Store <shop@example.com>",
        STOREFRONT_AUTH_FAILURES_PER_EMAIL: String(FAILURES_PER_EMAIL),
        STOREFRONT_AUTH_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
        STOREFRONT_AUTH_CODE_REQUESTS_PER_EMAIL: String(CODE_REQUESTS_PER_EMAIL),
      },
    });
    secret = t.store.keys.secretTest;
    otherSecret = t.otherStore.keys.secretTest;
  });

  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  beforeEach(() => clock.set(START));

  describe("registration", () => {
    it("answers 201 with message, user, customer and session; the email is stored lower-cased and unconfirmed", async () => {
      const email = uniqueEmail("Amina").replace("amina", "Amina");
      const response = await t.client.post(
        "/v1/auth/register",
        { email: `  ${email} `, password: "s3cret-enough", name: " Amina Wanjiru ", phone: "+254 712 345 678" },
        { key: secret },
      );
      assert.equal(response.status, 201, response.text);
      const { message, user, customer, session } = response.body;
      assert.equal(typeof message, "string");
      assert.deepEqual(Object.keys(response.body).sort(), ["customer", "device_token", "device_token_expires_at", "message", "session", "user"]);
      assert.deepEqual(user, { id: customer.id, email: email.toLowerCase(), email_confirmed: false, created_at: START.toISOString() });
      assert.equal(customer.name, "Amina Wanjiru");
      assert.equal(customer.phone, "+254 712 345 678");
      assert.equal(customer.status, "active");
      assert.equal(customer.join_date, "2030-03-01");
      assert.equal(customer.total_purchases, 0);
      assert.equal(customer.last_purchase, null);
      assert.deepEqual(customer.store_metrics, {
        total_purchases: 0,
        total_spent: 0,
        first_purchase_date: null,
        last_purchase_date: null,
        status: "new",
        preferred_store: "Test Store",
      });
      assert.match(session.access_token, /^sf_at_[A-Za-z0-9]{48}$/);
      assert.match(session.refresh_token, /^sf_rt_[A-Za-z0-9]{48}$/);
      assert.equal(session.expires_in, ACCESS_TOKEN_SECONDS);
      assert.equal(session.expires_at, START.getTime() / 1000 + ACCESS_TOKEN_SECONDS);
      assert.doesNotMatch(response.text, /s3cret-enough|password/);
      assert.equal((await me(session.access_token)).status, 200);
    });

    it("records customer.created in the outbox with the customer", async () => {
      const customer = await registerCustomer(t.client, secret);
      const events = await t.application.database.knex("events").where({ store_id: t.store.store.id, type: "customer.created" });
      const event = events.find((e: { data: string }) => JSON.parse(e.data).customer.id === customer.id);
      assert.ok(event !== undefined, "no customer.created event for the new customer");
      assert.equal(JSON.parse(event.data).customer.email, customer.email);
      assert.doesNotMatch(event.data, /scrypt|correct horse/);
    });

    it("stores only a salted scrypt hash of the password", async () => {
      const a = await registerCustomer(t.client, secret, { password: "Same-Password-Twice-77" });
      const b = await registerCustomer(t.client, secret, { password: "Same-Password-Twice-77" });
      const rows = await t.application.database.knex("customers").whereIn("id", [a.id, b.id]).select("password_hash");
      for (const row of rows) {
        assert.match(row.password_hash, /^scrypt\$1024\$8\$1\$/);
        assert.ok(!row.password_hash.includes("Same-Password-Twice-77"));
      }
      assert.notEqual(rows[0].password_hash, rows[1].password_hash, "two equal passwords must hash differently (salt)");
    });

    it("a taken email, in any case: 409 email_taken", async () => {
      const customer = await registerCustomer(t.client, secret);
      const again = await t.client.post("/v1/auth/register", { email: customer.email.toUpperCase(), password: "Another-Strong-One-88", name: "X" }, { key: secret });
      assertError(again, 409, "email_taken", "email");
    });

    it("the same email may register in two stores; they are different customers", async () => {
      const email = uniqueEmail();
      const here = await registerCustomer(t.client, secret, { email });
      const there = await registerCustomer(t.client, otherSecret, { email });
      assert.notEqual(here.id, there.id);
    });

    it("invalid bodies: 400 naming the parameter", async () => {
      const base = { email: uniqueEmail(), password: "long enough", name: "A" };
      assertError(await t.client.post("/v1/auth/register", { ...base, password: "short" }, { key: secret }), 400, "parameter_invalid", "password");
      assertError(await t.client.post("/v1/auth/register", { ...base, email: "not-an-email" }, { key: secret }), 400, "parameter_invalid", "email");
      assertError(await t.client.post("/v1/auth/register", { ...base, phone: "call me" }, { key: secret }), 400, "parameter_invalid", "phone");
      const { name: _name, ...noName } = base;
      assertError(await t.client.post("/v1/auth/register", noName, { key: secret }), 400, "parameter_missing", "name");
      assertError(await t.client.post("/v1/auth/register", { ...base, role: "admin" }, { key: secret }), 400, "parameter_unknown", "role");
    });

    it("everything under /v1/auth/ needs a secret key: a publishable key gets 403", async () => {
      const customer = await registerCustomer(t.client, secret);
      const publishable = t.store.keys.publishableTest;
      const attempts = [
        t.client.post("/v1/auth/register", { email: uniqueEmail(), password: "long enough", name: "A" }, { key: publishable }),
        t.client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key: publishable }),
        t.client.post("/v1/auth/otp/request", { email: customer.email }, { key: publishable }),
        t.client.post("/v1/auth/otp/verify", { email: customer.email, code: "123456" }, { key: publishable }),
        t.client.post("/v1/auth/refresh", { refresh_token: customer.refreshToken }, { key: publishable }),
        t.client.post("/v1/auth/logout", {}, withToken(publishable, customer.accessToken)),
        t.client.get("/v1/auth/me", withToken(publishable, customer.accessToken)),
      ];
      for (const response of await Promise.all(attempts)) assertError(response, 403, "secret_key_required");
      assert.equal((await me(customer.accessToken)).status, 200, "the refused calls changed nothing");
    });
  });

  describe("password sign-in", () => {
    it("the right password signs in with a new session; the email is case-insensitive", async () => {
      const customer = await registerCustomer(t.client, secret);
      const response = await login(customer.email.toUpperCase(), customer.password);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.user.id, customer.id);
      assert.equal(response.body.customer.id, customer.id);
      assert.notEqual(response.body.session.access_token, customer.accessToken);
      assert.equal((await me(response.body.session.access_token)).body.customer.id, customer.id);
      assert.equal((await me(customer.accessToken)).status, 200, "an earlier session keeps working");
    });

    it("a wrong password and an unknown email answer alike: 401 invalid_credentials", async () => {
      const customer = await registerCustomer(t.client, secret);
      const wrong = await login(customer.email, "not the password");
      const unknown = await login(uniqueEmail("nobody"), "not the password");
      assertError(wrong, 401, "invalid_credentials");
      assertError(unknown, 401, "invalid_credentials");
      assert.equal(wrong.body.error.message, unknown.body.error.message);
    });

    it("a customer of another store is unknown here", async () => {
      const elsewhere = await registerCustomer(t.client, otherSecret);
      assertError(await login(elsewhere.email, elsewhere.password), 401, "invalid_credentials");
      assert.equal((await login(elsewhere.email, elsewhere.password, freshAddress(), otherSecret)).status, 200);
    });

    it("an inactive customer cannot sign in (403 account_inactive) and their tokens stop working", async () => {
      const customer = await registerCustomer(t.client, secret);
      await t.application.database.knex("customers").where({ id: customer.id }).update({ status: "inactive" });
      assertError(await login(customer.email, customer.password), 403, "account_inactive");
      assertError(await login(customer.email, "wrong password"), 401, "invalid_credentials");
      assertError(await me(customer.accessToken), 401, "invalid_token");
      assertError(await refresh(customer.refreshToken), 401, "invalid_token");
    });

    it(`brute force on one email: after ${FAILURES_PER_EMAIL} failures, 429 rate_limited with Retry-After, even for the right password`, async () => {
      const customer = await registerCustomer(t.client, secret);
      for (let i = 0; i < FAILURES_PER_EMAIL; i++) {
        // Each guess from a different address: only the per-email budget can stop them.
        assertError(await login(customer.email, `guess number ${i}`), 401, "invalid_credentials");
      }
      const limited = await login(customer.email, "guess number 99");
      assertError(limited, 429, "rate_limited");
      assert.equal(limited.body.error.type, "rate_limit_error");
      const retryAfter = Number(limited.headers.get("retry-after"));
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      assert.equal(limited.headers.get("ratelimit-limit"), String(FAILURES_PER_EMAIL));
      assert.equal(limited.headers.get("ratelimit-remaining"), "0");
      assert.equal(limited.headers.get("ratelimit-reset"), String(retryAfter));
      assertError(await login(customer.email, customer.password), 429, "rate_limited");
      // Another customer is not affected.
      const other = await registerCustomer(t.client, secret);
      assert.equal((await login(other.email, other.password)).status, 200);
    });

    it(`spraying from one address: after ${FAILURES_PER_ADDRESS} failures over many emails, every email from it is refused (no guesses), other addresses are not`, async () => {
      const address = freshAddress();
      const failedBefore = await registerCustomer(t.client, secret);
      assertError(await login(failedBefore.email, "a wrong password", address), 401, "invalid_credentials");
      for (let i = 1; i < FAILURES_PER_ADDRESS; i++) {
        assertError(await login(uniqueEmail("spray"), "password123", address), 401, "invalid_credentials");
      }
      // The address's budget is spent: a fresh email gets no guess there, nor does the right password
      // (a known device would: test/security/credential-stuffing.test.ts).
      const untouched = await registerCustomer(t.client, secret);
      assertError(await login(untouched.email, "a guess", address), 429, "rate_limited");
      assertError(await login(untouched.email, untouched.password, address), 429, "rate_limited");
      assertError(await login(failedBefore.email, failedBefore.password, address), 429, "rate_limited");
      assert.equal((await login(failedBefore.email, failedBefore.password)).status, 200, "another address is not limited");
      assert.equal((await login(untouched.email, untouched.password)).status, 200, "the refused attempts spent nothing of the email's budget");
      // The address's failures in one store do not limit it in another.
      const elsewhere = await registerCustomer(t.client, otherSecret);
      assertError(await login(elsewhere.email, "a wrong password", address, otherSecret), 401, "invalid_credentials");
      assertError(await login(elsewhere.email, "another wrong password", address, otherSecret), 401, "invalid_credentials");
    });

    it("successful sign-ins do not use up the budget", async () => {
      const customer = await registerCustomer(t.client, secret);
      const address = freshAddress();
      for (let i = 0; i < FAILURES_PER_EMAIL + 3; i++) {
        assert.equal((await login(customer.email, customer.password, address)).status, 200, `sign-in ${i}`);
      }
    });

    it("an unknown body property or a missing password: 400", async () => {
      assertError(await t.client.post("/v1/auth/login", { email: uniqueEmail() }, { key: secret }), 400, "parameter_missing", "password");
      assertError(await t.client.post("/v1/auth/login", { email: "x", password: "y" }, { key: secret }), 400, "parameter_invalid", "email");
    });
  });

  describe("password change", () => {
    const change = (token: string, body: Record<string, unknown>, address = freshAddress()) =>
      t.client.post("/v1/auth/password", body, withToken(secret, token, from(address)));

    it("checks the current password, refuses a weak new one, then ends every other session and keeps this one", async () => {
      const customer = await registerCustomer(t.client, secret);
      const elsewhere = await login(customer.email, customer.password);
      assert.equal(elsewhere.status, 200);
      assertError(await change(customer.accessToken, { current_password: "not it", new_password: "Kilifi-Mango-Season-9" }), 401, "invalid_credentials");
      const weak = await change(customer.accessToken, { current_password: customer.password, new_password: "password123" });
      assertError(weak, 400, "password_too_weak", "new_password");
      assert.match(weak.body.error.message, /too easy to guess/);
      const changed = await change(customer.accessToken, { current_password: customer.password, new_password: "Kilifi-Mango-Season-9" });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(changed.body, { message: "Password changed; every other session has ended.", other_sessions_ended: 1 });
      assert.equal((await me(customer.accessToken)).status, 200, "this session goes on");
      assertError(await me(elsewhere.body.session.access_token), 401, "invalid_token");
      assertError(await refresh(elsewhere.body.session.refresh_token), 401, "invalid_token");
      assertError(await login(customer.email, customer.password), 401, "invalid_credentials");
      assert.equal((await login(customer.email, "Kilifi-Mango-Season-9")).status, 200);
    });

    it(`guesses of the current password count as failed sign-ins: ${FAILURES_PER_EMAIL} of them, then 429 even for the right one`, async () => {
      const customer = await registerCustomer(t.client, secret);
      for (let i = 0; i < FAILURES_PER_EMAIL; i++) {
        assertError(await change(customer.accessToken, { current_password: `guess ${i}`, new_password: "Kilifi-Mango-Season-9" }), 401, "invalid_credentials");
      }
      assertError(await change(customer.accessToken, { current_password: customer.password, new_password: "Kilifi-Mango-Season-9" }), 429, "rate_limited");
      assertError(await t.client.post("/v1/auth/password", { current_password: customer.password, new_password: "Kilifi-Mango-Season-9" }, { key: secret }), 401, "invalid_token");
    });
  });

  describe("the customer token on customer operations", () => {
    it("GET /v1/auth/me answers the user and customer of the token", async () => {
      const customer = await registerCustomer(t.client, secret, { name: "Brian Otieno", address: "Kisumu" });
      const response = await me(customer.accessToken);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body).sort(), ["customer", "user"]);
      assert.equal(response.body.user.email, customer.email);
      assert.equal(response.body.customer.name, "Brian Otieno");
      assert.equal(response.body.customer.address, "Kisumu");
    });

    it("no token, a garbage token, or a refresh token in its place: 401 invalid_token", async () => {
      const customer = await registerCustomer(t.client, secret);
      assertError(await t.client.get("/v1/auth/me", { key: secret }), 401, "invalid_token");
      assertError(await me("sf_at_nonsense"), 401, "invalid_token");
      assertError(await me(customer.refreshToken), 401, "invalid_token");
      assertError(await t.client.get(`/v1/customers/${customer.id}`, { key: secret }), 401, "invalid_token");
    });

    it("a token of another store's customer is unknown (401), even with that customer's id", async () => {
      const elsewhere = await registerCustomer(t.client, otherSecret);
      assertError(await me(elsewhere.accessToken), 401, "invalid_token");
      assertError(await t.client.get(`/v1/customers/${elsewhere.id}`, withToken(secret, elsewhere.accessToken)), 401, "invalid_token");
      const here = await registerCustomer(t.client, secret);
      assertError(await me(here.accessToken, otherSecret), 401, "invalid_token");
      assert.equal((await me(elsewhere.accessToken, otherSecret)).status, 200);
    });

    it("the token works with the store's live keys too (a customer belongs to the store, not to a mode)", async () => {
      const customer = await registerCustomer(t.client, secret);
      assert.equal((await me(customer.accessToken, t.store.keys.secretLive)).status, 200);
    });
  });

  describe("GET /v1/customers/{id}", () => {
    let customer: SignedInCustomer;

    before(async () => {
      customer = await registerCustomer(t.client, secret, { name: "Grace Mwangi", phone: "0733456789" });
      const principal = { storeId: t.store.store.id, keyId: "test", keyType: "secret" as const, mode: "test" as const };
      const purchases = t.application.container.get(RecordCustomerPurchase);
      await purchases.execute(principal, customer.id, 1_250_050, "2030-02-01T10:00:00.000Z");
      await purchases.execute(principal, customer.id, 99_950, "2029-12-24T08:30:00.000Z");
    });

    it("answers the token's own customer, with store metrics, to any key", async () => {
      for (const key of [secret, t.store.keys.publishableTest]) {
        const response = await t.client.get(`/v1/customers/${customer.id}`, withToken(key, customer.accessToken));
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.id, customer.id);
        assert.equal(response.body.total_purchases, 2);
        assert.equal(response.body.last_purchase, "2030-02-01T10:00:00.000Z");
        assert.deepEqual(response.body.store_metrics, {
          total_purchases: 2,
          total_spent: 13_500,
          first_purchase_date: "2029-12-24T08:30:00.000Z",
          last_purchase_date: "2030-02-01T10:00:00.000Z",
          status: "active",
          preferred_store: "Test Store",
        });
      }
    });

    it("`fields` selects fields, store_metrics and store_metrics.* included", async () => {
      const get = (fields: string) => t.client.get(`/v1/customers/${customer.id}?fields=${fields}`, withToken(secret, customer.accessToken));
      assert.deepEqual((await get("name,email")).body, { name: "Grace Mwangi", email: customer.email });
      assert.deepEqual((await get("id,store_metrics.total_spent,store_metrics.status")).body, {
        id: customer.id,
        store_metrics: { total_spent: 13_500, status: "active" },
      });
      const all = (await get("store_metrics.*")).body;
      assert.deepEqual(Object.keys(all), ["store_metrics"]);
      assert.equal(Object.keys(all.store_metrics).length, 6);
      assert.deepEqual(Object.keys((await get("store_metrics")).body.store_metrics).length, 6);
      for (const bad of ["password_hash", "store_metrics.secret", "name.first"]) {
        assertError(await get(bad), 400, "unknown_field", "fields");
      }
    });

    it("another customer's id, or an id of nobody: 403 forbidden; a malformed id: 404", async () => {
      const other = await registerCustomer(t.client, secret);
      assertError(await t.client.get(`/v1/customers/${other.id}`, withToken(secret, customer.accessToken)), 403, "forbidden");
      assertError(await t.client.get("/v1/customers/01900000-0000-7000-8000-000000000000", withToken(secret, customer.accessToken)), 403, "forbidden");
      assertError(await t.client.get("/v1/customers/not-a-uuid", withToken(secret, customer.accessToken)), 404, "resource_missing");
    });
  });

  describe("token lifetimes and refresh rotation", () => {
    it("an access token expires after an hour (401 token_expired); refresh gives a working pair", async () => {
      const customer = await registerCustomer(t.client, secret);
      clock.advance(ACCESS_TOKEN_SECONDS * 1000 - 1);
      assert.equal((await me(customer.accessToken)).status, 200);
      clock.advance(1);
      assertError(await me(customer.accessToken), 401, "token_expired");
      const refreshed = await refresh(customer.refreshToken);
      assert.equal(refreshed.status, 200, refreshed.text);
      assert.deepEqual(Object.keys(refreshed.body), ["session"]);
      const session = refreshed.body.session;
      assert.notEqual(session.refresh_token, customer.refreshToken);
      assert.equal(session.expires_at, Math.floor(clock.now().getTime() / 1000) + ACCESS_TOKEN_SECONDS);
      assert.equal((await me(session.access_token)).status, 200);
    });

    it("a refresh token works once; the new one works in turn", async () => {
      const customer = await registerCustomer(t.client, secret);
      const first = await refresh(customer.refreshToken);
      const second = await refresh(first.body.session.refresh_token);
      assert.equal(second.status, 200, second.text);
      assert.equal((await me(second.body.session.access_token)).status, 200);
    });

    it("a stolen, already-rotated refresh token kills the whole session family", async () => {
      const victim = await registerCustomer(t.client, secret);
      const otherDevice = await login(victim.email, victim.password);
      // The thief copies the refresh token and uses it first.
      const thief = (await refresh(victim.refreshToken)).body.session;
      assert.equal((await me(thief.access_token)).status, 200);
      const thiefAgain = (await refresh(thief.refresh_token)).body.session;
      assert.equal((await me(thiefAgain.access_token)).status, 200);
      // The customer's app then presents the copied (rotated) token: a reuse.
      const reuse = await refresh(victim.refreshToken);
      assertError(reuse, 401, "invalid_token");
      assert.match(reuse.body.error.message, /already used/);
      // Every access and refresh token of that sign-in is dead, the thief's included.
      for (const token of [victim.accessToken, thief.access_token, thiefAgain.access_token]) assertError(await me(token), 401, "invalid_token");
      for (const token of [thief.refresh_token, thiefAgain.refresh_token, victim.refreshToken]) assertError(await refresh(token), 401, "invalid_token");
      // Another sign-in of the same customer is a different family and lives on.
      assert.equal((await me(otherDevice.body.session.access_token)).status, 200);
      assert.equal((await refresh(otherDevice.body.session.refresh_token)).status, 200);
    });

    it("two parallel refreshes with one token: one wins, the other counts as a reuse and ends the family", async () => {
      const customer = await registerCustomer(t.client, secret);
      const [a, b] = await Promise.all([refresh(customer.refreshToken), refresh(customer.refreshToken)]);
      const statuses = [a.status, b.status].sort();
      assert.ok(statuses[1] === 401, `statuses ${statuses}`);
      const winner = a.status === 200 ? a : b.status === 200 ? b : undefined;
      if (winner !== undefined) assertError(await me(winner.body.session.access_token), 401, "invalid_token");
    });

    it("a refresh token expires after 30 days (401 token_expired); an unknown one is 401 invalid_token", async () => {
      const customer = await registerCustomer(t.client, secret);
      clock.advance(30 * 24 * 60 * MINUTE);
      assertError(await refresh(customer.refreshToken), 401, "token_expired");
      assertError(await refresh("sf_rt_unknown"), 401, "invalid_token");
      assertError(await t.client.post("/v1/auth/refresh", {}, { key: secret }), 400, "parameter_missing", "refresh_token");
    });

    it("refresh tokens are stored only as hashes", async () => {
      const customer = await registerCustomer(t.client, secret);
      const rows = await t.application.database.knex("customer_tokens").where({ customer_id: customer.id });
      assert.equal(rows.length, 2);
      const text = JSON.stringify(rows);
      assert.ok(!text.includes(customer.accessToken) && !text.includes(customer.refreshToken));
      assert.ok(!text.includes(customer.accessToken.slice(6)) && !text.includes(customer.refreshToken.slice(6)));
    });
  });

  describe("sign-out", () => {
    it("ends the session of the token: its access and refresh tokens stop working; other sessions do not", async () => {
      const customer = await registerCustomer(t.client, secret);
      const other = (await login(customer.email, customer.password)).body.session;
      const response = await t.client.post("/v1/auth/logout", undefined, withToken(secret, customer.accessToken));
      assert.equal(response.status, 200, response.text);
      assert.equal(typeof response.body.message, "string");
      assertError(await me(customer.accessToken), 401, "invalid_token");
      assertError(await refresh(customer.refreshToken), 401, "invalid_token");
      assertError(await t.client.post("/v1/auth/logout", undefined, withToken(secret, customer.accessToken)), 401, "invalid_token");
      assert.equal((await me(other.access_token)).status, 200);
    });
  });

  describe("one-time codes by email", () => {
    it("request answers 202 alike for a customer and for an unknown email; only the customer gets an email", async () => {
      const customer = await registerCustomer(t.client, secret, { name: "Amina Wanjiru" });
      const nobody = uniqueEmail("nobody");
      const known = await requestCode(customer.email);
      const unknown = await requestCode(nobody);
      assert.equal(known.status, 202, known.text);
      assert.equal(unknown.status, 202, unknown.text);
      assert.deepEqual(known.body, unknown.body);
      const mail = await mailTo(customer.email);
      assert.equal(mail.from, "shop@example.com");
      assert.match(mail.raw, /Amina Wanjiru/);
      assert.match(codeIn(mail), /^\d{6}$/);
      await t.client.get("/v1/no-such-route", { key: secret }); // give a stray email time to arrive
      assert.equal(smtp.received.filter((m) => m.to.includes(nobody)).length, 0);
    });

    it("verifying the code signs in and confirms the email; the code works once", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      assert.equal((await requestCode(customer.email)).status, 202);
      const code = codeIn(await mailTo(customer.email, seen));
      const response = await verifyCode(customer.email.toUpperCase(), code);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.user.id, customer.id);
      assert.equal(response.body.user.email_confirmed, true);
      assert.equal((await me(response.body.session.access_token)).body.user.email_confirmed, true);
      assertError(await verifyCode(customer.email, code), 401, "invalid_code");
    });

    it("five tries: after five wrong codes even the right one fails", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      await requestCode(customer.email);
      const code = codeIn(await mailTo(customer.email, seen));
      const wrong = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++) assertError(await verifyCode(customer.email, wrong), 401, "invalid_code");
      assertError(await verifyCode(customer.email, code), 401, "invalid_code");
    });

    it("a code lives ten minutes", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      await requestCode(customer.email);
      const code = codeIn(await mailTo(customer.email, seen));
      clock.advance(10 * MINUTE);
      assertError(await verifyCode(customer.email, code), 401, "invalid_code");
    });

    it("a code still works just before its ten minutes are up", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      await requestCode(customer.email);
      const code = codeIn(await mailTo(customer.email, seen));
      clock.advance(10 * MINUTE - 1);
      assert.equal((await verifyCode(customer.email, code)).status, 200);
    });

    it("a new code replaces the previous one", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      await requestCode(customer.email);
      const first = codeIn(await mailTo(customer.email, seen));
      clock.advance(1_000);
      const seenAgain = smtp.received.length;
      await requestCode(customer.email);
      const second = codeIn(await mailTo(customer.email, seenAgain));
      if (first !== second) assertError(await verifyCode(customer.email, first), 401, "invalid_code");
      assert.equal((await verifyCode(customer.email, second)).status, 200);
    });

    it("a wrong code for an unknown email answers like a wrong code for a customer", async () => {
      const customer = await registerCustomer(t.client, secret);
      const a = await verifyCode(customer.email, "123456");
      const b = await verifyCode(uniqueEmail("nobody"), "123456");
      assertError(a, 401, "invalid_code");
      assertError(b, 401, "invalid_code");
      assert.equal(a.body.error.message, b.body.error.message);
    });

    it(`brute-forcing codes of one email: after ${FAILURES_PER_EMAIL} failures, 429 rate_limited`, async () => {
      const customer = await registerCustomer(t.client, secret);
      for (let i = 0; i < FAILURES_PER_EMAIL; i++) {
        assertError(await verifyCode(customer.email, String(100_000 + i)), 401, "invalid_code");
      }
      const limited = await verifyCode(customer.email, "999999");
      assertError(limited, 429, "rate_limited");
      assert.ok(Number(limited.headers.get("retry-after")) > 0);
      // Password guesses share the budget: guessing a code does not buy more password guesses.
      assertError(await login(customer.email, customer.password), 429, "rate_limited");
    });

    it(`code requests are limited too: the ${CODE_REQUESTS_PER_EMAIL + 1}th request for one email is a 429`, async () => {
      const customer = await registerCustomer(t.client, secret);
      for (let i = 0; i < CODE_REQUESTS_PER_EMAIL; i++) assert.equal((await requestCode(customer.email)).status, 202);
      assertError(await requestCode(customer.email), 429, "rate_limited");
    });

    it("an inactive customer gets no code", async () => {
      const customer = await registerCustomer(t.client, secret);
      await t.application.database.knex("customers").where({ id: customer.id }).update({ status: "inactive" });
      assert.equal((await requestCode(customer.email)).status, 202);
      await registerCustomer(t.client, secret); // a round trip for a stray email to arrive
      assert.equal(smtp.received.filter((m) => m.to.includes(customer.email)).length, 0);
    });

    it("codes are stored hashed", async () => {
      const customer = await registerCustomer(t.client, secret);
      const seen = smtp.received.length;
      await requestCode(customer.email);
      const code = codeIn(await mailTo(customer.email, seen));
      const rows = await t.application.database.knex("one_time_codes").where({ customer_id: customer.id });
      assert.equal(rows.length, 1);
      assert.ok(!JSON.stringify(rows).includes(code));
      assert.match(rows[0].code_hash, /^[0-9a-f]{64}$/);
    });

    it("invalid bodies: 400", async () => {
      assertError(await t.client.post("/v1/auth/otp/verify", { email: uniqueEmail(), code: "12345" }, { key: secret }), 400, "parameter_invalid", "code");
      assertError(await t.client.post("/v1/auth/otp/request", {}, { key: secret }), 400, "parameter_missing", "email");
    });
  });
});
