// Runs `storefront import` as a child process on a SQLite file, as a merchant would: the summary
// on stdout (text or --json), exit code 0 when every row landed, 2 when some were rejected, 1 when
// nothing could be imported; no progress bar when stderr is not a terminal.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { loadConfig } from "../../composition/config.js";
import { createApplication } from "../../composition/container.js";
import { storefrontCommand } from "../support/command-build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

interface ImportJson {
  store_id: string;
  created: number;
  updated: number;
  rejected: Array<{ line: number; reason: string }>;
}

const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("STOREFRONT_") && name !== "NODE_OPTIONS") env[name] = value;
  }
  return { ...env, ...extra };
};

describe("storefront import", function () {
  this.timeout(300_000);
  let dir: string;
  let env: Record<string, string>;
  let storeId: string;

  const run = (args: readonly string[]): Promise<Run> =>
    new Promise((done) => {
      // From another directory than the project, with a relative file name, as a merchant runs it.
      execFile(process.execPath, [storefrontCommand(), ...args], { cwd: dir, env: childEnv(env), timeout: 120_000 }, (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
      });
    });
  const json = (result: Run): ImportJson => {
    const lines = result.stdout.split("\n").filter((line) => line !== "");
    assert.equal(lines.length, 1, `stdout should be one line of JSON:\n${result.stdout}\n${result.stderr}`);
    return JSON.parse(lines[0]!) as ImportJson;
  };
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return name;
  };
  const products = (price: number) =>
    [
      { name: "Linen Shirt", category: "Apparel", variants: [{ sku: "LS-S", price, stock: 4 }, { sku: "LS-M", price, stock: 6 }] },
      { name: "Enamel Mug", variants: [{ sku: "MUG-1", price: 900, stock: 12 }] },
    ]
      .map((p) => JSON.stringify(p))
      .join("\n");

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "storefront-import-cli-"));
    env = { STOREFRONT_DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`, STOREFRONT_LOG_LEVEL: "silent" };
    const seeded = await run(["seed", "--json"]);
    assert.equal(seeded.code, 0, seeded.stderr);
    storeId = (JSON.parse(seeded.stdout) as { store_id: string }).store_id;
  });

  after(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("imports a JSON lines file into the only store and exits 0; a re-run updates, a changed price lands", async () => {
    const first = await run(["import", write("catalog.jsonl", products(3_500)), "--json"]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr, "", "no progress bar when stderr is not a terminal");
    assert.deepEqual(json(first), { store_id: storeId, created: 2, updated: 0, rejected: [] });

    const again = await run(["import", "catalog.jsonl", "--json", "--batch-size", "1"]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(json(again), { store_id: storeId, created: 0, updated: 2, rejected: [] });

    const changed = await run(["import", write("catalog-2.jsonl", products(4_100)), "--json"]);
    assert.deepEqual(json(changed), { store_id: storeId, created: 0, updated: 2, rejected: [] });

    const application = createApplication(loadConfig(env), { logger: pino({ level: "silent" }) });
    try {
      const rows: Array<{ sku: string; price: number }> = await application.database
        .knex("variants")
        .where("store_id", storeId)
        .select("sku", "price")
        .orderBy("sku");
      assert.deepEqual(rows, [
        { sku: "LS-M", price: 4_100 },
        { sku: "LS-S", price: 4_100 },
        { sku: "MUG-1", price: 900 },
      ]);
    } finally {
      await application.close();
    }
  });

  it("prints a human summary for a CSV file", async () => {
    const path = write(
      "catalog.csv",
      ["product_handle,name,sku,price,stock,variant_attributes", "tee,Cotton Tee,TEE-S,1500,5,size=S", "tee,,TEE-M,1500,5,size=M"].join("\n"),
    );
    const result = await run(["import", path]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `Imported catalog.csv into store ${storeId}: 1 created, 0 updated, 0 rows rejected.\n`);
  });

  it("exits 2 and lists rejected rows with their lines while the good rows are imported", async () => {
    const path = write(
      "mixed.jsonl",
      [
        JSON.stringify({ name: "Bowl", variants: [{ sku: "BOWL-1", price: 1_500, stock: 3 }] }),
        JSON.stringify({ name: "Bad", variants: [{ sku: "BAD-1", price: "abc", stock: 3 }] }),
      ].join("\n"),
    );
    const result = await run(["import", path, "--json"]);
    assert.equal(result.code, 2, result.stderr);
    const summary = json(result);
    assert.equal(summary.created, 1);
    assert.deepEqual(summary.rejected.map((r) => r.line), [2]);
    assert.match(summary.rejected[0]!.reason, /^price: /);

    const text = await run(["import", "--format", "jsonl", path]);
    assert.equal(text.code, 2);
    assert.match(text.stdout, /0 created, 1 updated, 1 row rejected\.\nRejected rows:\n {2}line 2: price: /);
  });

  it("--dry-run reports what would be created, updated and rejected (a rename among them) and writes nothing; --allow-renames applies the rename", async () => {
    const snapshot = async (): Promise<Record<string, string[]>> => {
      const application = createApplication(loadConfig(env), { logger: pino({ level: "silent" }) });
      try {
        const knex = application.database.knex;
        const tables = (await knex("sqlite_master").where("type", "table").select("name")).map((r: { name: string }) => r.name).sort();
        const all: Record<string, string[]> = {};
        for (const table of tables) all[table] = (await knex(table).select("*")).map((r: unknown) => JSON.stringify(r)).sort();
        return all;
      } finally {
        await application.close();
      }
    };
    const path = write(
      "dry.jsonl",
      [
        JSON.stringify({ name: "Enamel Mug", variants: [{ sku: "MUG-1", price: 950, stock: 10 }] }),
        JSON.stringify({ name: "Linen Shirt (new cut)", variants: [{ sku: "LS-S", price: 3_500, stock: 4 }] }),
        JSON.stringify({ name: "Teapot", category: "Kitchen", variants: [{ sku: "POT-1", price: 2_000, stock: 2 }] }),
      ].join("\n"),
    );
    const before = await snapshot();
    const dry = await run(["import", path, "--dry-run", "--json"]);
    assert.equal(dry.code, 2, dry.stderr);
    const report = json(dry) as ImportJson & { dry_run?: boolean };
    assert.equal(report.dry_run, true);
    assert.deepEqual([report.created, report.updated], [1, 1]);
    assert.deepEqual(report.rejected.map((r) => r.line), [2]);
    assert.match(report.rejected[0]!.reason, /SKU LS-S belongs to product .*rename its name "Linen Shirt" to "Linen Shirt \(new cut\)".*--allow-renames/);
    const text = await run(["import", path, "--dry-run"]);
    assert.match(text.stdout, /^Dry run of dry\.jsonl into store .*: would be 1 created, 1 updated, 1 row rejected\. Nothing was written\.\nRows that would be rejected:\n {2}line 2: SKU LS-S/);
    const allowedDry = await run(["import", path, "--dry-run", "--allow-renames"]);
    assert.equal(allowedDry.code, 0, allowedDry.stderr);
    assert.match(allowedDry.stdout, /would be 1 created, 2 updated \(1 renamed\), 0 rows rejected\. Nothing was written\.\nRenames:\n {2}line 2: product \S+ \(SKU LS-S\) name "Linen Shirt" -> "Linen Shirt \(new cut\)"/);
    assert.deepEqual(await snapshot(), before, "dry runs wrote nothing (no product, category, event or checkpoint)");

    const applied = await run(["import", path, "--allow-renames", "--json"]);
    assert.equal(applied.code, 0, applied.stderr);
    const done = json(applied) as ImportJson & { renamed?: Array<{ line: number; sku: string; from: { name: string }; to: { name: string } }> };
    assert.deepEqual([done.created, done.updated, done.rejected], [1, 2, []]);
    assert.deepEqual(done.renamed?.map((r) => [r.line, r.sku, r.from.name, r.to.name]), [[2, "LS-S", "Linen Shirt", "Linen Shirt (new cut)"]]);
    assert.notDeepEqual(await snapshot(), before);
  });

  it("exits 1 with one line on stderr for a missing file, an unknown format and an unknown store", async () => {
    for (const args of [["import", "missing.jsonl"], ["import", write("catalog.txt", "")], ["import", "catalog.jsonl", "--store", "no-such-store"]]) {
      const result = await run(args);
      assert.equal(result.code, 1, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(result.stdout, "");
      const lines = result.stderr.split("\n").filter((line) => line !== "");
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0]!, /^storefront import: /);
    }
  });

  it("needs --store once the database holds several stores", async () => {
    const second = await run(["seed", "--json"]);
    const otherStore = (JSON.parse(second.stdout) as { store_id: string }).store_id;
    const without = await run(["import", "catalog.jsonl", "--json"]);
    assert.equal(without.code, 1);
    assert.match(without.stderr, /several stores.*--store/);
    const named = await run(["import", "catalog.jsonl", "--json", "--store", otherStore]);
    assert.equal(named.code, 0, named.stderr);
    assert.deepEqual(json(named), { store_id: otherStore, created: 2, updated: 0, rejected: [] });
  });
});
