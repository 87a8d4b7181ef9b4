// Payment verification (docs/api/payments.md, "Verifying a payment"): asks the provider where a
// payment stands, records the attempt and the answer, and settles the payment (order paid, events).
// A paid payment is final: verifying it again answers at once and emits nothing. A payment the
// provider never accepted has nothing to ask about and answers as stored.
import { inject, injectable } from "inversify";
import { isFinalPaymentState } from "../../domain/payments/payment.js";
import type { Principal } from "../access/principal.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import type { PaymentVerificationInput } from "./payment-inputs.js";
import { toVerificationRecord, type VerificationRecord } from "./payment-records.js";
import { ProviderCalls } from "./provider-calls.js";
import { paymentMissing, SettlePayment } from "./settle-payment.js";

@injectable()
export class VerifyPayment {
  constructor(
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(ProviderCalls) private readonly calls: ProviderCalls,
    @inject(SettlePayment) private readonly settle: SettlePayment,
  ) {}

  /** Call outside any unit of work: the provider is asked between two short ones. */
  async execute(principal: Principal, input: PaymentVerificationInput): Promise<VerificationRecord> {
    const payment = await this.payments.findByReference(principal.storeId, principal.mode, input.reference);
    if (payment === undefined) throw paymentMissing("reference");
    if (isFinalPaymentState(payment.status) || payment.providerSessionId === null) return toVerificationRecord(payment);

    const gateway = this.calls.gatewayFor(payment.provider, payment.mode);
    const sessionId = payment.providerSessionId;
    const report = await this.calls.call(principal.storeId, payment.id, "status", { reference: payment.reference, session_id: sessionId }, () =>
      gateway.checkStatus({
        reference: payment.reference,
        providerSessionId: sessionId,
        mode: payment.mode,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      }),
    );
    return toVerificationRecord(await this.settle.execute(principal.storeId, payment.id, report));
  }
}
