// One way to build each object (docs/architecture.md, "The container and the per-database
// registry"): the entries of `onePerDatabase` are those the document lists, and the classes they
// make are made nowhere else in the source (no `new` outside the registry's call, no container
// binding), so per-database state cannot be built both through the registry and another way.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RINGS = ["domain", "application", "adapters", "composition"];
const BUILT_INS = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array", "Object"]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "back-office" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

interface Entry {
  readonly name: string;
  readonly file: string;
  /** Classes `new`-ed inside the entry's `make`. */
  readonly makes: readonly string[];
}

interface Facts {
  readonly entries: Entry[];
  /** `new X(...)` outside any registry call, and `.to(X)` / `.toSelf()` bindings of X, by file. */
  readonly elsewhere: Array<{ readonly file: string; readonly className: string; readonly line: number; readonly how: string }>;
}

const factsOf = (files: readonly string[]): Facts => {
  const entries: Entry[] = [];
  const built: Array<{ file: string; className: string; line: number; how: string; inRegistry: boolean }> = [];
  for (const path of files) {
    const file = relative(ROOT, path).split(sep).join("/");
    const text = readFileSync(path, "utf8");
    if (!/\bnew [A-Z]|onePerDatabase|\.to\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node, registry: Entry | undefined): void => {
      if (ts.isVariableDeclaration(node) && node.initializer !== undefined && ts.isCallExpression(node.initializer) && node.initializer.expression.getText(source) === "onePerDatabase") {
        const entry: Entry = { name: node.name.getText(source), file, makes: [] };
        entries.push(entry);
        ts.forEachChild(node, (child) => visit(child, entry));
        return;
      }
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (ts.isNewExpression(node)) {
        const className = node.expression.getText(source);
        if (registry !== undefined) (registry.makes as string[]).push(className);
        built.push({ file, className, line, how: "new", inRegistry: registry !== undefined });
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ["to", "toSelf"].includes(node.expression.name.text)) {
        const target = node.expression.name.text === "to" ? node.arguments[0]?.getText(source) : node.expression.expression.getText(source).match(/bind\((\w+)\)/)?.[1];
        if (target !== undefined) built.push({ file, className: target, line, how: "container binding", inRegistry: false });
      }
      ts.forEachChild(node, (child) => visit(child, registry));
    };
    visit(source, undefined);
  }
  // The registry's own objects; a plain Map or Set it holds is made everywhere for other ends.
  const madeByRegistry = new Set(entries.flatMap((e) => e.makes).filter((name) => !BUILT_INS.has(name)));
  return { entries, elsewhere: built.filter((b) => !b.inRegistry && madeByRegistry.has(b.className)) };
};

/** The registry entries the document's table lists: `name` in its first column, the module in its second. */
const documented = (): Array<{ name: string; module: string }> => {
  const text = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
  const start = text.indexOf("\n## The container and the per-database registry\n");
  assert.ok(start >= 0, 'docs/architecture.md has no "The container and the per-database registry" section');
  const end = text.indexOf("\n## ", start + 1);
  return [...text.slice(start, end).matchAll(/^\| `(\w+)` \| `([\w./-]+)` \|/gm)].map((m) => ({ name: m[1]!, module: m[2]! }));
};

describe("architecture: the per-database registry", () => {
  const files = RINGS.flatMap((ring) => sourceFiles(join(ROOT, ring)));
  const facts = factsOf(files);

  it("has the entries docs/architecture.md lists, in the modules it names", () => {
    const found = facts.entries.map((e) => `${e.name} in ${e.file}`).sort();
    const listed = documented().map((d) => {
      const entry = facts.entries.find((e) => e.name === d.name);
      return entry !== undefined && entry.file.endsWith(d.module) ? `${d.name} in ${entry.file}` : `${d.name} in ${d.module} (not found there)`;
    });
    assert.deepEqual(listed.sort(), found);
    assert.ok(found.length >= 8, "the scan found the registry's entries");
  });

  it("makes its objects only through the registry: no other `new`, no container binding", () => {
    assert.deepEqual(
      facts.elsewhere.map((b) => `${b.file}:${b.line} ${b.how} of ${b.className}`),
      [],
      "an object the registry makes per database handle is also made another way",
    );
  });

  it("the checker sees a second way of building", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-registry-probe-"));
    try {
      const probe = join(dir, "probe.ts");
      writeFileSync(probe, "const aOf = onePerDatabase((db) => new Thing(db));\nconst b = new Thing(db);\ncontainer.bind(Thing).toSelf();\nconst c = new Map();\n");
      const probed = factsOf([probe]);
      assert.deepEqual(probed.entries.map((e) => [e.name, e.makes]), [["aOf", ["Thing"]]]);
      assert.deepEqual(probed.elsewhere.map((b) => [b.line, b.how]), [[2, "new"], [3, "container binding"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
