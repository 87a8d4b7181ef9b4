// The webhook work queue on knex. Fan-out marks each event once (`events.dispatched_at`). A claim
// moves a due delivery's `next_attempt_at` to the end of its lease and counts the attempt, so a
// worker that dies leaves work that is simply due again when the lease ends. On MySQL/MariaDB the
// candidates are read `FOR UPDATE SKIP LOCKED` in a short transaction, so concurrent workers take
// disjoint rows without waiting; on SQLite (one writer) the claim is one guarded UPDATE that only
// rows still due match, which is also safe between processes sharing the file.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import { EventOutbox, type RecordedEvent } from "../../../application/ports/event-outbox.js";
import { IdGenerator } from "../../../application/ports/id-generator.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type {
  ClaimedDelivery,
  ClaimRequest,
  DeliveryAttempt,
  DeliveryOutcome,
  DeliveryState,
  WebhookDeliveryQueue,
} from "../../../application/ports/webhook-delivery-queue.js";
import type { EventType } from "../../../domain/events/event-type.js";
import { MAX_ATTEMPTS } from "../../../domain/webhooks/retry-schedule.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { toWebhookEndpoint, type WebhookEndpointRow } from "./knex-webhook-endpoint-repository.js";

const INSERT_CHUNK = 200;
/** The claim token of a staff resend: never a worker's, so no worker's completion matches it. */
const RESEND_CLAIM = "resend";

interface AttemptRow {
  id: string;
  store_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempt_number: number | string;
  status_code: number | string | null;
  response_body: string | null;
  error: string | null;
  latency_ms: number | string;
  success: number | boolean;
  attempted_at: string;
}

interface ClaimedRow extends WebhookEndpointRow {
  d_id: string;
  d_attempts: number | string;
  d_claimed_by: string;
  ev_id: string;
  ev_store_id: string;
  ev_type: string;
  ev_livemode: number | boolean;
  ev_data: string;
  ev_created_at: string;
}

const toAttempt = (row: AttemptRow): DeliveryAttempt => ({
  id: row.id,
  storeId: row.store_id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  attemptNumber: Number(row.attempt_number),
  statusCode: row.status_code === null ? null : Number(row.status_code),
  responseBody: row.response_body,
  error: row.error,
  latencyMs: Number(row.latency_ms),
  success: readBoolean(row.success),
  attemptedAt: row.attempted_at,
});

const attemptRow = (a: DeliveryAttempt) => ({
  id: a.id,
  store_id: a.storeId,
  endpoint_id: a.endpointId,
  event_id: a.eventId,
  event_type: a.eventType,
  attempt_number: a.attemptNumber,
  status_code: a.statusCode,
  response_body: a.responseBody,
  error: a.error === null ? null : a.error.slice(0, 300),
  latency_ms: a.latencyMs,
  success: a.success,
  attempted_at: a.attemptedAt,
});

