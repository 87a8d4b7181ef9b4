// The worker's email job (docs/emails.md, "Retries and backoff"): fan new events out into send
// records, claim the due ones under a lease, render each with the store's current template and
// hand it to the mail server, and record what happened: sent, a retry on the schedule, failed
// after the last attempt, or bounced (the customer's address is marked; nothing else waits).
import { inject, injectable } from "inversify";
import { DEFAULT_TEMPLATES } from "../../domain/emails/default-templates.js";
import { EMAIL_MAX_ATTEMPTS, emailRetryDelayMs } from "../../domain/emails/email-retry-schedule.js";
import { Clock } from "../ports/clock.js";
import { EmailAttachments } from "../ports/email-attachments.js";
import { EmailQueue, type ClaimedEmail, type EmailOutcome } from "../ports/email-queue.js";
import { EmailRenderer } from "../ports/email-renderer.js";
import { EmailTemplateRepository } from "../ports/email-template-repository.js";
import { EmailTransport } from "../ports/email-transport.js";
import { IdGenerator } from "../ports/id-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { composeEmail } from "./compose-email.js";
import { EmailDeliverySettings } from "./email-delivery-settings.js";
import { INVOICE_OF, PlanEmailSends } from "./plan-email-sends.js";

/** Rounds one run may take before it yields to the worker's schedule. */
const MAX_ROUNDS = 20;
/** Emails handed to the mail server at once. */
const PARALLEL_SENDS = 4;

export interface EmailRun {
  readonly fannedOut: number;
  readonly attempted: number;
  readonly sent: number;
}

@injectable()
export class DeliverEmails {
  constructor(
    @inject(EmailQueue) private readonly queue: EmailQueue,
    @inject(PlanEmailSends) private readonly planner: PlanEmailSends,
    @inject(EmailTransport) private readonly transport: EmailTransport,
    @inject(EmailRenderer) private readonly renderer: EmailRenderer,
    @inject(EmailTemplateRepository) private readonly templates: EmailTemplateRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(EmailDeliverySettings) private readonly settings: EmailDeliverySettings,
    @inject(EmailAttachments) private readonly attachments: EmailAttachments,
  ) {}

  async execute(): Promise<EmailRun> {
    let fannedOut = 0;
    // Without a mail server the events are marked and nothing is made (docs/emails.md).
    const plan = this.settings.enabled ? (events: Parameters<PlanEmailSends["plan"]>[0]) => this.planner.plan(events) : async () => [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const n = await this.queue.fanOut(this.clock.now().toISOString(), this.settings.batchSize, plan);
      fannedOut += n;
      if (n < this.settings.batchSize) break;
    }
    let attempted = 0;
    let sent = 0;
    if (!this.settings.enabled) return { fannedOut, attempted, sent };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = this.clock.now();
      const claimed = await this.queue.claim(
        { claimToken: this.ids.newId(), now: now.toISOString(), leaseUntil: new Date(now.getTime() + this.settings.claimTtlMs).toISOString(), limit: this.settings.batchSize },
        EMAIL_MAX_ATTEMPTS,
      );
      if (claimed.length === 0) break;
      for (let i = 0; i < claimed.length; i += PARALLEL_SENDS) {
        const results = await Promise.allSettled(claimed.slice(i, i + PARALLEL_SENDS).map((c) => this.deliver(c)));
        attempted += results.length;
        sent += results.filter((r) => r.status === "fulfilled" && r.value).length;
        const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
        // Unrecorded sends are taken again when their lease ends; the error goes to the worker's log.
        if (failure !== undefined) throw failure.reason;
      }
      if (claimed.length < this.settings.batchSize) break;
    }
    return { fannedOut, attempted, sent };
  }

  private async deliver(claimed: ClaimedEmail): Promise<boolean> {
    const store = await this.stores.findById(claimed.storeId);
    if (store === undefined) {
      await this.queue.complete(claimed, { kind: "failed", error: "the store is gone" }, this.clock.now().toISOString());
      return false;
    }
    const template = (await this.templates.find(claimed.storeId, claimed.template)) ?? DEFAULT_TEMPLATES[claimed.template];
    const logoUrl = await this.templates.logoUrl(claimed.storeId);
    const email = await composeEmail(this.renderer, claimed.template, template, claimed.values, { storeName: store.name, logoUrl });
    const invoiceOf = claimed.values[INVOICE_OF];
    const invoice = invoiceOf === undefined ? undefined : await this.attachments.invoicePdf(claimed.storeId, invoiceOf);
    const result = await this.transport.send({ to: claimed.recipient, fromName: store.name, ...email, ...(invoice === undefined ? {} : { attachments: [invoice] }) });
    const now = this.clock.now();
    let outcome: EmailOutcome;
    if (result.kind === "sent") outcome = { kind: "sent" };
    else if (result.kind === "rejected") outcome = { kind: "bounced", error: result.reason };
    else {
      const delay = emailRetryDelayMs(claimed.attemptNumber, Math.random() * 2 - 1);
      outcome = delay === undefined ? { kind: "failed", error: result.reason } : { kind: "retry", at: new Date(now.getTime() + delay).toISOString(), error: result.reason };
    }
    await this.queue.complete(claimed, outcome, now.toISOString());
    return result.kind === "sent";
  }
}
