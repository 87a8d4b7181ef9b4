// The mobile collection flow on pawaPay's Merchant API v2 (deposits) for Kenya, Uganda, Tanzania
// and Rwanda: the mobile money provider is chosen from the phone number's prefix, the depositId is
// a UUID derived from our reference (so a repeated request is de-duplicated by pawaPay), and the
// status is read back by depositId. Refunds (`POST /v2/refunds`) carry a refundId derived from our
// refund's id, so a repeat is DUPLICATE_IGNORED, and are read back by it (`GET /v2/refunds/{id}`). Callbacks are read unauthenticated (see docs/decisions/payments.md, payments-07).
import { Schema } from "effect";
import type { Logger } from "pino";
import { v5 as uuidV5 } from "uuid";
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
import { isCurrencyCode, minorDigits } from "../../domain/money/currency.js";
import type { PaymentMode, PaymentStatus } from "../../domain/payments/payment-provider.js";
import { ProviderHttpClient, pick, pickString, trimBaseUrl } from "./provider-http.js";

export interface PawapaySettings {
  readonly mode: PaymentMode;
  /** The API token from the pawaPay Dashboard (sandbox and production tokens differ). */
  readonly token: string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly attempts?: number;
  readonly backoffMs?: number;
}

export const PAWAPAY_SANDBOX_URL = "https://api.sandbox.pawapay.io";
export const PAWAPAY_PRODUCTION_URL = "https://api.pawapay.io";

interface Country {
  readonly callingCode: string;
  readonly currency: string;
  /** Provider code by the first digits after the calling code. */
  readonly providers: ReadonlyArray<readonly [prefix: string, provider: string]>;
}

/**
 * pawaPay provider codes (v2 `provider`, v1 `correspondent`) by number prefix. pawaPay serves only
 * M-Pesa in Kenya, so other Kenyan networks are refused here rather than by pawaPay.
 */
export const PAWAPAY_NETWORKS: Readonly<Record<"KE" | "UG" | "TZ" | "RW", Country>> = {
  KE: {
    callingCode: "254",
    currency: "KES",
    providers: [
      ...["70", "71", "72", "740", "741", "742", "743", "745", "746", "748", "757", "758", "759", "768", "769", "79", "110", "111", "112", "113", "114", "115"].map(
        (prefix) => [prefix, "MPESA_KEN"] as const,
      ),
    ],
  },
  UG: {
    callingCode: "256",
    currency: "UGX",
    providers: [
      ["76", "MTN_MOMO_UGA"],
      ["77", "MTN_MOMO_UGA"],
      ["78", "MTN_MOMO_UGA"],
      ["39", "MTN_MOMO_UGA"],
      ["70", "AIRTEL_OAPI_UGA"],
      ["74", "AIRTEL_OAPI_UGA"],
      ["75", "AIRTEL_OAPI_UGA"],
    ],
  },
  TZ: {
    callingCode: "255",
    currency: "TZS",
    providers: [
      ["74", "VODACOM_TZA"],
      ["75", "VODACOM_TZA"],
      ["76", "VODACOM_TZA"],
      ["68", "AIRTEL_TZA"],
      ["69", "AIRTEL_TZA"],
      ["78", "AIRTEL_TZA"],
      ["65", "TIGO_TZA"],
      ["67", "TIGO_TZA"],
      ["71", "TIGO_TZA"],
      ["77", "TIGO_TZA"],
      ["61", "HALOTEL_TZA"],
      ["62", "HALOTEL_TZA"],
    ],
  },
  RW: {
    callingCode: "250",
    currency: "RWF",
    providers: [
      ["78", "MTN_MOMO_RWA"],
      ["79", "MTN_MOMO_RWA"],
      ["72", "AIRTEL_RWA"],
      ["73", "AIRTEL_RWA"],
    ],
  },
};

/** The pawaPay provider for a phone number `<calling code><9 digits>` in a country, or undefined. */
export const pawapayProvider = (country: string, phone: string): string | undefined => {
  const network = PAWAPAY_NETWORKS[country as keyof typeof PAWAPAY_NETWORKS] as Country | undefined;
  if (network === undefined || !new RegExp(`^${network.callingCode}\\d{9}$`).test(phone)) return undefined;
  const national = phone.slice(network.callingCode.length);
  // Longest prefix first, so `740` wins over `74` where both exist.
  const match = [...network.providers].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => national.startsWith(prefix));
  return match?.[1];
};

