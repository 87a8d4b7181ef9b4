// Checks the OpenAPI document: served publicly as JSON, valid OpenAPI 3.1 by Redocly's
// "recommended" and "spec" rulesets, and a faithful description of the routes' schemas.
import assert from "node:assert/strict";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { Either, ParseResult, Schema } from "effect";
import pino from "pino";
import { createHttpApp } from "../../../adapters/http/app.js";
import { buildOpenApiDocument } from "../../../adapters/http/openapi-document.js";
import { RouteModule } from "../../../adapters/http/route-module.js";
import { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import { serve, type TestClient } from "../../support/http-client.js";
import { TEST_INFO, testRoutes } from "../../support/mechanism-routes.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const lint = async (document: unknown, ruleset: "recommended" | "spec"): Promise<NormalizedProblem[]> => {
  const config = await createConfig({ extends: [ruleset] });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
};

const describeProblems = (problems: readonly NormalizedProblem[]): string =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`).join("\n");

const assertNoErrors = async (document: unknown): Promise<void> => {
  for (const ruleset of ["recommended", "spec"] as const) {
    const errors = (await lint(document, ruleset)).filter((p) => p.severity === "error");
    assert.deepEqual(errors, [], `${ruleset} found errors:\n${describeProblems(errors)}`);
  }
};

describe("OpenAPI document", () => {
  let t: TestApplication;
  let mechanism: TestClient;

  before(async () => {
    t = await startTestApplication();
    mechanism = await serve(
      createHttpApp({
        routes: testRoutes(),
        authenticate: t.application.container.get(AuthenticateApiKey),
      guards: t.application.guards,
        logger: pino({ level: "silent" }),
        info: TEST_INFO,
      }),
    );
  });

  after(async () => {
    await mechanism?.close();
    await t?.close();
  });

  it("the linter used here does report errors on a broken document", async () => {
    const broken = {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/a/{id}": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Nope" } } } } } } } },
    };
    const errors = (await lint(broken, "recommended")).filter((p) => p.severity === "error");
    assert.ok(errors.some((p) => p.ruleId === "no-unresolved-refs"), describeProblems(errors));
    assert.ok(errors.some((p) => p.ruleId === "path-parameters-defined"), describeProblems(errors));
  });

  it("the real app serves GET /v1/openapi.json without a key: 200 JSON, OpenAPI 3.1.0", async () => {
    const response = await t.client.get("/v1/openapi.json");
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.ok(response.headers.get("request-id")?.startsWith("req_"));
    assert.equal(response.body.openapi, "3.1.0");
    assert.equal(response.body.info.title, "Storefront API");
    assert.equal(typeof response.body.info.version, "string");
    assert.ok(response.body.paths["/v1/openapi.json"].get !== undefined);
    assert.deepEqual(response.body.paths["/v1/openapi.json"].get.security, []);
  });

  it("the real app's document has no errors under the recommended and spec rulesets", async () => {
    const response = await t.client.get("/v1/openapi.json");
    await assertNoErrors(response.body);
  });

  it("the real app's document has no warnings under the recommended ruleset but those decided (decisions api-13)", async () => {
    const response = await t.client.get("/v1/openapi.json");
    const decided = (p: NormalizedProblem): boolean =>
      // The API has both paths (docs/api/catalog.md); a router tries the literal `by-slug` first.
      (p.ruleId === "no-ambiguous-paths" && /by-slug/.test(p.message)) ||
      // The document and the probes answer without a key and have no 4xx of their own.
      (p.ruleId === "operation-4xx-response" && /^#\/paths\/~1(v1~1openapi\.json|healthz|readyz)\/get\/responses$/.test(p.location[0]?.pointer ?? ""));
    const warnings = (await lint(response.body, "recommended")).filter((p) => p.severity === "warn" && !decided(p));
    assert.deepEqual(warnings, [], describeProblems(warnings));
  });

  it("carries none of the schema library's generated titles or descriptions; ids, dates, emails and URLs have their format", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const generated: string[] = [];
    const formats = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (value === null || typeof value !== "object") return;
      const object = value as Record<string, unknown>;
      if (typeof object.title === "string" && /^[a-z]+[A-Za-z]*(\(.*\))?$/.test(object.title)) generated.push(`title ${object.title}`);
      if (typeof object.description === "string" && /^an? (string|number|integer|array|Universally)\b/.test(object.description)) generated.push(`description ${object.description}`);
      if (typeof object.format === "string") formats.add(object.format);
      Object.values(object).forEach(walk);
    };
    walk(document);
    assert.deepEqual(generated, []);
    for (const format of ["uuid", "date-time", "date", "email", "uri"]) assert.ok(formats.has(format), `some field has format ${format}`);
  });

  it("every property and parameter says what it means, and every money field names its unit (decisions api-25 and api-30)", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const schemas: Record<string, any> = document.components.schemas;
    /** A `$ref` (bare or as the one member of an `allOf`) followed to the schema it names. */
    const resolve = (schema: any): any => {
      for (let hops = 0; hops < 8; hops++) {
        if (typeof schema?.$ref === "string") schema = schemas[schema.$ref.split("/").pop()];
        else if (schema?.allOf?.length === 1 && schema.properties === undefined) schema = schema.allOf[0];
        else break;
      }
      return schema ?? {};
    };
    const numeric = (schema: any): boolean =>
      ["number", "integer"].includes(resolve(schema).type) || (resolve(schema).anyOf ?? []).some(numeric);
    // Money by name: amounts, prices, totals of lines, balances, fees, discounts, spend and
    // purchase thresholds, values of discounts; counts such as `total` or `total_stock` are not.
    const MONEY = /(^|_)(amount|price|subtotal|balance|fee|discount|value|spent|spend|purchase)(_|$)|_total$|delivery_threshold$/;
    const UNIT = /\b(minor|major) units\b/;
    const undescribed: string[] = [];
    const unitless: string[] = [];
    const money = new Set<string>();
    const check = (name: string, schema: any, description: unknown, where: string): void => {
      const meaning = typeof description === "string" ? description : resolve(schema).description;
      if (typeof meaning !== "string" || meaning.trim() === "") undescribed.push(where);
      if (MONEY.test(name) && numeric(schema)) {
        money.add(name);
        if (!UNIT.test(String(meaning))) unitless.push(`${where}: ${meaning}`);
      }
    };
    const walk = (value: unknown, where: string): void => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}/${i}`));
      if (value === null || typeof value !== "object") return;
      for (const [key, inner] of Object.entries<any>(value)) {
        if (key === "properties" && inner !== null && typeof inner === "object") {
          for (const [name, property] of Object.entries<any>(inner)) {
            check(name, property, property.description, `${where}.${name}`);
            walk(property, `${where}.${name}`);
          }
        } else walk(inner, `${where}/${key}`);
      }
    };
    walk(document.components, "#/components");
    walk(document.paths, "#/paths");
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const parameter of operation.parameters ?? []) {
          check(parameter.name, parameter.schema, parameter.description, `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`);
        }
      }
    }
    assert.deepEqual(undescribed, [], `without a description:\n${undescribed.join("\n")}`);
    assert.deepEqual(unitless, [], `money without its unit:\n${unitless.join("\n")}`);
    // The rule still finds the money fields: each of these is caught and stated in its unit.
    for (const name of ["price", "sale_price", "selling_price", "unit_price", "line_total", "subtotal", "total_amount", "amount_due", "balance", "delivery_fee", "free_delivery_threshold", "display_price", "final_price", "volume_discount", "min_purchase", "amount", "total_spent", "value"]) {
      assert.ok(money.has(name), `${name} is found as money`);
    }
    for (const name of ["total", "total_stock", "total_items", "total_purchases", "quantity", "stock"]) assert.ok(!money.has(name), `${name} is not money`);
  });

  it("every GET that answers a resource or a list takes `fields`", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const without: string[] = [];
    for (const [path, item] of Object.entries<any>(document.paths)) {
      const get = item.get;
      // The operations probes and the document itself are not resources.
      if (get === undefined || ["/v1/openapi.json", "/healthz", "/readyz", "/metrics"].includes(path)) continue;
      if (!(get.parameters ?? []).some((p: any) => p.name === "fields" && p.in === "query")) without.push(path);
    }
    assert.deepEqual(without, []);
  });

  it("a parameter with a default is optional to send and documents its default (a generated client must not demand it)", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    let defaults = 0;
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.schema?.default === undefined) continue;
          defaults++;
          assert.equal(parameter.required, false, `${method} ${path} ${parameter.name} has a default yet is required`);
        }
      }
    }
    assert.ok(defaults >= 20, `parameters with a default: ${defaults}`);
    const prices = Object.fromEntries(document.paths["/v1/prices"].get.parameters.map((p: any) => [p.name, [p.required, p.schema.default]]));
    assert.deepEqual([prices.limit, prices.offset, prices.quantity], [[false, 50], [false, 0], [false, 1]]);
  });

  it("a query parameter is required in the document exactly when the route refuses a request without it (none with a default is)", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const routes = t.application.container.getAll(RouteModule).flatMap((module) => module.routes());
    let checked = 0;
    for (const route of routes) {
      const documented = (document.paths[route.path]?.[route.method.toLowerCase()]?.parameters ?? []).filter((p: any) => p.in === "query");
      const required = documented.filter((p: any) => p.required).map((p: any) => p.name).sort();
      for (const parameter of documented) {
        checked++;
        if (parameter.required) assert.equal(parameter.schema?.default, undefined, `${route.method} ${route.path} ${parameter.name}: required, yet documents a default`);
      }
      // What the route's own decoding says is missing when nothing is sent.
      const decoded = route.query === undefined ? undefined : Schema.decodeUnknownEither(route.query)({}, { errors: "all" });
      const missing =
        decoded === undefined || Either.isRight(decoded)
          ? []
          : ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
              .filter((issue) => issue._tag === "Missing")
              .map((issue) => String(issue.path[0]))
              .sort();
      assert.deepEqual(required, missing, `${route.method} ${route.path}: required query parameters`);
    }
    assert.ok(checked >= 60, `query parameters checked: ${checked}`);
  });

  it("GET /v1/prices?place_name=Kampala&limit=1 is a valid request by the document (no quantity, offset...) and the server answers it with the documented defaults", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const parameters: any[] = document.paths["/v1/prices"].get.parameters.filter((p: any) => p.in === "query");
    const sent: Record<string, string> = { place_name: "Kampala", limit: "1" };
    for (const parameter of parameters) {
      if (parameter.required) assert.ok(parameter.name in sent, `the document requires ${parameter.name}`);
    }
    for (const [name, value] of Object.entries(sent)) {
      const schema = parameters.find((p) => p.name === name)?.schema;
      assert.ok(schema !== undefined, `${name} is a documented query parameter`);
      if (schema.type === "integer") {
        const n = Number(value);
        assert.ok(Number.isInteger(n) && n >= (schema.minimum ?? -Infinity) && n <= (schema.maximum ?? Infinity), `${name}=${value} fits ${JSON.stringify(schema)}`);
      } else {
        assert.equal(schema.type, "string", `${name}: ${JSON.stringify(schema)}`);
      }
    }
    const defaults = Object.fromEntries(parameters.filter((p) => p.schema?.default !== undefined).map((p) => [p.name, p.schema.default]));
    assert.deepEqual([defaults.offset, defaults.quantity], [0, 1]);
    const answer = await t.client.get("/v1/prices?place_name=Kampala&limit=1", { key: t.store.keys.publishableTest });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([answer.body.limit, answer.body.offset], [1, defaults.offset]);
    assert.ok(answer.body.items.length <= 1);
    assert.equal(answer.body.pricing_context.quantity, defaults.quantity);
  });

  it("no bound in the document is an artifact of number types (2^53 - 1 and the like: none of 2^52 or more); offset declares only its minimum, and the server takes a large offset", async () => {
    const document = (await t.client.get("/v1/openapi.json")).body;
    const artifacts: string[] = [];
    const walk = (value: unknown, where: string): void => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${where}/${i}`));
      if (value === null || typeof value !== "object") return;
      for (const [key, inner] of Object.entries(value)) {
        if (["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"].includes(key) && typeof inner === "number" && Math.abs(inner) >= 2 ** 52) {
          artifacts.push(`${where}/${key} = ${inner}`);
        }
        walk(inner, `${where}/${key}`);
      }
    };
    walk(document, "");
    assert.deepEqual(artifacts, []);
    const offset = document.paths["/v1/prices"].get.parameters.find((p: any) => p.name === "offset");
    assert.deepEqual([offset.schema.minimum, offset.schema.maximum], [0, undefined]);
    const far = await t.client.get("/v1/prices?limit=1&offset=999999999999999", { key: t.store.keys.publishableTest });
    assert.equal(far.status, 200, far.text);
    assert.deepEqual(far.body.items, []);
    const tooLong = await t.client.get("/v1/prices?limit=1&offset=9999999999999999", { key: t.store.keys.publishableTest });
    assert.equal(tooLong.status, 400, tooLong.text);
    assert.match(tooLong.body.error.message, /offset/);
  });

  it("the test routes' document has no errors under the recommended and spec rulesets", async () => {
    await assertNoErrors(buildOpenApiDocument(testRoutes(), TEST_INFO));
  });

  it("the app serves exactly the document built from its routes", async () => {
    const response = await mechanism.get("/v1/openapi.json");
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, buildOpenApiDocument(testRoutes(), TEST_INFO));
    await assertNoErrors(response.body);
  });

  describe("what the test routes' document says", () => {
    const document = buildOpenApiDocument(testRoutes(), TEST_INFO) as any;
    const getWidget = document.paths["/v1/widgets/{id}"].get;
    const createWidget = document.paths["/v1/widgets"].post;
    const param = (name: string) => getWidget.parameters.find((p: any) => p.name === name);

    it("the path parameter is a required uuid", () => {
      assert.deepEqual({ in: param("id").in, required: param("id").required, format: param("id").schema.format }, {
        in: "path",
        required: true,
        format: "uuid",
      });
    });

    it("query parameters carry their types and bounds, none required", () => {
      assert.deepEqual(
        { in: param("limit").in, required: param("limit").required, type: param("limit").schema.type },
        { in: "query", required: false, type: "integer" },
      );
      assert.equal(param("limit").schema.minimum, 1);
      assert.equal(param("limit").schema.maximum, 200);
      assert.equal(param("active").schema.type, "boolean");
      assert.equal(param("owner_id").schema.format, "uuid");
      assert.equal(param("fields").in, "query");
      assert.equal(param("fields").schema.type, "string");
      assert.deepEqual(
        getWidget.parameters.map((p: any) => p.name),
        ["id", "limit", "active", "owner_id", "fields"],
      );
    });

    it("the request body schema is the decoder's: required names, no extra properties, bounds", () => {
      const schema = createWidget.requestBody.content["application/json"].schema;
      assert.equal(createWidget.requestBody.required, true);
      assert.deepEqual(schema.required, ["name", "quantity"]);
      assert.equal(schema.additionalProperties, false);
      assert.equal(schema.properties.name.minLength, 1);
      assert.equal(schema.properties.quantity.minimum, 1);
      assert.equal(schema.properties.quantity.maximum, 100);
      const quantityType = schema.properties.quantity.type ?? document.components.schemas[schema.properties.quantity.$ref?.split("/").pop()]?.type;
      assert.equal(quantityType, "integer");
      assert.deepEqual(schema.properties.parts.items.required, ["sku"]);
    });

    it("access is documented: a secret key for the POST, any key for the GET", () => {
      assert.deepEqual(createWidget.security, [{ secretKey: [] }]);
      assert.deepEqual(getWidget.security, [{ anyKey: [] }]);
      assert.ok(createWidget.responses["403"] !== undefined);
      assert.ok(document.components.securitySchemes.secretKey !== undefined);
      assert.ok(document.components.securitySchemes.anyKey !== undefined);
    });

    it("error responses refer to the Error schema, with the statuses each route can answer", () => {
      assert.ok(getWidget.responses["404"] !== undefined, "a route with a path parameter answers 404");
      assert.ok(createWidget.responses["413"] !== undefined && createWidget.responses["415"] !== undefined);
      assert.equal(createWidget.responses["201"].description, "The new widget.");
      for (const operation of [getWidget, createWidget]) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400) continue;
          assert.deepEqual(response.content["application/json"].schema, { $ref: "#/components/schemas/Error" }, status);
        }
      }
      const error = document.components.schemas.Error;
      assert.deepEqual(error.required, ["error"]);
      assert.deepEqual([...error.properties.error.required].sort(), ["code", "message", "request_id", "type"]);
    });

    it("operation ids are unique and every route is present", () => {
      const ids = Object.values<any>(document.paths).flatMap((item) => Object.values<any>(item).map((op) => op.operationId));
      assert.equal(new Set(ids).size, ids.length);
      assert.deepEqual([...ids].sort(), ["createWidget", "explode", "getHealth", "getMetrics", "getOpenApiDocument", "getReadiness", "getWidget"]);
    });
  });
});

describe("OpenAPI document of the admin API", function () {
  this.timeout(60_000);
  let t: TestApplication;

  before(async () => {
    t = await startTestApplication();
  });
  after(() => t?.close());

  it("is served at GET /admin/v1/openapi.json without a session or key, with no errors under the recommended and spec rulesets", async () => {
    const response = await t.client.get("/admin/v1/openapi.json");
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, "3.1.0");
    await assertNoErrors(response.body);
  });

  it("describes only admin operations, each with the permission it needs and the staff session or secret key", async () => {
    const document = (await t.client.get("/admin/v1/openapi.json")).body;
    const paths = Object.keys(document.paths);
    assert.ok(paths.every((path) => path.startsWith("/admin/v1/")), paths.filter((p) => !p.startsWith("/admin/v1/")).join(", "));
    for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        if (operation.security.length === 0) continue;
        assert.ok(typeof operation["x-permission"] === "string", `${method} ${path} names its permission`);
        assert.deepEqual(operation.security, [{ staffSession: [] }, { secretKey: [] }]);
      }
    }
    assert.equal(document.components.securitySchemes.staffSession.in, "cookie");
  });
});
