// The library as a user gets it: `npm pack` builds and packs the project, a scratch project
// installs the tarball from disk, and every example of docs/embedding.md runs there as written.
// Also: the core entry loads neither Koa nor knex, the types resolve for TypeScript users, the
// `storefront` command works from the installed package, a production install (`--omit=dev`) holds
// neither tsx nor faker and `npx storefront serve` runs the compiled code with its demo store
// (docs/decisions/operations.md, operations-22), and the README's typed-client lines type-check and
// run there against a demo store. The packing runs in a copy of the checkout: `npm pack` builds
// (prepack and prepare empty and rewrite dist/), and the browser suites running beside this file
// serve the back office from this checkout's dist/back-office.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const run = promisify(execFile);

/** What `npm pack` does not need from a checkout: builds, tests, benches, results and its own dependencies (linked instead). */
const NOT_COPIED = new Set(["node_modules", ".git", "dist", "dist-test", "dist-bench", "test", "bench", "test-results", ".tmp", "data"]);

/** A copy of the checkout to pack from, sharing its node_modules; removed by the caller. */
const checkoutCopy = async (): Promise<string> => {
  const copy = await mkdtemp(join(tmpdir(), "storefront-checkout-"));
  for (const entry of await readdir(ROOT)) {
    if (NOT_COPIED.has(entry) || entry.endsWith(".tgz")) continue;
    await cp(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  await symlink(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
};

/** The environment of a user's shell: no Storefront settings, no tsx loader. */
const userEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { npm_config_nodedir: process.env.npm_config_nodedir ?? "/usr" };
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("STOREFRONT_") && name !== "NODE_OPTIONS" && !name.startsWith("npm_")) env[name] = value;
  }
  return { ...env, ...extra };
};

/** The fenced blocks of docs/embedding.md that follow an `<!-- example: name -->` marker. */
const examplesOf = (markdown: string): Map<string, string> => {
  const examples = new Map<string, string>();
  for (const match of markdown.matchAll(/<!-- example: ([\w.-]+) -->\s*```js\n([\s\S]*?)```/g)) {
    examples.set(match[1]!, match[2]!);
  }
  return examples;
};

/** The README's `<!-- example: client.ts -->` block, with the constants at its top set for a demo store. */
const readmeClientExample = (markdown: string, values: { BASE_URL: string; SECRET_KEY: string; EMAIL: string; PASSWORD: string }): string => {
  const block = /<!-- example: client\.ts -->\s*```ts\n([\s\S]*?)```/.exec(markdown);
  assert.ok(block !== null, "README.md has the typed client example");
  let code = block[1]!;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^const ${name} = "[^"\n]*";`, "m");
    assert.match(code, line);
    code = code.replace(line, `const ${name} = ${JSON.stringify(value)};`);
  }
  return code;
};