/** Fixed namespace for depositIds: UUID v5 of our reference, so the same payment always has the same id. */
const DEPOSIT_NAMESPACE = "6f1d7a52-3f0b-4c43-9f55-0b8e2c1d9a47";
export const depositIdFor = (reference: string): string => uuidV5(reference, DEPOSIT_NAMESPACE);

const REFUND_NAMESPACE = "0c6f8e4e-9a3b-4d8e-8f7a-3e5b2d1c0a99";
export const pawapayRefundIdFor = (refundId: string): string => uuidV5(refundId, REFUND_NAMESPACE);

/** The providers of these four countries take whole units; a fraction is rounded up so the deposit covers the order. */
export const wholeUnits = (amountMinor: number, currency: string): number => {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  return Math.max(1, Math.ceil(amountMinor / 10 ** digits));
};

/** customerMessage: 4 to 22 letters, digits or spaces (shown on the customer's statement). */
const customerMessage = (description: string): string | undefined => {
  const text = description.replace(/[^A-Za-z0-9 ]/g, " ").replace(/\s+/g, " ").trim().slice(0, 22).trim();
  return text.length >= 4 ? text : undefined;
};

const FailureReason = Schema.Struct({ failureCode: Schema.String, failureMessage: Schema.optional(Schema.String) });

const InitiateAnswer = Schema.Struct({
  depositId: Schema.String,
  status: Schema.Literal("ACCEPTED", "REJECTED", "DUPLICATE_IGNORED"),
  created: Schema.optional(Schema.String),
  failureReason: Schema.optional(FailureReason),
});

const Deposit = Schema.Struct({
  depositId: Schema.String,
  status: Schema.String,
  amount: Schema.optional(Schema.String),
  currency: Schema.optional(Schema.String),
  country: Schema.optional(Schema.String),
  clientReferenceId: Schema.optional(Schema.String),
  created: Schema.optional(Schema.String),
  providerTransactionId: Schema.optional(Schema.String),
  failureReason: Schema.optional(FailureReason),
});
type Deposit = typeof Deposit.Type;

const RefundInitiated = Schema.Struct({
  refundId: Schema.optional(Schema.String),
  status: Schema.Literal("ACCEPTED", "REJECTED", "DUPLICATE_IGNORED"),
  created: Schema.optional(Schema.String),
  failureReason: Schema.optional(FailureReason),
});

const PawapayRefund = Schema.Struct({
  refundId: Schema.String,
  status: Schema.String,
  amount: Schema.optional(Schema.String),
  currency: Schema.optional(Schema.String),
  failureReason: Schema.optional(FailureReason),
});
type PawapayRefund = typeof PawapayRefund.Type;

const RefundStatusAnswer = Schema.Union(
  Schema.Struct({ status: Schema.Literal("FOUND"), data: PawapayRefund }),
  Schema.Struct({ status: Schema.Literal("NOT_FOUND") }),
);

const reasonText = (reason: { readonly failureCode: string; readonly failureMessage?: string | undefined } | undefined, fallback: string): string =>
  reason === undefined ? fallback : `${reason.failureCode}${reason.failureMessage ? `: ${reason.failureMessage}` : ""}`;

const StatusAnswer = Schema.Union(
  Schema.Struct({ status: Schema.Literal("FOUND"), data: Deposit }),
  Schema.Struct({ status: Schema.Literal("NOT_FOUND") }),
);

/** COMPLETED and FAILED are final; ACCEPTED, SUBMITTED, PROCESSING, IN_RECONCILIATION... are not. */
const depositStatus = (status: string): PaymentStatus => (status === "COMPLETED" ? "paid" : status === "FAILED" ? "failed" : "pending");

const excerpt = (deposit: Deposit): Record<string, unknown> => ({
  depositId: deposit.depositId,
  status: deposit.status,
  amount: deposit.amount ?? null,
  currency: deposit.currency ?? null,
  providerTransactionId: deposit.providerTransactionId ?? null,
  failureCode: deposit.failureReason?.failureCode ?? null,
});

