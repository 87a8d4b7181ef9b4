// Keeps the README's "Run the shop" section true: its shell blocks after the first (which creates an
// owner on the command line) run in order, as written, in bash, against a real server on a demo
// store, signed in as the demo owner, through a proxy that records every exchange; each step's
// status and answer is checked.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { commandExists, RecordingProxy, runShell, sectionOf, shellBlocks } from "../support/readme-shell.js";
import { seedStore, ServerProcess } from "../support/server-process.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("README: Run the shop", function () {
  this.timeout(300_000);
  let section: string;
  let server: ServerProcess | undefined;
  let proxy: RecordingProxy | undefined;
  let scratch: string | undefined;

  before(async () => {
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    const found = sectionOf(readme, "## Run the shop");
    assert.ok(found !== undefined, "README.md has a Run the shop section");
    section = found;
  });
  after(async () => {
    await proxy?.close();
    await server?.stop();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  });

  it("creates the first owner with `storefront staff create` and then signs in, ships and refunds with curl", () => {
    const blocks = shellBlocks(section);
    assert.equal(blocks.length, 6);
    assert.match(blocks[0]!, /^npx storefront staff create --email \S+ --role owner\n$/);
  });

  it("runs every step in bash against a demo store: sign in, find a paid order, ship it, refund part, read the timeline, sign out", async function () {
    if (!(await commandExists("bash"))) {
      if (process.env.CI === "true") throw new Error("bash is required in CI (CI=true)");
      console.log("  skipped: bash is not installed (set CI=true to require it)");
      this.skip();
    }
    scratch = await mkdtemp(join(tmpdir(), "storefront-run-the-shop-"));
    const databaseUrl = `sqlite:${join(scratch, "shop.sqlite")}`;
    const store = (await seedStore(databaseUrl, ["--demo"])) as unknown as { staff_owner: { email: string; password: string } };
    server = await ServerProcess.start(databaseUrl);
    proxy = await RecordingProxy.start(server.url);
    const settings: Record<string, string> = { BASE_URL: proxy.url, OWNER_EMAIL: store.staff_owner.email, OWNER_PASSWORD: store.staff_owner.password };
    const blocks = shellBlocks(section).slice(1).map((block) => {
      let code = block;
      for (const [name, value] of Object.entries(settings)) code = code.replace(new RegExp(`^${name}='[^'\\n]*'$`, "m"), `${name}='${value}'`);
      return code;
    });
    const file = join(scratch, "run-the-shop.bash");
    await writeFile(file, ["set -eu", "set -o pipefail", ...blocks].join("\n") + "\n");
    await runShell(["bash", "--norc", "--noprofile"], file, scratch);

    const seen = proxy.exchanges.map((e) => `${e.method} ${e.path} -> ${e.status}`).join("\n");
    const steps: Array<[string, RegExp, number]> = [
      ["POST", /^\/admin\/v1\/auth\/sign-in$/, 200],
      ["GET", /^\/admin\/v1\/orders\?payment_status=paid&fulfilment_status=unfulfilled&limit=1$/, 200],
      ["POST", /^\/admin\/v1\/orders\/[0-9a-f-]{36}\/fulfilments$/, 201],
      ["POST", /^\/admin\/v1\/orders\/[0-9a-f-]{36}\/refunds$/, 201],
      ["GET", /^\/admin\/v1\/orders\/[0-9a-f-]{36}\/timeline$/, 200],
      ["POST", /^\/admin\/v1\/auth\/sign-out$/, 200],
    ];
    assert.equal(proxy.exchanges.length, steps.length, seen);
    steps.forEach(([method, path, status], i) => {
      const exchange = proxy!.exchanges[i]!;
      assert.equal(exchange.method, method, seen);
      assert.match(exchange.path, path, seen);
      assert.equal(exchange.status, status, `${exchange.method} ${exchange.path}: ${JSON.stringify(exchange.body)}`);
    });
    const [signIn, list, parcel, refund, timeline] = proxy.exchanges;
    assert.equal(signIn!.body.member.email, store.staff_owner.email);
    const orderId = list!.body.orders[0].id;
    assert.equal(parcel!.body.order.fulfilment_status, "fulfilled");
    assert.equal(refund!.body.amount, 50_000);
    assert.equal(refund!.body.status, "succeeded");
    assert.equal(refund!.body.order_id, orderId);
    assert.ok(String(refund!.headers["x-csrf-token"]).length > 10, "the writes send the CSRF token");
    const kinds = JSON.stringify(timeline!.body);
    assert.ok(kinds.includes("fulfil") && kinds.includes("refund"), "the timeline shows the parcel and the refund");
  });
});
