// Every named schema of the two API documents is one schema: two different schemas annotated with
// the same identifier would be one entry of components/schemas, and the first one met would stand
// for both without a word (effect's JSON Schema keeps the first definition of a name). That is how
// the media upload record and the catalog's product image were both `Media` until the typed client
// typed a product's images as uploads. Each identified schema met on any route (path, query, body,
// answer; as the documents show them, encoded) is rendered alone, and each name must render one way.
import assert from "node:assert/strict";
import { JSONSchema, Option, Schema, SchemaAST as AST } from "effect";
import pino from "pino";
import type { AnyRoute } from "../../../adapters/http/route-definition.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { testConfig } from "../../support/test-application.js";

/** Every node of `ast` carrying an identifier, the node itself included. */
const identified = (ast: AST.AST, out: Map<string, Set<string>>, seen: Set<AST.AST>): void => {
  if (seen.has(ast)) return;
  seen.add(ast);
  const id = AST.getIdentifierAnnotation(ast);
  if (Option.isSome(id)) {
    const definitions: Record<string, unknown> = {};
    try {
      JSONSchema.fromAST(ast, { definitions: definitions as never, target: "openApi3.1" });
      const rendered = JSON.stringify(definitions[id.value] ?? null);
      out.set(id.value, (out.get(id.value) ?? new Set()).add(rendered));
    } catch {
      // A schema JSON Schema cannot express is not in the documents either.
    }
  }
  switch (ast._tag) {
    case "TypeLiteral":
      for (const p of ast.propertySignatures) identified(p.type, out, seen);
      for (const s of ast.indexSignatures) identified(s.type, out, seen);
      return;
    case "Union":
      for (const t of ast.types) identified(t, out, seen);
      return;
    case "TupleType":
      for (const e of ast.elements) identified(e.type, out, seen);
      for (const r of ast.rest) identified(r.type, out, seen);
      return;
    case "Refinement":
      identified(ast.from, out, seen);
      return;
    case "Transformation":
      identified(ast.from, out, seen);
      identified(ast.to, out, seen);
      return;
    case "Suspend":
      identified(ast.f(), out, seen);
      return;
    default:
      return;
  }
};

const schemasOf = (route: AnyRoute): Array<Schema.Schema<any, any, never>> =>
  [route.params, route.query, route.body, route.success?.schema].filter((s): s is Schema.Schema<any, any, never> => s !== undefined);

describe("the API documents' schema names", () => {
  let application: Application;
  before(() => {
    application = createApplication(testConfig(), { logger: pino({ level: "silent" }) });
  });
  after(async () => {
    await application?.close();
  });

  it("each name stands for one schema across every route of /v1 and /admin/v1", () => {
    const renderings = new Map<string, Set<string>>();
    const seen = new Set<AST.AST>();
    const routes = [...application.routes, ...application.adminRoutes];
    assert.ok(routes.length > 100, "the routes are there to walk");
    for (const route of routes) for (const schema of schemasOf(route)) identified(Schema.encodedBoundSchema(schema).ast, renderings, seen);
    assert.ok(renderings.size > 50, `named schemas were found (${renderings.size})`);
    const clashes = [...renderings].filter(([, shapes]) => shapes.size > 1).map(([name, shapes]) => `${name}: ${shapes.size} different schemas`);
    assert.deepEqual(clashes, []);
  });

  it("would have caught the two schemas named Media", () => {
    const upload = Schema.Struct({ id: Schema.String, filename: Schema.String }).annotations({ identifier: "Clash" });
    const image = Schema.Struct({ url: Schema.String }).annotations({ identifier: "Clash" });
    const renderings = new Map<string, Set<string>>();
    identified(Schema.Struct({ a: upload, b: image }).ast, renderings, new Set());
    assert.equal(renderings.get("Clash")?.size, 2);
  });
});
