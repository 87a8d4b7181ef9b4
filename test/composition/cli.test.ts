// Runs the `storefront` command as a child process, as a user would: `seed --demo --json`
// prints one JSON object whose keys authenticate, keys are stored only as hashes, and a bad
// environment stops with exit code 1 and one line naming the variable.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import { loadConfig } from "../../composition/config.js";
import { createApplication, type Application } from "../../composition/container.js";
import { serve } from "../support/http-client.js";
import { storefrontCommand } from "../support/command-build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The parent's environment without any Storefront setting, plus the given ones. */
const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("STOREFRONT_") && name !== "PORT" && name !== "HOST" && name !== "NODE_OPTIONS") env[name] = value;
  }
  return { ...env, ...extra };
};

const runCli = (args: readonly string[], env: Record<string, string>): Promise<Run> =>
  new Promise((resolvePromise) => {
    execFile(process.execPath, [storefrontCommand(), ...args], { cwd: ROOT, env: childEnv(env), timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolvePromise({ code, stdout, stderr });
    });
  });

interface Summary {
  store_id: string;
  secret_key: string;
  publishable_key: string;
  secret_key_live: string;
  publishable_key_live: string;
  hmac_secret: string;
  customers: unknown[];
  gift_cards: Record<string, unknown>;
}

const parseOneJsonObject = (stdout: string): Summary => {
  assert.ok(stdout.endsWith("\n"), "stdout should end with a newline");
  const lines = stdout.split("\n").filter((line) => line !== "");
  assert.equal(lines.length, 1, `stdout should be exactly one line of JSON:\n${stdout}`);
  const value: unknown = JSON.parse(lines[0]!);
  assert.ok(typeof value === "object" && value !== null && !Array.isArray(value), "stdout should be a JSON object");
  return value as Summary;
};

const assertSummaryShape = (summary: Summary): void => {
  assert.match(summary.store_id, UUID);
  assert.match(summary.secret_key, /^svc_sk_test_[A-Za-z0-9]{32,}$/);
  assert.match(summary.publishable_key, /^svc_pk_test_[A-Za-z0-9]{32,}$/);
  assert.match(summary.secret_key_live, /^svc_sk_live_[A-Za-z0-9]{32,}$/);
  assert.match(summary.publishable_key_live, /^svc_pk_live_[A-Za-z0-9]{32,}$/);
  assert.equal(typeof summary.hmac_secret, "string");
  assert.ok(summary.hmac_secret.length >= 32);
  assert.ok(Array.isArray(summary.customers), "customers should be an array");
  assert.ok(typeof summary.gift_cards === "object" && summary.gift_cards !== null && !Array.isArray(summary.gift_cards), "gift_cards should be an object");
};

const KEY_NAMES = ["secret_key", "publishable_key", "secret_key_live", "publishable_key_live"] as const;
const EXPECTED: Record<(typeof KEY_NAMES)[number], { keyType: string; mode: string }> = {
  secret_key: { keyType: "secret", mode: "test" },
  publishable_key: { keyType: "publishable", mode: "test" },
  secret_key_live: { keyType: "secret", mode: "live" },
  publishable_key_live: { keyType: "publishable", mode: "live" },
};

