// The probes for load balancers and Kubernetes: /healthz answers without a key or a database,
// /readyz is 200 while the database answers and its migrations are current, and 503 with
// Retry-After when the database is away, a migration is unknown or pending, or the server drains.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { listen, type RunningServer } from "../../../composition/server.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("health probes", function () {
  let t: TestApplication;
  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "2" } });
  });
  after(() => t?.close());

  it("GET /healthz answers 200 without a key, and never spends a rate budget", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.client.get("/healthz");
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, { status: "ok" });
      assert.equal(response.headers.get("ratelimit-limit"), null);
    }
  });

  it("GET /readyz is 200 with every check passing, without a key", async () => {
    const response = await t.client.get("/readyz");
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { status: "ready", checks: { database: "ok", migrations: "current", draining: false } });
  });

  it("GET /readyz is 503 with Retry-After when the database has a migration this build does not know", async () => {
    const knex = t.application.database.knex;
    await knex("knex_migrations").insert({ name: "9999-from-a-newer-build", batch: 99, migration_time: new Date() });
    try {
      const response = await t.client.get("/readyz");
      assert.equal(response.status, 503, response.text);
      assert.equal(response.headers.get("retry-after"), "1");
      assert.deepEqual(response.body, { status: "not_ready", checks: { database: "ok", migrations: "pending", draining: false } });
    } finally {
      await knex("knex_migrations").where({ name: "9999-from-a-newer-build" }).delete();
    }
    assert.equal((await t.client.get("/readyz")).status, 200);
  });

  it("GET /readyz is 503 while the server drains, and /healthz still 200", async () => {
    const app = t.application.httpApp();
    const server: RunningServer = await listen(app, 0, "127.0.0.1");
    const base = `http://127.0.0.1:${server.port}`;
    try {
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
      app.emit("draining");
      const draining = await fetch(`${base}/readyz`);
      assert.equal(draining.status, 503);
      assert.deepEqual(((await draining.json()) as { checks: unknown }).checks, { database: "ok", migrations: "current", draining: true });
      assert.equal((await fetch(`${base}/healthz`)).status, 200);
    } finally {
      await server.close();
    }
  });

  it("GET /readyz is 503 when the database is away", async () => {
    const other = await startTestApplication();
    await other.application.database.close();
    const response = await other.client.get("/readyz");
    assert.equal(response.status, 503, response.text);
    assert.deepEqual(response.body.checks, { database: "unavailable", migrations: "unknown", draining: false });
    await other.close().catch(() => undefined);
  });
});
