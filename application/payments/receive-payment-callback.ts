// A provider's own notification (`POST /v1/payments/callbacks/{provider}`), which carries no API
// key: the gateways of that kind read it (a signature checked where the provider signs), the
// payment it names gives the store, each provider event is processed once (a unique key), and a
// claim that is not signed is confirmed by asking the provider before anything changes.
import { inject, injectable } from "inversify";
import type { ProviderReport } from "../../domain/payments/payment.js";
import type { PaymentProvider } from "../../domain/payments/payment-provider.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { CallbackRejected, PaymentGateways, type IncomingCallback, type ReadCallback } from "../ports/payment-gateway.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { ProviderCalls } from "./provider-calls.js";
import { SettlePayment } from "./settle-payment.js";

export interface CallbackReceipt {
  readonly received: true;
  /** True when this provider event was processed before: nothing was done again. */
  readonly duplicate: boolean;
  readonly reference: string;
}

@injectable()
export class ReceivePaymentCallback {
  constructor(
    @inject(PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(ProviderCalls) private readonly calls: ProviderCalls,
    @inject(SettlePayment) private readonly settle: SettlePayment,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(provider: PaymentProvider, callback: IncomingCallback): Promise<CallbackReceipt> {
    const read = await this.read(provider, callback);
    const found = await this.payments.findForCallback(provider, { reference: read.reference, providerSessionId: read.providerSessionId });
    // Not recorded as processed: the provider retries, and a notification that outran our record of its payment is read then.
    if (found === undefined) throw new ResourceMissing({ resource: "payment", message: "No payment matches this notification." });
    const { storeId, payment } = found;
    if (read.mode !== undefined && read.mode !== payment.mode) {
      throw new CallbackRejected({ provider, message: `The notification is for ${read.mode} mode but the payment is ${payment.mode}.` });
    }
    const duplicate: CallbackReceipt = { received: true, duplicate: true, reference: payment.reference };
    if (await this.payments.hasCallback(provider, read.eventId)) return duplicate;

    let report: ProviderReport = {
      status: read.status,
      ...(read.amountMinor !== undefined ? { amountMinor: read.amountMinor } : {}),
      ...(read.currency !== undefined ? { currency: read.currency } : {}),
    };
    if (!read.authenticated) {
      const sessionId = payment.providerSessionId;
      if (sessionId === null) {
        report = { status: "pending" };
      } else {
        const gateway = this.calls.gatewayFor(payment.provider, payment.mode);
        report = await this.calls.call(storeId, payment.id, "status", { reference: payment.reference, session_id: sessionId, confirms: read.eventId }, () =>
          gateway.checkStatus({ reference: payment.reference, providerSessionId: sessionId, mode: payment.mode, amountMinor: payment.amountMinor, currency: payment.currency }),
        );
      }
    }

    return this.uow.run(async () => {
      const now = this.clock.now().toISOString();
      const fresh = await this.payments.recordCallback(storeId, {
        id: this.ids.newId(),
        provider,
        eventId: read.eventId,
        paymentId: payment.id,
        claimedStatus: read.status,
        authenticated: read.authenticated,
        receivedAt: now,
      });
      if (!fresh) return duplicate;
      await this.payments.insertAttempt(storeId, {
        id: this.ids.newId(),
        paymentId: payment.id,
        kind: "callback",
        request: { event_id: read.eventId, claimed_status: read.status, authenticated: read.authenticated },
        response: read.providerResponse,
        errorCode: null,
        errorMessage: null,
        latencyMs: 0,
        startedAt: now,
        finishedAt: now,
      });
      await this.settle.execute(storeId, payment.id, report);
      return { received: true, duplicate: false, reference: payment.reference };
    });
  }

  /** The first gateway of the kind that accepts the notification reads it; CallbackRejected when none does. */
  private async read(provider: PaymentProvider, callback: IncomingCallback): Promise<ReadCallback> {
    const readers = this.gateways.callbackReaders(provider);
    let rejection: CallbackRejected = new CallbackRejected({ provider, message: `No ${provider} gateway is configured to read notifications.` });
    for (const reader of readers) {
      try {
        return await reader.readCallback(callback);
      } catch (error) {
        if (!(error instanceof CallbackRejected)) throw error;
        rejection = error;
      }
    }
    throw rejection;
  }
}
