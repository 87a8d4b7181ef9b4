// Webhook endpoints over HTTP: create (secret shown once), list, read, edit, delete, rotate, the
// test operation, event and delivery reads, URL rules and isolation between stores.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { assertError } from "../../support/cart-fixtures.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { verifyReceipt, WebhookReceiver } from "../../support/webhook-receiver.js";

const PUBLIC_URL = "https://hooks.example.com/storefront";

describe("webhook endpoint routes", () => {
  let t: TestApplication;
  let secret: string;
  let otherSecret: string;

  before(async () => {
    t = await startTestApplication();
    secret = t.store.keys.secretTest;
    otherSecret = t.otherStore.keys.secretTest;
  });
  after(() => t.close());

  const create = async (body: Record<string, unknown>, key = secret) => {
    const created = await t.client.post("/v1/webhook_endpoints", body, { key });
    assert.equal(created.status, 201, created.text);
    return created.body.webhook_endpoint;
  };

  it("creates an endpoint and shows its whsec_ secret only in the create answer", async () => {
    const endpoint = await create({ url: PUBLIC_URL, events: ["order.created", "order.paid"], metadata: { team: "ops" } });
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(endpoint.secret.slice(6), "base64").length, 32);
    assert.equal(endpoint.store_id, t.store.store.id);
    assert.equal(endpoint.url, PUBLIC_URL);
    assert.deepEqual(endpoint.events, ["order.created", "order.paid"]);
    assert.equal(endpoint.enabled, true);
    assert.equal(endpoint.livemode, false);
    assert.deepEqual(endpoint.metadata, { team: "ops" });
    assert.deepEqual(endpoint.delivery_stats, { total: 0, successful: 0, failed: 0 });
    assert.equal(endpoint.last_success_at, null);
    assert.equal(endpoint.last_failure_at, null);

    const read = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.webhook_endpoint.id, endpoint.id);
    assert.equal("secret" in read.body.webhook_endpoint, false, "the secret is never read back");
    assert.ok(!read.text.includes(endpoint.secret));
  });

  it("lists endpoints newest first with a cursor", async () => {
    const first = await create({ url: `${PUBLIC_URL}/a`, events: ["customer.created"] });
    const second = await create({ url: `${PUBLIC_URL}/b`, events: ["customer.created"] });
    const page = await t.client.get("/v1/webhook_endpoints?limit=1", { key: secret });
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(page.body.webhook_endpoints.map((e: any) => e.id), [second.id]);
    assert.equal(page.body.pagination.has_more, true);
    const next = await t.client.get(`/v1/webhook_endpoints?limit=1&cursor=${page.body.pagination.next_cursor}`, { key: secret });
    assert.deepEqual(next.body.webhook_endpoints.map((e: any) => e.id), [first.id]);
    assert.ok(page.body.webhook_endpoints.every((e: any) => !("secret" in e)));
    assertError(await t.client.get("/v1/webhook_endpoints?cursor=%%%", { key: secret }), 400, "invalid_cursor");
    // `fields` on a list keeps the named fields of each record; on one resource, of the answer.
    const projected = await t.client.get("/v1/webhook_endpoints?limit=2&fields=id,url", { key: secret });
    assert.equal(projected.status, 200, projected.text);
    assert.deepEqual(projected.body.webhook_endpoints, [{ id: second.id, url: `${PUBLIC_URL}/b` }, { id: first.id, url: `${PUBLIC_URL}/a` }]);
    const one = await t.client.get(`/v1/webhook_endpoints/${first.id}?fields=webhook_endpoint.id`, { key: secret });
    assert.deepEqual(one.body, { webhook_endpoint: { id: first.id } });
    assertError(await t.client.get("/v1/webhook_endpoints?fields=colour", { key: secret }), 400, "unknown_field", "fields");
  });

  it("edits url, events, metadata and the switch, and deletes", async () => {
    const endpoint = await create({ url: PUBLIC_URL, events: ["order.created"] });
    const patched = await t.client.patch(
      `/v1/webhook_endpoints/${endpoint.id}`,
      { url: `${PUBLIC_URL}/v2`, events: ["gift_card.issued"], enabled: false, metadata: { a: "b" } },
      { key: secret },
    );
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.webhook_endpoint.url, `${PUBLIC_URL}/v2`);
    assert.deepEqual(patched.body.webhook_endpoint.events, ["gift_card.issued"]);
    assert.equal(patched.body.webhook_endpoint.enabled, false);
    assert.deepEqual(patched.body.webhook_endpoint.metadata, { a: "b" });
    assert.ok(patched.body.webhook_endpoint.updated_at >= endpoint.updated_at);

    const removed = await t.client.delete(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.equal(removed.status, 204);
    assertError(await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret }), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret }), 404, "resource_missing");
  });

  it("rotates the secret: a new one, the old one signing for 24 hours more", async () => {
    const endpoint = await create({ url: PUBLIC_URL, events: ["order.created"] });
    const before = Date.now();
    const rotated = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined, { key: secret });
    assert.equal(rotated.status, 200, rotated.text);
    const next = rotated.body.webhook_endpoint;
    assert.match(next.secret, /^whsec_/);
    assert.notEqual(next.secret, endpoint.secret);
    const expires = Date.parse(next.previous_secret_expires_at);
    assert.ok(Math.abs(expires - (before + 24 * 3_600_000)) < 60_000, next.previous_secret_expires_at);
    const read = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.equal(read.body.webhook_endpoint.previous_secret_expires_at, next.previous_secret_expires_at);
  });

  describe("validation", () => {
    it("refuses a url that is not https, carries credentials or is not a URL", async () => {
      for (const url of ["http://hooks.example.com/x", "ftp://hooks.example.com", "not a url", "https://user:pw@hooks.example.com/"]) {
        assertError(await t.client.post("/v1/webhook_endpoints", { url, events: ["order.created"] }, { key: secret }), 400, "parameter_invalid", "url");
      }
      // The refusal of plain http names the setting that allows it while developing.
      const plain = await t.client.post("/v1/webhook_endpoints", { url: "http://hooks.example.com/x", events: ["order.created"] }, { key: secret });
      assert.match(plain.body.error.message, /url must use https \(for local development, STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 allows http/);
    });

    it("refuses private, loopback, link-local, unique-local and CGNAT targets, also behind a name or in IPv6 clothing", async () => {
      const targets = [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://10.1.2.3/hook",
        "https://172.16.0.1/hook",
        "https://192.168.1.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://[::1]/hook",
        "https://[fd00::1]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://[::ffff:a9fe:a9fe]/hook",
        "https://2130706433/hook",
      ];
      for (const url of targets) {
        const response = await t.client.post("/v1/webhook_endpoints", { url, events: ["order.created"] }, { key: secret });
        assertError(response, 400, "parameter_invalid", "url");
        assert.match(response.body.error.message, /private, loopback or link-local/, url);
      }
    });

    it("accepts a public address", async () => {
      await create({ url: "https://93.184.216.34/hook", events: ["order.created"] });
    });

    it("requires known event types, at least one, each once", async () => {
      const post = (body: unknown) => t.client.post("/v1/webhook_endpoints", body, { key: secret });
      const empty = await post({ url: PUBLIC_URL, events: [] });
      assertError(empty, 400, "parameter_invalid");
      assert.match(empty.body.error.param, /^events/);
      const unknown = await post({ url: PUBLIC_URL, events: ["order.exploded"] });
      assertError(unknown, 400, "parameter_invalid");
      assert.match(unknown.body.error.param, /^events/);
      assert.match(unknown.body.error.message, /order\.created/);
      const twice = await post({ url: PUBLIC_URL, events: ["order.paid", "order.paid"] });
      assertError(twice, 400, "parameter_invalid");
      assertError(await post({ events: ["order.paid"] }), 400, "parameter_missing", "url");
      assertError(await post({ url: PUBLIC_URL }), 400, "parameter_missing", "events");
      assertError(await post({ url: PUBLIC_URL, events: ["order.paid"], secret: "whsec_x" }), 400, "parameter_unknown", "secret");
    });

    it("is for secret keys only", async () => {
      const publishable = t.store.keys.publishableTest;
      assertError(await t.client.get("/v1/webhook_endpoints", { key: publishable }), 403, "secret_key_required");
      assertError(await t.client.post("/v1/webhook_endpoints", { url: PUBLIC_URL, events: ["order.paid"] }, { key: publishable }), 403, "secret_key_required");
    });

    it("answers 404 for a malformed id", async () => {
      assertError(await t.client.get("/v1/webhook_endpoints/not-a-uuid", { key: secret }), 404, "resource_missing");
      assertError(await t.client.get("/v1/webhook_events/nope", { key: secret }), 404, "resource_missing");
    });
  });

  it("never shows one store's endpoints, events or deliveries to another", async () => {
    const endpoint = await create({ url: PUBLIC_URL, events: ["order.created"] });
    const tested = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, {}, { key: secret });
    assert.equal(tested.status, 200, tested.text);
    const id = endpoint.id;
    assertError(await t.client.get(`/v1/webhook_endpoints/${id}`, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.patch(`/v1/webhook_endpoints/${id}`, { enabled: false }, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/webhook_endpoints/${id}`, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.post(`/v1/webhook_endpoints/${id}/rotate_secret`, undefined, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.post(`/v1/webhook_endpoints/${id}/test`, {}, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.get(`/v1/webhook_endpoints/${id}/deliveries`, { key: otherSecret }), 404, "resource_missing");
    assertError(await t.client.get(`/v1/webhook_events/${tested.body.event_id}`, { key: otherSecret }), 404, "resource_missing");
    const list = await t.client.get("/v1/webhook_endpoints", { key: otherSecret });
    assert.ok(!list.body.webhook_endpoints.some((e: any) => e.id === id));
    // still there for its own store
    assert.equal((await t.client.get(`/v1/webhook_endpoints/${id}`, { key: secret })).status, 200);
  });

  it("reports a test to a host that does not resolve as a failed delivery, recorded on the endpoint and the event", async () => {
    const endpoint = await create({ url: "https://hooks.nowhere.invalid/x", events: ["order.created"] });
    const tested = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, { event_type: "gift_card.issued" }, { key: secret });
    assert.equal(tested.status, 200, tested.text);
    assert.equal(tested.body.success, false);
    assert.equal(tested.body.event_type, "gift_card.issued");
    assert.match(tested.body.event_id, /^evt_[0-9a-f]{32}$/);
    assert.equal(tested.body.endpoint_url, "https://hooks.nowhere.invalid/x");
    assert.equal(tested.body.status_code, null);
    assert.equal(tested.body.response_body, null);
    assert.match(tested.body.error, /does not resolve/);

    const event = await t.client.get(`/v1/webhook_events/${tested.body.event_id}`, { key: secret });
    assert.equal(event.status, 200, event.text);
    assert.equal(event.body.webhook_event.type, "gift_card.issued");
    assert.equal(event.body.webhook_event.store_id, t.store.store.id);
    assert.ok(event.body.webhook_event.payload.gift_card);
    assert.equal(event.body.webhook_event.deliveries.length, 1);
    assert.equal(event.body.webhook_event.deliveries[0].success, false);
    assert.equal(event.body.webhook_event.deliveries[0].attempt_number, 1);

    const read = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 1, successful: 0, failed: 1 });
    assert.equal(read.body.webhook_endpoint.last_failure_at, event.body.webhook_event.deliveries[0].attempted_at);
    assert.equal(read.body.webhook_endpoint.last_success_at, null);
  });
});

describe("webhook endpoint routes with a local receiver (STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1)", () => {
  let t: TestApplication;
  let receiver: WebhookReceiver;
  let secret: string;

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1" } });
    receiver = await WebhookReceiver.start();
    secret = t.store.keys.secretTest;
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  it("sends a signed sample event, verifiable with standardwebhooks, and reports the answer", async () => {
    receiver.respond(() => ({ status: 200, body: "thanks" }));
    const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url("/test-a"), events: ["order.paid"] }, { key: secret });
    assert.equal(created.status, 201, created.text);
    const endpoint = created.body.webhook_endpoint;

    const tested = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, undefined, { key: secret });
    assert.equal(tested.status, 200, tested.text);
    assert.deepEqual(
      { success: tested.body.success, event_type: tested.body.event_type, status_code: tested.body.status_code, response_body: tested.body.response_body },
      { success: true, event_type: "order.created", status_code: 200, response_body: "thanks" },
    );
    const [receipt] = receiver.of("/test-a");
    assert.ok(receipt);
    const body = verifyReceipt(endpoint.secret, receipt);
    assert.equal(body.id, tested.body.event_id);
    assert.equal(receipt.headers["webhook-id"], tested.body.event_id);
    assert.equal(body.type, "order.created");
    assert.equal(body.store_id, t.store.store.id);
    assert.equal(body.livemode, false);
    assert.ok(body.data.order);
    assert.deepEqual(Object.keys(body).sort(), ["created_at", "data", "id", "livemode", "store_id", "type"]);
    assert.equal(receipt.headers["content-type"], "application/json");

    const event = await t.client.get(`/v1/webhook_events/${tested.body.event_id}`, { key: secret });
    assert.deepEqual(event.body.webhook_event.payload, body.data);
    const [delivery] = event.body.webhook_event.deliveries;
    assert.equal(delivery.status_code, 200);
    assert.equal(delivery.response_body, "thanks");
    assert.equal(delivery.success, true);
    assert.equal(delivery.endpoint_id, endpoint.id);
    assert.ok(Number.isInteger(delivery.latency_ms) && delivery.latency_ms >= 0);

    const read = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 1, successful: 1, failed: 0 });
    assert.equal(read.body.webhook_endpoint.last_success_at, delivery.attempted_at);
  });

  it("tests every event type, and refuses an unknown one", async () => {
    const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url("/test-types"), events: ["order.paid"] }, { key: secret });
    const endpoint = created.body.webhook_endpoint;
    const { EVENT_TYPES } = await import("../../../domain/events/event-type.js");
    for (const type of EVENT_TYPES) {
      const tested = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, { event_type: type }, { key: secret });
      assert.equal(tested.status, 200, tested.text);
      assert.equal(tested.body.success, true, type);
      const receipt = receiver.of("/test-types").at(-1)!;
      assert.equal(verifyReceipt(endpoint.secret, receipt).type, type);
    }
    assertError(
      await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, { event_type: "order.exploded" }, { key: secret }),
      400,
      "parameter_invalid",
      "event_type",
    );
  });

  it("reports a failing answer with its status and body excerpt, and lists deliveries newest first", async () => {
    receiver.respond(() => ({ status: 500, body: "x".repeat(5_000) }));
    const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url("/test-b"), events: ["order.paid"] }, { key: secret });
    const endpoint = created.body.webhook_endpoint;
    const first = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, {}, { key: secret });
    assert.equal(first.body.success, false);
    assert.equal(first.body.status_code, 500);
    assert.equal(first.body.response_body.length, 1024, "a KiB of the answer is kept");
    receiver.respond(() => ({ status: 204 }));
    const second = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, {}, { key: secret });
    assert.equal(second.body.success, true);

    const page = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=1`, { key: secret });
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(page.body.deliveries.map((d: any) => d.event_id), [second.body.event_id]);
    assert.equal(page.body.pagination.has_more, true);
    const rest = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?cursor=${page.body.pagination.next_cursor}`, { key: secret });
    assert.deepEqual(rest.body.deliveries.map((d: any) => d.event_id), [first.body.event_id]);
    assert.equal(rest.body.pagination.has_more, false);
    const read = await t.client.get(`/v1/webhook_endpoints/${endpoint.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 2, successful: 1, failed: 1 });
    receiver.respond(() => ({ status: 200 }));
  });

  it("signs with the new and the previous secret during a rotation; both verify", async () => {
    receiver.respond(() => ({ status: 200 }));
    const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url("/rotate"), events: ["order.paid"] }, { key: secret });
    const endpoint = created.body.webhook_endpoint;
    const rotated = await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined, { key: secret });
    const newSecret = rotated.body.webhook_endpoint.secret;
    await t.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`, {}, { key: secret });
    const receipt = receiver.of("/rotate").at(-1)!;
    const signatures = receipt.headers["webhook-signature"]!.split(" ");
    assert.equal(signatures.length, 2);
    assert.ok(signatures.every((s) => s.startsWith("v1,")));
    verifyReceipt(newSecret, receipt);
    verifyReceipt(endpoint.secret, receipt);
    assert.throws(() => verifyReceipt(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, receipt));
  });
});
