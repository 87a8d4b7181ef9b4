// Keeps the README's "Build a storefront" walkthrough true: its shell blocks run in order, as
// written, in bash and in zsh, against a real server on a demo store (one store per shell), through
// a proxy that records every exchange; each step's status, key and answer is checked, and so are
// the figures the walkthrough quotes. Every shell block of the README is also checked for what
// breaks a paste into an interactive zsh or bash (comments, `!`, unquoted globs, `uuidgen`).
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { seedStore, ServerProcess, type SeededStore } from "../support/server-process.js";
import { commandExists, RecordingProxy, runShell, shellBlocks, type Exchange } from "../support/readme-shell.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SECTION = "## Build a storefront";


/** The walkthrough: the README from its heading to the next `## ` heading. */
const walkthroughOf = (readme: string): string => {
  const start = readme.indexOf(`\n${SECTION}\n`);
  assert.ok(start >= 0, `README.md has a "${SECTION}" section`);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};

/**
 * What breaks a pasted line in an interactive shell although a script runs it: a `#` comment
 * (zsh leaves interactive_comments off), `!` outside single quotes (history expansion), `?`, `*`
 * or `[` outside quotes (zsh's globbing stops at "no matches found"), and what a stock shell lacks.
 */
const pasteHazards = (block: string): string[] => {
  const found: string[] = [];
  for (const line of block.split("\n")) {
    if (/\buuidgen\b/.test(line)) found.push(`uuidgen: ${line}`);
    if (line.includes("<<<")) found.push(`here-string: ${line}`);
    let quote: "'" | '"' | null = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quote === "'") {
        if (c === "'") quote = null;
        continue;
      }
      if (c === "\\") {
        i++;
        continue;
      }
      if (c === "!") found.push(`"!" outside single quotes: ${line}`);
      if (quote === '"') {
        if (c === '"') quote = null;
        continue;
      }
      if (c === "'" || c === '"') quote = c;
      else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) found.push(`comment: ${line}`);
      else if (c === "?" || c === "*" || c === "[") found.push(`unquoted "${c}": ${line}`);
    }
  }
  return found;
};

/** The walkthrough's blocks as one script for a store, its settings set, a marker after each block. */
const scriptFor = (blocks: readonly string[], store: SeededStore, baseUrl: string): string => {
  const settings: Record<string, string> = {
    BASE_URL: baseUrl,
    PUBLISHABLE_KEY: store.publishable_key,
    SECRET_KEY: store.secret_key,
    HMAC_SECRET: store.hmac_secret,
  };
  const withSettings = blocks.map((block) => {
    let code = block;
    for (const [name, value] of Object.entries(settings)) {
      const line = new RegExp(`^${name}='[^'\n]*'$`, "m");
      if (line.test(code)) code = code.replace(line, `${name}='${value}'`);
    }
    return code;
  });
  for (const name of Object.keys(settings)) {
    assert.match(withSettings[0]!, new RegExp(`^${name}='`, "m"), `the first block sets ${name}`);
  }
  // Strict, so that a failing line stops the run; both shells take these lines alike.
  return ["set -eu", "set -o pipefail", ...withSettings.map((code, i) => `${code}printf '\\n@@ block ${i}\\n'`)].join("\n") + "\n";
};

/** The figures the walkthrough quotes for a fresh demo store, as the server must answer them. */
const FIGURES = {
  sellingPrice: 145_000,
  kampalaPrice: 41_325,
  cartSubtotal: 290_000,
  orderSubtotal: 2900,
  shipping: 150,
  // Prices include 16 % VAT and the coffee is zero-rated: the only VAT is inside the fee (docs/taxes.md).
  tax: 20.69,
  total: 3050,
} as const;

const authorization = (exchange: Exchange): string => String(exchange.headers.authorization ?? "");

