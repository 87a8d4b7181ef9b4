// One port for every payment provider: start a payment, ask its status, read the provider's own
// notification. A fifth provider is one new adapter implementing this interface, bound in the
// composition root. Adapters are HTTP clients of the provider's documented API; they never touch
// the database, and they throw the errors below (never a raw network error).
import { Data } from "effect";
import type { ServiceIdentifier } from "inversify";
import type { PaymentFlow, PaymentMode, PaymentProvider, PaymentStatus } from "../../domain/payments/payment-provider.js";

export interface PaymentInitiation {
  /** Our reference, `PAY-<digits>-<suffix>`; sent to the provider as its merchant reference. */
  readonly reference: string;
  readonly mode: PaymentMode;
  /** Integer minor units of `currency` (cents, kobo...); KES/UGX/TZS/RWF rules are the adapter's. */
  readonly amountMinor: number;
  /** The same amount as a decimal string with the currency's exponent, e.g. "1500.00". */
  readonly amount: string;
  /**
   * ISO 4217, upper case, already chosen by the rules of docs/api/payments.md, "Initialising a
   * payment".
   */
  readonly currency: string;
  readonly email?: string;
  /** Normalised digits without `+`: `2547XXXXXXXX` (push) or the country's prefix (collection). */
  readonly phone?: string;
  /** ISO 3166-1 alpha-2 (collection: KE, UG, TZ, RW). */
  readonly country?: string;
  readonly orderId?: string;
  /** A short human description (store name and order), at most 100 characters. */
  readonly description: string;
  readonly successUrl?: string;
  readonly cancelUrl?: string;
  readonly callbackUrl?: string;
  /** The URL the provider should post its notification to (`/v1/payments/callbacks/{provider}`), when the server knows its public address. */
  readonly notificationUrl?: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface InitiatedPayment {
  /** The provider's id for this payment (Stripe session id, Paystack access code, M-Pesa CheckoutRequestID, pawaPay depositId). */
  readonly providerSessionId: string;
  /** Redirect flow: where to send the customer. */
  readonly checkoutUrl?: string;
  /** Popup flow: the public key to open the popup with. */
  readonly publicKey?: string;
  /** Popup flow: the provider's access code, when it has one. */
  readonly accessCode?: string;
  /** A short excerpt of the provider's answer, kept with the attempt (no secrets). */
  readonly providerResponse: Readonly<Record<string, unknown>>;
}

export interface PaymentLookup {
  readonly reference: string;
  readonly providerSessionId: string;
  readonly mode: PaymentMode;
  readonly amountMinor: number;
  readonly currency: string;
}

export interface ProviderStatus {
  readonly status: PaymentStatus;
  /** When the provider says the money moved (ISO 8601), for paid payments. */
  readonly paidAt?: string;
  /** The amount and currency the provider reports, to be compared with what was asked. */
  readonly amountMinor?: number;
  readonly currency?: string;
  /** Why a payment failed, in the provider's words (e.g. "DS-Insufficient funds"). */
  readonly failureReason?: string;
  readonly providerResponse: Readonly<Record<string, unknown>>;
}

export interface IncomingCallback {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received, for signature checks. */
  readonly rawBody: Buffer;
}

export interface ReadCallback {
  /** Unique per provider notification, to process each one once (the provider's event id, or a digest of the body when it has none). */
  readonly eventId: string;
  /** Our reference, when the notification carries it... */
  readonly reference?: string;
  /** ...or the provider's id for the payment. */
  readonly providerSessionId?: string;
  /** What the notification claims. */
  readonly status: PaymentStatus;
  /** Whether the claim can be trusted as is (verified signature). When false, the caller confirms with checkStatus before acting. */
  readonly authenticated: boolean;
  readonly mode?: PaymentMode;
  /** The amount and currency the notification reports, when it carries them (compared with what was asked). */
  readonly amountMinor?: number;
  readonly currency?: string;
  readonly providerResponse: Readonly<Record<string, unknown>>;
}

/** A refund of (part of) a paid payment (docs/staff.md, "Refunds and returns"). */
export interface RefundRequest {
  /** Our refund's id (a UUID): the provider's idempotency key or refund id is derived from it, so sending it again refunds once. */
  readonly refundId: string;
  readonly mode: PaymentMode;
  /** The payment refunded: our reference, the provider's id for it, and what it took. */
  readonly payment: {
    readonly reference: string;
    readonly providerSessionId: string;
    readonly amountMinor: number;
    readonly chargedMinor: number;
    readonly phone?: string;
    /** The provider's transaction id where a refund must name it (M-Pesa's receipt number). */
    readonly providerTransactionId?: string;
  };
  /** Integer minor units to return; whole units already for providers that take no minor units. */
  readonly amountMinor: number;
  readonly currency: string;
  /** Why, in the store's words (at most 500 characters); some providers show it to the customer. */
  readonly reason?: string;
  /** Where a provider that answers later posts the result (M-Pesa's ResultURL), when the server knows its public address. */
  readonly resultUrl?: string;
}

export interface RefundLookup extends RefundRequest {
  /** The provider's id for the refund, when its first answer arrived. */
  readonly providerRefundId: string | null;
}

export interface RefundOutcome {
  /** pending: accepted, the money not yet moved (the worker asks again later). */
  readonly status: "pending" | "succeeded" | "failed";
  readonly providerRefundId?: string;
  /** Why the refund failed, in the provider's words. */
  readonly failureReason?: string;
  readonly providerResponse: Readonly<Record<string, unknown>>;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  readonly flow: PaymentFlow;
  /** Starts the payment at the provider. */
  initiate(request: PaymentInitiation): Promise<InitiatedPayment>;
  /** Asks the provider where the payment stands. */
  checkStatus(payment: PaymentLookup): Promise<ProviderStatus>;
  /** Reads (and, where the provider signs them, verifies) a notification the provider posted; throws CallbackRejected when its signature is wrong. */
  readCallback(callback: IncomingCallback): Promise<ReadCallback>;
  /**
   * Asks the provider to return money of a paid payment. ProviderRejected: the provider refused
   * (the refund fails with its message); ProviderUnavailable: no answer (the refund stays pending).
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * Asks the provider where a refund stands; undefined when the provider never received it (the
   * caller sends it again, which the provider refunds once).
   */
  checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined>;
}

/** Which gateway serves a provider kind in a mode: the real adapter when configured, else (test mode only) the simulator. */
export interface PaymentGateways {
  /** undefined: that provider is not configured for that mode (never the simulator in live mode). */
  forProvider(provider: PaymentProvider, mode: PaymentMode): PaymentGateway | undefined;
  /** Every gateway that may read callbacks posted for a provider kind (live and test adapters). */
  callbackReaders(provider: PaymentProvider): readonly PaymentGateway[];
}
export const PaymentGateways: ServiceIdentifier<PaymentGateways> = Symbol.for("storefront.PaymentGateways");

/** The provider refused the request (4xx with its own message): not retried, the payment fails to start. */
export class ProviderRejected extends Data.TaggedError("ProviderRejected")<{
  readonly provider: PaymentProvider;
  readonly status: number;
  readonly message: string;
}> {}

/** The provider could not be reached, timed out, answered 5xx, or answered something we could not decode. */
export class ProviderUnavailable extends Data.TaggedError("ProviderUnavailable")<{
  readonly provider: PaymentProvider;
  readonly message: string;
}> {}

/** A callback whose signature does not verify, or that cannot be read. */
export class CallbackRejected extends Data.TaggedError("CallbackRejected")<{
  readonly provider: PaymentProvider;
  readonly message: string;
}> {}
