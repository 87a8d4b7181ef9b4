// Webhook delivery by real `storefront worker` processes: a worker killed with SIGKILL in the
// middle of a delivery loses nothing, on a SQLite file and on MariaDB (its claim expires and
// another worker delivers the event),
// and two workers racing on MariaDB never send the same attempt twice.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "mocha";
import { createProduct } from "../support/order-fixtures.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../support/mysql-database.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";
import { verifyReceipt, WebhookReceiver } from "../support/webhook-receiver.js";
import { WorkerProcess } from "../support/worker-process.js";

const WORKER_ENV = {
  STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1",
  STOREFRONT_WORKER_INTERVAL_MS: "100",
  STOREFRONT_WEBHOOK_TIMEOUT_MS: "8000",
  STOREFRONT_WEBHOOK_CLAIM_TTL_MS: "9000",
};

describe("webhook workers as processes", function () {
  this.timeout(180_000);

  interface Place {
    readonly url: string;
    drop(): Promise<void>;
  }
  const places: ReadonlyArray<{ readonly name: string; open(): Promise<Place | undefined> }> = [
    {
      name: "SQLite file",
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), "storefront-webhooks-"));
        return { url: `sqlite:${join(dir, "store.sqlite")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: "MariaDB",
      open: async () => {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is required in CI");
          console.log("      (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          return undefined;
        }
        return createThrowawayDatabase("webhook_kill");
      },
    },
  ];

  for (const place of places) describe(`a worker killed with SIGKILL mid-delivery (${place.name})`, () => {
    let db: Place | undefined;
    let t: TestApplication;
    let receiver: WebhookReceiver;
    const workers: WorkerProcess[] = [];

    before(async function () {
      db = await place.open();
      if (db === undefined) return this.skip();
      t = await startTestApplication({ databaseUrl: db.url, env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1" } });
      receiver = await WebhookReceiver.start();
    });
    after(async () => {
      for (const w of workers) await w.kill();
      await receiver?.close();
      await t?.close();
      await db?.drop();
    });

    it("loses nothing: the next worker takes the expired claim and the event arrives", async () => {
      const secret = t.store.keys.secretTest;
      const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url("/killed"), events: ["product.created"] }, { key: secret });
      assert.equal(created.status, 201, created.text);
      const endpoint = created.body.webhook_endpoint;
      // The first request hangs, as a receiver that stalls; the worker sending it is then killed.
      receiver.respond((_r, index) => (index === 0 ? "hang" : { status: 200, body: "ok" }));
      await createProduct(t.client, secret, "Crash-proof lamp", { price: 10_000, stock: 3 });

      const first = await WorkerProcess.start(db!.url, WORKER_ENV);
      workers.push(first);
      await receiver.waitFor((r) => r.length >= 1, 60_000, "the first delivery attempt");
      await first.kill();

      const second = await WorkerProcess.start(db!.url, WORKER_ENV);
      workers.push(second);
      await receiver.waitFor((r) => r.some((x) => x.attempt === 2), 60_000, "the delivery by the second worker");
      await second.stop();

      const [killed, delivered] = receiver.receipts;
      assert.equal(killed!.id, delivered!.id, "the same event");
      const body = verifyReceipt(endpoint.secret, delivered!);
      assert.equal(body.type, "product.created");
      const event = await t.client.get(`/v1/webhook_events/${delivered!.id}`, { key: secret });
      assert.deepEqual(
        event.body.webhook_event.deliveries.map((d: any) => [d.attempt_number, d.status_code, d.success]),
        [[2, 200, true]],
        "the killed worker's attempt left no record; the retaken one succeeded",
      );
    });
  });

  describe("two workers racing on MariaDB", () => {
    let db: ThrowawayDatabase | undefined;
    let t: TestApplication;
    let receiver: WebhookReceiver;
    const workers: WorkerProcess[] = [];

    before(async function () {
      if (!(await mysqlReachable())) {
        if (process.env.CI !== "true") {
          console.log("      (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        throw new Error("MariaDB is required in CI");
      }
      db = await createThrowawayDatabase("webhook_workers");
      t = await startTestApplication({ databaseUrl: db.url, env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1" } });
      receiver = await WebhookReceiver.start(() => ({ status: 200, delayMs: 5 + Math.floor(Math.random() * 40) }));
    });
    after(async () => {
      for (const w of workers) await w.kill();
      await receiver?.close();
      await t?.close();
      await db?.drop();
    });

    it("delivers every event to every endpoint, each attempt exactly once", async () => {
      const secret = t.store.keys.secretTest;
      const secrets = new Map<string, string>();
      for (const path of ["/race-a", "/race-b", "/race-c"]) {
        const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url(path), events: ["product.created"] }, { key: secret });
        assert.equal(created.status, 201, created.text);
        secrets.set(path, created.body.webhook_endpoint.secret);
      }
      for (let i = 0; i < 20; i++) await createProduct(t.client, secret, `Race item ${i}`, { price: 1_000, stock: 1 });

      const env = { ...WORKER_ENV, STOREFRONT_WORKER_INTERVAL_MS: "50", STOREFRONT_WEBHOOK_BATCH_SIZE: "4" };
      workers.push(...(await Promise.all([WorkerProcess.start(db!.url, env), WorkerProcess.start(db!.url, env)])));
      await receiver.waitFor((r) => r.length >= 60, 120_000, "60 deliveries");
      // Time for any duplicate to show up.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const w of workers) await w.stop();

      const keys = receiver.receipts.map((r) => `${r.path} ${r.id} ${r.attempt}`);
      assert.equal(receiver.receipts.length, 60, "20 events x 3 endpoints, nothing twice");
      assert.equal(new Set(keys).size, 60);
      assert.ok(receiver.receipts.every((r) => r.attempt === 1));
      for (const receipt of receiver.receipts) verifyReceipt(secrets.get(receipt.path)!, receipt);
      const pending = await t.application.database.knex("webhook_deliveries").whereNot("state", "succeeded").count({ n: "*" }).first();
      assert.equal(Number(pending?.n), 0);
    });
  });
});