@injectable()
export class KnexWebhookDeliveryQueue implements WebhookDeliveryQueue {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
  ) {}

  async fanOut(now: string, limit: number): Promise<number> {
    return this.db.transaction(async () => {
      const q = this.db.executor;
      const select = q("events")
        .whereNull("dispatched_at")
        .orderBy([{ column: "created_at" }, { column: "id" }])
        .limit(limit)
        .select<Array<{ id: string; store_id: string; type: string; livemode: number | boolean; created_at: string }>>("id", "store_id", "type", "livemode", "created_at");
      const events = await (this.db.dialect === "mysql" ? select.forUpdate().skipLocked() : select);
      if (events.length === 0) return 0;
      const storeIds = [...new Set(events.map((e) => e.store_id))];
      const endpoints: Array<{ id: string; store_id: string; livemode: number | boolean; events: string; created_at: string }> = await q("webhook_endpoints")
        .whereIn("store_id", storeIds)
        .where("enabled", true)
        .select("id", "store_id", "livemode", "events", "created_at");
      const subscribed = endpoints.map((e) => ({ ...e, livemode: readBoolean(e.livemode), types: new Set(readJson<string[]>(e.events, [])) }));
      const rows = events.flatMap((event) =>
        subscribed
          .filter((e) => e.store_id === event.store_id && e.livemode === readBoolean(event.livemode) && e.types.has(event.type) && e.created_at <= event.created_at)
          .map((e) => ({
            id: this.ids.newId(),
            store_id: event.store_id,
            endpoint_id: e.id,
            event_id: event.id,
            state: "pending",
            attempts: 0,
            next_attempt_at: now,
            claimed_by: null,
            claim_expires_at: null,
            created_at: now,
            updated_at: now,
          })),
      );
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await q("webhook_deliveries").insert(rows.slice(i, i + INSERT_CHUNK)).onConflict(["endpoint_id", "event_id"]).ignore();
      }
      await q("events").whereIn("id", events.map((e) => e.id)).update({ dispatched_at: now });
      return events.length;
    });
  }

  async claim(request: ClaimRequest): Promise<readonly ClaimedDelivery[]> {
    const take = async (): Promise<void> => {
      const q = this.db.executor;
      const candidatesQuery = q("webhook_deliveries")
        .where("state", "pending")
        .where("next_attempt_at", "<=", request.now)
        .whereIn("endpoint_id", (sub) => void sub.select("id").from("webhook_endpoints").where("enabled", true))
        .orderBy("next_attempt_at")
        .limit(request.limit * 4)
        .select<Array<{ id: string; endpoint_id: string; attempts: number | string }>>("id", "endpoint_id", "attempts");
      const candidates = await (this.db.dialect === "mysql" ? candidatesQuery.forUpdate().skipLocked() : candidatesQuery);
      if (candidates.length === 0) return;
      const endpointIds = [...new Set(candidates.map((c) => c.endpoint_id))];
      const inFlight: Array<{ endpoint_id: string; n: number | string }> = await q("webhook_deliveries")
        .whereIn("endpoint_id", endpointIds)
        .where("state", "pending")
        .whereNotNull("claimed_by")
        .where("claim_expires_at", ">", request.now)
        .groupBy("endpoint_id")
        .select("endpoint_id", q.raw("count(*) as n"));
      const room = new Map(endpointIds.map((id) => [id, request.perEndpoint]));
      for (const row of inFlight) room.set(row.endpoint_id, request.perEndpoint - Number(row.n));
      const chosen: string[] = [];
      const exhausted: string[] = [];
      for (const c of candidates) {
        // a delivery whose every attempt was taken by workers that died: no attempt is left
        if (Number(c.attempts) >= MAX_ATTEMPTS) {
          exhausted.push(c.id);
          continue;
        }
        if (chosen.length >= request.limit) continue;
        const left = room.get(c.endpoint_id) ?? 0;
        if (left <= 0) continue;
        room.set(c.endpoint_id, left - 1);
        chosen.push(c.id);
      }
      if (exhausted.length > 0) {
        await q("webhook_deliveries")
          .whereIn("id", exhausted)
          .where("state", "pending")
          .where("next_attempt_at", "<=", request.now)
          .update({ state: "failed", claimed_by: null, claim_expires_at: null, updated_at: request.now });
      }
      if (chosen.length === 0) return;
      // Guarded: only rows still due are taken (what makes the SQLite path safe between processes).
      await q("webhook_deliveries")
        .whereIn("id", chosen)
        .where("state", "pending")
        .where("next_attempt_at", "<=", request.now)
        .update({
          claimed_by: request.claimToken,
          claim_expires_at: request.leaseUntil,
          next_attempt_at: request.leaseUntil,
          attempts: q.raw("attempts + 1"),
          updated_at: request.now,
        });
    };
    if (this.db.dialect === "mysql") await this.db.transaction(take);
    else await this.db.run(take);

    const rows: ClaimedRow[] = await this.db.run((q) =>
      q("webhook_deliveries as d")
        .join("events as ev", "ev.id", "d.event_id")
        .join("webhook_endpoints as w", "w.id", "d.endpoint_id")
        .where("d.claimed_by", request.claimToken)
        .where("d.state", "pending")
        .select(
          "w.*",
          "d.id as d_id",
          "d.attempts as d_attempts",
          "d.claimed_by as d_claimed_by",
          "ev.id as ev_id",
          "ev.store_id as ev_store_id",
          "ev.type as ev_type",
          "ev.livemode as ev_livemode",
          "ev.data as ev_data",
          "ev.created_at as ev_created_at",
        ),
    );
    return rows.map((row) => ({
      deliveryId: row.d_id,
      claimToken: row.d_claimed_by,
      attemptNumber: Number(row.d_attempts),
      endpoint: toWebhookEndpoint(row),
      event: {
        id: row.ev_id,
        storeId: row.ev_store_id,
        type: row.ev_type as EventType,
        livemode: readBoolean(row.ev_livemode),
        data: readJson(row.ev_data, {}),
        createdAt: row.ev_created_at,
      },
    }));
  }

  async complete(claimed: ClaimedDelivery, attempt: DeliveryAttempt, outcome: DeliveryOutcome, gone: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const q = this.db.executor;
      await q("webhook_delivery_attempts").insert(attemptRow(attempt));
      await this.count(q, attempt);
      await q("webhook_deliveries")
        .where({ id: claimed.deliveryId, claimed_by: claimed.claimToken, attempts: claimed.attemptNumber })
        .update({
          state: outcome.kind === "retry" ? "pending" : outcome.kind,
          next_attempt_at: outcome.kind === "retry" ? outcome.at : attempt.attemptedAt,
          claimed_by: null,
          claim_expires_at: null,
          updated_at: attempt.attemptedAt,
        });
      if (gone) {
        const switchedOff = await q("webhook_endpoints")
          .where({ id: attempt.endpointId, enabled: true })
          .update({ enabled: false, disabled_reason: "gone", updated_at: attempt.attemptedAt });
        await this.failPending(attempt.storeId, attempt.endpointId, attempt.attemptedAt);
        // Once, by the completion that switched it off; it mails the staff who manage webhooks (docs/emails.md).
        if (Number(switchedOff) > 0) {
          await this.outbox.record({
            storeId: attempt.storeId,
            type: "webhook_endpoint.disabled",
            livemode: claimed.endpoint.livemode,
            data: { webhook_endpoint: { id: claimed.endpoint.id, url: claimed.endpoint.url }, reason: "gone" },
          });
        }
      }
    });
  }

  async failPending(storeId: string, endpointId: string, now: string): Promise<number> {
    const changed = await this.db.run((q) =>
      q("webhook_deliveries")
        .where({ store_id: storeId, endpoint_id: endpointId, state: "pending" })
        .update({ state: "failed", claimed_by: null, claim_expires_at: null, updated_at: now }),
    );
    return Number(changed);
  }

  async takeForResend(storeId: string, endpointId: string, eventId: string): Promise<ClaimedDelivery | undefined> {
    return this.db.transaction(async () => {
      const q = this.db.executor;
      const endpoint: WebhookEndpointRow | undefined = await q("webhook_endpoints").where({ id: endpointId, store_id: storeId }).first();
      const event: { id: string; store_id: string; type: string; livemode: number | boolean; data: string; created_at: string } | undefined = await q("events")
        .where({ id: eventId, store_id: storeId })
        .first("id", "store_id", "type", "livemode", "data", "created_at");
      if (endpoint === undefined || event === undefined) return undefined;
      const delivery: { id: string; attempts: number | string } | undefined = await this.db.lockRows(
        q("webhook_deliveries").where({ endpoint_id: endpointId, event_id: eventId }).first("id", "attempts"),
      );
      const last = (await q("webhook_delivery_attempts")
        .where({ endpoint_id: endpointId, event_id: eventId })
        .max("attempt_number as n")
        .first()) as { n: number | string | null } | undefined;
      const lastAttempt = last?.n === null || last?.n === undefined ? undefined : Number(last.n);
      if (delivery === undefined && lastAttempt === undefined) return undefined;
      const attemptNumber = Math.max(Number(delivery?.attempts ?? 0), lastAttempt ?? 0) + 1;
      if (delivery !== undefined) await q("webhook_deliveries").where({ id: delivery.id }).update({ attempts: attemptNumber });
      return {
        deliveryId: delivery?.id ?? "",
        claimToken: RESEND_CLAIM,
        attemptNumber,
        endpoint: toWebhookEndpoint(endpoint),
        event: {
          id: event.id,
          storeId: event.store_id,
          type: event.type as EventType,
          livemode: readBoolean(event.livemode),
          data: readJson(event.data, {}),
          createdAt: event.created_at,
        },
      };
    });
  }

  async completeResend(resent: ClaimedDelivery, attempt: DeliveryAttempt): Promise<void> {
    await this.db.transaction(async () => {
      const q = this.db.executor;
      await q("webhook_delivery_attempts").insert(attemptRow(attempt));
      await this.count(q, attempt);
      if (attempt.success && resent.deliveryId !== "") {
        // A worker holding the delivery finds its claim gone and leaves the state alone (complete is guarded by the claim).
        await q("webhook_deliveries")
          .where({ id: resent.deliveryId })
          .whereNot("state", "succeeded")
          .update({ state: "succeeded", next_attempt_at: attempt.attemptedAt, claimed_by: null, claim_expires_at: null, updated_at: attempt.attemptedAt });
      }
    });
  }

  async recordTestEvent(event: RecordedEvent, now: string): Promise<void> {
    await this.db.run((q) =>
      q("events").insert({
        id: event.id,
        store_id: event.storeId,
        type: event.type,
        livemode: event.livemode,
        data: writeJson(event.data),
        created_at: event.createdAt,
        dispatched_at: now,
      }),
    );
  }

  async recordTestAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.executor("webhook_delivery_attempts").insert(attemptRow(attempt));
      await this.count(this.db.executor, attempt);
    });
  }

  async attemptsOfEvent(storeId: string, eventId: string): Promise<readonly DeliveryAttempt[]> {
    const rows: AttemptRow[] = await this.db.run((q) =>
      q("webhook_delivery_attempts")
        .where({ store_id: storeId, event_id: eventId })
        .orderBy([{ column: "attempted_at" }, { column: "id" }]),
    );
    return rows.map(toAttempt);
  }

  async attemptsOfEndpoint(storeId: string, endpointId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    return this.db.run(async (q) => {
      const rows: AttemptRow[] = await applyKeyset(
        q("webhook_delivery_attempts").where({ store_id: storeId, endpoint_id: endpointId }),
        { column: "attempted_at", idColumn: "id", direction: "desc" },
        page,
      );
      return toPage(rows, page, (row) => [row.attempted_at, row.id], toAttempt);
    });
  }

  async deliveryStates(storeId: string, eventId: string) {
    const rows: Array<{ endpoint_id: string; state: string; attempts: number | string; next_attempt_at: string }> = await this.db.run((q) =>
      q("webhook_deliveries").where({ store_id: storeId, event_id: eventId }).select("endpoint_id", "state", "attempts", "next_attempt_at"),
    );
    return rows.map((r) => ({ endpointId: r.endpoint_id, state: r.state as DeliveryState, attempts: Number(r.attempts), nextAttemptAt: r.next_attempt_at }));
  }

  /** The endpoint's counters and last success or failure (never moved back by a slower attempt). */
  private async count(q: Knex | Knex.Transaction, attempt: DeliveryAttempt): Promise<void> {
    const column = attempt.success ? "last_success_at" : "last_failure_at";
    await q("webhook_endpoints")
      .where({ id: attempt.endpointId })
      .update({
        deliveries_total: q.raw("deliveries_total + 1"),
        [attempt.success ? "deliveries_successful" : "deliveries_failed"]: q.raw(`${attempt.success ? "deliveries_successful" : "deliveries_failed"} + 1`),
        [column]: q.raw(`CASE WHEN ${column} IS NULL OR ${column} < ? THEN ? ELSE ${column} END`, [attempt.attemptedAt, attempt.attemptedAt]),
      });
  }
}
