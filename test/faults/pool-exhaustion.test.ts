// Pool exhaustion without pile-up: with a pool of 2 whose connections are held, a burst of 200
// concurrent requests is answered 503 service_unavailable within the acquire timeout plus a margin
// (none queued for seconds), no acquire is left waiting, connections, sockets and memory return to
// their baseline, requests succeed right after the connections are released, and the log names
// the driver error behind each 503 (the pool wait that timed out), which the client's body does not.
// (test/adapters/persistence/database-unavailable.test.ts covers one request; this covers a burst.)
import assert from "node:assert/strict";
import { request } from "node:http";
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pino from "pino";
import { listen, type RunningServer } from "../../composition/server.js";
import { describeMysql } from "../support/mysql-database.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";

const ACQUIRE_TIMEOUT_MS = 500;
const BURST = 200;
/**
 * Each 503 within the acquire timeout plus this margin, on top of what a burst of the same size to
 * `/healthz` (no database) takes just before it: the machine's own speed at that moment (2 shared
 * cores, and CI runs beside other work), so a slow moment is not read as queueing. Queued requests
 * would take a multiple of the acquire timeout.
 */
const MARGIN_MS = 1_500;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

interface Answer {
  readonly status: number;
  readonly ms: number;
  readonly code: string | undefined;
  readonly retryAfter: string | undefined;
}

/** One GET on a connection of its own (closed after the answer), so the server's connection count can reach 0. */
const get = (port: number, path: string, key: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: "127.0.0.1", port, path, agent: false, headers: { authorization: `Bearer ${key}`, connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let code: string | undefined;
        try {
          code = JSON.parse(Buffer.concat(chunks).toString("utf8"))?.error?.code;
        } catch {
          code = undefined;
        }
        const retryAfter = res.headers["retry-after"];
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, code, retryAfter: typeof retryAfter === "string" ? retryAfter : undefined });
      });
    });
    req.setTimeout(20_000, () => req.destroy(new Error("no answer within 20 s")));
    req.on("error", reject);
    req.end();
  });