/** Checks one run's exchanges, step by step, and the JSON it printed block by block. */
const checkRun = (exchanges: readonly Exchange[], output: string, store: SeededStore): void => {
  const browser = `Bearer ${store.publishable_key}`;
  const server = `Bearer ${store.secret_key}`;
  const steps: Array<[method: string, path: RegExp, status: number, key: string]> = [
    ["POST", /^\/v1\/search$/, 200, browser],
    ["GET", /^\/v1\/products\/[0-9a-f-]{36}\?fields=/, 200, browser],
    ["GET", /^\/v1\/prices\/products\/[0-9a-f-]{36}\?place_name=Kampala&/, 200, browser],
    ["POST", /^\/v1\/cart\/items$/, 200, browser],
    ["POST", /^\/v1\/auth\/login$/, 200, server],
    ["GET", /^\/v1\/cart\?fields=/, 200, browser],
    ["POST", /^\/v1\/orders$/, 201, server],
    ["GET", /^\/v1\/orders\/[0-9a-f-]{36}\?fields=/, 200, browser],
    ["POST", /^\/v1\/payments\/initialize$/, 201, server],
    ["POST", /^\/v1\/payments\/verify$/, 200, server],
    ["PATCH", /^\/v1\/orders\/[0-9a-f-]{36}$/, 200, server],
    ["POST", /^\/v1\/webhook_endpoints$/, 201, server],
  ];
  const seen = exchanges.map((e) => `${e.method} ${e.path} -> ${e.status}`).join("\n");
  assert.equal(exchanges.length, steps.length, `the walkthrough's requests:\n${seen}`);
  steps.forEach(([method, path, status, key], i) => {
    const exchange = exchanges[i]!;
    assert.equal(exchange.method, method, `request ${i + 1}:\n${seen}`);
    assert.match(exchange.path, path, `request ${i + 1}:\n${seen}`);
    assert.equal(exchange.status, status, `request ${i + 1} (${exchange.method} ${exchange.path}): ${JSON.stringify(exchange.body)}`);
    assert.equal(authorization(exchange), key, `request ${i + 1} (${exchange.method} ${exchange.path}) uses the key the walkthrough names`);
  });
  const [search, product, prices, cartAdd, login, cart, checkout, confirmation, payment, verify, update, webhook] = exchanges as [
    Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange, Exchange,
  ];

  // 1. Search, browse and price.
  const productId = search.body.results[0].productId;
  assert.ok(product.path.startsWith(`/v1/products/${productId}?`));
  assert.equal(product.body.name, "Kenyan AA Coffee Beans");
  assert.equal(product.body.display_currency, "KES");
  assert.deepEqual(
    { variant_name: product.body.variants[0].variant_name, selling_price: product.body.variants[0].selling_price },
    { variant_name: "250g", selling_price: FIGURES.sellingPrice },
  );
  const variantId = product.body.variants[0].variant_id;
  assert.equal(prices.body.variants[0].variant_id, variantId);
  assert.equal(prices.body.variants[0].display_price, FIGURES.kampalaPrice);
  assert.equal(prices.body.variants[0].display_currency, "UGX");

  // 2. The guest cart, in minor units.
  const sessionId = String(cartAdd.headers["x-session-id"]);
  assert.match(sessionId, /^[0-9a-f]{32}$/);
  assert.equal(cartAdd.body.cart.customer_id, null);
  assert.deepEqual(
    cartAdd.body.cart.items.map((item: any) => [item.variant_id, item.quantity, item.unit_price, item.line_total]),
    [[variantId, 2, FIGURES.sellingPrice, FIGURES.cartSubtotal]],
  );
  assert.equal(cartAdd.body.cart.subtotal, FIGURES.cartSubtotal);

  // 3. Sign-in on the server, merging the guest cart.
  assert.equal(login.headers["x-session-id"], sessionId);
  assert.equal(login.body.customer.email, "grace.mwangi@example.com");
  const token = login.body.session.access_token;

  // 4. The customer's cart by token.
  assert.equal(cart.headers["x-auth-token"], token);
  assert.deepEqual(cart.body, {
    cart: { customer_id: login.body.customer.id, items: [{ quantity: 2, unit_price: FIGURES.sellingPrice }], subtotal: FIGURES.cartSubtotal },
  });

  // 5. Checkout on the server, in major units; the confirmation read in the browser.
  assert.equal(checkout.headers["x-auth-token"], token);
  assert.ok(String(checkout.headers["idempotency-key"] ?? "").length >= 16, "checkout sends an Idempotency-Key");
  const money = {
    subtotal: FIGURES.orderSubtotal,
    shipping_amount: FIGURES.shipping,
    tax_amount: FIGURES.tax,
    total_amount: FIGURES.total,
    amount_due: FIGURES.total,
    currency: "KES",
  };
  for (const [field, value] of Object.entries(money)) assert.equal(checkout.body[field], value, `order ${field}`);
  assert.equal(checkout.body.customer_id, login.body.customer.id);
  assert.equal(checkout.body.shipping_metadata.zone_name, "Nairobi CBD");
  assert.equal(confirmation.headers["x-auth-token"], token);
  assert.deepEqual(confirmation.body, { order_number: checkout.body.order_number, ...money });

  // 6. The signed payment, answered pending, then verified paid.
  for (const header of ["x-timestamp", "x-signature", "idempotency-key"]) assert.ok(payment.headers[header] !== undefined, `payment sends ${header}`);
  assert.deepEqual(
    [payment.body.provider, payment.body.flow, payment.body.status, payment.body.mode, payment.body.amount, payment.body.charged_amount, payment.body.currency],
    ["mobile_stk", "stk_push", "pending", "test", FIGURES.total, FIGURES.total, "KES"],
  );
  assert.match(payment.body.reference, /^PAY-\d+-\w+$/);
  assert.deepEqual(
    [verify.body.success, verify.body.status, verify.body.reference, verify.body.order_id],
    [true, "paid", payment.body.reference, checkout.body.id],
  );

  // 7. The signed order update (its signature made by node this time).
  assert.equal(update.path, `/v1/orders/${checkout.body.id}`);
  assert.deepEqual(
    [update.body.order_status, update.body.payment_status, update.body.total_amount],
    ["processing", "paid", FIGURES.total],
  );

  // 8. The webhook endpoint, with its secret shown once.
  assert.match(webhook.body.webhook_endpoint.secret, /^whsec_/);

  // What the lines print: the answers the walkthrough shows, block by block.
  const printed = output.split(/\n@@ block \d+\n/).slice(0, -1).map((chunk) => chunk.split("\n").filter((line) => line.trim() !== ""));
  const shown = [[], [product, prices], [cartAdd], [], [cart], [confirmation], [payment, verify], [update], [webhook]];
  assert.equal(printed.length, shown.length, `every block ran:\n${output}`);
  shown.forEach((answers, block) => {
    assert.deepEqual(printed[block]!.map((line) => JSON.parse(line)), answers.map((answer) => answer.body), `what block ${block + 1} prints`);
  });
};

