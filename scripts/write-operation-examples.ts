// Rewrites the answers of the /v1 operation examples (adapters/http/routes/*-examples.ts, one file
// beside each route module) from the answers a run of test/adapters/http/openapi-examples.test.ts
// captured, keeping each request and what the file declares around its examples map:
//   STOREFRONT_CAPTURE_EXAMPLES=/tmp/answers.json npx mocha test/adapters/http/openapi-examples.test.ts
//   node --import tsx scripts/write-operation-examples.ts /tmp/answers.json
// Review the diff before committing: the examples are documentation.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEMO, EXAMPLE_SESSION, LEARNED, SUPPLIED } from "../adapters/http/examples/example-ids.js";

const EXAMPLES_DIR = fileURLToPath(new URL("../adapters/http/routes/", import.meta.url));
const WIDTH = 150;

const capturePath = process.argv[2];
if (capturePath === undefined) throw new Error("usage: write-operation-examples.ts <captured answers JSON>");
const captured = JSON.parse(readFileSync(capturePath, "utf8")) as Record<string, { status: number; body?: unknown }>;

/** Placeholder values written as the constants that name them. */
const names = new Map<string, string>([
  ...Object.entries(DEMO).map(([k, v]) => [v, `DEMO.${k}`] as const),
  ...Object.entries(LEARNED).map(([k, v]) => [v, `LEARNED.${k}`] as const),
  ...Object.entries(SUPPLIED).map(([k, v]) => [v, `SUPPLIED.${k}`] as const),
  [EXAMPLE_SESSION, "EXAMPLE_SESSION"],
]);

const write = (value: unknown, indent: string, used: Set<string>): string => {
  if (typeof value === "string") {
    const name = names.get(value);
    if (name === undefined) return JSON.stringify(value);
    used.add(name.split(".")[0]!);
    return name;
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  const fits = (text: string): boolean => text.length + indent.length <= WIDTH && !text.includes("\n");
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = `[${value.map((item) => write(item, inner, used)).join(", ")}]`;
    return fits(flat) ? flat : `[\n${value.map((item) => inner + write(item, inner, used)).join(",\n")},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const key = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const flat = `{ ${entries.map(([k, v]) => `${key(k)}: ${write(v, inner, used)}`).join(", ")} }`;
  return fits(flat) ? flat : `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${write(v, inner, used)}`).join(",\n")},\n${indent}}`;
};

for (const file of readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith("-examples.ts"))) {
  const path = `${EXAMPLES_DIR}${file}`;
  const text = readFileSync(path, "utf8");
  const [exportName, examples] = Object.entries(await import(path)).find(([name]) => name.endsWith("Examples")) as [string, Record<string, object>];
  const used = new Set<string>();
  const operations = Object.entries(examples).map(([operationId, example]) => {
    const answer = captured[operationId];
    if (answer === undefined) throw new Error(`${operationId}: no captured answer`);
    const response = answer.body === undefined ? { status: answer.status } : { status: answer.status, body: answer.body };
    return `  ${operationId}: ${write({ ...example, response }, "  ", used)},`;
  });
  // The file's own declarations (values its examples share) stay; the ids' import names what is used now, and what it named before.
  const start = text.indexOf(`export const ${exportName} = {`);
  const closing = "} satisfies Record<string, RouteExample>;";
  const end = text.indexOf(closing, start) + closing.length;
  const idsImport = /^import \{ ([\w, ]+) \} from "\.\.\/examples\/example-ids\.js";\n/m;
  const before = text.slice(0, start);
  for (const name of idsImport.exec(before)?.[1]?.split(", ") ?? []) used.add(name);
  const imports = used.size > 0 ? `import { ${[...used].sort().join(", ")} } from "../examples/example-ids.js";\n` : "";
  const prefix = idsImport.test(before) ? before.replace(idsImport, imports) : before.replace(/^import type \{ RouteExample \}/m, `${imports}import type { RouteExample }`);
  writeFileSync(path, `${prefix}export const ${exportName} = {\n${operations.join("\n")}\n${closing}${text.slice(end)}`);
  console.log(`wrote ${file} (${operations.length} operations)`);
}
