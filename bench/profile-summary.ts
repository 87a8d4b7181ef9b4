// Reads a V8 .cpuprofile (from `npm run bench -- --cpu-prof`) and prints where the server's CPU
// time went: self time by layer (knex, better-sqlite3, effect, Koa, node:http, our rings, GC...),
// the hottest functions, and the inclusive time of chosen functions.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const KOA_PACKAGES = [
  "koa", "@koa/router", "koa-compose", "path-to-regexp", "statuses", "accepts", "negotiator", "content-type", "type-is",
  "mime-types", "mime-db", "on-finished", "http-errors", "cookies", "delegates", "vary", "encodeurl", "escape-html", "fresh",
  "parseurl", "content-disposition", "http-assert", "only", "destroy", "ee-first", "depd",
];

/** The package a node_modules URL belongs to. */
const packageOf = (url: string): string | undefined => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match?.[1];
};

const layerOf = (frame: CallFrame): string => {
  const { url, functionName } = frame;
  if (url === "") {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "(program: native, not attributed)";
    if (functionName === "(root)") return "(root)";
    return `V8/native builtin: ${functionName || "(anonymous)"}`;
  }
  const pkg = packageOf(url);
  if (pkg !== undefined) {
    if (pkg === "knex") return "knex (query building, compiling, runner)";
    if (pkg === "tarn") return "knex pool (tarn)";
    if (pkg === "better-sqlite3" || pkg === "bindings" || pkg === "file-uri-to-path") return "better-sqlite3 (JS side)";
    if (pkg === "mysql2" || pkg === "lru.min" || pkg === "sqlstring" || pkg === "iconv-lite" || pkg === "denque") return "mysql2";
    if (pkg === "effect") return "effect (Schema decoding)";
    if (KOA_PACKAGES.includes(pkg)) return "Koa + router + deps";
    if (pkg === "inversify" || pkg.startsWith("@inversifyjs")) return "inversify";
    if (pkg === "tsx" || pkg === "esbuild" || pkg === "get-tsconfig") return "tsx loader (start-up)";
    if (pkg === "lodash" || pkg.startsWith("lodash.")) return "lodash (via knex)";
    return `package: ${pkg}`;
  }
  if (url.startsWith("node:") || !url.includes("/")) {
    if (/(_http_|http|net|stream|tcp|socket|timers|events|buffer)/.test(url)) return "node: http/net/streams/timers";
    if (/async_hooks|async_local_storage|promise/.test(url)) return "node: async_hooks / AsyncLocalStorage";
    if (/modules|loader|esm|vm/.test(url)) return "node: module loading (start-up)";
    return `node: ${url.replace(/^node:/, "")}`;
  }
  const path = url.replace(/^file:\/\//, "");
  if (path.startsWith(ROOT)) {
    // The bench servers run compiled, from dist-bench/ (the sources' layout under it).
    const rel = path.slice(ROOT.length + 1).replace(/^dist-bench\//, "");
    const parts = rel.split("/");
    if (parts[0] === "adapters" && parts[1] === "http") return "ours: adapters/http (app, auth, mount, fields)";
    if (parts[0] === "adapters" && parts[1] === "persistence") return "ours: adapters/persistence (repositories, row mapping)";
    if (parts[0] === "adapters") return "ours: adapters/other";
    if (parts[0] === "application") return "ours: application (use cases)";
    if (parts[0] === "domain") return "ours: domain (shapes)";
    if (parts[0] === "composition") return "ours: composition";
    if (parts[0] === "bench") return "ours: bench";
    return `ours: ${parts[0]}`;
  }
  return `other: ${url}`;
};

const formatMs = (us: number): string => `${(us / 1000).toFixed(0)} ms`;
const percent = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)} %`;

const main = (): void => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: "string", default: "30" },
      focus: { type: "string", default: "" },
      "skip-ms": { type: "string", default: "0" },
    },
  });
  const file = positionals[0];
  if (file === undefined) {
    console.error("usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--focus fnA,fnB] [--skip-ms 5000]");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Start-up (module loading, migrations) is left out: counting starts at the first sample that
  // handles a request (a Koa frame on the stack), or after --skip-ms when given.
  const servesRequest = new Map<number, boolean>();
  const inRequest = (id: number): boolean => {
    const known = servesRequest.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const parentId = parent.get(id);
    const answer = node.callFrame.url.includes("node_modules/koa/") || (parentId !== undefined && inRequest(parentId));
    servesRequest.set(id, answer);
    return answer;
  };
  const skipUs = Number(values["skip-ms"]) * 1000;
  const self = new Map<number, number>();
  let clock = 0;
  let counting = false;
  for (let i = 0; i < profile.samples.length; i++) {
    clock += profile.timeDeltas[i] ?? 0;
    if (!counting) counting = skipUs > 0 ? clock >= skipUs : inRequest(profile.samples[i]!);
    if (!counting) continue;
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  console.log(`profile: ${file}`);
  console.log(`from ${formatMs(clock - total)} on (start-up left out): wall ${formatMs(total)}, idle ${formatMs(idle)}, busy ${formatMs(busy)}; percentages are of busy time\n`);

  const layers = new Map<string, number>();
  const functions = new Map<string, { layer: string; time: number }>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const layer = layerOf(frame);
    if (layer === "(idle)") continue;
    layers.set(layer, (layers.get(layer) ?? 0) + time);
    const where = frame.url === "" ? "" : ` ${frame.url.replace(/^file:\/\//, "").replace(`${ROOT}/`, "")}:${frame.lineNumber + 1}`;
    const key = `${frame.functionName || "(anonymous)"}${where}`;
    const entry = functions.get(key) ?? { layer, time: 0 };
    entry.time += time;
    functions.set(key, entry);
  }
  console.log("self time by layer:");
  for (const [layer, time] of [...layers].sort((a, b) => b[1] - a[1])) {
    if (time / busy < 0.002) continue;
    console.log(`  ${percent(time, busy).padStart(7)}  ${formatMs(time).padStart(9)}  ${layer}`);
  }

  console.log(`\nhottest functions (self time):`);
  for (const [key, { time }] of [...functions].sort((a, b) => b[1].time - a[1].time).slice(0, Number(values.top))) {
    console.log(`  ${percent(time, busy).padStart(7)}  ${key}`);
  }

  const focus = values.focus.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (focus.length > 0) {
    // Inclusive time: a sample counts once for a name however deep the recursion.
    console.log(`\ninclusive time of:`);
    const inclusive = new Map<string, number>(focus.map((f) => [f, 0]));
    for (const [id, time] of self) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = byId.get(at)!.callFrame.functionName;
        if (inclusive.has(name) && !seen.has(name)) {
          seen.add(name);
          inclusive.set(name, inclusive.get(name)! + time);
        }
      }
    }
    for (const [name, time] of inclusive) console.log(`  ${percent(time, busy).padStart(7)}  ${name}`);
  }
};

main();
