// Asks a payment provider to return a refund's money, or where a refund stands, outside any
// transaction (docs/staff.md, "Refunds and returns"). A refusal is a failed outcome with the
// provider's words; silence (a time-out, a 5xx, an answer we cannot read) is `pending`: the
// worker asks again later, and a provider that never received the refund is sent it again under
// the same refund id, which each provider refunds once.
import { inject, injectable } from "inversify";
import type { Refund } from "../../domain/orders/refund.js";
import type { PaymentProvider } from "../../domain/payments/payment-provider.js";
import { PaymentGateways, ProviderRejected, type RefundLookup, type RefundOutcome, type RefundRequest } from "../ports/payment-gateway.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import { PaymentSettings } from "../payments/payment-settings.js";

const PROVIDERS: readonly string[] = ["card_redirect", "card_popup", "mobile_stk", "mobile_collect"];

const tagOf = (error: unknown): string => (typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "");
const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error ? String((error as { message: unknown }).message) : String(error);

/** Where Daraja posts reversal results, when the server knows its public address. */
export const reversalResultUrl = (publicUrl: string | undefined): string | undefined =>
  publicUrl === undefined ? undefined : `${publicUrl.replace(/\/+$/, "")}/v1/payments/callbacks/mobile_stk/reversals`;

@injectable()
export class RefundProviderCalls {
  constructor(
    @inject(PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(PaymentSettings) private readonly settings: PaymentSettings,
  ) {}

  /** Whether the refund's money goes through a provider (not off-line, not all gift card). */
  static throughProvider(refund: Pick<Refund, "destination" | "providerAmount">): boolean {
    return refund.destination !== null && PROVIDERS.includes(refund.destination) && refund.providerAmount > 0;
  }

  /** The first call: send the refund. */
  async send(storeId: string, refund: Refund): Promise<RefundOutcome> {
    return this.guarded(async () => {
      const { gateway, request } = await this.prepare(storeId, refund);
      return gateway.refund(request);
    });
  }

  /** A later call: where the refund stands; sent again when the provider never received it. */
  async follow(storeId: string, refund: Refund): Promise<RefundOutcome> {
    return this.guarded(async () => {
      const { gateway, request } = await this.prepare(storeId, refund);
      const lookup: RefundLookup = { ...request, providerRefundId: refund.providerRefundId };
      return (await gateway.checkRefund(lookup)) ?? (await gateway.refund(request));
    });
  }

  private async guarded(call: () => Promise<RefundOutcome>): Promise<RefundOutcome> {
    try {
      return await call();
    } catch (error) {
      if (tagOf(error) === "ProviderRejected") return { status: "failed", failureReason: messageOf(error).slice(0, 1000), providerResponse: { error: "provider_rejected" } };
      // Unavailable, or anything unexpected: the money may or may not have moved; ask again later.
      return { status: "pending", providerResponse: { error: tagOf(error) === "ProviderUnavailable" ? "provider_unavailable" : "internal_error", message: messageOf(error).slice(0, 300) } };
    }
  }

  private async prepare(storeId: string, refund: Refund) {
    const provider = refund.destination as PaymentProvider;
    const mode = refund.livemode ? "live" : "test";
    const gateway = this.gateways.forProvider(provider, mode);
    if (gateway === undefined) {
      throw new ProviderRejected({ provider, status: 422, message: `${provider} has no ${mode} credentials configured on this server` });
    }
    const payment = refund.paymentId === null ? undefined : await this.payments.lock(storeId, refund.paymentId);
    if (payment === undefined || payment.providerSessionId === null) {
      throw new ProviderRejected({ provider, status: 404, message: "the refunded payment is gone" });
    }
    const receipt =
      provider === "mobile_stk"
        ? (await this.payments.listAttempts(storeId, payment.id))
            .map((attempt) => attempt.response?.["MpesaReceiptNumber"])
            .find((value): value is string => typeof value === "string" && value !== "")
        : undefined;
    const resultUrl = reversalResultUrl(this.settings.publicUrl);
    const request: RefundRequest = {
      refundId: refund.id,
      mode,
      payment: {
        reference: payment.reference,
        providerSessionId: payment.providerSessionId,
        amountMinor: payment.amountMinor,
        chargedMinor: payment.chargedMinor,
        ...(payment.phone === null ? {} : { phone: payment.phone }),
        ...(receipt === undefined ? {} : { providerTransactionId: receipt }),
      },
      amountMinor: refund.providerAmount,
      currency: refund.currency,
      ...(refund.reason === null ? {} : { reason: refund.reason }),
      ...(resultUrl === undefined ? {} : { resultUrl }),
    };
    return { gateway, request };
  }
}
