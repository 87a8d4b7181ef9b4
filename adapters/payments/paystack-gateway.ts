// The popup card flow on Paystack: initialise a transaction under our reference (the popup opens
// with the public key and that reference, or the access code), verify it by reference, and read
// Paystack's events signed with HMAC-SHA512 of the body under the secret key.
// Refunds: `POST /refund` of the transaction by reference (our refund's id in merchant_note, so a
// refund whose answer was lost is found again in `GET /refund?transaction=`), `GET /refund/:id`.
// Test or live is the key pair's own mode (`sk_test_`/`pk_test_` or `sk_live_`/`pk_live_`).
import { createHmac } from "node:crypto";
import { Schema } from "effect";
import type { Logger } from "pino";
import {
  CallbackRejected,
  ProviderRejected,
  type IncomingCallback,
  type InitiatedPayment,
  type PaymentGateway,
  type PaymentInitiation,
  type PaymentLookup,
  type ProviderStatus,
  type ReadCallback,
  type RefundLookup,
  type RefundOutcome,
  type RefundRequest,
} from "../../application/ports/payment-gateway.js";
import type { PaymentMode, PaymentStatus } from "../../domain/payments/payment-provider.js";
import { sameText } from "./constant-time.js";
import { ProviderHttpClient, pickString, trimBaseUrl } from "./provider-http.js";

export interface PaystackSettings {
  readonly mode: PaymentMode;
  readonly secretKey: string;
  readonly publicKey: string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly attempts?: number;
  readonly backoffMs?: number;
}

export const PAYSTACK_BASE_URL = "https://api.paystack.co";

const Initialized = Schema.Struct({
  status: Schema.Literal(true),
  message: Schema.optional(Schema.String),
  data: Schema.Struct({
    authorization_url: Schema.String,
    access_code: Schema.String,
    reference: Schema.String,
  }),
});

const Transaction = Schema.Struct({
  id: Schema.optional(Schema.Number),
  status: Schema.String,
  reference: Schema.String,
  amount: Schema.Number,
  currency: Schema.String,
  paid_at: Schema.optional(Schema.NullOr(Schema.String)),
  paidAt: Schema.optional(Schema.NullOr(Schema.String)),
  gateway_response: Schema.optional(Schema.NullOr(Schema.String)),
  domain: Schema.optional(Schema.String),
});
type Transaction = typeof Transaction.Type;

const Verified = Schema.Struct({
  status: Schema.Literal(true),
  message: Schema.optional(Schema.String),
  data: Transaction,
});

const PaystackRefund = Schema.Struct({
  id: Schema.Number,
  status: Schema.String,
  amount: Schema.Number,
  currency: Schema.optional(Schema.String),
  merchant_note: Schema.optional(Schema.NullOr(Schema.String)),
});
type PaystackRefund = typeof PaystackRefund.Type;
const RefundAnswer = Schema.Struct({ status: Schema.Literal(true), message: Schema.optional(Schema.String), data: PaystackRefund });
const RefundList = Schema.Struct({ status: Schema.Literal(true), data: Schema.Array(PaystackRefund) });

/** `processed` is final and good, `failed` final and bad; pending, processing and needs-attention are not final. */
const paystackRefundOutcome = (refund: PaystackRefund, message?: string): RefundOutcome => {
  const status = refund.status === "processed" ? "succeeded" : refund.status === "failed" ? "failed" : "pending";
  return {
    status,
    providerRefundId: String(refund.id),
    ...(status === "failed" ? { failureReason: message ?? `Paystack refund ${refund.status}` } : {}),
    providerResponse: { id: refund.id, status: refund.status, amount: refund.amount, currency: refund.currency ?? null, message: message ?? null },
  };
};

const merchantNote = (refundId: string): string => `storefront refund ${refundId}`;

const PaystackEvent = Schema.Struct({
  event: Schema.String,
  data: Schema.Struct({
    id: Schema.Union(Schema.Number, Schema.String),
    reference: Schema.String,
    status: Schema.optional(Schema.String),
    amount: Schema.optional(Schema.Number),
    currency: Schema.optional(Schema.String),
    domain: Schema.optional(Schema.String),
  }),
});

/**
 * Paystack calls a transaction `abandoned` until the customer completes it, so that is not final;
 * `failed` and `reversed` are.
 */
const transactionStatus = (status: string): PaymentStatus =>
  status === "success" ? "paid" : status === "failed" || status === "reversed" ? "failed" : "pending";

const excerpt = (transaction: Transaction): Record<string, unknown> => ({
  id: transaction.id ?? null,
  status: transaction.status,
  reference: transaction.reference,
  amount: transaction.amount,
  currency: transaction.currency,
  gateway_response: transaction.gateway_response ?? null,
});

export class PaystackGateway implements PaymentGateway {
  readonly provider = "card_popup" as const;
  readonly flow = "popup" as const;
  private readonly http: ProviderHttpClient;

  constructor(private readonly settings: PaystackSettings, logger: Logger) {
    this.http = new ProviderHttpClient({
      provider: this.provider,
      baseUrl: trimBaseUrl(settings.baseUrl ?? PAYSTACK_BASE_URL),
      timeoutMs: settings.timeoutMs,
      attempts: settings.attempts,
      backoffMs: settings.backoffMs,
      errorMessage: (body) => pickString(body, "message"),
      logger,
    });
  }

  private get auth(): Record<string, string> {
    return { authorization: `Bearer ${this.settings.secretKey}` };
  }

