// The library as a user gets it: `npm pack` builds and packs the project, a scratch project
// installs the tarball from disk, and every example of docs/embedding.md runs there as written.
// Also: the core entry loads neither Koa nor knex, the types resolve for TypeScript users, and
// the `storefront` command works from the installed package.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const run = promisify(execFile);

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

describe("the npm package", function () {
  this.timeout(15 * 60_000);
  let scratch: string;
  let examples: Map<string, string>;

  const node = async (file: string, env: Record<string, string> = {}): Promise<string> => {
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, env: userEnv(env), timeout: 120_000 });
    return stdout;
  };

  before(async function () {
    scratch = await mkdtemp(join(tmpdir(), "storefront-scratch-"));
    const packed = await run("npm", ["pack", "--json", "--pack-destination", scratch], {
      cwd: ROOT,
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 10 * 60_000,
    });
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as [{ filename: string }];
    await writeFile(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(scratch, filename)], {
      cwd: scratch,
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 10 * 60_000,
    });
    examples = examplesOf(await readFile(join(ROOT, "docs/embedding.md"), "utf8"));
  });

  after(async () => {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
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
      ].join("\n"),
    );
    await writeFile(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "ES2022", strict: true, noEmit: true, skipLibCheck: true, types: [] },
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
});