describe("the npm package", function () {
  this.timeout(15 * 60_000);
  let scratch: string;
  let checkout: string | undefined;
  let examples: Map<string, string>;

  const node = async (file: string, env: Record<string, string> = {}): Promise<string> => {
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, env: userEnv(env), timeout: 120_000 });
    return stdout;
  };

  before(async function () {
    scratch = await mkdtemp(join(tmpdir(), "storefront-scratch-"));
    const packed = await run("npm", ["pack", "--json", "--pack-destination", scratch], {
      cwd: (checkout = await checkoutCopy()),
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 10 * 60_000,
    });
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as [{ filename: string }];
    await writeFile(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
    // A production install, as an operator makes one: no dev dependencies (tsx) anywhere. Its
    // install scripts are skipped: those that build anything are better-sqlite3's and argon2's
    // (argon2's prebuilt binary crashes on this machine, so npm ci compiles it too), which compiled
    // both from source for a minute and a half of this test's three minutes and tested npm, not
    // the package. The binaries `npm ci` built for this checkout (same Node.js, same machine) are
    // put in their place; sharp takes its own binary from npm as an ordinary dependency.
    await run("npm", ["install", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline", join(scratch, filename)], {
      cwd: scratch,
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 10 * 60_000,
    });
    for (const binary of ["node_modules/better-sqlite3/build/Release/better_sqlite3.node", "node_modules/argon2/build/Release/argon2.node"]) {
      await mkdir(dirname(join(scratch, binary)), { recursive: true });
      await copyFile(join(ROOT, binary), join(scratch, binary));
    }
    examples = examplesOf(await readFile(join(ROOT, "docs/embedding.md"), "utf8"));
  });

  after(async () => {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    if (checkout !== undefined) await rm(checkout, { recursive: true, force: true });
  });

  it("holds the compiled code, its types and the docs, and no sources or tests", async () => {
    const manifest = JSON.parse(await readFile(join(scratch, "node_modules/storefront/package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    assert.ok(manifest.exports["./core"] !== undefined && manifest.exports["./adapters/*"] !== undefined);
    const { stdout } = await run("find", ["node_modules/storefront", "-name", "*.ts", "-not", "-name", "*.d.ts"], { cwd: scratch });
    assert.equal(stdout.trim(), "", "no TypeScript sources in the package");
    await readFile(join(scratch, "node_modules/storefront/dist/domain/public-api.d.ts"));
    await assert.rejects(readFile(join(scratch, "node_modules/storefront/test/support/test-application.ts")));
  });

  it("runs each example of docs/embedding.md as written", async () => {
    assert.deepEqual([...examples.keys()].sort(), ["core.mjs", "persistence.mjs", "service.mjs"]);
    for (const [name, code] of examples) await writeFile(join(scratch, name), code);

    const core = await node("core.mjs");
    assert.deepEqual(JSON.parse(core.trim().split("\n")[0]!), {
      base_price: 1155,
      sale_discount: 0,
      segment_discount: 0,
      tier_discount: 0,
      volume_discount: 92,
      final_price: 1063,
    });

    const service = (await node("service.mjs")).trim();
    assert.match(service, /^200 /);
    assert.deepEqual(JSON.parse(service.slice(4)).products, [], "a new store has no products");

    assert.equal((await node("persistence.mjs")).trim(), "schema ready");
  });

  it("loads neither Koa nor knex for the core entry", async () => {
    await writeFile(
      join(scratch, "core-only.mjs"),
      [
        'import { createRequire } from "node:module";',
        'const core = await import("storefront/core");',
        "const loaded = Object.keys(createRequire(import.meta.url).cache);",
        'const heavy = loaded.filter((path) => /node_modules\\/(koa|@koa|knex|mysql2|better-sqlite3|inversify)\\//.test(path));',
        "console.log(JSON.stringify({ exports: Object.keys(core).length, heavy }));",
      ].join("\n"),
    );
    const { exports, heavy } = JSON.parse(await node("core-only.mjs")) as { exports: number; heavy: string[] };
    assert.ok(exports > 20);
    assert.deepEqual(heavy, []);
  });

  it("gives TypeScript users the types of every entry", async () => {
    await writeFile(
      join(scratch, "typed.ts"),
      [
        'import { resolvePrice, type Order } from "storefront/core";',
        'import { createApplication, type Application } from "storefront";',
        'import { CreateStore } from "storefront/application";',
        'import { openDatabase } from "storefront/adapters/persistence";',
        'import { createHttpApp } from "storefront/adapters/http";',
        "export const checks: [typeof resolvePrice, typeof createApplication, typeof CreateStore, typeof openDatabase, typeof createHttpApp] = [resolvePrice, createApplication, CreateStore, openDatabase, createHttpApp];",
        "export type Used = [Order, Application];",
        "// @ts-expect-error: a wrong argument type is caught",
        "export const wrong = resolvePrice(42);",
        // httpApp() is a typed Koa app with only the package installed (no dev-only @types package).
        'import type { IncomingMessage, ServerResponse } from "node:http";',
        "export const listener = (app: Application): ((req: IncomingMessage, res: ServerResponse) => unknown) => app.httpApp().callback();",
        "// @ts-expect-error: the app is typed, not `any`",
        "export const notANumber = (app: Application): number => app.httpApp();",
      ].join("\n"),
    );
    await writeFile(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "ES2022", strict: true, noEmit: true, skipLibCheck: true, types: ["node"] },
        files: ["typed.ts"],
      }),
    );
    await run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: scratch, env: userEnv() });
  });

  it("runs the storefront command from the installed package", async () => {
    const { stdout } = await run(join(scratch, "node_modules/.bin/storefront"), ["seed", "--json"], {
      cwd: scratch,
      env: userEnv({ STOREFRONT_DATABASE_URL: `sqlite:${join(scratch, "shop.sqlite")}`, STOREFRONT_LOG_LEVEL: "warn" }),
      timeout: 120_000,
    });
    const seeded = JSON.parse(stdout) as { store_id: string; secret_key: string };
    assert.match(seeded.secret_key, /^svc_sk_test_/);
  });

  it("serves the demo store with `npx storefront serve` from the compiled code, with no tsx or faker installed or loaded", async () => {
    const { stdout: devOnly } = await run("find", [".", "-type", "d", "(", "-path", "*/node_modules/tsx", "-o", "-path", "*/node_modules/@faker-js", ")"], { cwd: scratch });
    assert.equal(devOnly.trim(), "", "the production install holds neither tsx (a dev dependency of Storefront) nor @faker-js/faker (no dependency)");
    // Every module the server's process loads through the ES module loader, written to a file as
    // it loads (a hook in its own thread): tsx and faker would have to be imported to be used.
    await writeFile(
      join(scratch, "record-loads-hooks.mjs"),
      [
        'import { appendFileSync } from "node:fs";',
        "let file;",
        "export const initialize = (data) => { file = data.file; };",
        "export const load = (url, context, nextLoad) => { appendFileSync(file, `${url}\\n`); return nextLoad(url, context); };",
      ].join("\n"),
    );
    await writeFile(
      join(scratch, "record-loads.mjs"),
      'import { register } from "node:module";\nregister("./record-loads-hooks.mjs", import.meta.url, { data: { file: process.env.LOADED_MODULES_FILE } });\n',
    );
    const loadedFile = join(scratch, "loaded-modules.txt");
    await writeFile(loadedFile, "");
    const server = spawn("npx", ["--no", "storefront", "serve"], {
      cwd: scratch,
      // Its own process group, so that npx and the server it starts are stopped together.
      detached: true,
      env: userEnv({
        STOREFRONT_DATABASE_URL: `sqlite:${join(scratch, "serve.sqlite")}`,
        STOREFRONT_LOG_LEVEL: "info",
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_OPTIONS: `--import=${join(scratch, "record-loads.mjs")}`,
        LOADED_MODULES_FILE: loadedFile,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    server.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = once(server, "exit");
    try {
      const started = Date.now();
      while (!/secret key \(test\)\s+\S+/.test(output)) {
        assert.equal(server.exitCode, null, `npx storefront serve exited before serving (a tsx or faker import would crash it here, neither being installed):\n${output.slice(-4_000)}`);
        assert.ok(Date.now() - started < 120_000, `npx storefront serve printed no demo keys in 120 s:\n${output.slice(-4_000)}`);
        await new Promise((wake) => setTimeout(wake, 200));
      }
      const listening = output
        .split("\n")
        .flatMap((line) => (line.startsWith("{") && line.endsWith("}") ? [JSON.parse(line) as { msg?: string; port?: number }] : []))
        .find((entry) => entry.msg === "storefront listening");
      assert.ok(typeof listening?.port === "number", `a "storefront listening" line with the port:\n${output.slice(-4_000)}`);
      const base = `http://127.0.0.1:${listening.port}`;
      const key = /secret key \(test\)\s+(\S+)/.exec(output)![1]!;
      assert.equal((await fetch(`${base}/healthz`)).status, 200, "the server answers");
      const products = await fetch(`${base}/v1/products?limit=5`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(products.status, 200);
      const listed = ((await products.json()) as { products: { name: string }[] }).products;
      assert.equal(listed.length, 5, "the demo store is seeded: its catalog lists products");

      const loaded = (await readFile(loadedFile, "utf8")).split("\n").filter((url) => url !== "");
      assert.ok(
        loaded.some((url) => url.endsWith("/node_modules/storefront/dist/composition/cli/main.js")),
        `the command ran the compiled JavaScript of dist/ (${loaded.length} modules recorded)`,
      );
      assert.deepEqual(loaded.filter((url) => /\/(tsx|@faker-js|esbuild)\//.test(url)), [], "no module of tsx (or its esbuild) or of faker was loaded");
    } finally {
      if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, "SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), new Promise<false>((wake) => setTimeout(() => wake(false), 15_000))]);
      if (!stopped) process.kill(-server.pid!, "SIGKILL");
    }
  });

  it("gives storefront/client and storefront/admin-client types that name only their generated schemas and openapi-fetch", async () => {
    const dir = join(scratch, "node_modules/storefront/dist/client");
    const declarations = (await readdir(dir)).filter((name) => name.endsWith(".d.ts"));
    assert.deepEqual(declarations.sort(), ["admin-schema.d.ts", "admin.d.ts", "public-api.d.ts", "schema.d.ts"]);
    const referenced = new Set<string>();
    for (const name of declarations) {
      const text = await readFile(join(dir, name), "utf8");
      for (const match of text.matchAll(/(?:from\s+|import\(\s*|reference\s+(?:types|path)=)["']([^"']+)["']/g)) referenced.add(match[1]!);
    }
    assert.deepEqual([...referenced].sort(), ["./admin-schema.js", "./schema.js", "openapi-fetch"]);
  });

  it("runs the README's typed client lines, type-checked, against a demo store", async () => {
    await writeFile(
      join(scratch, "demo-store.mjs"),
      [
        'import { createServer } from "node:http";',
        'import { createApplication, loadConfig, seedDemoStore } from "storefront";',
        'const storefront = createApplication(loadConfig({ STOREFRONT_DATABASE_URL: "sqlite::memory:", STOREFRONT_LOG_LEVEL: "warn" }));',
        "await storefront.migrate();",
        "const summary = await seedDemoStore(storefront.container);",
        "const server = createServer(storefront.httpApp().callback()).listen(0, \"127.0.0.1\", () => {",
        "  const [customer] = summary.customers;",
        "  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, key: summary.secret_key, email: customer.email, password: customer.password }));",
        "});",
      ].join("\n"),
    );
    const demo = spawn(process.execPath, ["demo-store.mjs"], { cwd: scratch, env: userEnv(), stdio: ["ignore", "pipe", "inherit"] });
    try {
      let output = "";
      demo.stdout.setEncoding("utf8");
      while (!output.includes("\n")) {
        const [chunk] = (await Promise.race([once(demo.stdout, "data"), once(demo, "exit").then(() => [""])])) as [string];
        assert.notEqual(chunk, "", "the demo store started");
        output += chunk;
      }
      const store = JSON.parse(output.split("\n")[0]!) as { url: string; key: string; email: string; password: string };
      const markdown = await readFile(join(ROOT, "README.md"), "utf8");
      await writeFile(
        join(scratch, "client.ts"),
        readmeClientExample(markdown, { BASE_URL: store.url, SECRET_KEY: store.key, EMAIL: store.email, PASSWORD: store.password }),
      );
      await writeFile(
        join(scratch, "client-mistakes.ts"),
        [
          'import { createStorefrontClient } from "storefront/client";',
          'const shop = createStorefrontClient({ baseUrl: "http://127.0.0.1:1", apiKey: "svc_pk_test_x" });',
          "export const calls = () => [",
          '  // @ts-expect-error: no such path',
          '  shop.GET("/v1/no-such-path"),',
          '  // @ts-expect-error: quantity is a number',
          '  shop.POST("/v1/cart/items", { body: { variant_id: "v", quantity: "1" } }),',
          "];",
        ].join("\n"),
      );
      // A user's project with fetch's types from the DOM library and no @types package at all;
      // every .d.ts is checked (no skipLibCheck), openapi-fetch's included.
      await writeFile(
        join(scratch, "tsconfig.client.json"),
        JSON.stringify({
          compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "ES2022", lib: ["ES2023", "DOM"], strict: true, types: [], skipLibCheck: false, outDir: "client-out" },
          files: ["client.ts", "client-mistakes.ts"],
        }),
      );
      await run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.client.json"], { cwd: scratch, env: userEnv() });
      const lines = (await node("client-out/client.js")).trim().split("\n");
      assert.equal(lines.length, 4, lines.join("\n"));
      assert.match(lines[0]!, / \d+ KES$/, "a product with its selling price in minor units");
      assert.match(lines[1]!, /^\d+ UGX$/, "the price list for Kampala is in Ugandan shillings");
      assert.equal(lines[2], "1", "the cart holds the added line");
      assert.match(lines[3]!, /^ORD-\S+ \d+(\.\d+)? KES$/, "an order with its total in major units");
    } finally {
      demo.kill();
    }
  });
});
