// The back office (adapters/back-office) is a client of the admin API like any other: it reaches
// the server only through the typed admin client (`storefront/admin-client`) and imports no file
// outside its own folder (no domain/, application/ or other adapter code in the browser bundle).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const APP = join(ROOT, "adapters", "back-office");

/** Packages the browser bundle may use: the UI stack and the typed client. */
const PACKAGES = new Set(["react", "react-dom", "@tanstack/react-query", "storefront", "currency-codes", "vite", "@vitejs/plugin-react", "node:url"]);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.(ts|tsx)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const specifiers = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) out.push(ts.isStringLiteral(node.arguments[0]!) ? node.arguments[0].text : "<computed>");
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
};

const packageOf = (specifier: string): string => (specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);

describe("architecture: the back office's imports", () => {
  it("stay inside adapters/back-office, and reach the API only through storefront/admin-client", () => {
    const files = sources(APP);
    assert.ok(files.length > 5, `found ${files.length} files`);
    const problems = files.flatMap((file) =>
      specifiers(file).flatMap((specifier) => {
        const where = `${relative(ROOT, file)}: "${specifier}"`;
        if (specifier.startsWith(".")) return resolve(dirname(file), specifier).startsWith(APP) ? [] : [`${where} leaves adapters/back-office`];
        if (packageOf(specifier) === "storefront") return specifier === "storefront/admin-client" ? [] : [`${where}: only storefront/admin-client`];
        return PACKAGES.has(packageOf(specifier)) ? [] : [`${where}: not a package of the back office`];
      }),
    );
    assert.deepEqual(problems, []);
    assert.ok(files.some((file) => specifiers(file).includes("storefront/admin-client")), "the typed client is used");
  });
});