const minorOf = (amount: string, currency: string): number | undefined => {
  if (!isCurrencyCode(currency) || !/^\d+(\.\d+)?$/.test(amount)) return undefined;
  return Math.round(Number(amount) * 10 ** minorDigits(currency));
};

export class PawapayGateway implements PaymentGateway {
  readonly provider = "mobile_collect" as const;
  readonly flow = "collection" as const;
  private readonly http: ProviderHttpClient;

  constructor(private readonly settings: PawapaySettings, logger: Logger) {
    this.http = new ProviderHttpClient({
      provider: this.provider,
      baseUrl: trimBaseUrl(settings.baseUrl ?? (settings.mode === "live" ? PAWAPAY_PRODUCTION_URL : PAWAPAY_SANDBOX_URL)),
      timeoutMs: settings.timeoutMs,
      attempts: settings.attempts,
      backoffMs: settings.backoffMs,
      errorMessage: (body) =>
        pickString(body, "failureReason", "failureMessage") ?? pickString(body, "failureReason", "failureCode") ?? pickString(body, "errorMessage"),
      logger,
    });
  }

  private get auth(): Record<string, string> {
    return { authorization: `Bearer ${this.settings.token}` };
  }

  private refuse(message: string): ProviderRejected {
    return new ProviderRejected({ provider: this.provider, status: 400, message });
  }

  async initiate(request: PaymentInitiation): Promise<InitiatedPayment> {
    const country = request.country ?? "";
    const network = PAWAPAY_NETWORKS[country as keyof typeof PAWAPAY_NETWORKS] as Country | undefined;
    if (network === undefined) throw this.refuse("pawaPay collection needs a country: KE, UG, TZ or RW");
    if (request.currency !== network.currency) throw this.refuse(`pawaPay takes ${network.currency} in ${country}`);
    const phone = request.phone ?? "";
    const provider = pawapayProvider(country, phone);
    if (provider === undefined) throw this.refuse(`no pawaPay mobile money provider for this ${country} phone number`);
    const depositId = depositIdFor(request.reference);
    const message = customerMessage(request.description);
    const answer = await this.http.request({
      method: "POST",
      path: "/v2/deposits",
      headers: this.auth,
      body: {
        json: {
          depositId,
          amount: String(wholeUnits(request.amountMinor, request.currency)),
          currency: request.currency,
          payer: { type: "MMO", accountDetails: { phoneNumber: phone, provider } },
          clientReferenceId: request.reference,
          ...(message === undefined ? {} : { customerMessage: message }),
          metadata: [{ reference: request.reference }, ...(request.orderId === undefined ? [] : [{ orderId: request.orderId }])],
        },
      },
      answer: InitiateAnswer,
      // pawaPay ignores a second deposit with the same depositId (DUPLICATE_IGNORED): safe to repeat.
      retrySafe: true,
    });
    if (answer.status === "REJECTED") {
      const reason = answer.failureReason;
      throw new ProviderRejected({
        provider: this.provider,
        status: 422,
        message: reason === undefined ? "pawaPay rejected the deposit" : `${reason.failureCode}${reason.failureMessage ? `: ${reason.failureMessage}` : ""}`,
      });
    }
    return {
      providerSessionId: depositId,
      providerResponse: { depositId, status: answer.status, provider, created: answer.created ?? null },
    };
  }

