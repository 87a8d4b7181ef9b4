#!/usr/bin/env node
// The `storefront` command. In a source checkout (composition/cli/main.ts is there) it runs the
// TypeScript through tsx, a dev dependency; in an installed package, which ships dist/ and no
// sources, it runs the compiled JavaScript and never imports tsx (docs/decisions/operations.md,
// operations-22).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../composition/cli/main.ts", import.meta.url));
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  // The project's tsconfig, wherever the command is run from (decorators need its settings).
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  await import(new URL("../composition/cli/main.ts", import.meta.url).href);
} else {
  await import(new URL("../dist/composition/cli/main.js", import.meta.url).href);
}
