// The demo store's customers (docs/api/demo-store.md, "What the demo store holds"), checked over
// HTTP: three customers whose printed passwords sign in; the first with a purchase history, a
// wishlist and a thread of at least three messages.
import assert from "node:assert/strict";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { withToken } from "../support/customer-fixtures.js";
import type { TestClient } from "../support/http-client.js";
import { openDemoStore, type DemoStore } from "../support/demo-store.js";

describe("demo store customers", function () {
  this.timeout(120_000);
  let application: Application;
  let client: TestClient;
  let summary: DemoStoreSummary;

  let demo: DemoStore | undefined;

  before(async () => {
    demo = await openDemoStore();
    ({ application, client, summary } = demo);
  });

  after(() => demo?.close());

  const signIn = async (index: number): Promise<{ id: string; token: string }> => {
    const customer = summary.customers[index]!;
    const response = await client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key: summary.secret_key });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.customer.id, customer.id);
    return { id: customer.id, token: response.body.session.access_token };
  };

  it("the summary lists three customers with distinct emails and passwords", () => {
    assert.equal(summary.customers.length, 3);
    assert.equal(new Set(summary.customers.map((c) => c.email)).size, 3);
    for (const customer of summary.customers) {
      assert.match(customer.id, /^[0-9a-f-]{36}$/);
      assert.match(customer.email, /@example\.com$/);
      assert.ok(customer.password.length >= 8);
    }
  });

  it("every demo customer signs in with the printed password", async () => {
    for (let i = 0; i < 3; i++) await signIn(i);
  });

  it("the first customer has a purchase history, a wishlist and a thread of at least three messages", async () => {
    const { id, token } = await signIn(0);
    const record = await client.get(`/v1/customers/${id}`, withToken(summary.publishable_key, token));
    assert.equal(record.status, 200, record.text);
    assert.ok(record.body.total_purchases >= 1);
    assert.ok(record.body.store_metrics.total_spent > 0);
    assert.equal(record.body.store_metrics.status, "active");
    assert.ok(record.body.store_metrics.first_purchase_date < record.body.store_metrics.last_purchase_date);
    assert.equal(record.body.last_purchase, record.body.store_metrics.last_purchase_date);

    const wishlist = await client.get("/v1/wishlist", withToken(summary.publishable_key, token));
    assert.ok(wishlist.body.total_items >= 1, wishlist.text);

    const threads = await client.get("/v1/messaging/threads", withToken(summary.publishable_key, token));
    assert.ok(threads.body.threads.length >= 1, threads.text);
    const thread = threads.body.threads[0];
    const messages = await client.get(`/v1/messaging/threads/${thread.id}/messages`, withToken(summary.publishable_key, token));
    assert.ok(messages.body.messages.length >= 3);
    assert.deepEqual(new Set(messages.body.messages.map((m: { sender_type: string }) => m.sender_type)), new Set(["customer", "store"]));
    assert.ok(thread.unread_count_customer >= 1, "the store's last reply is unread");
  });

  it("the worker's jobs include the purge of expired customer credentials, which runs", async () => {
    const job = application.jobs.find((j) => j.name === "purge-expired-credentials");
    assert.ok(job !== undefined, application.jobs.map((j) => j.name).join(", "));
    assert.deepEqual(await job.run(), { tokens: 0, codes: 0 }, "nothing seeded a moment ago has expired");
  });

  it("the second customer's last purchase is over a year old (lapsed); the third has none (new)", async () => {
    const second = await signIn(1);
    const third = await signIn(2);
    const standing = async (c: { id: string; token: string }) =>
      (await client.get(`/v1/customers/${c.id}?fields=store_metrics.status`, withToken(summary.secret_key, c.token))).body.store_metrics.status;
    assert.equal(await standing(second), "lapsed");
    assert.equal(await standing(third), "new");
  });
});
