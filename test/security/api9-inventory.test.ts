// OWASP API9 (Improper Inventory Management): what the router serves and what the OpenAPI
// document describes are the same set of operations, every one under /v1 with an operation id,
// and nothing undocumented (no debug, admin or old-version routes) is mounted.
import assert from "node:assert/strict";
import type Router from "@koa/router";
import { after, before, describe, it } from "mocha";
import { toKoaPath } from "../../adapters/http/mount-route.js";
import { DOCS_PUBLIC_PATHS } from "../../adapters/http/docs-page.js";
import type { TestApplication } from "../support/test-application.js";
import { startSecurityApplication } from "./security-world.js";

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** METHOD path of every layer the app's router serves (HEAD, which Koa adds to GET, left out). */
const mountedOperations = (app: { middleware: readonly unknown[] }): string[] => {
  const routers = app.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  assert.equal(routers.length, 1, "one router");
  return routers[0]!.stack.flatMap((layer) => layer.methods.filter((m) => m !== "HEAD").map((m) => `${m} ${layer.path}`)).sort();
};

describe("API9 improper inventory management", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  let document: any;
  before(async function () {
    t = await startSecurityApplication();
    document = (await t.client.get("/v1/openapi.json")).body;
  });
  after(() => t?.close());

  it("the router serves exactly the documented operations of the two documents (/v1, /admin/v1), plus the docs page and the media files", async function () {
    const admin = (await t.client.get("/admin/v1/openapi.json")).body;
    const documented = [document, admin]
      .flatMap((doc) => Object.entries<any>(doc.paths))
      .flatMap(([path, operations]) => HTTP_METHODS.filter((m) => operations[m] !== undefined).map((m) => `${m.toUpperCase()} ${toKoaPath(path)}`))
      .sort();
    // The document describes itself (GET /v1/openapi.json); the docs page and its assets are not API operations.
    assert.ok(documented.includes("GET /v1/openapi.json"), "the document describes itself");
    // Uploaded images are files served to <img> tags (docs/staff.md, "Media"), not API operations.
    const extras = [...DOCS_PUBLIC_PATHS.map((p) => `GET ${p}`), "GET /media/:storeId/:id/:variant"];
    assert.deepEqual(mountedOperations(t.application.httpApp()), [...documented, ...extras].sort());
  });

  it("the document lists every route of the application once, with its operation id, and nothing else", function () {
    const inDocument = Object.entries<any>(document.paths).flatMap(([path, operations]) =>
      HTTP_METHODS.filter((m) => operations[m] !== undefined).map((m) => `${m.toUpperCase()} ${path} ${operations[m].operationId}`),
    );
    const inApplication = [
      ...t.application.routes.map((r) => `${r.method} ${r.path} ${r.operationId}`),
      "GET /v1/openapi.json getOpenApiDocument",
      // The probes for load balancers, outside /v1.
      "GET /healthz getHealth",
      "GET /readyz getReadiness",
      // Prometheus metrics, outside /v1, behind the operator's own token.
      "GET /metrics getMetrics",
    ];
    assert.deepEqual([...inDocument].sort(), [...inApplication].sort());
    assert.equal(new Set(t.application.routes.map((r) => r.operationId)).size, t.application.routes.length, "operation ids are unique");
  });

  it("every route is under /v1, and none looks like a debug, admin, internal or test-only route", function () {
    for (const route of t.application.routes) {
      assert.match(route.path, /^\/v1\//, route.operationId);
      // `/v1/webhook_endpoints/{id}/test` sends a test event: a documented operation
      // (docs/api/webhooks.md, "The test operation").
      const path = route.path.replace("/v1/webhook_endpoints/{id}/test", "");
      assert.doesNotMatch(path, /debug|admin|internal|_test|\/test\b|dev|seed|reset|eval|shell|exec/i, route.operationId);
    }
  });

  it("every documented operation states its security (a key, or none for the document itself and the providers' notification)", function () {
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = operations[method];
        if (operation === undefined) continue;
        const route = t.application.routes.find((r) => r.path === path && r.method === method.toUpperCase());
        const security = operation.security ?? document.security;
        if (operation.operationId === "getMetrics") assert.deepEqual(operation.security, [{ metricsToken: [] }], "getMetrics takes the metrics token, not a key");
        else if (route === undefined || route.access === "public") assert.deepEqual(operation.security, [], `${operation.operationId} is documented as keyless`);
        else assert.ok(Array.isArray(security) && security.length > 0, `${operation.operationId} documents its key`);
      }
    }
  });
});
