// bin/storefront.js in a source checkout installed without its dev dependencies (no tsx): it runs
// the compiled dist/ when there is one, and otherwise exits 1 with one line saying what is missing,
// never a module-not-found stack (docs/decisions/operations.md, operations-22).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const BIN = resolve(dirname(fileURLToPath(import.meta.url)), "../../bin/storefront.js");

const run = (file: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((done) => {
    // No NODE_OPTIONS: mocha's tsx loader must not reach the child.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    execFile(process.execPath, [file, "--help"], { cwd: tmpdir(), env, timeout: 30_000 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr }),
    );
  });

describe("bin/storefront.js without tsx", function () {
  this.timeout(60_000);
  let checkout: string;

  beforeEach(() => {
    // A source checkout with no node_modules: composition/cli/main.ts is there, tsx is not.
    checkout = mkdtempSync(join(tmpdir(), "storefront-no-tsx-"));
    mkdirSync(join(checkout, "bin"));
    mkdirSync(join(checkout, "composition/cli"), { recursive: true });
    copyFileSync(BIN, join(checkout, "bin/storefront.js"));
    writeFileSync(join(checkout, "composition/cli/main.ts"), "throw new Error('the TypeScript entry must not run without tsx');\n");
  });
  afterEach(() => rmSync(checkout, { recursive: true, force: true }));

  it("says what is missing in one line and exits 1 when nothing is compiled", async () => {
    const result = await run(join(checkout, "bin/storefront.js"));
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stderr.trim(), "storefront: this source checkout has neither tsx (a dev dependency: run `npm ci`) nor compiled code (run `npm run build`).");
  });

  it("runs the compiled dist/ when `npm run build` made it", async () => {
    mkdirSync(join(checkout, "dist/composition/cli"), { recursive: true });
    writeFileSync(join(checkout, "dist/composition/cli/main.js"), "console.log('the compiled command ran');\n");
    const result = await run(join(checkout, "bin/storefront.js"));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), "the compiled command ran");
  });
});
