// Two staff refunding one order at once never refund more than was paid (docs/staff.md, "Refunds
// and returns"): two applications on one database play two server processes; each round, both
// ask at the same moment for 60 % of an order paid through the payment simulator, so only one
// may succeed. On SQLite (a file both open), on MariaDB, and on a 3-node Galera cluster with A
// writing through node 1 and B through node 2, where only the write of the order's refund balance
// row by both makes the second reservation fail certification and run again.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApplication, type Application } from "../../../composition/container.js";
import { serve, type TestClient } from "../../support/http-client.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../../support/mysql-database.js";
import { GaleraCluster, galeraUnavailableReason } from "../../support/galera-cluster.js";
import { placeSimpleOrder, setUpDelivery } from "../../support/order-fixtures.js";
import { signedRequest } from "../../support/signed-request.js";
import { startTestApplication, testConfig, type TestApplication } from "../../support/test-application.js";

const ROUNDS = 6;

const suite = (dialect: "sqlite" | "mariadb" | "galera"): void => {
  describe(`two refunds of one order at once never pass what was paid (${dialect})`, function () {
    this.timeout(dialect === "galera" ? 300_000 : 90_000);
    let dir: string | undefined;
    let mysql: ThrowawayDatabase | undefined;
    let cluster: GaleraCluster | undefined;
    let a: TestApplication;
    let b: Application;
    let bClient: TestClient;

    before(async function () {
      let databaseUrl: string;
      let otherUrl: string | undefined;
      if (dialect === "galera") {
        const reason = galeraUnavailableReason();
        if (reason !== undefined) {
          if (process.env.CI === "true") throw new Error(`a Galera cluster cannot be started here, and CI=true requires these tests: ${reason}`);
          console.log(`    (skipped: ${reason})`);
          this.skip();
        }
        cluster = await GaleraCluster.start();
        await cluster.createDatabase("sf_refund_race");
        databaseUrl = cluster.multiHostUrl("sf_refund_race", 0);
        otherUrl = cluster.multiHostUrl("sf_refund_race", 1);
      } else if (dialect === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("refund_race");
        databaseUrl = mysql.url;
      } else {
        dir = mkdtempSync(join(tmpdir(), "refund-race-"));
        databaseUrl = `sqlite:${join(dir, "store.db")}`;
      }
      a = await startTestApplication({ databaseUrl, logger: pino({ level: process.env.DEBUG_LOG ?? "silent" }) });
      b = createApplication(testConfig({ databaseUrl: otherUrl ?? databaseUrl }), { logger: pino({ level: process.env.DEBUG_LOG ?? "silent" }) });
      bClient = await serve(b.httpApp());
      await setUpDelivery(a.client, a.store.keys.secretTest);
    });

    after(async () => {
      await bClient?.close();
      await b?.close();
      await a?.close();
      await mysql?.drop();
      await cluster?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    it(`in ${ROUNDS} rounds of two concurrent refunds of 60 % each, exactly one succeeds and the other is a 422; the refunds never pass the total`, async () => {
      const secret = a.store.keys.secretTest;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { order } = await placeSimpleOrder(a.client, { secret, publishable: a.store.keys.publishableTest }, { price: 100_000 });
        // Paid through the built-in simulator (no M-Pesa credentials in test mode).
        const initialised = await signedRequest(
          a.client,
          "POST",
          "/v1/payments/initialize",
          { provider: "mobile_stk", amount: order.amount_due, order_id: order.id, phone: "254712345678" },
          { key: secret, secret: a.store.store.hmacSecret },
        );
        assert.equal(initialised.status, 201, initialised.text);
        const verified = await a.client.post("/v1/payments/verify", { reference: initialised.body.reference }, { key: secret });
        assert.equal(verified.body.status, "paid", verified.text);
        const total = Math.round(order.total_amount * 100);
        const amount = Math.ceil(total * 0.6);
        const ask = (client: TestClient) =>
          client.post(`/admin/v1/orders/${order.id}/refunds`, { amount }, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
        const answers = await Promise.all([ask(a.client), ask(bClient)]);
        const statuses = answers.map((answer) => answer.status).sort();
        assert.deepEqual(statuses, [201, 422], answers.map((answer) => answer.text).join("\n"));
        const refused = answers.find((answer) => answer.status === 422)!;
        assert.equal(refused.body.error.code, "refund_exceeds_payment");
        const rows: Array<{ amount: number | string; status: string }> = await a.application.database.knex("refunds").where({ order_id: order.id });
        const held = rows.filter((row) => row.status !== "failed").reduce((sum, row) => sum + Number(row.amount), 0);
        assert.ok(held <= total, `refunds hold ${held} of ${total}`);
        assert.equal(rows.length, 1, "the refused refund left no row");
        const balance = await a.application.database.knex("refund_balances").where({ order_id: order.id }).first();
        assert.equal(Number(balance.held_amount), amount);
      }
    });

    it(`in ${ROUNDS} rounds, the same with an order paid off-line, whose refunds the store settles at once (destination manual)`, async () => {
      const secret = a.store.keys.secretTest;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { order } = await placeSimpleOrder(a.client, { secret, publishable: a.store.keys.publishableTest }, { price: 100_000 });
        const paid = await signedRequest(a.client, "PATCH", `/v1/orders/${order.id}`, { payment_status: "paid" }, { key: secret, secret: a.store.store.hmacSecret });
        assert.equal(paid.status, 200, paid.text);
        const total = Math.round(order.total_amount * 100);
        const amount = Math.ceil(total * 0.6);
        const ask = (client: TestClient) =>
          client.post(`/admin/v1/orders/${order.id}/refunds`, { amount }, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
        const answers = await Promise.all([ask(a.client), ask(bClient)]);
        assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 422], answers.map((answer) => answer.text).join("\n"));
        const granted = answers.find((answer) => answer.status === 201)!;
        assert.deepEqual([granted.body.status, granted.body.destination], ["succeeded", "manual"]);
        const rows: Array<{ amount: number | string; status: string }> = await a.application.database.knex("refunds").where({ order_id: order.id });
        assert.deepEqual(rows.map((row) => [Number(row.amount), row.status]), [[amount, "succeeded"]]);
        const balance = await a.application.database.knex("refund_balances").where({ order_id: order.id }).first();
        assert.deepEqual([Number(balance.held_amount), Number(balance.succeeded_amount)], [amount, amount]);
        const after = await a.client.get(`/admin/v1/orders/${order.id}`, { key: secret });
        assert.equal(after.body.payment_status, "partially_refunded");
      }
    });
  });
};

suite("sqlite");
suite("mariadb");
suite("galera");
