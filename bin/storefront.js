#!/usr/bin/env node
// The `storefront` command. In a source checkout (composition/cli/main.ts is there) it runs the
// TypeScript through tsx, a dev dependency; in an installed package, which ships dist/ and no
// sources, it runs the compiled JavaScript and never imports tsx (docs/decisions/operations.md,
// operations-22). A source checkout installed without its dev dependencies runs dist/ when
// `npm run build` made it, and otherwise says what is missing.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../composition/cli/main.ts", import.meta.url);
const compiled = new URL("../dist/composition/cli/main.js", import.meta.url);

/** tsx's loader registration, or undefined when tsx is not installed. */
const tsx = async () => {
  try {
    return (await import("tsx/esm/api")).register;
  } catch {
    return undefined;
  }
};

const register = existsSync(fileURLToPath(source)) ? await tsx() : undefined;
if (register !== undefined) {
  // The project's tsconfig, wherever the command is run from (decorators need its settings).
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  await import(source.href);
} else if (existsSync(fileURLToPath(compiled))) {
  await import(compiled.href);
} else {
  console.error("storefront: this source checkout has neither tsx (a dev dependency: run `npm ci`) nor compiled code (run `npm run build`).");
  process.exit(1);
}
