// Keeps the hexagonal rings honest: reads the imports of every source file (static, re-export,
// dynamic, type-position) and fails, naming file and import, when one points the wrong way.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RINGS = ["domain", "application", "adapters", "composition"] as const;
type Ring = (typeof RINGS)[number];

interface ImportUse {
  readonly specifier: string;
  readonly kind: "import" | "export" | "dynamic" | "type-position" | "require";
  /** Names bound by a static import (`{ Container as C }` gives "Container"). */
  readonly names: readonly string[];
  readonly line: number;
}

interface SourceFacts {
  readonly imports: readonly ImportUse[];
  /** Lines where `new Container(...)` appears. */
  readonly newContainer: readonly number[];
  /** `x.get(...)`-style calls on something named like a container. */
  readonly containerCalls: ReadonlyArray<{ readonly text: string; readonly line: number }>;
}

const CONTAINER_METHODS = new Set(["get", "getAll", "getAsync", "getAllAsync", "getNamed", "getTagged", "isBound", "bind", "rebind"]);

/** Reads what a file imports, using the TypeScript parser (multi-line and type imports included). */
const sourceFacts = (fileName: string, text: string): SourceFacts => {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const imports: ImportUse[] = [];
  const newContainer: number[] = [];
  const containerCalls: Array<{ text: string; line: number }> = [];

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const clause = node.importClause;
      if (clause?.name !== undefined) names.push("default");
      if (clause?.namedBindings !== undefined) {
        if (ts.isNamespaceImport(clause.namedBindings)) names.push("*");
        else for (const element of clause.namedBindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      imports.push({ specifier: node.moduleSpecifier.text, kind: "import", names, line: lineOf(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const names =
        node.exportClause !== undefined && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text)
          : ["*"];
      imports.push({ specifier: node.moduleSpecifier.text, kind: "export", names, line: lineOf(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      // A computed specifier cannot be checked; report it as such so it is never silently allowed.
      const specifier = first !== undefined && ts.isStringLiteralLike(first) ? first.text : `<computed: ${first?.getText(source) ?? ""}>`;
      imports.push({ specifier, kind: "dynamic", names: ["*"], line: lineOf(node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const qualifier = node.qualifier === undefined ? "*" : node.qualifier.getText(source).split(".")[0]!;
      imports.push({ specifier: node.argument.literal.text, kind: "type-position", names: [qualifier], line: lineOf(node) });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) imports.push({ specifier: expression.text, kind: "require", names: ["*"], line: lineOf(node) });
    } else if (ts.isNewExpression(node) && /(^|\.)Container$/.test(node.expression.getText(source))) {
      newContainer.push(lineOf(node));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      CONTAINER_METHODS.has(node.expression.name.text) &&
      /container$/i.test(node.expression.expression.getText(source))
    ) {
      containerCalls.push({ text: node.getText(source).split("\n")[0]!, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, newContainer, containerCalls };
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

const ringOf = (absolute: string): Ring | "outside" => {
  const first = relative(ROOT, absolute).split(sep)[0];
  return (RINGS as readonly string[]).includes(first ?? "") ? (first as Ring) : "outside";
};

const isRelative = (specifier: string): boolean => specifier.startsWith("./") || specifier.startsWith("../");
const packageOf = (specifier: string): string =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;

/** What one ring may import: other rings (by relative path) and packages. */
const RULES: Readonly<Record<Ring, { readonly rings: readonly Ring[]; readonly packages: readonly string[] | "any" }>> = {
  domain: { rings: ["domain"], packages: ["effect"] },
  application: { rings: ["domain", "application"], packages: ["effect", "inversify"] },
  adapters: { rings: ["domain", "application", "adapters"], packages: "any" },
  composition: { rings: ["domain", "application", "adapters", "composition"], packages: "any" },
};

interface Violation {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}

const violationsOf = (absolute: string, text: string): Violation[] => {
  const file = relative(ROOT, absolute);
  const ring = ringOf(absolute) as Ring;
  const rule = RULES[ring];
  const facts = sourceFacts(file, text);
  const out: Violation[] = [];
  for (const use of facts.imports) {
    const what = `${use.kind} "${use.specifier}"`;
    if (use.specifier.startsWith("<computed")) {
      out.push({ file, line: use.line, problem: `${what}: a computed dynamic import cannot be checked` });
      continue;
    }
    if (isRelative(use.specifier)) {
      const target = resolve(dirname(absolute), use.specifier);
      const targetRing = ringOf(target);
      if (targetRing === "outside" || !rule.rings.includes(targetRing)) {
        out.push({ file, line: use.line, problem: `${what}: ${ring}/ may not import from ${targetRing === "outside" ? relative(ROOT, target) : `${targetRing}/`}` });
      }
    } else if (use.specifier.startsWith("/") || /^[a-z]+:\/\//i.test(use.specifier)) {
      out.push({ file, line: use.line, problem: `${what}: absolute or URL specifiers hide the ring` });
    } else if (rule.packages !== "any" && !rule.packages.includes(packageOf(use.specifier))) {
      out.push({ file, line: use.line, problem: `${what}: ${ring}/ may import only ${rule.packages.join(", ")} among packages` });
    }
    if (ring !== "composition" && packageOf(use.specifier) === "inversify" && use.names.some((n) => n === "Container" || n === "*" || n === "default")) {
      out.push({ file, line: use.line, problem: `${what} imports ${use.names.join(", ")}: only composition/ may use the inversify Container` });
    }
  }
  if (ring !== "composition") {
    for (const line of facts.newContainer) out.push({ file, line, problem: "new Container(...): only composition/ builds the container" });
    for (const call of facts.containerCalls) out.push({ file, line: call.line, problem: `${call.text}: only composition/ calls the container` });
  }
  return out;
};

const format = (violations: readonly Violation[]): string =>
  violations.map((v) => `  ${v.file}:${v.line}  ${v.problem}`).join("\n");

describe("architecture: import rules", () => {
  const files = RINGS.flatMap((ring) => sourceFiles(join(ROOT, ring)).map((path) => ({ path, ring })));

  it("finds the source files of every ring", () => {
    for (const ring of RINGS) {
      assert.ok(files.some((f) => f.ring === ring), `no .ts files found under ${ring}/`);
    }
    assert.ok(files.some((f) => f.path.endsWith(join("domain", "access", "api-key.ts"))));
  });

  for (const ring of RINGS) {
    it(`${ring}/ imports only what its ring allows`, () => {
      const violations = files.filter((f) => f.ring === ring).flatMap((f) => violationsOf(f.path, readFileSync(f.path, "utf8")));
      assert.deepEqual(violations, [], `imports crossing the rings the wrong way:\n${format(violations)}`);
    });
  }

  describe("the checker itself", () => {
    const check = (path: string, text: string): string[] => violationsOf(join(ROOT, path), text).map((v) => v.problem);

    it("reads static, type, multi-line, re-export, side-effect and dynamic imports", () => {
      const facts = sourceFacts(
        "x.ts",
        [
          'import { a,',
          '  b } from "./multi.js";',
          'import type { T } from "./types.js";',
          'import "./side-effect.js";',
          'export { c } from "./re-export.js";',
          'export * from "./star.js";',
          'const m = await import("./dynamic.js");',
          'type U = import("./type-position.js").U;',
        ].join("\n"),
      );
      assert.deepEqual(
        facts.imports.map((i) => [i.kind, i.specifier]),
        [
          ["import", "./multi.js"],
          ["import", "./types.js"],
          ["import", "./side-effect.js"],
          ["export", "./re-export.js"],
          ["export", "./star.js"],
          ["dynamic", "./dynamic.js"],
          ["type-position", "./type-position.js"],
        ],
      );
      assert.deepEqual(facts.imports[0]!.names, ["a", "b"]);
    });

    it("does not mistake import-like text in strings or comments for imports", () => {
      const facts = sourceFacts("x.ts", '// import x from "../composition/a.js"\nconst s = \'import y from "knex"\';\n');
      assert.deepEqual(facts.imports, []);
    });

    it("flags a domain file importing a package other than effect, or an outer ring", () => {
      assert.equal(check("domain/x/a.ts", 'import { Schema } from "effect";\nimport { x } from "./b.js";').length, 0);
      assert.match(check("domain/x/a.ts", 'import { randomUUID } from "node:crypto";')[0]!, /domain\/ may import only effect/);
      assert.match(check("domain/x/a.ts", 'import type { P } from "../../application/access/principal.js";')[0]!, /domain\/ may not import from application\//);
      assert.match(check("domain/x/a.ts", 'export { k } from "knex";')[0]!, /export "knex"/);
      assert.match(check("domain/x/a.ts", 'const k = await import("../../adapters/http/app.js");')[0]!, /dynamic .*adapters\//);
    });

    it("flags application importing adapters or composition, and packages other than effect and inversify", () => {
      assert.equal(check("application/a/b.ts", 'import { injectable } from "inversify";\nimport { Option } from "effect";\nimport { k } from "../../domain/access/api-key.js";').length, 0);
      assert.match(check("application/a/b.ts", 'import { Database } from "../../adapters/persistence/database.js";')[0]!, /application\/ may not import from adapters\//);
      assert.match(check("application/a/b.ts", 'import knex from "knex";')[0]!, /may import only effect, inversify/);
    });

    it("flags adapters importing composition", () => {
      assert.match(check("adapters/http/a.ts", 'import { loadConfig } from "../../composition/config.js";')[0]!, /adapters\/ may not import from composition\//);
      assert.equal(check("adapters/http/a.ts", 'import Koa from "koa";\nimport { x } from "../../application/a.js";').length, 0);
    });

    it("flags the inversify Container and container calls outside composition, not inside it", () => {
      assert.match(check("adapters/a.ts", 'import { Container } from "inversify";')[0]!, /only composition\/ may use the inversify Container/);
      assert.match(check("application/a.ts", 'import { type Container as C } from "inversify";')[0]!, /Container/);
      assert.match(check("adapters/a.ts", 'import * as inversify from "inversify";')[0]!, /Container/);
      assert.match(check("adapters/a.ts", "const c = new inversify.Container();").join("\n"), /new Container/);
      assert.match(check("adapters/a.ts", "const x = this.container.get(Token);")[0]!, /this\.container\.get\(Token\): only composition/);
      assert.equal(check("adapters/a.ts", 'const auth = ctx.get("Authorization"); const v = map.get(k);').length, 0);
      assert.equal(check("composition/a.ts", 'import { Container } from "inversify";\nconst c = new Container();\nc.get(X);\ncontainer.get(Y);').length, 0);
    });

    it("flags a computed dynamic import, which cannot be checked", () => {
      assert.match(check("adapters/a.ts", "const m = await import(name);")[0]!, /computed/);
    });
  });
});