describe("storefront CLI", function () {
  this.timeout(120_000);
  let dir: string;
  let databaseUrl: string;
  let databaseFile: string;
  let first: Summary;
  let second: Summary;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "storefront-cli-"));
    databaseFile = join(dir, "x.sqlite");
    databaseUrl = `sqlite:${databaseFile}`;
    const env = { STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "silent" };
    const runOne = await runCli(["seed", "--demo", "--json"], env);
    assert.equal(runOne.code, 0, `first seed failed:\n${runOne.stderr}`);
    first = parseOneJsonObject(runOne.stdout);
    const runTwo = await runCli(["seed", "--demo", "--json"], env);
    assert.equal(runTwo.code, 0, `second seed failed:\n${runTwo.stderr}`);
    second = parseOneJsonObject(runTwo.stdout);
  });

  after(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("seed --demo --json prints exactly one JSON object with the store and its keys", () => {
    assertSummaryShape(first);
    assertSummaryShape(second);
  });

  it("each run adds a new store with new keys", () => {
    assert.notEqual(first.store_id, second.store_id);
    for (const name of [...KEY_NAMES, "hmac_secret"] as const) assert.notEqual(first[name], second[name], name);
    const all = [first, second].flatMap((s) => KEY_NAMES.map((name) => s[name]));
    assert.equal(new Set(all).size, all.length, "every key is distinct");
  });

  describe("the seeded database", () => {
    let application: Application;

    before(async () => {
      application = createApplication(loadConfig({ STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "silent" }), {
        logger: pino({ level: "silent" }),
      });
    });

    after(async () => {
      await application?.close();
    });

    it("holds both stores", async () => {
      const ids = (await application.database.knex("stores").select("id")).map((row: { id: string }) => row.id).sort();
      assert.deepEqual(ids, [first.store_id, second.store_id].sort());
    });

    it("every printed key authenticates as its store, type and mode", async () => {
      const authenticate = application.container.get(AuthenticateApiKey);
      for (const summary of [first, second]) {
        for (const name of KEY_NAMES) {
          const principal = await authenticate.execute(summary[name]);
          assert.equal(principal.storeId, summary.store_id, name);
          assert.equal(principal.keyType, EXPECTED[name].keyType, name);
          assert.equal(principal.mode, EXPECTED[name].mode, name);
        }
      }
    });

    it("the keys work over HTTP on an app opened on the same file", async () => {
      const client = await serve(application.httpApp());
      try {
        const authenticated = await client.get("/v1/no-such-route", { key: first.secret_key_live });
        assert.equal(authenticated.status, 404, authenticated.text);
        assert.equal(authenticated.body.error.code, "route_not_found");
        const tampered = await client.get("/v1/no-such-route", { key: `${first.secret_key.slice(0, -1)}${first.secret_key.endsWith("A") ? "B" : "A"}` });
        assert.equal(tampered.status, 401);
      } finally {
        await client.close();
      }
    });
  });

  it("the database files never contain a plain key, only its SHA-256 hash", async () => {
    const files = readdirSync(dir).filter((name) => name.startsWith("x.sqlite"));
    assert.ok(files.includes("x.sqlite"));
    const bytes = Buffer.concat(files.map((name) => readFileSync(join(dir, name))));
    assert.ok(bytes.length > 0);
    for (const summary of [first, second]) {
      for (const name of KEY_NAMES) {
        const key = summary[name];
        assert.equal(bytes.includes(Buffer.from(key, "utf8")), false, `${name} is stored in plain text`);
        // The random part alone must not be there either (a store that drops the prefix still leaks).
        const random = key.slice("svc_sk_test_".length);
        assert.equal(bytes.includes(Buffer.from(random, "utf8")), false, `${name}'s random part is stored in plain text`);
        const hash = createHash("sha256").update(key, "utf8").digest("hex");
        assert.equal(bytes.includes(Buffer.from(hash, "utf8")), true, `the hash of ${name} should be stored (proves the bytes were read)`);
      }
    }
  });

  it("serve with PORT=abc exits 1 with one line on stderr naming PORT", async () => {
    const run = await runCli(["serve"], { PORT: "abc", STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "silent" });
    assert.equal(run.code, 1, `expected exit code 1, got ${run.code}; stderr:\n${run.stderr}`);
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    assert.equal(lines.length, 1, `stderr should be one line:\n${run.stderr}`);
    assert.match(lines[0]!, /\bPORT\b/);
    assert.equal(run.stdout, "");
  });

  it("seed with a bad log level exits 1 with one line naming the variable, and prints no JSON", async () => {
    const run = await runCli(["seed", "--demo", "--json"], { STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "loud" });
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0]!, /STOREFRONT_LOG_LEVEL/);
    assert.equal(run.stdout, "");
  });

  it("staff create: a member with a password, or a one-time sign-in link without one; two stores need --store; a taken email, a weak password or an unknown role exit 1 with one line", async () => {
    const env = { STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "silent" };
    // The demo store has its owner, owner@example.com, already: these are another owner.
    const several = await runCli(["staff", "create", "--email", "boss@example.com", "--role", "owner"], env);
    assert.equal(several.code, 1, several.stderr);
    assert.match(several.stderr, /several stores; name one with --store/);
    const invited = await runCli(["staff", "create", "--email", "boss@example.com", "--role", "owner", "--store", first.store_id], env);
    assert.equal(invited.code, 0, invited.stderr);
    assert.match(invited.stdout, /^Created staff member boss@example\.com \(owner\) of store /);
    assert.match(invited.stdout, /\n {2}http:\/\/localhost:3000\/admin\/sign-in\?link=[A-Za-z0-9]{43}\n$/);
    const active = await runCli(["staff", "create", "--email", "packer@example.com", "--role", "fulfilment", "--store", first.store_id, "--password", "Kilifi-Mango-Season-9"], env);
    assert.equal(active.code, 0, active.stderr);
    assert.doesNotMatch(active.stdout, /sign-in\?link=/);
    for (const [args, reason] of [
      [["--email", "BOSS@example.com", "--role", "manager"], /already exists/],
      [["--email", "weak@example.com", "--role", "support", "--password", "password123"], /too easy to guess/],
    ] as const) {
      const refused = await runCli(["staff", "create", ...args, "--store", first.store_id], env);
      assert.equal(refused.code, 1, refused.stderr);
      assert.equal(refused.stderr.trim().split("\n").length, 1, refused.stderr);
      assert.match(refused.stderr, reason);
    }
    const badRole = await runCli(["staff", "create", "--email", "x@example.com", "--role", "boss", "--store", first.store_id], env);
    assert.notEqual(badRole.code, 0);
    assert.match(badRole.stderr, /must be one of owner, manager, catalog, support, fulfilment/);
  });
});
