// The worker's webhook job: fan new events out into deliveries, claim the due ones under a lease
// (a bounded number per endpoint), send them, and record each attempt with what comes next:
// done, a retry on the schedule (or later, if the receiver's Retry-After says so), or failed.
// A 410 Gone switches the endpoint off.
import { inject, injectable } from "inversify";
import { parseRetryAfterMs } from "../../domain/webhooks/retry-after.js";
import { retryDelayMs } from "../../domain/webhooks/retry-schedule.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { WebhookDeliveryQueue, type ClaimedDelivery, type DeliveryOutcome } from "../ports/webhook-delivery-queue.js";
import { SendWebhook } from "./send-webhook.js";
import { WebhookSettings } from "./webhook-settings.js";

/** Rounds one run may take before it yields to the worker's schedule. */
const MAX_ROUNDS = 20;

export interface DeliveryRun {
  readonly fannedOut: number;
  readonly attempted: number;
  readonly succeeded: number;
}

@injectable()
export class DeliverWebhooks {
  constructor(
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(SendWebhook) private readonly sender: SendWebhook,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(WebhookSettings) private readonly settings: WebhookSettings,
  ) {}

  async execute(): Promise<DeliveryRun> {
    let fannedOut = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const n = await this.queue.fanOut(this.clock.now().toISOString(), this.settings.batchSize);
      fannedOut += n;
      if (n < this.settings.batchSize) break;
    }
    let attempted = 0;
    let succeeded = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = this.clock.now();
      const claimed = await this.queue.claim({
        claimToken: this.ids.newId(),
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + this.settings.claimTtlMs).toISOString(),
        limit: this.settings.batchSize,
        perEndpoint: this.settings.concurrencyPerEndpoint,
      });
      if (claimed.length === 0) break;
      const results = await Promise.allSettled(claimed.map((c) => this.deliver(c)));
      attempted += claimed.length;
      succeeded += results.filter((r) => r.status === "fulfilled" && r.value).length;
      const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      // Unrecorded attempts are taken again when their lease ends; the error goes to the worker's log.
      if (failure !== undefined) throw failure.reason;
    }
    return { fannedOut, attempted, succeeded };
  }

  private async deliver(claimed: ClaimedDelivery): Promise<boolean> {
    const { attempt, response } = await this.sender.send(claimed.endpoint, claimed.event, claimed.attemptNumber);
    const gone = response.kind === "answered" && response.statusCode === 410;
    let outcome: DeliveryOutcome;
    if (attempt.success) {
      outcome = { kind: "succeeded" };
    } else if (gone) {
      outcome = { kind: "failed" };
    } else {
      const nowMs = this.clock.now().getTime();
      const retryAfterMs = response.kind === "answered" ? parseRetryAfterMs(response.retryAfter, nowMs) : undefined;
      const delay = retryDelayMs(claimed.attemptNumber, Math.random() * 2 - 1, retryAfterMs);
      outcome = delay === undefined ? { kind: "failed" } : { kind: "retry", at: new Date(nowMs + delay).toISOString() };
    }
    await this.queue.complete(claimed, attempt, outcome, gone);
    return attempt.success;
  }
}
