// The email work queue on knex (docs/emails.md, "Retries and backoff"), built as the webhook queue
// is (knex-webhook-delivery-queue.ts): fan-out marks each event once (`events.emailed_at`) and
// inserts its sends, ignoring one already stored for the same event, recipient and template (the
// unique key); a claim moves a due send's `next_attempt_at` to the end of its lease and counts the
// attempt, so a worker that dies leaves work that is due again when the lease ends. On
// MySQL/MariaDB the candidates are read `FOR UPDATE SKIP LOCKED` in a short transaction; on SQLite
// the claim is one guarded UPDATE. A bounce marks the customer's address in the same transaction.
import { inject, injectable } from "inversify";
import type { RecordedEvent } from "../../../application/ports/event-outbox.js";
import { IdGenerator } from "../../../application/ports/id-generator.js";
import type { ClaimedEmail, EmailClaimRequest, EmailOutcome, EmailQueue, EmailSendState, EmailSendView, NewEmailSend } from "../../../application/ports/email-queue.js";
import type { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import type { EventType } from "../../../domain/events/event-type.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";

const INSERT_CHUNK = 200;

interface SendRow {
  id: string;
  store_id: string;
  event_id: string;
  recipient: string;
  template: string;
  customer_id: string | null;
  data: string;
  state: string;
  attempts: number | string;
  next_attempt_at: string;
  claimed_by: string | null;
  last_error: string | null;
  sent_at: string | null;
}

const clip = (text: string): string => text.slice(0, 300);

@injectable()
export class KnexEmailQueue implements EmailQueue {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async fanOut(now: string, limit: number, plan: (events: readonly RecordedEvent[]) => Promise<readonly NewEmailSend[]>): Promise<number> {
    return this.db.transaction(async () => {
      const q = this.db.executor;
      const select = q("events")
        .whereNull("emailed_at")
        .orderBy([{ column: "created_at" }, { column: "id" }])
        .limit(limit)
        .select<Array<{ id: string; store_id: string; type: string; livemode: number | boolean; data: string; created_at: string }>>("id", "store_id", "type", "livemode", "data", "created_at");
      const rows = await (this.db.dialect === "mysql" ? select.forUpdate().skipLocked() : select);
      if (rows.length === 0) return 0;
      const events: RecordedEvent[] = rows.map((row) => ({
        id: row.id,
        storeId: row.store_id,
        type: row.type as EventType,
        livemode: readBoolean(row.livemode),
        data: readJson(row.data, {}),
        createdAt: row.created_at,
      }));
      const sends = await plan(events);
      const inserts = sends.map((send) => ({
        id: this.ids.newId(),
        store_id: send.storeId,
        event_id: send.eventId,
        recipient: send.recipient.slice(0, 254),
        template: send.template,
        customer_id: send.customerId,
        data: writeJson(send.values),
        state: send.state,
        attempts: 0,
        next_attempt_at: now,
        claimed_by: null,
        claim_expires_at: null,
        last_error: send.note === null ? null : clip(send.note),
        sent_at: null,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < inserts.length; i += INSERT_CHUNK) {
        await q("email_sends").insert(inserts.slice(i, i + INSERT_CHUNK)).onConflict(["event_id", "recipient", "template"]).ignore();
      }
      for (const send of sends) {
        if (send.markAddress !== undefined && send.customerId !== null) await this.markCustomer(send.storeId, send.customerId, send.recipient, send.markAddress, send.note ?? send.markAddress, now);
      }
      await q("events").whereIn("id", events.map((e) => e.id)).update({ emailed_at: now });
      return events.length;
    });
  }

  async claim(request: EmailClaimRequest, maxAttempts: number): Promise<readonly ClaimedEmail[]> {
    const take = async (): Promise<void> => {
      const q = this.db.executor;
      const candidatesQuery = q("email_sends")
        .where("state", "pending")
        .where("next_attempt_at", "<=", request.now)
        .orderBy("next_attempt_at")
        .limit(request.limit)
        .select<Array<{ id: string; attempts: number | string }>>("id", "attempts");
      const candidates = await (this.db.dialect === "mysql" ? candidatesQuery.forUpdate().skipLocked() : candidatesQuery);
      if (candidates.length === 0) return;
      // a send whose every attempt was taken by workers that died: no attempt is left
      const exhausted = candidates.filter((c) => Number(c.attempts) >= maxAttempts).map((c) => c.id);
      const chosen = candidates.filter((c) => Number(c.attempts) < maxAttempts).map((c) => c.id);
      if (exhausted.length > 0) {
        await q("email_sends")
          .whereIn("id", exhausted)
          .where("state", "pending")
          .where("next_attempt_at", "<=", request.now)
          .update({ state: "failed", claimed_by: null, claim_expires_at: null, last_error: "no attempt left (the worker holding the last one stopped)", updated_at: request.now });
      }
      if (chosen.length === 0) return;
      // Guarded: only rows still due are taken (what makes the SQLite path safe between processes).
      await q("email_sends")
        .whereIn("id", chosen)
        .where("state", "pending")
        .where("next_attempt_at", "<=", request.now)
        .update({ claimed_by: request.claimToken, claim_expires_at: request.leaseUntil, next_attempt_at: request.leaseUntil, attempts: q.raw("attempts + 1"), updated_at: request.now });
    };
    if (this.db.dialect === "mysql") await this.db.transaction(take);
    else await this.db.run(take);

    const rows: SendRow[] = await this.db.run((q) => q("email_sends").where({ claimed_by: request.claimToken, state: "pending" }).select("*"));
    return rows.map((row) => ({
      sendId: row.id,
      claimToken: request.claimToken,
      attemptNumber: Number(row.attempts),
      storeId: row.store_id,
      eventId: row.event_id,
      recipient: row.recipient,
      template: row.template as TemplateKey,
      customerId: row.customer_id,
      values: readJson<Record<string, string>>(row.data, {}),
    }));
  }

  async complete(claimed: ClaimedEmail, outcome: EmailOutcome, now: string): Promise<void> {
    await this.db.transaction(async () => {
      const q = this.db.executor;
      const changed = await q("email_sends")
        .where({ id: claimed.sendId, claimed_by: claimed.claimToken, attempts: claimed.attemptNumber })
        .update({
          state: outcome.kind === "retry" ? "pending" : outcome.kind,
          next_attempt_at: outcome.kind === "retry" ? outcome.at : now,
          claimed_by: null,
          claim_expires_at: null,
          last_error: outcome.kind === "sent" ? null : clip(outcome.error),
          sent_at: outcome.kind === "sent" ? now : null,
          updated_at: now,
        });
      if (Number(changed) > 0 && outcome.kind === "bounced" && claimed.customerId !== null) {
        await this.markCustomer(claimed.storeId, claimed.customerId, claimed.recipient, "bouncing", outcome.error, now);
      }
    });
  }

  async sendsOfEvent(storeId: string, eventId: string): Promise<readonly EmailSendView[]> {
    const rows: SendRow[] = await this.db.run((q) => q("email_sends").where({ store_id: storeId, event_id: eventId }).orderBy([{ column: "template" }, { column: "recipient" }]).select("*"));
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      recipient: row.recipient,
      template: row.template as TemplateKey,
      state: row.state as EmailSendState,
      attempts: Number(row.attempts),
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
      sentAt: row.sent_at,
    }));
  }

  /** The customer's address is marked only while it is still the one that failed. */
  private async markCustomer(storeId: string, customerId: string, address: string, status: "bouncing" | "malformed", reason: string, now: string): Promise<void> {
    await this.db
      .executor("customers")
      .where({ id: customerId, store_id: storeId })
      .whereRaw("lower(email) = ?", [address.toLowerCase()])
      .update({ email_status: status, email_status_reason: clip(`${address}: ${reason}`), email_status_at: now });
  }
}
