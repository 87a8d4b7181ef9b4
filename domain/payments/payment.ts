// A payment as the store keeps it, and how it moves: pending → paid | failed, failed → paid (the
// money moved after all), paid is final. A provider's report settles it; an amount or currency
// other than the one asked fails it and flags it for a person to look at.
import type { PaymentFlow, PaymentMode, PaymentProvider, PaymentStatus } from "./payment-provider.js";

export interface Payment {
  readonly id: string;
  readonly reference: string;
  readonly mode: PaymentMode;
  readonly provider: PaymentProvider;
  readonly flow: PaymentFlow;
  readonly status: PaymentStatus;
  /** Integer minor units of `currency`: the amount paid for (an order's amount due). */
  readonly amountMinor: number;
  /**
   * Integer minor units of `currency` the provider is asked to take: `amountMinor`, rounded up to
   * whole units where the provider takes no minor units (mobile money), kept as it was asked.
   */
  readonly chargedMinor: number;
  readonly currency: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly country: string | null;
  readonly orderId: string | null;
  /** The Idempotency-Key of the initialisation: one payment per key and store. */
  readonly idempotencyKey: string | null;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly successUrl: string | null;
  readonly cancelUrl: string | null;
  readonly callbackUrl: string | null;
  /** The provider's id; null until the provider has accepted the initialisation. */
  readonly providerSessionId: string | null;
  readonly checkoutUrl: string | null;
  readonly publicKey: string | null;
  readonly accessCode: string | null;
  readonly failureReason: string | null;
  /** Set when a person should look at the payment (money reported that does not match, an order already paid). */
  readonly reviewReason: string | null;
  readonly paidAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type PaymentEventType = "payment.succeeded" | "payment.failed";

/** What a provider says of a payment (its status call or its notification). */
export interface ProviderReport {
  readonly status: PaymentStatus;
  readonly paidAt?: string | undefined;
  readonly amountMinor?: number | undefined;
  readonly currency?: string | undefined;
  readonly failureReason?: string | undefined;
}

export interface Settlement {
  readonly next: Payment;
  /** Emitted exactly when the status changes. */
  readonly event: PaymentEventType | undefined;
}

export const isFinalPaymentState = (status: PaymentStatus): boolean => status === "paid";

/** Applies a provider's report; a report that changes nothing gives the payment back unchanged and no event. */
export const settlePayment = (payment: Payment, report: ProviderReport, now: string): Settlement => {
  const unchanged: Settlement = { next: payment, event: undefined };
  if (isFinalPaymentState(payment.status) || report.status === "pending") return unchanged;

  if (report.status === "paid") {
    // The provider may report the amount due or the whole units it was asked to take.
    const wrongAmount = report.amountMinor !== undefined && report.amountMinor !== payment.amountMinor && report.amountMinor !== payment.chargedMinor;
    const wrongCurrency = report.currency !== undefined && report.currency.toUpperCase() !== payment.currency;
    if (wrongAmount || wrongCurrency) {
      const reported = `${report.amountMinor ?? payment.amountMinor} ${report.currency?.toUpperCase() ?? payment.currency}`;
      const reason = `amount_mismatch: the provider reported ${reported} (minor units) paid for ${payment.amountMinor} ${payment.currency}`;
      if (payment.status === "failed" && payment.reviewReason === reason) return unchanged;
      return {
        next: { ...payment, status: "failed", failureReason: reason, reviewReason: reason, updatedAt: now },
        event: payment.status === "failed" ? undefined : "payment.failed",
      };
    }
    return {
      next: { ...payment, status: "paid", paidAt: report.paidAt ?? now, failureReason: null, updatedAt: now },
      event: "payment.succeeded",
    };
  }

  if (payment.status === "failed") return unchanged;
  return {
    next: { ...payment, status: "failed", failureReason: report.failureReason ?? "failed at the provider", updatedAt: now },
    event: "payment.failed",
  };
};

/** A payment the provider never accepted (its initialisation failed) may be started again under the same key. */
export const canRestartInitiation = (payment: Payment): boolean => payment.providerSessionId === null && payment.status !== "paid";

export const restartInitiation = (payment: Payment, now: string): Payment => ({
  ...payment,
  status: "pending",
  failureReason: null,
  updatedAt: now,
});

/** The initialisation did not reach or was refused by the provider: the payment stays, failed, with the reason. */
export const failInitiation = (payment: Payment, reason: string, now: string): Payment => ({
  ...payment,
  status: "failed",
  failureReason: reason,
  updatedAt: now,
});
