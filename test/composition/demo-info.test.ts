// Runs `storefront serve` and `storefront demo-info` as child processes, as a developer does after
// `npm start`: the first start prints, beside the keys, the demo customers' emails and passwords
// and the gift card codes by state; a second start on the same database seeds nothing and says how
// to see them again; `demo-info` prints them again without creating a store.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { loadConfig } from "../../composition/config.js";
import { createApplication, type Application } from "../../composition/container.js";
import { DEMO_PEOPLE } from "../../composition/demo/demo-customers.js";
import { childEnv } from "../support/server-process.js";
import { storefrontCommand } from "../support/command-build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const runCli = (args: readonly string[], env: Record<string, string>): Promise<Run> =>
  new Promise((done) => {
    execFile(process.execPath, [storefrontCommand(), ...args], { cwd: ROOT, env: childEnv(env), timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });

/** `storefront serve` on a free port until its stdout contains `until`; then stopped (by its pid) and its stdout returned. */
const serveUntil = (env: Record<string, string>, until: string): Promise<string> =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, [storefrontCommand(), "serve", "--no-worker"], {
      cwd: ROOT,
      env: childEnv({ ...env, PORT: "0", HOST: "127.0.0.1" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`serve did not print ${JSON.stringify(until)} in time:\n${stdout}\n${stderr}`));
    }, 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (stdout.includes(until)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.once("exit", () => {
      clearTimeout(timer);
      if (stdout.includes(until)) done(stdout);
      else fail(new Error(`serve exited before printing ${JSON.stringify(until)}:\n${stdout}\n${stderr}`));
    });
  });

/** The gift card codes printed under "Gift cards by state:", by label. */
const giftCardsOf = (text: string): Map<string, string> => {
  const section = text.slice(text.indexOf("Gift cards by state:"));
  const codes = new Map<string, string>();
  for (const match of section.matchAll(/^ {2}(active \(full balance\)|partly used|used \(balance 0\)|expired|disabled)\s+(\S.*)$/gm)) {
    codes.set(match[1]!, match[2]!);
  }
  return codes;
};

describe("demo store information (npm start, storefront demo-info)", function () {
  this.timeout(240_000);
  let dir: string;
  let env: Record<string, string>;
  let firstStart: string;
  let secondStart: string;
  let application: Application | undefined;

  const storeCount = async (): Promise<number> => {
    application ??= createApplication(loadConfig(env), { logger: pino({ level: "silent" }) });
    return Number((await application.database.knex("stores").count({ n: "*" }).first())?.n);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "storefront-demo-info-"));
    env = { STOREFRONT_DATABASE_URL: `sqlite:${join(dir, "demo.sqlite")}`, STOREFRONT_LOG_LEVEL: "silent" };
    firstStart = await serveUntil(env, "limit=2");
    secondStart = await serveUntil(env, "demo-info");
  });

  after(async () => {
    await application?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("the first start prints the keys, the demo customers' emails and passwords, and the gift card codes by state", () => {
    assert.match(firstStart, /secret key \(test\)\s+svc_sk_test_/);
    for (const person of DEMO_PEOPLE) assert.match(firstStart, new RegExp(`${person.email.replace(/\./g, "\\.")}\\s+${person.password}\\b`));
    const cards = giftCardsOf(firstStart);
    assert.deepEqual([...cards.keys()].sort(), ["active (full balance)", "disabled", "expired", "used (balance 0)"]);
    for (const code of cards.values()) assert.match(code, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    assert.match(firstStart, /storefront demo-info/);
    // The back office's demo owner, with a random password shown once.
    assert.match(firstStart, /^ {2}email\s+owner@example\.com$/m);
    assert.match(firstStart, /^ {2}password\s+[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/m);
    // Ready to paste into zsh too, where an unquoted `?` is a glob that matches nothing.
    assert.match(firstStart, /^ {2}curl -s -H 'Authorization: Bearer svc_sk_test_\w+' 'http:\/\/localhost:\d+\/v1\/products\?limit=2'$/m);
  });

  it("a second start seeds no second store and says how to see the customers and gift cards again", async () => {
    assert.doesNotMatch(secondStart, /Demo store seeded/);
    assert.doesNotMatch(secondStart, /svc_sk_test_/);
    assert.doesNotMatch(secondStart, /owner@example\.com/);
    assert.match(secondStart, /seeded by an earlier start/);
    assert.match(secondStart, /npx storefront demo-info/);
    assert.equal(await storeCount(), 1);
  });

  it("demo-info prints the same customers, passwords and gift card codes again, and creates no store", async () => {
    const run = await runCli(["demo-info"], env);
    assert.equal(run.code, 0, run.stderr);
    for (const person of DEMO_PEOPLE) assert.match(run.stdout, new RegExp(`${person.email.replace(/\./g, "\\.")}\\s+${person.password}\\b`));
    assert.deepEqual(giftCardsOf(run.stdout), giftCardsOf(firstStart));
    assert.doesNotMatch(run.stdout, /svc_sk_/);
    assert.equal(await storeCount(), 1);
  });

  it("demo-info --json gives the store, the customers and the codes by state; a password changed since seeding is not printed", async () => {
    application ??= createApplication(loadConfig(env), { logger: pino({ level: "silent" }) });
    await application.database.knex("customers").where({ email: DEMO_PEOPLE[2].email }).update({ password_hash: "changed" });
    const run = await runCli(["demo-info", "--json"], env);
    assert.equal(run.code, 0, run.stderr);
    const { stores } = JSON.parse(run.stdout) as {
      stores: Array<{ store_id: string; customers: Array<{ email: string; password: string | null }>; gift_cards: Record<string, string[]> }>;
    };
    assert.equal(stores.length, 1);
    assert.deepEqual(
      stores[0]!.customers.map((c) => [c.email, c.password]),
      DEMO_PEOPLE.map((p, i) => [p.email, i === 2 ? null : p.password]),
    );
    assert.deepEqual(
      Object.fromEntries(Object.entries(stores[0]!.gift_cards).map(([state, codes]) => [state, codes.length])),
      { active: 1, partly_used: 0, used: 1, expired: 1, disabled: 1 },
    );
    assert.equal(stores[0]!.gift_cards["active"]![0], giftCardsOf(firstStart).get("active (full balance)"));
    const text = await runCli(["demo-info"], env);
    assert.match(text.stdout, /grace\.mwangi@example\.com\s+\(password changed since seeding\)/);
  });

  it("demo-info on a database without a demo store exits 1 with one line saying how to get one", async () => {
    const empty = { ...env, STOREFRONT_DATABASE_URL: `sqlite:${join(dir, "empty.sqlite")}` };
    const run = await runCli(["demo-info"], empty);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.match(run.stderr.trim(), /^storefront demo-info: the database holds no demo store; `npm start`/);
  });
});
