// The email side of the outbox (docs/emails.md, "Retries and backoff"): events fanned out once
// into send records, one per event, recipient and template (a unique key: an event never mails a
// recipient twice), claimed by workers under an expiring lease, and each attempt's outcome.
import type { ServiceIdentifier } from "inversify";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { RecordedEvent } from "./event-outbox.js";

/** pending: to send; sent; failed: no attempt left; bounced: refused for good or malformed; skipped: opted out or the address is marked. */
export type EmailSendState = "pending" | "sent" | "failed" | "bounced" | "skipped";

export interface NewEmailSend {
  readonly storeId: string;
  readonly eventId: string;
  readonly recipient: string;
  readonly template: TemplateKey;
  /** The customer the address belongs to (for the bounce mark), or null. */
  readonly customerId: string | null;
  /** The placeholders' values. */
  readonly values: Readonly<Record<string, string>>;
  readonly state: "pending" | "bounced" | "skipped";
  readonly note: string | null;
  /** Marks the customer's address at fan-out (a malformed address is never sent to). */
  readonly markAddress?: "malformed";
}

export interface ClaimedEmail {
  readonly sendId: string;
  readonly claimToken: string;
  readonly attemptNumber: number;
  readonly storeId: string;
  readonly eventId: string;
  readonly recipient: string;
  readonly template: TemplateKey;
  readonly customerId: string | null;
  readonly values: Readonly<Record<string, string>>;
}

export type EmailOutcome =
  | { readonly kind: "sent" }
  | { readonly kind: "retry"; readonly at: string; readonly error: string }
  | { readonly kind: "failed"; readonly error: string }
  /** Refused for good: the send stops and the customer's address is marked `bouncing`. */
  | { readonly kind: "bounced"; readonly error: string };

export interface EmailClaimRequest {
  readonly claimToken: string;
  readonly now: string;
  readonly leaseUntil: string;
  readonly limit: number;
}

export interface EmailSendView {
  readonly id: string;
  readonly eventId: string;
  readonly recipient: string;
  readonly template: TemplateKey;
  readonly state: EmailSendState;
  readonly attempts: number;
  readonly nextAttemptAt: string;
  readonly lastError: string | null;
  readonly sentAt: string | null;
}

export interface EmailQueue {
  /**
   * Takes up to `limit` events not yet fanned out for email, asks `plan` for their sends, stores
   * them (a send already stored for the event, recipient and template is left alone) and marks
   * the events, in one transaction. Returns how many events it took.
   */
  fanOut(now: string, limit: number, plan: (events: readonly RecordedEvent[]) => Promise<readonly NewEmailSend[]>): Promise<number>;
  /** Takes due pending sends under a lease, counting one attempt each; a send with no attempt left is failed. */
  claim(request: EmailClaimRequest, maxAttempts: number): Promise<readonly ClaimedEmail[]>;
  /** Records the attempt's outcome, only while the claim is still this worker's. */
  complete(claimed: ClaimedEmail, outcome: EmailOutcome, now: string): Promise<void>;
  /** The sends of one event (reads and tests). */
  sendsOfEvent(storeId: string, eventId: string): Promise<readonly EmailSendView[]>;
}
export const EmailQueue: ServiceIdentifier<EmailQueue> = Symbol.for("storefront.EmailQueue");
