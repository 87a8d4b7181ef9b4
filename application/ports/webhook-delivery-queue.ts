// The delivery side of the outbox: events fanned out once into one delivery per subscribed
// endpoint, claimed by workers under an expiring lease, and every attempt recorded.
import type { ServiceIdentifier } from "inversify";
import type { Page, PageRequest } from "../pagination/page.js";
import type { RecordedEvent } from "./event-outbox.js";
import type { WebhookEndpoint } from "./webhook-endpoint-repository.js";

export type DeliveryState = "pending" | "succeeded" | "failed";

/**
 * One recorded attempt to deliver an event to an endpoint (docs/api/webhooks.md, "Delivery and
 * retries").
 */
export interface DeliveryAttempt {
  readonly id: string;
  readonly storeId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attemptNumber: number;
  /** Null when no HTTP answer came (timeout, refused connection, forbidden address). */
  readonly statusCode: number | null;
  /** The first KiB of the answer's body. */
  readonly responseBody: string | null;
  /** Why no answer came, or null. */
  readonly error: string | null;
  readonly latencyMs: number;
  readonly success: boolean;
  readonly attemptedAt: string;
}

/** A delivery a worker holds: its attempt number is taken, and the lease says until when. */
export interface ClaimedDelivery {
  readonly deliveryId: string;
  readonly claimToken: string;
  readonly attemptNumber: number;
  readonly event: RecordedEvent;
  readonly endpoint: WebhookEndpoint;
}

export interface ClaimRequest {
  /** Unique per claim round: the lease's owner. */
  readonly claimToken: string;
  readonly now: string;
  readonly leaseUntil: string;
  readonly limit: number;
  /** At most this many deliveries of one endpoint under lease at once. */
  readonly perEndpoint: number;
}

export type DeliveryOutcome =
  | { readonly kind: "succeeded" }
  | { readonly kind: "retry"; readonly at: string }
  | { readonly kind: "failed" };

export interface WebhookDeliveryQueue {
  /**
   * Turns up to `limit` events not yet fanned out into one pending delivery per enabled endpoint
   * of the same store and mode, subscribed to the type and created no later than the event.
   * Returns how many events it fanned out.
   */
  fanOut(now: string, limit: number): Promise<number>;
  /** Takes due deliveries of enabled endpoints under a lease, counting one attempt each. */
  claim(request: ClaimRequest): Promise<readonly ClaimedDelivery[]>;
  /**
   * Records the attempt, moves the delivery (only while the claim is still this worker's) and
   * updates the endpoint's counters; `gone` switches the endpoint off and fails what it had pending.
   */
  complete(claimed: ClaimedDelivery, attempt: DeliveryAttempt, outcome: DeliveryOutcome, gone: boolean): Promise<void>;
  /** Fails the endpoint's pending deliveries (it was switched off). */
  failPending(storeId: string, endpointId: string, now: string): Promise<number>;
  /**
   * A staff resend of one event to one endpoint (docs/staff.md, "Webhooks: resend one"): the
   * event and endpoint with the next attempt number, which is counted on the delivery when the
   * event was fanned out to the endpoint. Undefined when the event never went to this endpoint
   * (no delivery and no recorded attempt, as for a test event sent elsewhere). The worker's
   * schedule of the delivery is left alone.
   */
  takeForResend(storeId: string, endpointId: string, eventId: string): Promise<ClaimedDelivery | undefined>;
  /**
   * Records a resend's attempt and counts it on the endpoint. A success settles the delivery
   * (`succeeded`, with no retry left and any worker's lease released); a failure leaves the
   * delivery's state and schedule as they were.
   */
  completeResend(resent: ClaimedDelivery, attempt: DeliveryAttempt): Promise<void>;
  /** A test event: stored so that it can be read back, but never fanned out. */
  recordTestEvent(event: RecordedEvent, now: string): Promise<void>;
  /** A test delivery's attempt, counted on the endpoint like any other. */
  recordTestAttempt(attempt: DeliveryAttempt): Promise<void>;
  attemptsOfEvent(storeId: string, eventId: string): Promise<readonly DeliveryAttempt[]>;
  /** Newest first. */
  attemptsOfEndpoint(storeId: string, endpointId: string, page: PageRequest): Promise<Page<DeliveryAttempt>>;
  /** Where the deliveries of an event stand (for reads and tests). */
  deliveryStates(storeId: string, eventId: string): Promise<ReadonlyArray<{ readonly endpointId: string; readonly state: DeliveryState; readonly attempts: number; readonly nextAttemptAt: string }>>;
}
export const WebhookDeliveryQueue: ServiceIdentifier<WebhookDeliveryQueue> = Symbol.for("storefront.WebhookDeliveryQueue");
