// The mobile push flow on Safaricom's M-Pesa Daraja API: an OAuth token (cached until it
// expires), an STK push to the customer's phone, the STK push query for the status, and the
// result callback. Daraja does not sign callbacks, so they are read unauthenticated and the
// caller confirms them with the query. Sandbox and production differ by base URL and credentials.
// Refunds are M-Pesa reversals of the payment's receipt (`/mpesa/reversal/v1/request`, with the
// initiator's name and security credential): Daraja accepts them at once and posts the result to
// the ResultURL later (readReversalResult), so a reversal stays pending until that result arrives.
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
import { ProviderHttpClient, pickString, trimBaseUrl } from "./provider-http.js";

export interface MpesaSettings {
  readonly mode: PaymentMode;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** The paybill number (Daraja's sandbox uses 174379). */
  readonly shortcode: string;
  readonly passkey: string;
  readonly baseUrl?: string;
  /** Where Daraja posts results when the payment itself carries no notification URL. */
  readonly callbackUrl?: string;
  readonly timeoutMs?: number;
  readonly attempts?: number;
  readonly backoffMs?: number;
  readonly now?: () => number;
  /** The API operator's user name (Initiator) for reversals. */
  readonly initiator?: string;
  /** The initiator's password encrypted with Safaricom's certificate, base64 (SecurityCredential). */
  readonly securityCredential?: string;
}

/** What Daraja posts to a reversal's ResultURL, read: our refund is named by Daraja's ConversationID. */
export interface ReversalResult {
  readonly providerRefundId: string;
  readonly outcome: RefundOutcome;
}

export const MPESA_SANDBOX_URL = "https://sandbox.safaricom.co.ke";
export const MPESA_PRODUCTION_URL = "https://api.safaricom.co.ke";

/** Daraja sends some numbers as strings ("3599", "0") and others as numbers. */
const Numeric = Schema.Union(Schema.Number, Schema.String.pipe(Schema.pattern(/^-?\d+$/), Schema.compose(Schema.NumberFromString)));
const Code = Schema.Union(Schema.String, Schema.Number.pipe(Schema.int())).pipe(
  Schema.transform(Schema.String, { strict: true, decode: (value) => String(value), encode: (value) => value }),
);

const Token = Schema.Struct({ access_token: Schema.String.pipe(Schema.minLength(1)), expires_in: Numeric });

const PushAccepted = Schema.Struct({
  MerchantRequestID: Schema.String,
  CheckoutRequestID: Schema.String,
  ResponseCode: Code,
  ResponseDescription: Schema.optional(Schema.String),
  CustomerMessage: Schema.optional(Schema.String),
});

const QueryAnswer = Schema.Struct({
  ResponseCode: Schema.optional(Code),
  ResponseDescription: Schema.optional(Schema.String),
  MerchantRequestID: Schema.optional(Schema.String),
  CheckoutRequestID: Schema.optional(Schema.String),
  ResultCode: Schema.optional(Code),
  ResultDesc: Schema.optional(Schema.String),
});
type QueryAnswer = typeof QueryAnswer.Type;

const ReversalAccepted = Schema.Struct({
  OriginatorConversationID: Schema.optional(Schema.String),
  ConversationID: Schema.String,
  ResponseCode: Code,
  ResponseDescription: Schema.optional(Schema.String),
});

const ReversalResultBody = Schema.Struct({
  Result: Schema.Struct({
    ResultType: Schema.optional(Schema.Union(Schema.Number, Schema.String)),
    ResultCode: Code,
    ResultDesc: Schema.optional(Schema.String),
    OriginatorConversationID: Schema.optional(Schema.String),
    ConversationID: Schema.String,
    TransactionID: Schema.optional(Schema.String),
  }),
});

const MetadataItem = Schema.Struct({ Name: Schema.String, Value: Schema.optional(Schema.Union(Schema.String, Schema.Number)) });
const StkCallback = Schema.Struct({
  Body: Schema.Struct({
    stkCallback: Schema.Struct({
      MerchantRequestID: Schema.String,
      CheckoutRequestID: Schema.String,
      ResultCode: Code,
      ResultDesc: Schema.optional(Schema.String),
      CallbackMetadata: Schema.optional(Schema.Struct({ Item: Schema.Array(MetadataItem) })),
    }),
  }),
});

/** Daraja's error code for a query about a push the customer has not answered yet. */
const STILL_PROCESSING = "500.001.1001";
const NAIROBI_OFFSET_MS = 3 * 3_600_000; // East Africa Time, UTC+3 all year (no daylight saving).

/** `yyyyMMddHHmmss` in Nairobi time, as the STK password and Timestamp fields want. */
export const darajaTimestamp = (epochMs: number): string =>
  new Date(epochMs + NAIROBI_OFFSET_MS).toISOString().replace(/[-:T]/g, "").slice(0, 14);

export const darajaPassword = (shortcode: string, passkey: string, timestamp: string): string =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`, "utf8").toString("base64");

/** M-Pesa takes whole shillings: cents are rounded up so the push always covers the order. */
export const wholeShillings = (amountMinor: number): number => Math.max(1, Math.ceil(amountMinor / 100));

/** AccountReference allows 12 characters: the last 12 letters and digits of our reference. */
export const accountReference = (reference: string): string => reference.replace(/[^A-Za-z0-9]/g, "").slice(-12);

/** TransactionDesc allows 13 characters. */
const transactionDescription = (description: string): string => description.replace(/[^\w .-]/g, "").trim().slice(0, 13) || "Payment";

const resultStatus = (code: string): PaymentStatus => (code === "0" ? "paid" : "failed");

export class MpesaDarajaGateway implements PaymentGateway {
  readonly provider = "mobile_stk" as const;
  readonly flow = "stk_push" as const;
  private readonly http: ProviderHttpClient;
  private token: { readonly value: string; readonly expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly settings: MpesaSettings, logger: Logger) {
    this.http = new ProviderHttpClient({
      provider: this.provider,
      baseUrl: trimBaseUrl(settings.baseUrl ?? (settings.mode === "live" ? MPESA_PRODUCTION_URL : MPESA_SANDBOX_URL)),
      timeoutMs: settings.timeoutMs,
      attempts: settings.attempts,
      backoffMs: settings.backoffMs,
      errorMessage: (body) => pickString(body, "errorMessage") ?? pickString(body, "ResponseDescription") ?? pickString(body, "resultDesc"),
      logger,
    });
  }

  private now(): number {
    return this.settings.now?.() ?? Date.now();
  }

  /** One token at a time, reused until a minute before Daraja says it expires. */
  private async accessToken(): Promise<string> {
    if (this.token !== undefined && this.token.expiresAt > this.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`, "utf8").toString("base64");
    const answer = await this.http.request({
      method: "GET",
      path: "/oauth/v1/generate?grant_type=client_credentials",
      headers: { authorization: `Basic ${basic}` },
      answer: Token,
      retrySafe: true,
    });
    const lifetimeMs = Math.max(0, answer.expires_in * 1000 - 60_000);
    this.token = { value: answer.access_token, expiresAt: this.now() + lifetimeMs };
    return answer.access_token;
  }

  private forgetToken = (): void => {
    this.token = undefined;
  };

  private credentials(): { BusinessShortCode: string; Password: string; Timestamp: string } {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.settings.shortcode,
      Password: darajaPassword(this.settings.shortcode, this.settings.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  async initiate(request: PaymentInitiation): Promise<InitiatedPayment> {
    const callbackUrl = request.notificationUrl ?? this.settings.callbackUrl;
    if (callbackUrl === undefined) {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "M-Pesa needs a callback URL: set STOREFRONT_PUBLIC_URL" });
    }
    if (request.phone === undefined || !/^254\d{9}$/.test(request.phone)) {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "M-Pesa needs a phone number 254XXXXXXXXX" });
    }
    if (request.currency !== "KES") {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "M-Pesa takes KES only" });
    }
    const token = await this.accessToken();
    const amount = wholeShillings(request.amountMinor);
    const answer = await this.http.request({
      method: "POST",
      path: "/mpesa/stkpush/v1/processrequest",
      headers: { authorization: `Bearer ${token}` },
      body: {
        json: {
          ...this.credentials(),
          TransactionType: "CustomerPayBillOnline",
          Amount: amount,
          PartyA: request.phone,
          PartyB: this.settings.shortcode,
          PhoneNumber: request.phone,
          CallBackURL: callbackUrl,
          AccountReference: accountReference(request.reference),
          TransactionDesc: transactionDescription(request.description),
        },
      },
      answer: PushAccepted,
      // A repeated push would prompt the customer twice: never retried.
      retrySafe: false,
      onUnauthorized: this.forgetToken,
    });
    if (answer.ResponseCode !== "0") {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: answer.ResponseDescription ?? `ResponseCode ${answer.ResponseCode}` });
    }
    return {
      providerSessionId: answer.CheckoutRequestID,
      providerResponse: {
        MerchantRequestID: answer.MerchantRequestID,
        CheckoutRequestID: answer.CheckoutRequestID,
        ResponseCode: answer.ResponseCode,
        CustomerMessage: answer.CustomerMessage ?? null,
        Amount: amount,
      },
    };
  }

  async checkStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    const token = await this.accessToken();
    const answer: QueryAnswer = await this.http.request<QueryAnswer>({
      method: "POST",
      path: "/mpesa/stkpushquery/v1/query",
      headers: { authorization: `Bearer ${token}` },
      body: { json: { ...this.credentials(), CheckoutRequestID: payment.providerSessionId } },
      answer: QueryAnswer,
      // A query changes nothing at Safaricom, so it may be repeated.
      retrySafe: true,
      interpretError: (_status, body) =>
        pickString(body, "errorCode") === STILL_PROCESSING
          ? { ResultDesc: pickString(body, "errorMessage") ?? "The transaction is being processed" }
          : undefined,
      onUnauthorized: this.forgetToken,
    });
    const excerpt = {
      CheckoutRequestID: answer.CheckoutRequestID ?? payment.providerSessionId,
      ResultCode: answer.ResultCode ?? null,
      ResultDesc: answer.ResultDesc ?? null,
    };
    if (answer.ResultCode === undefined) return { status: "pending", providerResponse: excerpt };
    const status = resultStatus(answer.ResultCode);
    return {
      status,
      ...(status === "failed" ? { failureReason: answer.ResultDesc ?? `ResultCode ${answer.ResultCode}` } : {}),
      providerResponse: excerpt,
    };
  }

  /** Reverses (part of) the payment's M-Pesa receipt; Daraja answers the result later, at ResultURL. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const { initiator, securityCredential } = this.settings;
    if (initiator === undefined || securityCredential === undefined) {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "M-Pesa reversals need the initiator name and security credential configured" });
    }
    const receipt = request.payment.providerTransactionId;
    if (receipt === undefined) {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: "The payment's M-Pesa receipt number is not known (its result callback never arrived); reverse it from the M-Pesa portal" });
    }
    const resultUrl = request.resultUrl ?? this.settings.callbackUrl;
    if (resultUrl === undefined) throw new ProviderRejected({ provider: this.provider, status: 400, message: "M-Pesa needs a result URL: set STOREFRONT_PUBLIC_URL" });
    const token = await this.accessToken();
    const answer = await this.http.request({
      method: "POST",
      path: "/mpesa/reversal/v1/request",
      headers: { authorization: `Bearer ${token}` },
      body: {
        json: {
          Initiator: initiator,
          SecurityCredential: securityCredential,
          CommandID: "TransactionReversal",
          TransactionID: receipt,
          Amount: Math.max(1, Math.floor(request.amountMinor / 100)),
          ReceiverParty: this.settings.shortcode,
          RecieverIdentifierType: "11",
          ResultURL: resultUrl,
          QueueTimeOutURL: resultUrl,
          Remarks: transactionDescription(request.reason ?? "Refund") || "Refund",
          Occasion: accountReference(request.payment.reference),
        },
      },
      answer: ReversalAccepted,
      // A reversal is not idempotent at Safaricom: never repeated here.
      retrySafe: false,
      onUnauthorized: this.forgetToken,
    });
    if (answer.ResponseCode !== "0") {
      throw new ProviderRejected({ provider: this.provider, status: 400, message: answer.ResponseDescription ?? `ResponseCode ${answer.ResponseCode}` });
    }
    return {
      status: "pending",
      providerRefundId: answer.ConversationID,
      providerResponse: {
        ConversationID: answer.ConversationID,
        OriginatorConversationID: answer.OriginatorConversationID ?? null,
        ResponseCode: answer.ResponseCode,
        ResponseDescription: answer.ResponseDescription ?? null,
      },
    };
  }

  /**
   * Daraja has no synchronous reversal status: an accepted reversal stays pending until its result
   * is posted; one whose acceptance was lost (no ConversationID) was never accepted as far as we
   * know, and is sent again.
   */
  async checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined> {
    if (lookup.providerRefundId === null) return undefined;
    return { status: "pending", providerRefundId: lookup.providerRefundId, providerResponse: { ConversationID: lookup.providerRefundId, awaiting: "result callback" } };
  }

  async readCallback(callback: IncomingCallback): Promise<ReadCallback> {
    let body: unknown;
    try {
      body = JSON.parse(callback.rawBody.toString("utf8"));
    } catch {
      throw new CallbackRejected({ provider: this.provider, message: "the body is not JSON" });
    }
    const decoded = Schema.decodeUnknownEither(StkCallback)(body);
    if (decoded._tag === "Left") throw new CallbackRejected({ provider: this.provider, message: "the body is not an STK callback" });
    const result = decoded.right.Body.stkCallback;
    const items = Object.fromEntries((result.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value ?? null]));
    return {
      // Daraja may post the same result more than once; one result per push is one event.
      eventId: `${result.CheckoutRequestID}:${result.ResultCode}`,
      providerSessionId: result.CheckoutRequestID,
      status: resultStatus(result.ResultCode),
      authenticated: false,
      providerResponse: {
        MerchantRequestID: result.MerchantRequestID,
        CheckoutRequestID: result.CheckoutRequestID,
        ResultCode: result.ResultCode,
        ResultDesc: result.ResultDesc ?? null,
        MpesaReceiptNumber: items["MpesaReceiptNumber"] ?? null,
        Amount: items["Amount"] ?? null,
      },
    };
  }
}

/** Reads a reversal result Daraja posted to the ResultURL (unsigned: the caller acts only on a pending refund with this ConversationID). */
export const readReversalResult = (rawBody: Buffer): ReversalResult => {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new CallbackRejected({ provider: "mobile_stk", message: "the body is not JSON" });
  }
  const decoded = Schema.decodeUnknownEither(ReversalResultBody)(body);
  if (decoded._tag === "Left") throw new CallbackRejected({ provider: "mobile_stk", message: "the body is not a reversal result" });
  const result = decoded.right.Result;
  const succeeded = result.ResultCode === "0";
  return {
    providerRefundId: result.ConversationID,
    outcome: {
      status: succeeded ? "succeeded" : "failed",
      providerRefundId: result.ConversationID,
      ...(succeeded ? {} : { failureReason: result.ResultDesc ?? `ResultCode ${result.ResultCode}` }),
      providerResponse: {
        ConversationID: result.ConversationID,
        ResultCode: result.ResultCode,
        ResultDesc: result.ResultDesc ?? null,
        TransactionID: result.TransactionID ?? null,
      },
    },
  };
};