  async initiate(request: PaymentInitiation): Promise<InitiatedPayment> {
    if (request.email === undefined) {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "Paystack needs the customer's email" });
    }
    const answer = await this.http.request({
      method: "POST",
      path: "/transaction/initialize",
      headers: this.auth,
      body: {
        json: {
          email: request.email,
          // Paystack counts in the currency's subunit (kobo, pesewas, cents): our minor units.
          amount: String(request.amountMinor),
          currency: request.currency,
          reference: request.reference,
          ...(request.callbackUrl === undefined ? {} : { callback_url: request.callbackUrl }),
          metadata: { ...request.metadata, reference: request.reference, ...(request.orderId === undefined ? {} : { order_id: request.orderId }) },
        },
      },
      answer: Initialized,
      // Paystack has no idempotency key; a repeat could race the first, so it is not retried.
      retrySafe: false,
    });
    return {
      providerSessionId: answer.data.access_code,
      publicKey: this.settings.publicKey,
      accessCode: answer.data.access_code,
      providerResponse: {
        reference: answer.data.reference,
        access_code: answer.data.access_code,
        authorization_url: answer.data.authorization_url,
        message: answer.message ?? null,
      },
    };
  }

  async checkStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    const answer = await this.http.request({
      method: "GET",
      path: `/transaction/verify/${encodeURIComponent(payment.reference)}`,
      headers: this.auth,
      answer: Verified,
      retrySafe: true,
    });
    const transaction = answer.data;
    const status = transactionStatus(transaction.status);
    const paidAt = transaction.paid_at ?? transaction.paidAt ?? undefined;
    return {
      status,
      amountMinor: transaction.amount,
      currency: transaction.currency.toUpperCase(),
      ...(status === "paid" && paidAt ? { paidAt: new Date(paidAt).toISOString() } : {}),
      ...(status === "failed" ? { failureReason: transaction.gateway_response ?? transaction.status } : {}),
      providerResponse: excerpt(transaction),
    };
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await this.http.request({
      method: "POST",
      path: "/refund",
      headers: this.auth,
      body: {
        json: {
          transaction: request.payment.reference,
          amount: request.amountMinor,
          currency: request.currency,
          merchant_note: merchantNote(request.refundId),
          ...(request.reason === undefined ? {} : { customer_note: request.reason.slice(0, 500) }),
        },
      },
      answer: RefundAnswer,
      // Paystack has no idempotency key: a repeat could refund twice, so it is never retried here
      // (checkRefund finds a refund whose answer was lost by its merchant_note).
      retrySafe: false,
    });
    return paystackRefundOutcome(answer.data, answer.message);
  }

  async checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined> {
    if (lookup.providerRefundId !== null) {
      const answer = await this.http.request({
        method: "GET",
        path: `/refund/${encodeURIComponent(lookup.providerRefundId)}`,
        headers: this.auth,
        answer: RefundAnswer,
        retrySafe: true,
      });
      return paystackRefundOutcome(answer.data);
    }
    // The first answer was lost: the transaction's refunds, found by the note we gave ours.
    const verified = await this.http.request({
      method: "GET",
      path: `/transaction/verify/${encodeURIComponent(lookup.payment.reference)}`,
      headers: this.auth,
      answer: Verified,
      retrySafe: true,
    });
    if (verified.data.id === undefined) return undefined;
    const listed = await this.http.request({
      method: "GET",
      path: `/refund?transaction=${verified.data.id}`,
      headers: this.auth,
      answer: RefundList,
      retrySafe: true,
    });
    const ours = listed.data.find((refund) => refund.merchant_note === merchantNote(lookup.refundId));
    return ours === undefined ? undefined : paystackRefundOutcome(ours);
  }

  async readCallback(callback: IncomingCallback): Promise<ReadCallback> {
    const given = callback.headers["x-paystack-signature"];
    if (given === undefined || given === "") throw this.rejected("x-paystack-signature header missing");
    const expected = createHmac("sha512", this.settings.secretKey).update(callback.rawBody).digest("hex");
    if (!sameText(expected, given.toLowerCase())) throw this.rejected("x-paystack-signature does not match");
    let body: unknown;
    try {
      body = JSON.parse(callback.rawBody.toString("utf8"));
    } catch {
      throw this.rejected("the body is not JSON");
    }
    const decoded = Schema.decodeUnknownEither(PaystackEvent)(body);
    if (decoded._tag === "Left") throw this.rejected("the body is not a Paystack transaction event");
    const { event, data } = decoded.right;
    const status: PaymentStatus = event === "charge.success" ? "paid" : data.status === "failed" ? "failed" : "pending";
    return {
      eventId: `${event}:${data.id}`,
      reference: data.reference,
      status,
      authenticated: true,
      mode: data.domain === "live" ? "live" : data.domain === "test" ? "test" : this.settings.mode,
      ...(data.amount === undefined ? {} : { amountMinor: data.amount }),
      ...(data.currency === undefined ? {} : { currency: data.currency.toUpperCase() }),
      providerResponse: { event, id: data.id, status: data.status ?? null, amount: data.amount ?? null, currency: data.currency ?? null },
    };
  }

  private rejected(message: string): CallbackRejected {
    return new CallbackRejected({ provider: this.provider, message });
  }
}

/** Signs a body the way Paystack does; for tests and the fake server. */
export const paystackSignature = (secretKey: string, rawBody: string | Buffer): string =>
  createHmac("sha512", secretKey).update(rawBody).digest("hex");