const connections = (running: RunningServer): Promise<number> =>
  new Promise((resolve, reject) => running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

const sockets = (): number => process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length;

const settle = async (until: () => Promise<boolean>, withinMs: number): Promise<boolean> => {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await until()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return until();
};

describeMysql("faults: pool exhaustion", (getDb) => {
  let t: TestApplication | undefined;
  let running: RunningServer | undefined;
  /** The "service unavailable" lines the server logged. */
  const unavailableLines: { requestId: string; cause: string }[] = [];
  const logger = pino(
    { level: "warn" },
    new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split("\n")) {
          if (text.trim() === "") continue;
          const line = JSON.parse(text) as { msg: string; requestId: string; cause: string };
          if (line.msg === "service unavailable") unavailableLines.push(line);
        }
        done();
      },
    }),
  );

  before(async function () {
    this.timeout(120_000);
    t = await startTestApplication({
      databaseUrl: getDb().url,
      logger,
      env: {
        STOREFRONT_DB_POOL_MAX: "2",
        STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
        // Every request looks its key up, so every one needs a connection.
        STOREFRONT_API_KEY_CACHE_MS: "0",
        STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000",
      },
    });
    running = await listen(t.application.httpApp(), 0, "127.0.0.1");
  });

  after(async function () {
    this.timeout(60_000);
    await running?.close();
    await t?.close();
  });

  it(`answers a burst of ${BURST} requests 503 within the acquire timeout, piles nothing up, and recovers on release`, async function () {
    this.timeout(120_000);
    const key = t!.store.keys.secretTest;
    const path = "/v1/products?limit=1";
    const knex = t!.application.database.knex;
    const pool = (knex.client as { pool: { numPendingAcquires(): number; numPendingCreates(): number; numUsed(): number } }).pool;

    // knex prints a stack for every acquire timeout through its own logger (console): 600 of them here.
    const knexLogger = (knex.client as { logger: { _warn: unknown } }).logger;
    const printWarning = knexLogger._warn;
    knexLogger._warn = () => undefined;

    // Warm up (code paths compiled, pool connections made), then take the baseline.
    for (let i = 0; i < 20; i++) assert.equal((await get(running!.port, path, key)).status, 200);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding: Promise<void>[] = [];
    const holders: Promise<void>[] = [];
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
      assert.ok(await settle(async () => (await connections(running!)) === 0, 5_000), "no client connection before the burst");
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      const socketsBefore = sockets();

      const rounds: number[] = [];
      const baselines: number[] = [];
      for (let round = 1; round <= 3; round++) {
        const baselineStarted = performance.now();
        const probes = await Promise.all(Array.from({ length: BURST }, () => get(running!.port, "/healthz", key)));
        const baseline = performance.now() - baselineStarted;
        baselines.push(Math.round(baseline));
        for (const probe of probes) assert.equal(probe.status, 200, "/healthz");
        const started = performance.now();
        unavailableLines.length = 0;
        const answers = await Promise.all(Array.from({ length: BURST }, () => get(running!.port, path, key)));
        const wall = performance.now() - started;
        rounds.push(Math.round(wall));
        for (const answer of answers) {
          assert.equal(answer.status, 503, `round ${round}: ${answer.status} ${answer.code}`);
          assert.equal(answer.code, "service_unavailable");
          assert.match(answer.retryAfter ?? "", /^[1-9]\d*$/, "Retry-After");
        }
        assert.ok(await settle(async () => unavailableLines.length >= BURST, 2_000), `a log line per 503: ${unavailableLines.length}`);
        for (const line of unavailableLines) assert.match(line.cause, /^KnexTimeoutError: .*Timeout acquiring a connection/, line.cause);
        const slowest = Math.max(...answers.map((a) => a.ms));
        const bound = baseline + ACQUIRE_TIMEOUT_MS + MARGIN_MS;
        assert.ok(slowest < bound, `round ${round}: slowest 503 after ${Math.round(slowest)} ms (bound ${Math.round(bound)} ms)`);
        assert.ok(wall < bound, `round ${round}: the burst took ${Math.round(wall)} ms, /healthz ${Math.round(baseline)} ms (queued?)`);
        // (A background write of the request, such as a rate-limit counter, may still be timing out.)
        assert.ok(await settle(async () => pool.numPendingAcquires() === 0, ACQUIRE_TIMEOUT_MS + 1_000), "no acquire left waiting for a connection");
        assert.equal(pool.numPendingCreates(), 0, "no connection being made");
        assert.equal(pool.numUsed(), 2, "only the two held connections in use");
      }

      assert.ok(await settle(async () => (await connections(running!)) === 0, 5_000), "every client connection closed after the bursts");
      assert.ok(await settle(async () => sockets() <= socketsBefore, 5_000), `sockets back to ${socketsBefore}, now ${sockets()}`);
      gc();
      const growth = process.memoryUsage().heapUsed - heapBefore;
      console.log(`      3 bursts of ${BURST} in ${rounds.join(", ")} ms (/healthz ${baselines.join(", ")} ms); heap ${growth >= 0 ? "+" : ""}${(growth / 1_048_576).toFixed(1)} MiB`);
      assert.ok(growth < 16 * 1_048_576, `heap grew by ${(growth / 1_048_576).toFixed(1)} MiB over ${3 * BURST} refused requests`);
    } finally {
      release();
      await Promise.all(holders);
      knexLogger._warn = printWarning;
    }

    const after = await get(running!.port, path, key);
    assert.equal(after.status, 200, "a request succeeds right after the connections are released");
    assert.ok(after.ms < 2_000, `and promptly (${Math.round(after.ms)} ms)`);
    const burst = await Promise.all(Array.from({ length: 20 }, () => get(running!.port, path, key)));
    assert.deepEqual([...new Set(burst.map((a) => a.status))], [200], "a burst after the release succeeds");
  });
});
