// Proves the real app on MySQL/MariaDB answers 503 service_unavailable with Retry-After, fast
// and without crashing, while its database is stopped or its pool is exhausted, and that it
// recovers by itself once the database is back. Uses a private MariaDB it may stop and restart.
import assert from "node:assert/strict";
import { PrivateMariaDb } from "../../support/private-mariadb.js";
import type { TestResponse } from "../../support/http-client.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const ACQUIRE_TIMEOUT_MS = 1000;
/** A 503 must come within the acquire timeout plus this margin. */
const UNAVAILABLE_WITHIN_MS = 3000;
const RECOVERY_WITHIN_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Timed {
  readonly response: TestResponse;
  readonly ms: number;
}

describe("database unavailable (private MariaDB)", function () {
  this.timeout(120_000);

  let db: PrivateMariaDb | undefined;
  let app: TestApplication | undefined;
  const processErrors: unknown[] = [];
  const onProcessError = (error: unknown) => {
    processErrors.push(error);
  };

  /** An authenticated request that reaches the router; answering it needs the key looked up in the DB. */
  const probe = async (): Promise<Timed> => {
    const started = performance.now();
    const response = await app!.client.get("/v1/nothing", { key: app!.store.keys.secretTest });
    return { response, ms: performance.now() - started };
  };

  const assertRouteNotFound = ({ response, ms }: Timed, what: string): void => {
    assert.equal(response.status, 404, `${what}: ${response.text} after ${Math.round(ms)} ms`);
    assert.equal(response.body?.error?.code, "route_not_found", what);
  };

  const assertUnavailable = ({ response, ms }: Timed, what: string): void => {
    assert.equal(response.status, 503, `${what}: got ${response.status} ${response.text}`);
    assert.equal(response.body?.error?.type, "api_error", what);
    assert.equal(response.body?.error?.code, "service_unavailable", what);
    assert.match(String(response.body?.error?.request_id), /^req_[0-9a-f]{24}$/, what);
    assert.equal(response.body.error.request_id, response.headers.get("request-id"), what);
    assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/, `${what}: Retry-After header`);
    assert.ok(ms < UNAVAILABLE_WITHIN_MS, `${what}: answered after ${Math.round(ms)} ms (limit ${UNAVAILABLE_WITHIN_MS} ms)`);
  };

  before(async function () {
    process.on("uncaughtException", onProcessError);
    process.on("unhandledRejection", onProcessError);
    try {
      db = await PrivateMariaDb.start();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("mariadb binaries not found") && process.env.CI !== "true") {
        console.log(`  skipped: ${error.message}`);
        this.skip();
      }
      throw error;
    }
    await db.createDatabase("sf");
    app = await startTestApplication({
      databaseUrl: db.url("sf"),
      env: {
        STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
        STOREFRONT_DB_POOL_MAX: "2",
        STOREFRONT_API_KEY_CACHE_MS: "0",
      },
    });
  });

  after(async function () {
    process.off("uncaughtException", onProcessError);
    process.off("unhandledRejection", onProcessError);
    const failures: unknown[] = [];
    try {
      await app?.close();
    } catch (error) {
      failures.push(error);
    }
    try {
      await db?.destroy();
    } catch (error) {
      failures.push(error);
    }
    app = undefined;
    db = undefined;
    if (failures.length > 0) throw failures[0];
  });

  afterEach(function () {
    assert.deepEqual(processErrors, [], "no uncaught exception or unhandled rejection");
  });

  it("answers an authenticated request while the database is up", async function () {
    const timed = await probe();
    assertRouteNotFound(timed, "database up");
    // And a wrong key is refused after the lookup, not answered 503.
    const refused = await app!.client.get("/v1/nothing", { key: `svc_sk_test_${"x".repeat(40)}` });
    assert.equal(refused.status, 401);
    assert.equal(refused.body?.error?.code, "invalid_api_key");
  });

  it("answers 503 with Retry-After, quickly and repeatedly, while the database is stopped", async function () {
    await db!.stop();
    assert.equal(db!.running, false);
    const times: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const timed = await probe();
      assertUnavailable(timed, `request ${i} with the database stopped`);
      times.push(Math.round(timed.ms));
    }
    console.log(`      503 while stopped after ${times.join(", ")} ms`);
    // The public document needs no database and is still served.
    const openApi = await app!.client.get("/v1/openapi.json");
    assert.equal(openApi.status, 200);
  });

  it("recovers by itself once the database is restarted", async function () {
    await db!.restart();
    const started = performance.now();
    let last: Timed | undefined;
    while (performance.now() - started < RECOVERY_WITHIN_MS) {
      last = await probe();
      if (last.response.status === 404) break;
      assert.equal(last.response.status, 503, `while recovering: ${last.response.text}`);
      await sleep(200);
    }
    assert.ok(last !== undefined);
    assertRouteNotFound(last, `after the restart (${Math.round(performance.now() - started)} ms)`);
    console.log(`      recovered ${Math.round(performance.now() - started)} ms after the restart`);
    // And it stays up.
    for (let i = 0; i < 3; i++) assertRouteNotFound(await probe(), `request ${i + 1} after recovery`);
  });

  it("answers 503 when every pool connection is held, and succeeds once they are released", async function () {
    const knex = app!.application.database.knex;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders: Array<Promise<void>> = [];
    const holding: Array<Promise<void>> = [];
    for (let i = 0; i < 2; i++) {
      let acquired!: () => void;
      holding.push(new Promise<void>((resolve) => (acquired = resolve)));
      holders.push(
        knex.transaction(async (trx) => {
          await trx.raw("select 1");
          acquired();
          await released;
        }),
      );
    }
    try {
      await Promise.all(holding);
      const timed = await probe();
      assertUnavailable(timed, "pool exhausted");
      assert.ok(timed.ms >= ACQUIRE_TIMEOUT_MS * 0.9, `waited ${Math.round(timed.ms)} ms for a connection first`);
      assert.ok(timed.ms < ACQUIRE_TIMEOUT_MS + 1000, `pool exhausted: answered after ${Math.round(timed.ms)} ms`);
      console.log(`      503 with the pool exhausted after ${Math.round(timed.ms)} ms`);
    } finally {
      release();
      await Promise.all(holders);
    }
    assertRouteNotFound(await probe(), "after releasing the pool");
  });
});