  async checkStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    const answer = await this.http.request({
      method: "GET",
      path: `/v2/deposits/${encodeURIComponent(payment.providerSessionId)}`,
      headers: this.auth,
      answer: StatusAnswer,
      retrySafe: true,
    });
    if (answer.status === "NOT_FOUND") {
      // The deposit never reached pawaPay (the initiation was lost before it): nothing can be paid.
      return { status: "failed", failureReason: "pawaPay has no deposit with this id", providerResponse: { depositId: payment.providerSessionId, status: "NOT_FOUND" } };
    }
    const deposit = answer.data;
    const status = depositStatus(deposit.status);
    const currency = deposit.currency ?? payment.currency;
    const reported = deposit.amount === undefined ? undefined : minorOf(deposit.amount, currency);
    // We asked for the amount rounded up to whole units; that answer is the amount asked, anything else is reported as is.
    const asked = wholeUnits(payment.amountMinor, payment.currency) * 10 ** (isCurrencyCode(currency) ? minorDigits(currency) : 2);
    const amountMinor = reported !== undefined && reported === asked && currency === payment.currency ? payment.amountMinor : reported;
    return {
      status,
      ...(amountMinor === undefined ? {} : { amountMinor, currency }),
      ...(status === "failed"
        ? { failureReason: deposit.failureReason?.failureMessage ?? deposit.failureReason?.failureCode ?? "FAILED" }
        : {}),
      providerResponse: excerpt(deposit),
    };
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const refundId = pawapayRefundIdFor(request.refundId);
    const digits = isCurrencyCode(request.currency) ? minorDigits(request.currency) : 2;
    const answer = await this.http.request({
      method: "POST",
      path: "/v2/refunds",
      headers: this.auth,
      body: {
        json: {
          refundId,
          depositId: request.payment.providerSessionId,
          // Whole units already (the caller rounds mobile money refunds down to whole units).
          amount: String(Math.floor(request.amountMinor / 10 ** digits)),
          currency: request.currency,
          clientReferenceId: request.payment.reference,
          metadata: [{ refundId: request.refundId }, { reference: request.payment.reference }],
        },
      },
      answer: RefundInitiated,
      // pawaPay ignores a second refund with the same refundId (DUPLICATE_IGNORED): safe to repeat.
      retrySafe: true,
    });
    if (answer.status === "REJECTED") {
      return {
        status: "failed",
        providerRefundId: refundId,
        failureReason: reasonText(answer.failureReason, "pawaPay rejected the refund"),
        providerResponse: { refundId, status: answer.status, failureCode: answer.failureReason?.failureCode ?? null },
      };
    }
    return { status: "pending", providerRefundId: refundId, providerResponse: { refundId, status: answer.status, created: answer.created ?? null } };
  }

  async checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined> {
    const refundId = lookup.providerRefundId ?? pawapayRefundIdFor(lookup.refundId);
    const answer = await this.http.request({
      method: "GET",
      path: `/v2/refunds/${encodeURIComponent(refundId)}`,
      headers: this.auth,
      answer: RefundStatusAnswer,
      retrySafe: true,
    });
    if (answer.status === "NOT_FOUND") return undefined;
    const refund: PawapayRefund = answer.data;
    const status = refund.status === "COMPLETED" ? "succeeded" : refund.status === "FAILED" ? "failed" : "pending";
    return {
      status,
      providerRefundId: refund.refundId,
      ...(status === "failed" ? { failureReason: reasonText(refund.failureReason, "FAILED") } : {}),
      providerResponse: { refundId: refund.refundId, status: refund.status, amount: refund.amount ?? null, currency: refund.currency ?? null, failureCode: refund.failureReason?.failureCode ?? null },
    };
  }

  async readCallback(callback: IncomingCallback): Promise<ReadCallback> {
    let body: unknown;
    try {
      body = JSON.parse(callback.rawBody.toString("utf8"));
    } catch {
      throw new CallbackRejected({ provider: this.provider, message: "the body is not JSON" });
    }
    const decoded = Schema.decodeUnknownEither(Deposit)(body);
    if (decoded._tag === "Left") throw new CallbackRejected({ provider: this.provider, message: "the body is not a pawaPay deposit callback" });
    const deposit = decoded.right;
    const reference = deposit.clientReferenceId ?? referenceFromMetadata(pick(body, "metadata"));
    return {
      eventId: `${deposit.depositId}:${deposit.status}`,
      ...(reference === undefined ? {} : { reference }),
      providerSessionId: deposit.depositId,
      status: depositStatus(deposit.status),
      // RFC 9421 signed callbacks are not verified: the caller confirms with checkStatus.
      authenticated: false,
      providerResponse: excerpt(deposit),
    };
  }
}

const referenceFromMetadata = (metadata: unknown): string | undefined => {
  if (!Array.isArray(metadata)) return undefined;
  for (const entry of metadata) {
    const value = pickString(entry, "reference");
    if (value !== undefined) return value;
  }
  return undefined;
};
