// Idempotency records on knex. The claim is an INSERT on the (store, operation, key) primary
// key, so of two processes racing with one key exactly one claims it, on SQLite and MySQL alike,
// and on a Galera cluster too (two nodes inserting one key: one commits, the other's insert fails
// certification and, sent again, finds the committed row). Every later step is a compare-and-set
// UPDATE whose changed-row count says who won; nothing is decided by a lock held in memory.
import { inject, injectable } from "inversify";
import type {
  ClaimResult,
  IdempotencyKeyRef,
  IdempotencyRecords,
  StoredResponse,
} from "../../../application/ports/idempotency-records.js";
import { ServiceUnavailable } from "../../../application/errors/infrastructure-errors.js";
import { readJson, writeJson } from "../column-types.js";
import { isRetryableConflict, isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

interface RecordRow {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  locked_until: string | null;
  expires_at: string;
}

const where = (ref: IdempotencyKeyRef) => ({ store_id: ref.storeId, operation: ref.operation, idempotency_key: ref.key });

/** How often a claim whose statement lost a conflict is made in all before the error goes up (a 503). */
const CLAIM_ATTEMPTS = 4;

@injectable()
export class KnexIdempotencyRecords implements IdempotencyRecords {
  constructor(@inject(Database) private readonly db: Database) {}

  async claim(ref: IdempotencyKeyRef, requestHash: string, now: Date, lockMs: number, ttlMs: number): Promise<ClaimResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.claimOnce(ref, requestHash, now, lockMs, ttlMs);
      } catch (error) {
        // A claim's statements stand alone (no transaction): one that lost a conflict changed
        // nothing, and the next try sees what the winner committed (a replay or a 409).
        // (Outside a unit of work the Database has already made such an error a ServiceUnavailable.)
        const lost = isRetryableConflict(error) || (error instanceof ServiceUnavailable && isRetryableConflict(error.cause));
        if (attempt >= CLAIM_ATTEMPTS || this.db.inTransaction || !lost) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
      }
    }
  }

  private async claimOnce(ref: IdempotencyKeyRef, requestHash: string, now: Date, lockMs: number, ttlMs: number): Promise<ClaimResult> {
    const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
    const fresh = {
      request_hash: requestHash,
      state: "in_progress",
      response_status: null,
      response_headers: null,
      response_body: null,
      locked_until: lockedUntil,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    };
    try {
      // The first claim of a key, on every idempotent write: a prepared statement (Database.insertRows).
      await this.db.insertRows("idempotency_records", [{ ...where(ref), ...fresh }], 1);
      return { kind: "claimed" };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const row: RecordRow | undefined = await this.db.run((q) => q("idempotency_records").where(where(ref)).first());
    if (row === undefined) return this.claimOnce(ref, requestHash, now, lockMs, ttlMs);
    const nowIso = now.toISOString();
    if (row.expires_at < nowIso) {
      // Expired but not yet purged: the key is free again. The compare-and-set keeps it to one taker.
      const taken = await this.db.run((q) => q("idempotency_records").where({ ...where(ref), expires_at: row.expires_at }).update(fresh));
      return taken === 1 ? { kind: "claimed" } : { kind: "in_progress" };
    }
    if (row.request_hash !== requestHash) return { kind: "reused" };
    if (row.state === "completed") {
      return {
        kind: "replay",
        response: { status: row.response_status ?? 200, headers: readJson(row.response_headers, {}), body: row.response_body ?? "" },
      };
    }
    if (row.locked_until !== null && row.locked_until > nowIso) return { kind: "in_progress" };
    // The first request's process died mid-way (nothing of it committed): take the claim over.
    const taken = await this.db.run((q) =>
      q("idempotency_records").where({ ...where(ref), state: "in_progress", locked_until: row.locked_until }).update({ locked_until: lockedUntil }),
    );
    return taken === 1 ? { kind: "claimed" } : { kind: "in_progress" };
  }

  async complete(ref: IdempotencyKeyRef, response: StoredResponse): Promise<void> {
    await this.db.execute(
      "update idempotency_records set state = 'completed', response_status = ?, response_headers = ?, response_body = ?, locked_until = null where store_id = ? and operation = ? and idempotency_key = ?",
      [response.status, writeJson(response.headers), response.body, ref.storeId, ref.operation, ref.key],
    );
  }

  async release(ref: IdempotencyKeyRef): Promise<void> {
    await this.db.run((q) => q("idempotency_records").where({ ...where(ref), state: "in_progress" }).delete());
  }
}
