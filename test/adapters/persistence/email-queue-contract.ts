// The email queue's contract (docs/emails.md, "Retries and backoff"), run on SQLite and on
// MySQL/MariaDB: an event is fanned out once and a send is stored once per event, recipient and
// template; claims are leases that expire; a stale claim cannot move a send; a send whose last
// attempt was taken is failed; a bounce marks the customer whose address it is; with several
// pools, concurrent fan-outs plan each event once and concurrent claims are disjoint.
import assert from "node:assert/strict";
import { it } from "mocha";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexEmailQueue } from "../../../adapters/persistence/repositories/knex-email-queue.js";
import { KnexEventOutbox } from "../../../adapters/persistence/repositories/knex-event-outbox.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import type { NewEmailSend } from "../../../application/ports/email-queue.js";
import type { RecordedEvent } from "../../../application/ports/event-outbox.js";
import type { Store } from "../../../domain/stores/store.js";

const ids = new UuidV7IdGenerator();
const at = (ms: number): string => new Date(Date.UTC(2031, 0, 1) + ms).toISOString();

export const emailQueueContract = (open: () => Promise<Database>, options: { readonly racingPools: boolean }): void => {
  const setUp = async (db: Database) => {
    // Claims and fan-out are not per store: on a database shared by the suite, earlier work is set aside.
    await db.knex("email_sends").where("state", "pending").update({ state: "failed" });
    await db.knex("events").whereNull("emailed_at").update({ emailed_at: at(0) });
    const store = { id: ids.newId(), name: "Email store", baseCurrency: "KES", hmacSecret: "h".repeat(48), createdAt: at(0) } as Store;
    await new KnexStoreRepository(db).create(store);
    const outbox = new KnexEventOutbox(db, ids, { now: () => new Date(at(100)) });
    const queue = new KnexEmailQueue(db, ids);
    const customer = async (email: string): Promise<string> => {
      const id = ids.newId();
      await db.knex("customers").insert({ id, store_id: store.id, email, name: "Amina", status: "active", join_date: "2031-01-01", created_at: at(0), updated_at: at(0) });
      return id;
    };
    const event = () => outbox.record({ storeId: store.id, type: "order.created", livemode: false, data: { n: Math.random() } });
    /** One send to `to` per event (twice over: the unique key keeps one). */
    const planTo =
      (to: string, customerId: string | null = null, seen?: string[]) =>
      async (events: readonly RecordedEvent[]): Promise<readonly NewEmailSend[]> => {
        seen?.push(...events.map((e) => e.id));
        const one = (e: RecordedEvent): NewEmailSend => ({ storeId: store.id, eventId: e.id, recipient: to, template: "order_confirmation", customerId, values: { order_number: "ORD-1" }, state: "pending", note: null });
        return events.flatMap((e) => [one(e), one(e)]);
      };
    return { store, queue, customer, event, planTo };
  };

  it("fans an event out once and stores one send per event, recipient and template", async () => {
    const db = await open();
    const s = await setUp(db);
    const e = await s.event();
    const seen: string[] = [];
    assert.equal(await s.queue.fanOut(at(1_000), 100, s.planTo("ann@example.com", null, seen)), 1);
    assert.equal(await s.queue.fanOut(at(1_001), 100, s.planTo("ann@example.com", null, seen)), 0);
    assert.deepEqual(seen, [e.id], "planned once");
    const sends = await s.queue.sendsOfEvent(s.store.id, e.id);
    assert.equal(sends.length, 1);
    assert.equal(sends[0]!.state, "pending");
    // another worker's insert of the same send is ignored, not an error
    await db.knex("events").where({ id: e.id }).update({ emailed_at: null });
    assert.equal(await s.queue.fanOut(at(1_002), 100, s.planTo("ann@example.com")), 1);
    assert.equal((await s.queue.sendsOfEvent(s.store.id, e.id)).length, 1);
  });

  it("claims due sends under a lease that expires; a stale claim moves nothing", async () => {
    const db = await open();
    const s = await setUp(db);
    const e = await s.event();
    await s.queue.fanOut(at(1_000), 100, s.planTo("bob@example.com"));
    const first = await s.queue.claim({ claimToken: "w1", now: at(1_000), leaseUntil: at(61_000), limit: 10 }, 11);
    assert.equal(first.length, 1);
    assert.equal(first[0]!.attemptNumber, 1);
    assert.deepEqual(first[0]!.values, { order_number: "ORD-1" });
    assert.equal((await s.queue.claim({ claimToken: "w2", now: at(30_000), leaseUntil: at(90_000), limit: 10 }, 11)).length, 0, "held by its lease");
    const again = await s.queue.claim({ claimToken: "w3", now: at(61_000), leaseUntil: at(121_000), limit: 10 }, 11);
    assert.equal(again.length, 1, "due again when the lease ends");
    assert.equal(again[0]!.attemptNumber, 2);
    await s.queue.complete(first[0]!, { kind: "sent" }, at(62_000));
    assert.equal((await s.queue.sendsOfEvent(s.store.id, e.id))[0]!.state, "pending", "the stale claim moved nothing");
    await s.queue.complete(again[0]!, { kind: "retry", at: at(400_000), error: "421 try later" }, at(62_000));
    let [send] = await s.queue.sendsOfEvent(s.store.id, e.id);
    assert.equal(send!.state, "pending");
    assert.equal(send!.nextAttemptAt, at(400_000));
    assert.equal(send!.lastError, "421 try later");
    assert.equal((await s.queue.claim({ claimToken: "w4", now: at(399_999), leaseUntil: at(500_000), limit: 10 }, 11)).length, 0);
    const third = await s.queue.claim({ claimToken: "w5", now: at(400_000), leaseUntil: at(500_000), limit: 10 }, 11);
    await s.queue.complete(third[0]!, { kind: "sent" }, at(401_000));
    [send] = await s.queue.sendsOfEvent(s.store.id, e.id);
    assert.equal(send!.state, "sent");
    assert.equal(send!.sentAt, at(401_000));
    assert.equal(send!.attempts, 3);
  });

  it("fails a send whose last attempt was taken by a worker that stopped", async () => {
    const db = await open();
    const s = await setUp(db);
    const e = await s.event();
    await s.queue.fanOut(at(1_000), 100, s.planTo("cy@example.com"));
    await s.queue.claim({ claimToken: "w1", now: at(1_000), leaseUntil: at(2_000), limit: 10 }, 2);
    await s.queue.claim({ claimToken: "w2", now: at(2_000), leaseUntil: at(3_000), limit: 10 }, 2);
    assert.equal((await s.queue.claim({ claimToken: "w3", now: at(3_000), leaseUntil: at(4_000), limit: 10 }, 2)).length, 0);
    const [send] = await s.queue.sendsOfEvent(s.store.id, e.id);
    assert.equal(send!.state, "failed");
    assert.match(send!.lastError!, /no attempt left/);
  });

  it("marks the customer's address when a send bounces, only while it is still the customer's address", async () => {
    const db = await open();
    const s = await setUp(db);
    const ann = await s.customer("Ann@Example.com");
    await s.event();
    await s.queue.fanOut(at(1_000), 100, s.planTo("ann@example.com", ann));
    const [claimed] = await s.queue.claim({ claimToken: "w1", now: at(1_000), leaseUntil: at(2_000), limit: 10 }, 11);
    await s.queue.complete(claimed!, { kind: "bounced", error: "550 no such user" }, at(1_500));
    const row = await db.knex("customers").where({ id: ann }).first("email_status", "email_status_reason", "email_status_at");
    assert.equal(row.email_status, "bouncing");
    assert.match(row.email_status_reason, /550 no such user/);
    assert.equal(row.email_status_at, at(1_500));
    const moved = await s.customer("dee@example.com");
    await db.knex("customers").where({ id: moved }).update({ email: "dee.new@example.com" });
    await s.event();
    await s.queue.fanOut(at(3_000), 100, s.planTo("dee@example.com", moved));
    const [old] = await s.queue.claim({ claimToken: "w2", now: at(3_000), leaseUntil: at(4_000), limit: 10 }, 11);
    await s.queue.complete(old!, { kind: "bounced", error: "550 gone" }, at(3_500));
    assert.equal((await db.knex("customers").where({ id: moved }).first("email_status")).email_status, "ok", "the customer's new address is not marked");
  });

  if (options.racingPools) {
    it("plans each event once and claims disjoint sends when two pools race (FOR UPDATE SKIP LOCKED)", async () => {
      const first = await open();
      const second = await open();
      const s = await setUp(first);
      const racer = new KnexEmailQueue(second, ids);
      for (let i = 0; i < 30; i++) await s.event();
      const seen: string[] = [];
      await Promise.all([s.queue.fanOut(at(1_000), 10, s.planTo("eve@example.com", null, seen)), racer.fanOut(at(1_000), 10, s.planTo("eve@example.com", null, seen)), s.queue.fanOut(at(1_000), 10, s.planTo("eve@example.com", null, seen))]);
      while ((await s.queue.fanOut(at(1_000), 10, s.planTo("eve@example.com", null, seen))) > 0);
      assert.equal(seen.length, 30);
      assert.equal(new Set(seen).size, 30, "no event planned twice");
      const [a, b] = await Promise.all([
        s.queue.claim({ claimToken: "a", now: at(2_000), leaseUntil: at(60_000), limit: 20 }, 11),
        racer.claim({ claimToken: "b", now: at(2_000), leaseUntil: at(60_000), limit: 20 }, 11),
      ]);
      const taken = [...a, ...b].map((c) => c.sendId);
      assert.equal(new Set(taken).size, taken.length, "no send claimed by both");
      assert.ok(taken.length >= 20, `claimed ${taken.length}`);
    });
  }
};