describe('README: "Build a storefront" runs as written', function () {
  this.timeout(240_000);
  let readme: string;
  let walkthrough: string;
  let scratch: string;
  let server: ServerProcess | undefined;
  let proxy: RecordingProxy | undefined;
  const stores: SeededStore[] = [];

  before(async () => {
    readme = await readFile(join(ROOT, "README.md"), "utf8");
    walkthrough = walkthroughOf(readme);
  });

  after(async () => {
    await proxy?.close();
    await server?.stop();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  });

  it("has no line that a paste into bash or zsh would break, in any shell block of the README", () => {
    const hazards = shellBlocks(readme).flatMap(pasteHazards);
    assert.deepEqual(hazards, []);
  });

  it("quotes the figures the server answers", () => {
    for (const figure of ["`145000`", "`41325`", "`290000`", "`2900`", "`150`", "`20.69`", "`3050`"]) {
      assert.ok(walkthrough.includes(figure), `the walkthrough quotes ${figure}`);
    }
    assert.equal(shellBlocks(walkthrough).length, 9);
  });

  const shells: Array<[name: string, command: readonly string[]]> = [
    ["bash", ["bash", "--norc", "--noprofile"]],
    ["zsh", ["zsh", "-f"]],
  ];
  shells.forEach(([name, command], index) => {
    it(`runs every step in ${name} against a demo store`, async function () {
      if (!(await commandExists(name))) {
        if (process.env.CI === "true") throw new Error(`${name} is required in CI (CI=true); .ci/run installs it`);
        console.log(`  skipped: ${name} is not installed (set CI=true to require it)`);
        this.skip();
      }
      if (server === undefined) {
        scratch = await mkdtemp(join(tmpdir(), "storefront-guide-"));
        const databaseUrl = `sqlite:${join(scratch, "guide.sqlite")}`;
        // One fresh demo store per shell: a paid order makes the customer a returning one.
        for (let i = 0; i < shells.length; i++) stores.push(await seedStore(databaseUrl, ["--demo"]));
        server = await ServerProcess.start(databaseUrl);
        proxy = await RecordingProxy.start(server.url);
      }
      const store = stores[index]!;
      const file = join(scratch, `guide.${name}`);
      await writeFile(file, scriptFor(shellBlocks(walkthrough), store, proxy!.url));
      proxy!.exchanges.length = 0;
      const output = await runShell(command, file, scratch);
      checkRun([...proxy!.exchanges], output, store);
    });
  });
});
