// Delivery by the worker's job, in process with a clock the test moves: signed at-least-once
// delivery to a local receiver, the retry schedule, Retry-After, 410 Gone, timeouts, redirects,
// the per-endpoint concurrency bound, and which endpoints an event goes to.
import assert from "node:assert/strict";
import { after, afterEach, before, beforeEach, describe, it } from "mocha";
import { DeliverWebhooks } from "../../../application/webhooks/deliver-webhooks.js";
import { WebhookDeliveryQueue } from "../../../application/ports/webhook-delivery-queue.js";
import { RETRY_DELAYS_MS } from "../../../domain/webhooks/retry-schedule.js";
import { createProduct } from "../../support/order-fixtures.js";
import { ManualClock } from "../../support/customer-fixtures.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { verifyReceipt, WebhookReceiver } from "../../support/webhook-receiver.js";

describe("webhook delivery by the worker", () => {
  let t: TestApplication;
  let clock: ManualClock;
  let receiver: WebhookReceiver;
  let secret: string;
  let deliver: () => Promise<unknown>;
  let endpointIds: string[] = [];

  before(async () => {
    clock = new ManualClock(new Date());
    t = await startTestApplication({
      clock,
      env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1", STOREFRONT_WEBHOOK_TIMEOUT_MS: "500", STOREFRONT_WEBHOOK_CLAIM_TTL_MS: "2000", STOREFRONT_WEBHOOK_CONCURRENCY_PER_ENDPOINT: "2" },
    });
    receiver = await WebhookReceiver.start();
    secret = t.store.keys.secretTest;
    const job = t.application.container.get(DeliverWebhooks);
    deliver = () => job.execute();
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(() => {
    clock.set(new Date());
    receiver.respond(() => ({ status: 200, body: "ok" }));
  });
  // Each test's endpoints are switched off afterwards so that later events do not reach them.
  afterEach(async () => {
    for (const id of endpointIds) await t.client.patch(`/v1/webhook_endpoints/${id}`, { enabled: false }, { key: secret });
    endpointIds = [];
  });

  const endpoint = async (path: string, events: readonly string[], key = secret): Promise<{ id: string; secret: string }> => {
    const created = await t.client.post("/v1/webhook_endpoints", { url: receiver.url(path), events }, { key });
    assert.equal(created.status, 201, created.text);
    endpointIds.push(created.body.webhook_endpoint.id);
    return created.body.webhook_endpoint;
  };
  const productEvent = async (): Promise<string> => {
    const variant = await createProduct(t.client, secret, `Lamp ${Math.random()}`, { price: 10_000, stock: 5 });
    const row = await t.application.database.knex("events").where({ type: "product.created" }).whereRaw("data like ?", [`%${variant.productId}%`]).first();
    return row.id as string;
  };
  const states = (eventId: string) => t.application.container.get(WebhookDeliveryQueue).deliveryStates(t.store.store.id, eventId);
  const readEvent = async (eventId: string) => (await t.client.get(`/v1/webhook_events/${eventId}`, { key: secret })).body.webhook_event;

  it("delivers an event once to each enabled, subscribed endpoint of its mode, signed so standardwebhooks verifies it", async () => {
    const subscribed = await endpoint("/d-sub", ["product.created"]);
    await endpoint("/d-unsub", ["order.created"]);
    const disabled = await endpoint("/d-off", ["product.created"]);
    await t.client.patch(`/v1/webhook_endpoints/${disabled.id}`, { enabled: false }, { key: secret });
    await endpoint("/d-live", ["product.created"], t.store.keys.secretLive);

    const eventId = await productEvent();
    await deliver();
    await deliver();
    assert.equal(receiver.of("/d-sub").length, 1, "exactly once");
    assert.equal(receiver.of("/d-unsub").length, 0);
    assert.equal(receiver.of("/d-off").length, 0);
    assert.equal(receiver.of("/d-live").length, 0, "a live endpoint never receives test events");
    const receipt = receiver.of("/d-sub")[0]!;
    const body = verifyReceipt(subscribed.secret, receipt);
    assert.equal(body.id, eventId);
    assert.equal(body.type, "product.created");
    assert.equal(receipt.attempt, 1);

    const event = await readEvent(eventId);
    assert.equal(event.deliveries.length, 1);
    assert.equal(event.deliveries[0].success, true);
    assert.equal(event.deliveries[0].attempt_number, 1);
    assert.deepEqual(body.data, event.payload);
    assert.deepEqual((await states(eventId)).map((s) => s.state), ["succeeded"]);
    const read = await t.client.get(`/v1/webhook_endpoints/${subscribed.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 1, successful: 1, failed: 0 });
  });

  it("does not deliver events recorded before the endpoint existed", async () => {
    const eventId = await productEvent();
    clock.advance(10);
    await endpoint("/d-late", ["product.created"]);
    await deliver();
    assert.equal(receiver.of("/d-late").length, 0);
    assert.deepEqual(await states(eventId), []);
  });

  it("retries on the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with ±10% jitter), then marks the delivery failed", async () => {
    receiver.respond(() => ({ status: 500, body: "down" }));
    const target = await endpoint("/d-retry", ["product.created"]);
    const eventId = await productEvent();
    await deliver();
    assert.equal(receiver.of("/d-retry").length, 1);
    verifyReceipt(target.secret, receiver.of("/d-retry")[0]!);
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      const [state] = await states(eventId);
      assert.equal(state!.state, "pending");
      const wait = Date.parse(state!.nextAttemptAt) - clock.now().getTime();
      assert.ok(wait >= delay * 0.9 - 1 && wait <= delay * 1.1 + 1, `retry ${index + 1} after ${wait} ms, expected about ${delay}`);
      clock.advance(Math.floor(delay * 0.85));
      await deliver();
      assert.equal(receiver.of("/d-retry").length, index + 1, "not before it is due");
      clock.advance(Math.ceil(delay * 0.3));
      await deliver();
      assert.equal(receiver.of("/d-retry").length, index + 2);
    }
    const [final] = await states(eventId);
    assert.equal(final!.state, "failed");
    assert.equal(final!.attempts, 8);
    assert.deepEqual(receiver.of("/d-retry").map((r) => r.attempt), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.ok(receiver.of("/d-retry").every((r) => r.id === eventId), "every retry carries the same webhook-id");
    clock.advance(48 * 3_600_000);
    await deliver();
    assert.equal(receiver.of("/d-retry").length, 8);
    const event = await readEvent(eventId);
    assert.deepEqual(event.deliveries.map((d: any) => [d.attempt_number, d.status_code, d.success]), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, 500, false]));
    const read = await t.client.get(`/v1/webhook_endpoints/${target.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 8, successful: 0, failed: 8 });
    assert.equal(read.body.webhook_endpoint.last_failure_at, event.deliveries[7].attempted_at);
  });

  it("resends one event on staff's word (admin API): a delivery the worker gave up on is settled by a 2xx, and audited", async () => {
    receiver.respond(() => ({ status: 500, body: "down" }));
    const target = await endpoint("/d-resend", ["product.created"]);
    const other = await endpoint("/d-resend-other", ["order.created"]);
    const eventId = await productEvent();
    await deliver();
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(Math.ceil(delay * 1.1) + 1);
      await deliver();
    }
    assert.deepEqual((await states(eventId)).map((s) => [s.state, s.attempts]), [["failed", 8]]);
    clock.set(new Date()); // staff resend days later; the receiver checks the signature's time against its own clock

    const resend = (endpointId: string, id: string) => t.client.post(`/admin/v1/webhook_endpoints/${endpointId}/events/${id}/resend`, {}, { key: secret });
    const stillDown = await resend(target.id, eventId);
    assert.equal(stillDown.status, 200, stillDown.text);
    assert.deepEqual([stillDown.body.delivery.attempt_number, stillDown.body.delivery.status_code, stillDown.body.delivery.success], [9, 500, false]);
    assert.deepEqual((await states(eventId)).map((s) => s.state), ["failed"], "a failed resend leaves the delivery as it was");

    receiver.respond(() => ({ status: 200, body: "ok" }));
    const resent = await resend(target.id, eventId);
    assert.equal(resent.status, 200, resent.text);
    assert.deepEqual([resent.body.delivery.attempt_number, resent.body.delivery.success, resent.body.delivery.response_body], [10, true, "ok"]);
    const receipt = receiver.of("/d-resend").at(-1)!;
    assert.equal(verifyReceipt(target.secret, receipt).id, eventId, "signed, with the same webhook-id");
    assert.equal(receipt.attempt, 10);
    assert.deepEqual((await states(eventId)).map((s) => s.state), ["succeeded"]);
    const read = await t.client.get(`/v1/webhook_endpoints/${target.id}`, { key: secret });
    assert.deepEqual(read.body.webhook_endpoint.delivery_stats, { total: 10, successful: 1, failed: 9 });
    clock.advance(48 * 3_600_000);
    await deliver();
    assert.equal(receiver.of("/d-resend").length, 10, "the worker sends nothing more");

    const never = await resend(other.id, eventId);
    assert.equal(never.status, 404, never.text);
    assert.equal(never.body.error.code, "resource_missing");
    assert.equal(receiver.of("/d-resend-other").length, 0);
    assert.equal((await resend(target.id, `evt_${"0".repeat(32)}`)).status, 404);
    assert.equal((await resend(target.id, "not-an-event")).status, 404, "a malformed id names nothing");
    const audit = await t.client.get("/admin/v1/audit-log?operation=webhook_event.resend", { key: secret });
    assert.equal(audit.status, 200, audit.text);
    assert.deepEqual(
      audit.body.data.map((e: any) => [e.resource_id, e.changes.success[1]]),
      [[eventId, true], [eventId, false]],
    );
  });

  it("succeeds on a retry after a failure", async () => {
    receiver.respond((_r, index) => (receiver.of("/d-second").length === 1 && index >= 0 ? { status: 503 } : { status: 200 }));
    await endpoint("/d-second", ["product.created"]);
    const eventId = await productEvent();
    await deliver();
    clock.advance(6_000);
    await deliver();
    assert.deepEqual(receiver.of("/d-second").map((r) => r.attempt), [1, 2]);
    const [state] = await states(eventId);
    assert.equal(state!.state, "succeeded");
    const event = await readEvent(eventId);
    assert.deepEqual(event.deliveries.map((d: any) => d.success), [false, true]);
  });

  it("honours Retry-After in seconds and as an HTTP date when it asks for longer than the schedule", async () => {
    receiver.respond(() => ({ status: 429, headers: { "retry-after": "120" } }));
    await endpoint("/d-after", ["product.created"]);
    const first = await productEvent();
    await deliver();
    const [state] = await states(first);
    const wait = Date.parse(state!.nextAttemptAt) - clock.now().getTime();
    assert.ok(wait >= 120_000 && wait < 121_000, `waits ${wait} ms`);

    const at = new Date(clock.now().getTime() + 3_600_000);
    receiver.respond(() => ({ status: 503, headers: { "retry-after": at.toUTCString() } }));
    const second = await productEvent();
    await deliver();
    const [later] = await states(second);
    const dateWait = Date.parse(later!.nextAttemptAt) - clock.now().getTime();
    assert.ok(Math.abs(dateWait - 3_600_000) <= 1_000, `waits ${dateWait} ms`);
  });

  it("switches an endpoint off on 410 Gone and fails what it had pending", async () => {
    receiver.respond(() => ({ status: 500 }));
    const target = await endpoint("/d-gone", ["product.created"]);
    const older = await productEvent();
    await deliver();
    receiver.respond(() => ({ status: 410, body: "gone" }));
    clock.advance(10);
    const newer = await productEvent();
    clock.advance(6_000);
    await deliver();
    const read = await t.client.get(`/v1/webhook_endpoints/${target.id}`, { key: secret });
    assert.equal(read.body.webhook_endpoint.enabled, false);
    assert.equal(read.body.webhook_endpoint.disabled_reason, "gone");
    assert.equal((await states(older))[0]!.state, "failed");
    assert.equal((await states(newer))[0]!.state, "failed");
    // once, by the completion that switched it off: it mails the staff who manage webhooks (docs/emails.md)
    const disabled = (await t.application.database.knex("events").where({ type: "webhook_endpoint.disabled" })).filter((row: any) => JSON.parse(row.data).webhook_endpoint.id === target.id);
    assert.equal(disabled.length, 1);
    assert.equal(JSON.parse(disabled[0].data).reason, "gone");
    const count = receiver.of("/d-gone").length;
    clock.advance(3_600_000);
    await productEvent();
    await deliver();
    assert.equal(receiver.of("/d-gone").length, count, "nothing more goes to a gone endpoint");
  });

  it("counts a timeout as a failed attempt without a status, and retries it", async () => {
    receiver.respond(() => "hang");
    await endpoint("/d-slow", ["product.created"]);
    const eventId = await productEvent();
    await deliver();
    const event = await readEvent(eventId);
    assert.equal(event.deliveries.length, 1);
    assert.equal(event.deliveries[0].status_code, null);
    assert.match(event.deliveries[0].error, /timeout after 500 ms/);
    assert.equal((await states(eventId))[0]!.state, "pending");
  });

  it("does not follow a redirect", async () => {
    receiver.respond((r) => (r.path === "/d-redirect" ? { status: 302, headers: { location: receiver.url("/d-elsewhere") } } : { status: 200 }));
    await endpoint("/d-redirect", ["product.created"]);
    const eventId = await productEvent();
    await deliver();
    assert.equal(receiver.of("/d-elsewhere").length, 0);
    const event = await readEvent(eventId);
    assert.equal(event.deliveries[0].status_code, 302);
    assert.equal(event.deliveries[0].success, false);
  });

  it("keeps at most the configured number of deliveries in flight per endpoint", async () => {
    receiver.respond(() => ({ status: 200, delayMs: 150 }));
    await endpoint("/d-many", ["product.created"]);
    for (let i = 0; i < 7; i++) await productEvent();
    receiver.maxInFlight = 0;
    for (let round = 0; round < 10 && receiver.of("/d-many").length < 7; round++) await deliver();
    assert.equal(receiver.of("/d-many").length, 7);
    assert.equal(receiver.maxInFlight, 2, "two at a time (STOREFRONT_WEBHOOK_CONCURRENCY_PER_ENDPOINT=2)");
  });
});
