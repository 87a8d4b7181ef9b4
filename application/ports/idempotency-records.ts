// Idempotency records (docs/api/idempotency.md): a key claimed by the first request of an
// operation, then completed with its answer, which later requests with the same key and body
// replay.
import type { ServiceIdentifier } from "inversify";

export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type ClaimResult =
  | { readonly kind: "claimed" }
  | { readonly kind: "replay"; readonly response: StoredResponse }
  /** The key was used for a different request (another body). */
  | { readonly kind: "reused" }
  /** The first request with this key is still running. */
  | { readonly kind: "in_progress" };

export interface IdempotencyKeyRef {
  readonly storeId: string;
  readonly operation: string;
  readonly key: string;
}

export interface IdempotencyRecords {
  /**
   * Claims the key for a request whose fingerprint is `requestHash`. A claim left by a process
   * that died is taken over once `lockMs` has passed; a record older than `ttlMs` counts as gone.
   */
  claim(ref: IdempotencyKeyRef, requestHash: string, now: Date, lockMs: number, ttlMs: number): Promise<ClaimResult>;
  complete(ref: IdempotencyKeyRef, response: StoredResponse): Promise<void>;
  /** Forgets a claim whose request failed in a way worth retrying (a 5xx). */
  release(ref: IdempotencyKeyRef): Promise<void>;
}
export const IdempotencyRecords: ServiceIdentifier<IdempotencyRecords> = Symbol.for("storefront.IdempotencyRecords");
