// Invoice numbers on a 3-node Galera cluster (docs/invoices.md, "Numbers"; docs/decisions/payments.md,
// "payments-31"): 30 orders paid at once through two servers writing through different nodes get
// exactly INV-TEST-000001..30, no gap and no duplicate. Both nodes increment the store's one counter
// row: a transaction that loses certification to the other node is rolled back, its number with it,
// and the unit of work runs again; the test prints how many did. A 503 (a conflict lost five times)
// is sent again, as a patient client does. The checks read through the third node, with causal reads.
import assert from "node:assert/strict";
import type { Knex } from "knex";
import { after, before, describe, it } from "mocha";
import { sendUntilNotBusy, statusCounts } from "../support/busy-retry.js";
import { causalKnex, GaleraCluster, galeraUnavailableReason } from "../support/galera-cluster.js";
import { connect, type TestClient } from "../support/http-client.js";
import { createProduct, fillSessionCart, checkoutSession, setUpDelivery } from "../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";
import { signedOrderPatch } from "../support/signed-request.js";

const ORDERS = 30;
const DATABASE = "sf_invoice_numbers";
const METRICS_TOKEN = "invoice-numbers-metrics-token-0123456789";


describe("invoice numbers on a 3-node Galera cluster, through two servers on different nodes", function () {
  this.timeout(240_000);
  let cluster: GaleraCluster | undefined;
  const servers: ServerProcess[] = [];
  let clients: TestClient[];
  let seeded: SeededStore;
  let knex: Knex | undefined;

  before(async function () {
    const reason = galeraUnavailableReason();
    if (reason !== undefined) {
      if (process.env.CI === "true") throw new Error(`a Galera cluster cannot be started here, and CI=true requires these tests: ${reason}`);
      console.log(`    (skipped: ${reason})`);
      this.skip();
    }
    cluster = await GaleraCluster.start();
    await cluster.createDatabase(DATABASE);
    const env = { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000", STOREFRONT_METRICS_TOKEN: METRICS_TOKEN };
    // Server A writes through node 1, server B through node 2; the checks read through node 3.
    servers.push(...(await Promise.all([ServerProcess.start(cluster.multiHostUrl(DATABASE, 0), env), ServerProcess.start(cluster.multiHostUrl(DATABASE, 1), env)])));
    seeded = await seedStore(cluster.multiHostUrl(DATABASE, 2));
    knex = causalKnex(cluster.nodes[2]!.url(DATABASE));
    clients = servers.map((server) => connect(server.url));
    await setUpDelivery(clients[0]!, seeded.secret_key);
  });

  after(async function () {
    await knex?.destroy();
    await Promise.all(servers.map((s) => s.stop()));
    await cluster?.stop();
  });

  const unitOfWorkRetries = async (client: TestClient): Promise<number> => {
    const response = await client.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(response.status, 200, response.text);
    return [...response.text.matchAll(/^storefront_unit_of_work_retries_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };

  it(`${ORDERS} orders paid at once through both servers: INV-TEST-000001..${ORDERS}, no gap, no duplicate, the same on every node`, async () => {
    const [a] = clients as [TestClient];
    const product = await createProduct(a, seeded.secret_key, "Galera invoice mug", { price: 120_000, stock: 1_000 });
    const orders: { id: string }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const through = clients[i % 2]!;
      const session = await fillSessionCart(through, seeded.publishable_key, [{ variantId: product.variantId, quantity: 1 }]);
      orders.push(await checkoutSession(through, seeded.secret_key, session));
    }
    const retriesBefore = await Promise.all(clients.map(unitOfWorkRetries));
    const certBefore = await Promise.all(cluster!.nodes.map((node) => node.status()));
    const busy = { count: 0 };
    const startedAt = Date.now();
    const answers = await Promise.all(
      orders.map((order, i) =>
        sendUntilNotBusy(() => signedOrderPatch(clients[i % 2]!, order.id, { payment_status: "paid" }, { key: seeded.secret_key, secret: seeded.hmac_secret }), busy),
      ),
    );
    const tookMs = Date.now() - startedAt;
    const retries = (await Promise.all(clients.map(unitOfWorkRetries))).map((n, i) => n - retriesBefore[i]!);
    const certAfter = await Promise.all(cluster!.nodes.map((node) => node.status()));
    const certFailures = certAfter.map((status, i) => Number(status.wsrep_local_cert_failures) - Number(certBefore[i]!.wsrep_local_cert_failures));
    console.log(
      `      ${ORDERS} payments at once in ${tookMs} ms: ${statusCounts(answers)}; units of work run again: A ${retries[0]}, B ${retries[1]}; ` +
        `certification failures per node ${certFailures.join("/")}; 503s sent again: ${busy.count}`,
    );
    assert.deepEqual(
      answers.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text.slice(0, 200)}`),
      [],
      "every payment is accepted",
    );

    const rows: { number: string; sequence: number | string; order_id: string }[] = await knex!("invoices").where({ store_id: seeded.store_id }).orderBy("sequence").select("number", "sequence", "order_id");
    assert.deepEqual(
      rows.map((r) => Number(r.sequence)),
      Array.from({ length: ORDERS }, (_, i) => i + 1),
      "the sequences are 1..30: no gap, no duplicate",
    );
    assert.deepEqual(
      rows.map((r) => r.number),
      Array.from({ length: ORDERS }, (_, i) => `INV-TEST-${String(i + 1).padStart(6, "0")}`),
    );
    assert.deepEqual(new Set(rows.map((r) => r.order_id)), new Set(orders.map((o) => o.id)), "one invoice per paid order");
    // Every node holds the same invoices and the counter at 30.
    for (const node of cluster!.nodes) {
      const direct = causalKnex(node.url(DATABASE));
      try {
        const numbers = (await direct("invoices").where({ store_id: seeded.store_id }).orderBy("sequence").select("number")).map((r: { number: string }) => r.number);
        assert.deepEqual(numbers, rows.map((r) => r.number), `node ${node.port} holds the same invoices`);
        const counter = await direct("document_sequences").where({ store_id: seeded.store_id, series: "invoice_test" }).first("last_number");
        assert.equal(Number(counter.last_number), ORDERS);
      } finally {
        await direct.destroy();
      }
    }
    // Each server answers each invoice (read through its own node).
    const invoice = await clients[1]!.get(`/v1/orders/${orders[0]!.id}/invoice`, { key: seeded.secret_key });
    assert.equal(invoice.status, 200, invoice.text);
    assert.equal(invoice.body.number, rows.find((r) => r.order_id === orders[0]!.id)!.number);
  });
});
