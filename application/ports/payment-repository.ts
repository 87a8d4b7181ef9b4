// Payments, every call made to a provider about them (attempts), and the provider notifications
// already processed (one row per provider event, under a unique key).
import type { ServiceIdentifier } from "inversify";
import type { Payment } from "../../domain/payments/payment.js";
import type { PaymentMode, PaymentProvider, PaymentStatus } from "../../domain/payments/payment-provider.js";

export type PaymentAttemptKind = "initiate" | "status" | "callback";

/** One call to a provider (or one notification from it), written before the call and finished after it. */
export interface PaymentAttempt {
  readonly id: string;
  readonly paymentId: string;
  readonly kind: PaymentAttemptKind;
  /** An excerpt of what was sent (never a secret). */
  readonly request: Readonly<Record<string, unknown>>;
  /** An excerpt of the provider's answer; null while the call runs or when it failed. */
  readonly response: Readonly<Record<string, unknown>> | null;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  readonly latencyMs: number | null;
  readonly startedAt: string;
  readonly finishedAt: string | null;
}

export interface ReceivedCallback {
  readonly id: string;
  readonly provider: PaymentProvider;
  /** Unique per provider. */
  readonly eventId: string;
  readonly paymentId: string;
  readonly claimedStatus: PaymentStatus;
  readonly authenticated: boolean;
  readonly receivedAt: string;
}

export interface PaymentRepository {
  insert(storeId: string, payment: Payment): Promise<void>;
  update(storeId: string, payment: Payment): Promise<void>;
  /** Only the payments of the store in that mode: test payments are invisible to live keys. */
  findByReference(storeId: string, mode: PaymentMode, reference: string): Promise<Payment | undefined>;
  findByIdempotencyKey(storeId: string, idempotencyKey: string): Promise<Payment | undefined>;
  /** Locks the payment until the unit of work ends. */
  lock(storeId: string, paymentId: string): Promise<Payment | undefined>;
  /** Across stores: a provider's notification names its payment by our reference or by the provider's own id. */
  findForCallback(
    provider: PaymentProvider,
    by: { readonly reference?: string | undefined; readonly providerSessionId?: string | undefined },
  ): Promise<{ readonly storeId: string; readonly payment: Payment } | undefined>;
  insertAttempt(storeId: string, attempt: PaymentAttempt): Promise<void>;
  /** Writes the outcome of an attempt written earlier. */
  finishAttempt(storeId: string, attempt: PaymentAttempt): Promise<void>;
  /** Oldest first. */
  listAttempts(storeId: string, paymentId: string): Promise<PaymentAttempt[]>;
  hasCallback(provider: PaymentProvider, eventId: string): Promise<boolean>;
  /** False, writing nothing, when that provider event was recorded before (a unique key decides between racing deliveries). */
  recordCallback(storeId: string, callback: ReceivedCallback): Promise<boolean>;
}
export const PaymentRepository: ServiceIdentifier<PaymentRepository> = Symbol.for("storefront.PaymentRepository");
