// The `storefront` command as the tests' child processes run it: the project's TypeScript,
// transpiled once per mocha run by esbuild into dist-test/ (dist/'s layout: one folder under the
// project, so that files found from a module's own place are found there too), and run by plain
// node. Started through bin/storefront.js in a checkout, every child registered tsx, whose loader
// thread resolved and read some 2,000 modules: about 2.6 s of CPU at every start of each server,
// worker and command the suite starts (docs/decisions/operations.md, "operations-23").
// esbuild is what tsx transpiles with, on the same tsconfig, so the children run the same code.
// How bin/storefront.js chooses between tsx and dist/ is tested where it matters:
// test/composition/bin-without-tsx.test.ts and test/composition/package.test.ts.
//
// Loaded by every mocha run (.mocharc.json "require"): `mochaGlobalSetup` runs once, in mocha's
// main process, before any test file (in parallel runs too).
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = join(ROOT, "dist-test");
const SOURCE_FOLDERS = ["domain", "application", "adapters", "composition", "client"];
/** Browser code, built by Vite and served as files. */
const LEFT_OUT = join(ROOT, "adapters", "back-office");

/** What a child process runs: the command's entry in dist-test/, or bin/storefront.js when no mocha run has built it. */
export const storefrontCommand = (): string => {
  const built = join(OUT, "composition", "cli", "main.js");
  return existsSync(built) ? built : join(ROOT, "bin", "storefront.js");
};

const sources = (): string[] =>
  SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .map((name) => join(ROOT, folder, name))
      .filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts") && !path.startsWith(LEFT_OUT + "/")),
  );

export const mochaGlobalSetup = async (): Promise<void> => {
  await build({
    entryPoints: sources(),
    outdir: OUT,
    outbase: ROOT,
    bundle: false,
    format: "esm",
    platform: "node",
    target: "node20.19",
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
};
