// Keeps the typed client's types (client/schema.ts) in step with the routes: regenerated from the
// document the app serves, they must equal the committed file (else run `npm run client:types`).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { ADMIN_CLIENT_SCHEMA_FILE, CLIENT_SCHEMA_FILE, generateClientTypes, servedOpenApiDocument } from "../../scripts/generate-client-types.js";
import { startTestApplication } from "../support/test-application.js";

describe("the typed client's generated types", function () {
  this.timeout(60_000);

  it("are generated from the very document GET /v1/openapi.json serves", async () => {
    const t = await startTestApplication();
    try {
      const served = await t.client.get("/v1/openapi.json");
      assert.equal(served.status, 200);
      assert.deepEqual(JSON.parse(JSON.stringify(await servedOpenApiDocument())), served.body);
    } finally {
      await t.close();
    }
  });

  it("match client/schema.ts (run `npm run client:types` after changing a route)", async () => {
    const committed = await readFile(CLIENT_SCHEMA_FILE, "utf8");
    const generated = await generateClientTypes();
    assert.ok(generated.includes('"/v1/products": {'), "the paths are in the generated types");
    assert.ok(committed === generated, "client/schema.ts is out of date with the routes: run `npm run client:types` and commit it");
  });

  it("of the admin client are generated from GET /admin/v1/openapi.json and match client/admin-schema.ts", async () => {
    const t = await startTestApplication();
    try {
      const served = await t.client.get("/admin/v1/openapi.json");
      assert.equal(served.status, 200);
      assert.deepEqual(JSON.parse(JSON.stringify(await servedOpenApiDocument("admin"))), served.body);
    } finally {
      await t.close();
    }
    const committed = await readFile(ADMIN_CLIENT_SCHEMA_FILE, "utf8");
    const generated = await generateClientTypes("admin");
    assert.ok(generated.includes('"/admin/v1/staff": {'), "the admin paths are in the generated types");
    assert.ok(committed === generated, "client/admin-schema.ts is out of date with the admin routes: run `npm run client:types` and commit it");
  });
});
