// Every cache and per-process copy is in the table of docs/architecture.md, "Caches and
// per-process copies": this reads the server's source (domain, application, adapters but the
// browser's back office, composition) for what keeps something between calls, and fails naming
// the module when one is neither in that section's tables nor in NOT_COPIES below. It also fails
// when the section names a file that no longer exists, or NOT_COPIES lists one that keeps
// nothing, so neither list outlives the code.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RINGS = ["domain", "application", "adapters", "composition"];
/** Not server code: the back office runs in the browser (its own memos are the page's). */
const SKIPPED_DIRECTORIES = new Set([join("adapters", "back-office"), join("adapters", "persistence", "migrations")]);

/**
 * What keeps something between calls: a Map, WeakMap, Set or WeakSet held by a module (constant
 * tables named in capitals aside) or by an object's field, a module-level `let`, a function's
 * own cache or memo, a field filled once with `??=`, the per-database registry, an in-memory rate
 * limiter or an LRU.
 */
const KEEPERS: ReadonlyArray<readonly [string, RegExp]> = [
  ["a module's Map or Set", /^(?:export )?(?:const|let) (?![A-Z][A-Z0-9_]*\b)\w+\b[^=\n]*= new (?:Map|WeakMap|Set|WeakSet)\b/m],
  ["a module-level let", /^(?:export )?let \w+/m],
  ["a field's Map or Set", /^[ \t]+(?:(?:private|protected|public|readonly|static)[ \t]+)+#?\w+[ \t]*(?::[^=\n]+)?=[ \t]*new (?:Map|WeakMap|Set|WeakSet)\b/m],
  ["a function's cache or memo", /^[ \t]+(?:const|let) \w*(?:cache|Cache|memo|Memo)\w*[ \t]*(?::[^=\n]+)?= new (?:Map|WeakMap)\b/m],
  ["a field filled once", /this\.#?\w+\s*\?\?=/],
  ["the per-database registry", /\bonePerDatabase\(/],
  ["an in-memory limiter or LRU", /new (?:RateLimiterMemory|LRU\w*)\b/],
];

/** Modules that keep something between calls that is no copy of anything: why each is left out of the table. */
const NOT_COPIES: Readonly<Record<string, string>> = {
  "adapters/http/middleware/request-id.ts": "random bytes drawn for the next 1,024 request ids",
  "adapters/metrics/prometheus-metrics.ts": "this process's own counters and histograms, which it reports",
  "adapters/notifications/smtp-notifier.ts": "sends under way, awaited at shutdown",
  "adapters/search/doc-bitmaps.ts": "scratch counters reused between calls of one pure function",
  "composition/worker.ts": "the worker's timers and jobs under way",
  "composition/client-time-limits.ts": "the exchanges and bodies under way, to time them out",
  "adapters/search/search-ranking.ts": "the meetings of one query's words, made per search and dropped with it",
  "adapters/persistence/sqlite-checkpoints.ts": "the checkpoint worker's own counts and its closing, no copy of data",
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(relative(ROOT, path)) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

/** The section of docs/architecture.md, from its heading to the next one of its level. */
const section = (): string => {
  const text = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
  const start = text.indexOf("\n## Caches and per-process copies\n");
  assert.ok(start >= 0, 'docs/architecture.md has no "Caches and per-process copies" section');
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end === -1 ? undefined : end);
};

/** Source files named in backquotes in the section (`answer-cache.ts`, `adapters/http/answer-cache.ts`). */
const namedFiles = (text: string): string[] => [...text.matchAll(/`([\w./-]+\.ts)`/g)].map((m) => m[1]!);

const keepers = (): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const ring of RINGS) {
    for (const path of sourceFiles(join(ROOT, ring))) {
      const text = readFileSync(path, "utf8");
      const kinds = KEEPERS.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
      if (kinds.length > 0) out.set(relative(ROOT, path).split(sep).join("/"), kinds);
    }
  }
  return out;
};

describe("docs: the table of caches and per-process copies", () => {
  const text = section();
  const named = namedFiles(text);
  const found = keepers();

  it("finds the caches it knows of (the scan itself works)", () => {
    for (const known of ["adapters/http/answer-cache.ts", "adapters/persistence/recent-products.ts", "adapters/persistence/list-totals.ts", "application/access/authenticate-api-key.ts"]) {
      assert.ok(found.has(known), `${known} not found by the scan`);
    }
  });

  it("names every module that keeps something between calls", () => {
    const missing = [...found]
      .filter(([file]) => NOT_COPIES[file] === undefined && !named.some((n) => file === n || file.endsWith(`/${n}`) || basename(file) === n))
      .map(([file, kinds]) => `  ${file} (${kinds.join(", ")})`);
    assert.deepEqual(missing, [], `modules that keep something between calls but have no row in docs/architecture.md, "Caches and per-process copies" (add a row, or say why not in NOT_COPIES):\n${missing.join("\n")}`);
  });

  it("names only files that exist, and NOT_COPIES lists only modules that keep something", () => {
    const all = RINGS.flatMap((ring) => sourceFiles(join(ROOT, ring)).map((p) => relative(ROOT, p).split(sep).join("/")));
    const absent = named.filter((n) => !existsSync(join(ROOT, n)) && !all.some((file) => file.endsWith(`/${n}`)));
    assert.deepEqual(absent, [], "the section names files that do not exist");
    for (const file of Object.keys(NOT_COPIES)) {
      assert.ok(existsSync(join(ROOT, file)), `${file} (NOT_COPIES) does not exist`);
      assert.ok(found.has(file), `${file} (NOT_COPIES) keeps nothing between calls any more: take it off the list`);
    }
  });
});
