// The webhook repositories' contract, run on SQLite and on MySQL/MariaDB: fan-out happens once
// per event, claims are leases that expire, a stale claim cannot move a delivery, the
// per-endpoint bound holds across claims, and (with several pools) concurrent claims are disjoint.
import assert from "node:assert/strict";
import { it } from "mocha";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexEventOutbox } from "../../../adapters/persistence/repositories/knex-event-outbox.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexWebhookDeliveryQueue } from "../../../adapters/persistence/repositories/knex-webhook-delivery-queue.js";
import { KnexWebhookEndpointRepository } from "../../../adapters/persistence/repositories/knex-webhook-endpoint-repository.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import type { ClaimedDelivery, DeliveryAttempt } from "../../../application/ports/webhook-delivery-queue.js";
import type { WebhookEndpoint } from "../../../application/ports/webhook-endpoint-repository.js";
import type { EventType } from "../../../domain/events/event-type.js";
import type { Store } from "../../../domain/stores/store.js";

const ids = new UuidV7IdGenerator();
const at = (ms: number): string => new Date(Date.UTC(2030, 0, 1) + ms).toISOString();

export const webhookQueueContract = (open: () => Promise<Database>, options: { readonly racingPools: boolean }): void => {
  const setUp = async (db: Database) => {
    // Claims are not per store: on a database shared by the suite, earlier tests' work is set aside.
    await db.knex("webhook_deliveries").where("state", "pending").update({ state: "failed" });
    const stores = new KnexStoreRepository(db);
    const store = { id: ids.newId(), name: "Webhook store", baseCurrency: "KES", hmacSecret: "h".repeat(48), createdAt: at(0) } as Store;
    await stores.create(store);
    const endpoints = new KnexWebhookEndpointRepository(db);
    let now = at(1_000);
    const outbox = new KnexEventOutbox(db, ids, { now: () => new Date(now) });
    const queue = new KnexWebhookDeliveryQueue(db, ids, outbox);
    const endpoint = async (events: readonly EventType[], overrides: Partial<WebhookEndpoint> = {}): Promise<WebhookEndpoint> => {
      const e: WebhookEndpoint = {
        id: ids.newId(),
        storeId: store.id,
        livemode: false,
        url: "https://hooks.example.com/x",
        events,
        enabled: true,
        metadata: {},
        secret: "whsec_c2VjcmV0",
        previousSecret: null,
        previousSecretExpiresAt: null,
        disabledReason: null,
        lastSuccessAt: null,
        lastFailureAt: null,
        stats: { total: 0, successful: 0, failed: 0 },
        createdAt: at(500),
        updatedAt: at(500),
        ...overrides,
      };
      await endpoints.insert(e);
      return e;
    };
    const event = (type: EventType, livemode = false) => outbox.record({ storeId: store.id, type, livemode, data: { n: Math.random() } });
    return { store, endpoints, queue, endpoint, event, setNow: (value: string) => (now = value) };
  };

  const attemptOf = (claimed: ClaimedDelivery, success: boolean, attemptedAt: string): DeliveryAttempt => ({
    id: ids.newId(),
    storeId: claimed.endpoint.storeId,
    endpointId: claimed.endpoint.id,
    eventId: claimed.event.id,
    eventType: claimed.event.type,
    attemptNumber: claimed.attemptNumber,
    statusCode: success ? 200 : 500,
    responseBody: "",
    error: null,
    latencyMs: 3,
    success,
    attemptedAt,
  });

  it("fans an event out once, to enabled endpoints of its mode subscribed to its type", async () => {
    const db = await open();
    const s = await setUp(db);
    const on = await s.endpoint(["order.created"]);
    await s.endpoint(["order.paid"]);
    await s.endpoint(["order.created"], { enabled: false });
    await s.endpoint(["order.created"], { livemode: true });
    const recorded = await s.event("order.created");
    assert.equal(await s.queue.fanOut(at(2_000), 50), 1);
    assert.equal(await s.queue.fanOut(at(2_000), 50), 0, "fanned out once");
    const states = await s.queue.deliveryStates(s.store.id, recorded.id);
    assert.deepEqual(states.map((x) => [x.endpointId, x.state, x.attempts]), [[on.id, "pending", 0]]);
  });

  it("claims under a lease: nobody else takes it until the lease ends, then it is due again with the next attempt number", async () => {
    const db = await open();
    const s = await setUp(db);
    const e = await s.endpoint(["gift_card.issued"]);
    const recorded = await s.event("gift_card.issued");
    await s.queue.fanOut(at(2_000), 50);
    const claim = (token: string, now: number) => s.queue.claim({ claimToken: token, now: at(now), leaseUntil: at(now + 60_000), limit: 10, perEndpoint: 4 });
    const first = await claim("a".repeat(8), 3_000);
    assert.equal(first.length, 1);
    assert.equal(first[0]!.attemptNumber, 1);
    assert.equal(first[0]!.event.id, recorded.id);
    assert.equal(first[0]!.endpoint.id, e.id);
    assert.equal((await claim("b".repeat(8), 30_000)).length, 0, "still leased");
    const second = await claim("c".repeat(8), 63_001);
    assert.equal(second.length, 1, "an expired claim is taken again");
    assert.equal(second[0]!.attemptNumber, 2);

    // The first worker answers late: its claim is no longer the delivery's, so it moves nothing.
    await s.queue.complete(first[0]!, attemptOf(first[0]!, false, at(64_000)), { kind: "retry", at: at(99_000) }, false);
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, recorded.id)).map((x) => x.state), ["pending"]);
    await s.queue.complete(second[0]!, attemptOf(second[0]!, true, at(65_000)), { kind: "succeeded" }, false);
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, recorded.id)).map((x) => x.state), ["succeeded"]);
    const attempts = await s.queue.attemptsOfEvent(s.store.id, recorded.id);
    assert.deepEqual(attempts.map((a) => [a.attemptNumber, a.success]), [[1, false], [2, true]]);
    const endpoint = await s.endpoints.find(s.store.id, e.id);
    assert.deepEqual(endpoint!.stats, { total: 2, successful: 1, failed: 1 });
    assert.equal(endpoint!.lastSuccessAt, at(65_000));
    assert.equal(endpoint!.lastFailureAt, at(64_000));
  });

  it("keeps the per-endpoint bound across claims while deliveries are in flight", async () => {
    const db = await open();
    const s = await setUp(db);
    await s.endpoint(["customer.created"]);
    for (let i = 0; i < 5; i++) await s.event("customer.created");
    await s.queue.fanOut(at(2_000), 50);
    const claim = (token: string) => s.queue.claim({ claimToken: token, now: at(3_000), leaseUntil: at(63_000), limit: 10, perEndpoint: 2 });
    const first = await claim("t1");
    assert.equal(first.length, 2);
    assert.equal((await claim("t2")).length, 0, "two already in flight");
    await s.queue.complete(first[0]!, attemptOf(first[0]!, true, at(3_100)), { kind: "succeeded" }, false);
    assert.equal((await claim("t3")).length, 1);
  });

  it("fails a delivery whose every attempt was taken by workers that died", async () => {
    const db = await open();
    const s = await setUp(db);
    await s.endpoint(["product.created"]);
    const recorded = await s.event("product.created");
    await s.queue.fanOut(at(2_000), 50);
    let now = 3_000;
    for (let attempt = 1; attempt <= 8; attempt++) {
      const claimed = await s.queue.claim({ claimToken: `w${attempt}`, now: at(now), leaseUntil: at(now + 1_000), limit: 5, perEndpoint: 4 });
      assert.equal(claimed[0]?.attemptNumber, attempt);
      now += 1_001;
    }
    assert.deepEqual(await s.queue.claim({ claimToken: "w9", now: at(now), leaseUntil: at(now + 1_000), limit: 5, perEndpoint: 4 }), []);
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, recorded.id)).map((x) => x.state), ["failed"]);
  });

  it("resends one event: the next attempt number, a success settles even a failed delivery, a late worker moves nothing", async () => {
    const db = await open();
    const s = await setUp(db);
    const e = await s.endpoint(["order.paid"]);
    const other = await s.endpoint(["order.created"]);
    const recorded = await s.event("order.paid");
    await s.queue.fanOut(at(2_000), 50);
    const [first] = await s.queue.claim({ claimToken: "w1", now: at(3_000), leaseUntil: at(63_000), limit: 5, perEndpoint: 4 });
    await s.queue.complete(first!, attemptOf(first!, false, at(3_100)), { kind: "failed" }, false);

    assert.equal(await s.queue.takeForResend(s.store.id, other.id, recorded.id), undefined, "never sent to that endpoint");
    assert.equal(await s.queue.takeForResend(s.store.id, e.id, "evt_" + "0".repeat(32)), undefined, "no such event");
    const resent = await s.queue.takeForResend(s.store.id, e.id, recorded.id);
    assert.equal(resent?.attemptNumber, 2);
    assert.equal(resent!.event.id, recorded.id);
    assert.deepEqual(resent!.event.data, recorded.data);
    const failedAgain = await s.queue.takeForResend(s.store.id, e.id, recorded.id);
    await s.queue.completeResend(failedAgain!, attemptOf(failedAgain!, false, at(4_000)));
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, recorded.id)).map((x) => [x.state, x.attempts]), [["failed", 3]], "a failed resend changes no state");
    await s.queue.completeResend(resent!, attemptOf(resent!, true, at(4_100)));
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, recorded.id)).map((x) => x.state), ["succeeded"]);
    const attempts = await s.queue.attemptsOfEvent(s.store.id, recorded.id);
    assert.deepEqual(attempts.map((a) => [a.attemptNumber, a.success]), [[1, false], [3, false], [2, true]]);
    assert.deepEqual((await s.endpoints.find(s.store.id, e.id))!.stats, { total: 3, successful: 1, failed: 2 });

    // A delivery a worker holds: the resend settles it and the worker's late answer moves nothing.
    const pending = await s.event("order.paid");
    await s.queue.fanOut(at(5_000), 50);
    const [held] = await s.queue.claim({ claimToken: "w2", now: at(6_000), leaseUntil: at(66_000), limit: 5, perEndpoint: 4 });
    const again = await s.queue.takeForResend(s.store.id, e.id, pending.id);
    assert.equal(again?.attemptNumber, 2);
    await s.queue.completeResend(again!, attemptOf(again!, true, at(6_100)));
    await s.queue.complete(held!, attemptOf(held!, false, at(6_200)), { kind: "retry", at: at(90_000) }, false);
    assert.deepEqual((await s.queue.deliveryStates(s.store.id, pending.id)).map((x) => x.state), ["succeeded"]);
    assert.equal(await s.queue.takeForResend("0".repeat(8) + "-0000-7000-8000-000000000000", e.id, pending.id), undefined, "another store's view finds nothing");
  });

  if (options.racingPools) {
    it("gives concurrent claims from separate pools disjoint deliveries (FOR UPDATE SKIP LOCKED)", async () => {
      const first = await open();
      const second = await open();
      const s = await setUp(first);
      const racer = new KnexWebhookDeliveryQueue(second, ids, new KnexEventOutbox(second, ids, { now: () => new Date() }));
      for (let i = 0; i < 4; i++) await s.endpoint(["order.paid"]);
      for (let i = 0; i < 15; i++) await s.event("order.paid");
      await s.queue.fanOut(at(2_000), 100);
      const taken: string[] = [];
      for (let round = 0; round < 20; round++) {
        const claims = await Promise.all(
          [s.queue, racer, s.queue, racer].map((q, i) =>
            q.claim({ claimToken: `r${round}-${i}`, now: at(3_000), leaseUntil: at(63_000), limit: 3, perEndpoint: 100 }),
          ),
        );
        const got = claims.flat();
        if (got.length === 0) break;
        taken.push(...got.map((c) => c.deliveryId));
      }
      assert.equal(taken.length, 60, "every delivery claimed");
      assert.equal(new Set(taken).size, 60, "none claimed twice");
    });
  }
};
