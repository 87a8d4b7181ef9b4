// Credential stuffing through a shop's server (docs/decisions/security.md, "Sign-in limits: the shopper's
// address and known devices", security-23 to security-29). Every shopper's sign-in reaches the API from the shop's back end,
// at one address, with the secret key; the server names the shopper's address in
// Storefront-Customer-IP. A list of leaked email/password pairs tried from one shopper address is
// cut off after that address's budget (new emails get 429, no guesses), while a shopper at another
// address still signs in through the same server address; a known device signs in past a spent
// budget; the header is ignored with a publishable key; weak and breached passwords are refused
// at registration. On SQLite, on MariaDB, and with Redis as the limiter store.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { createStorefrontClient } from "../../client/public-api.js";
import { registerCustomer, uniqueEmail, type SignedInCustomer } from "../support/customer-fixtures.js";
import type { TestResponse } from "../support/http-client.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../support/mysql-database.js";
import { deleteRedisKeys, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from "../support/redis-server.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";

const PER_ADDRESS = 12;
const PER_EMAIL = 4;
const PER_CALLER = 100;
/** The shop's server: every request of these tests comes from it (the app trusts X-Forwarded-For here). */
const SHOP_SERVER = "192.0.2.10";

type Backend = "sqlite" | "mariadb" | "redis";

const suite = (backend: Backend): void => {
  describe(`credential stuffing through the shop's server (${backend})`, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let dir: string | undefined;
    let mysql: ThrowawayDatabase | undefined;
    let redisPrefix: string | undefined;
    let secret: string;
    let publishable: string;
    const logLines: Record<string, unknown>[] = [];
    let addressCounter = 0;
    const shopperAddress = (): string => `203.0.113.${++addressCounter}`;

    before(async function () {
      const env: Record<string, string> = {
        STOREFRONT_SCRYPT_COST: "1024",
        STOREFRONT_TRUST_PROXY: "1",
        STOREFRONT_AUTH_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
        STOREFRONT_AUTH_FAILURES_PER_EMAIL: String(PER_EMAIL),
        STOREFRONT_AUTH_FAILURES_PER_CALLER: String(PER_CALLER),
      };
      let databaseUrl: string | undefined;
      if (backend === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("credential_stuffing");
        databaseUrl = mysql.url;
      } else {
        dir = mkdtempSync(join(tmpdir(), "credential-stuffing-"));
        databaseUrl = `sqlite:${join(dir, "store.db")}`;
      }
      if (backend === "redis") {
        if (!(await redisReachable())) {
          if (process.env.CI === "true") throw new Error(`Redis is not reachable at ${TEST_REDIS_URL}, and CI=true requires these tests`);
          console.log(`    (skipped: no Redis reachable at ${TEST_REDIS_URL})`);
          this.skip();
        }
        redisPrefix = uniqueRedisPrefix("stuffing");
        env.STOREFRONT_REDIS_URL = TEST_REDIS_URL;
        env.STOREFRONT_REDIS_KEY_PREFIX = redisPrefix;
      }
      const logger = pino(
        { level: "warn" },
        new Writable({
          write(chunk, _encoding, done) {
            for (const text of String(chunk).split("\n")) if (text.trim() !== "") logLines.push(JSON.parse(text));
            done();
          },
        }),
      );
      t = await startTestApplication({ ...(databaseUrl !== undefined ? { databaseUrl } : {}), env, logger });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
    });

    after(async () => {
      await t?.close();
      await mysql?.drop();
      if (redisPrefix !== undefined) await deleteRedisKeys(redisPrefix);
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    /** A sign-in sent by the shop's server for a shopper at `shopper` (no header when undefined). */
    const login = (email: string, password: string, shopper: string | undefined, extra: Record<string, unknown> = {}, key = secret): Promise<TestResponse> =>
      t.client.post(
        "/v1/auth/login",
        { email, password, ...extra },
        { key, headers: { "x-forwarded-for": SHOP_SERVER, ...(shopper !== undefined ? { "storefront-customer-ip": shopper } : {}) } },
      );

    const register = (): Promise<SignedInCustomer> => registerCustomer(t.client, secret);

    /** Spends `shopper`'s budget with a stuffing list: one guess per (mostly unknown) email. */
    const stuff = async (shopper: string, count: number): Promise<TestResponse[]> => {
      const answers: TestResponse[] = [];
      for (let i = 0; i < count; i++) answers.push(await login(uniqueEmail("leaked"), `Leaked-Password-${i}`, shopper));
      return answers;
    };

    it(`stuffing from one shopper address is cut off after its budget (${PER_ADDRESS}): new emails then get 429, no guess is checked`, async () => {
      const attacker = shopperAddress();
      const first = await stuff(attacker, PER_ADDRESS);
      assert.deepEqual([...new Set(first.map((a) => a.status))], [401], "each guess within the budget is checked");
      const victim = await register();
      const after = await stuff(attacker, 10);
      assert.deepEqual([...new Set(after.map((a) => a.status))], [429], "30 more leaked pairs: every one refused");
      assert.equal(after[0]!.body.error.code, "rate_limited");
      assert.ok(Number(after[0]!.headers.get("retry-after")) > 0);
      // The victim's right password from the attacker's address is refused too: nothing is checked there.
      assert.equal((await login(victim.email, victim.password, attacker)).status, 429);
      // And the victim's email has spent nothing: from their own address they sign in.
      assert.equal((await login(victim.email, victim.password, shopperAddress())).status, 200);
    });

    it("a shopper at another forwarded address signs in through the same server address, and one-time code requests follow the same address", async () => {
      const attacker = shopperAddress();
      await stuff(attacker, PER_ADDRESS + 3);
      const shopper = await register();
      const signedIn = await login(shopper.email, shopper.password, shopperAddress());
      assert.equal(signedIn.status, 200, signedIn.text);
      const codeFromAttacker = await t.client.post(
        "/v1/auth/otp/request",
        { email: shopper.email },
        { key: secret, headers: { "x-forwarded-for": SHOP_SERVER, "storefront-customer-ip": attacker } },
      );
      assert.equal(codeFromAttacker.status, 202, "code requests have their own budget per address");
    });

    it("a known device signs in past a spent address budget; its own failures are limited; another customer's device token counts for nothing", async () => {
      const shopper = await register();
      const home = shopperAddress();
      const first = await login(shopper.email, shopper.password, home);
      assert.equal(first.status, 200, first.text);
      const device = first.body.device_token as string;
      assert.match(device, /^dvc_[\w-]+\.[\w-]+$/);
      assert.ok(Date.parse(first.body.device_token_expires_at) > Date.now() + 170 * 86_400_000);
      // The shopper's carrier NAT address is spent by someone else.
      const nat = shopperAddress();
      await stuff(nat, PER_ADDRESS + 1);
      assert.equal((await login(shopper.email, shopper.password, nat)).status, 429, "without the device token: refused");
      const known = await login(shopper.email, shopper.password, nat, { device_token: device });
      assert.equal(known.status, 200, known.text);
      assert.notEqual(known.body.device_token, device, "each sign-in answers a new token");
      // Another customer's valid token does not open this customer's account past the budget.
      const other = await register();
      const othersDevice = (await login(other.email, other.password, shopperAddress())).body.device_token as string;
      assert.equal((await login(shopper.email, shopper.password, nat, { device_token: othersDevice })).status, 429);
      // A tampered token is no token.
      assert.equal((await login(shopper.email, shopper.password, nat, { device_token: `${device.slice(0, -3)}AAA` })).status, 429);
      // Guessing with a stolen device token: its own budget (as an email's) then 429, even for the right password.
      for (let i = 0; i < PER_EMAIL; i++) assert.equal((await login(shopper.email, `wrong-${i}`, nat, { device_token: device })).status, 401);
      assert.equal((await login(shopper.email, shopper.password, nat, { device_token: device })).status, 429);
      // The device's failures are its own: a fresh sign-in from a clean address still works.
      assert.equal((await login(shopper.email, shopper.password, shopperAddress())).status, 200);
    });

    it("a forged Storefront-Customer-IP with a publishable key changes nothing: the gift card check counts the caller's address, and the header is logged as ignored", async () => {
      const before = logLines.length;
      // Unknown gift card codes are limited per client address: with a publishable key the forged
      // header must not give each request a fresh address.
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await t.client.get(`/v1/gift-cards/check?code=NOPE-${i}-XXXX`, {
          key: publishable,
          headers: { "x-forwarded-for": "198.51.100.77", "storefront-customer-ip": `203.0.113.${100 + i}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) break;
      }
      assert.equal(statuses.at(-1), 429, `the caller's own address budget ran out: ${statuses.join(",")}`);
      const ignored = logLines.slice(before).filter((line) => String(line.msg).includes("Storefront-Customer-IP ignored"));
      assert.ok(ignored.length > 0, "the ignored header is logged");
      assert.equal(ignored[0]!.callerAddress, "198.51.100.77");
      // A secret key naming something that is not an address: 400.
      const bad = await login(uniqueEmail(), "whatever-it-is", "not-an-address");
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.error.param, "Storefront-Customer-IP");
    });

    it(`the server's own address has its larger budget per key (${PER_CALLER}) when it names its shoppers: a spread-out attack is cut off there too`, async () => {
      // Fresh shopper addresses each time (a botnet): the shopper budgets never run out, the server's does.
      const statuses: number[] = [];
      for (let i = 0; i < PER_CALLER + 5; i++) statuses.push((await login(uniqueEmail("spread"), "Leaked-1", shopperAddress(), {}, t.otherStore.keys.secretTest)).status);
      const firstRefusal = statuses.indexOf(429);
      assert.ok(firstRefusal > 0 && firstRefusal <= PER_CALLER, `refused from attempt ${firstRefusal}`);
      // The other store's key was used: this store's shoppers are untouched.
      const shopper = await register();
      assert.equal((await login(shopper.email, shopper.password, shopperAddress())).status, 200);
    });

    it("registration refuses weak and breached passwords with a 400 that says why; the typed client sends the shopper's address", async () => {
      for (const password of ["password123", "qwertyuiop", "Password1!", "iloveyou2"]) {
        const refused = await t.client.post("/v1/auth/register", { email: uniqueEmail(), password, name: "Amina Wanjiru" }, { key: secret });
        assert.equal(refused.status, 400, `${password}: ${refused.text}`);
        assert.deepEqual([refused.body.error.code, refused.body.error.param], ["password_too_weak", "password"]);
        assert.match(refused.body.error.message, /too easy to guess/);
      }
      // The account's own words make a password weak.
      const own = await t.client.post("/v1/auth/register", { email: "amina.wanjiru.x@example.com", password: "aminawanjiru", name: "Amina Wanjiru" }, { key: secret });
      assert.equal(own.status, 400, own.text);
      const strong = await t.client.post("/v1/auth/register", { email: uniqueEmail(), password: "Sunflower-Kisumu-41", name: "Amina Wanjiru" }, { key: secret });
      assert.equal(strong.status, 201, strong.text);

      const attacker = shopperAddress();
      await stuff(attacker, PER_ADDRESS);
      const client = createStorefrontClient({ baseUrl: t.client.url, apiKey: secret, customerIp: attacker });
      const viaClient = await client.POST("/v1/auth/login", { body: { email: strong.body.user.email, password: "Sunflower-Kisumu-41" } });
      assert.equal(viaClient.response.status, 429, "the typed client named the spent shopper address");
    });
  });
};

suite("sqlite");
suite("mariadb");
suite("redis");
