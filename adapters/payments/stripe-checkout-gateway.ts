// The redirect card flow on Stripe Checkout Sessions: create a session (the customer goes to its
// `url`), read it back for the status, and read Stripe's signed `checkout.session.*` events.
// Test or live is the secret key's own mode (`sk_test_` / `sk_live_`); the base URL is the same.
// Refunds go through Stripe's official client (`stripe`): the Checkout Session's PaymentIntent is
// refunded under an idempotency key derived from our refund's id, so sending it again refunds once.
import { createHmac } from "node:crypto";
import { Schema } from "effect";
import type { Logger } from "pino";
import Stripe from "stripe";
import {
  CallbackRejected,
  ProviderRejected,
  ProviderUnavailable,
  type RefundLookup,
  type RefundOutcome,
  type RefundRequest,
  type IncomingCallback,
  type InitiatedPayment,
  type PaymentGateway,
  type PaymentInitiation,
  type PaymentLookup,
  type ProviderStatus,
  type ReadCallback,
} from "../../application/ports/payment-gateway.js";
import type { PaymentMode, PaymentStatus } from "../../domain/payments/payment-provider.js";
import { sameText } from "./constant-time.js";
import { ProviderHttpClient, pickString, trimBaseUrl } from "./provider-http.js";

export interface StripeSettings {
  readonly mode: PaymentMode;
  readonly secretKey: string;
  /** The endpoint's signing secret (`whsec_...`); without it callbacks are read unauthenticated. */
  readonly webhookSecret?: string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly attempts?: number;
  readonly backoffMs?: number;
  /** Seconds a signed event may be old (Stripe's libraries use 300). */
  readonly toleranceSeconds?: number;
  readonly now?: () => number;
}

export const STRIPE_BASE_URL = "https://api.stripe.com";

const CheckoutSession = Schema.Struct({
  id: Schema.String,
  object: Schema.optional(Schema.Literal("checkout.session")),
  url: Schema.optional(Schema.NullOr(Schema.String)),
  status: Schema.optional(Schema.NullOr(Schema.String)),
  payment_status: Schema.String,
  amount_total: Schema.optional(Schema.NullOr(Schema.Number)),
  currency: Schema.optional(Schema.NullOr(Schema.String)),
  client_reference_id: Schema.optional(Schema.NullOr(Schema.String)),
  livemode: Schema.optional(Schema.Boolean),
  expires_at: Schema.optional(Schema.NullOr(Schema.Number)),
});
type CheckoutSession = typeof CheckoutSession.Type;

const StripeEvent = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  livemode: Schema.optional(Schema.Boolean),
  data: Schema.Struct({ object: CheckoutSession }),
});

/** `paid` and `no_payment_required` both mean the session is settled. */
const sessionStatus = (session: CheckoutSession): PaymentStatus => {
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "paid";
  if (session.status === "expired") return "failed";
  return "pending";
};

const excerpt = (session: CheckoutSession): Record<string, unknown> => ({
  id: session.id,
  status: session.status ?? null,
  payment_status: session.payment_status,
  amount_total: session.amount_total ?? null,
  currency: session.currency ?? null,
});

/** Stripe metadata: at most 50 string values of 500 characters under keys of 40. */
const stripeMetadata = (request: PaymentInitiation): Array<[string, string]> => {
  const entries: Array<[string, string]> = [["reference", request.reference]];
  if (request.orderId !== undefined) entries.push(["order_id", request.orderId]);
  for (const [key, value] of Object.entries(request.metadata)) {
    if (entries.length >= 50 || key.length > 40 || key === "reference" || key === "order_id") continue;
    if (value === null || value === undefined) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    entries.push([key, text.slice(0, 500)]);
  }
  return entries;
};

/** The official client aimed at a base URL (Stripe's, or a local stand-in in tests): host, port and protocol. */
const stripeClient = (settings: StripeSettings): Stripe => {
  const url = new URL(trimBaseUrl(settings.baseUrl ?? STRIPE_BASE_URL));
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port === "" ? (protocol === "http" ? 80 : 443) : Number(url.port),
    protocol,
    timeout: settings.timeoutMs ?? 10_000,
    // Every write carries an idempotency key, so the client may repeat it after a network error.
    maxNetworkRetries: Math.max(0, (settings.attempts ?? 3) - 1),
    telemetry: false,
  });
};

type StripeRefund = Stripe.Refund;

const refundOutcome = (refund: StripeRefund): RefundOutcome => {
  const status = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return {
    status,
    providerRefundId: refund.id,
    ...(status === "failed" ? { failureReason: refund.failure_reason ?? refund.status ?? "failed" } : {}),
    providerResponse: {
      id: refund.id,
      status: refund.status ?? null,
      amount: refund.amount,
      currency: refund.currency,
      payment_intent: typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null),
      failure_reason: refund.failure_reason ?? null,
    },
  };
};

export class StripeCheckoutGateway implements PaymentGateway {
  readonly provider = "card_redirect" as const;
  readonly flow = "redirect" as const;
  private readonly http: ProviderHttpClient;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings, logger: Logger) {
    this.stripe = stripeClient(settings);
    this.http = new ProviderHttpClient({
      provider: this.provider,
      baseUrl: trimBaseUrl(settings.baseUrl ?? STRIPE_BASE_URL),
      timeoutMs: settings.timeoutMs,
      attempts: settings.attempts,
      backoffMs: settings.backoffMs,
      errorMessage: (body) => pickString(body, "error", "message"),
      logger,
    });
  }

  private get auth(): Record<string, string> {
    return { authorization: `Bearer ${this.settings.secretKey}` };
  }

  async initiate(request: PaymentInitiation): Promise<InitiatedPayment> {
    const form = new URLSearchParams();
    form.set("mode", "payment");
    form.set("line_items[0][quantity]", "1");
    form.set("line_items[0][price_data][currency]", request.currency.toLowerCase());
    form.set("line_items[0][price_data][unit_amount]", String(request.amountMinor));
    form.set("line_items[0][price_data][product_data][name]", request.description);
    form.set("client_reference_id", request.reference);
    if (request.successUrl !== undefined) form.set("success_url", request.successUrl);
    if (request.cancelUrl !== undefined) form.set("cancel_url", request.cancelUrl);
    if (request.email !== undefined) form.set("customer_email", request.email);
    for (const [key, value] of stripeMetadata(request)) {
      form.set(`metadata[${key}]`, value);
      // The PaymentIntent carries the reference too, so it shows in the Dashboard's payments list.
      if (key === "reference" || key === "order_id") form.set(`payment_intent_data[metadata][${key}]`, value);
    }
    const session = await this.http.request({
      method: "POST",
      path: "/v1/checkout/sessions",
      // One session per reference: a repeat with this key gets Stripe's first answer back.
      headers: { ...this.auth, "idempotency-key": `storefront-checkout-${request.reference}` },
      body: { form },
      answer: CheckoutSession,
      retrySafe: true,
    });
    return {
      providerSessionId: session.id,
      ...(session.url ? { checkoutUrl: session.url } : {}),
      providerResponse: { ...excerpt(session), expires_at: session.expires_at ?? null },
    };
  }

  async checkStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    const session = await this.http.request({
      method: "GET",
      path: `/v1/checkout/sessions/${encodeURIComponent(payment.providerSessionId)}`,
      headers: this.auth,
      answer: CheckoutSession,
      retrySafe: true,
    });
    const status = sessionStatus(session);
    return {
      status,
      ...(typeof session.amount_total === "number" ? { amountMinor: session.amount_total } : {}),
      ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
      ...(status === "failed" ? { failureReason: "The Checkout Session expired before payment" } : {}),
      providerResponse: excerpt(session),
    };
  }

  async readCallback(callback: IncomingCallback): Promise<ReadCallback> {
    const secret = this.settings.webhookSecret;
    const authenticated = secret !== undefined;
    if (secret !== undefined) this.verify(callback, secret);
    let body: unknown;
    try {
      body = JSON.parse(callback.rawBody.toString("utf8"));
    } catch {
      throw this.rejected("the body is not JSON");
    }
    const decoded = Schema.decodeUnknownEither(StripeEvent)(body);
    if (decoded._tag === "Left") throw this.rejected("the body is not a Checkout Session event");
    const event = decoded.right;
    const session = event.data.object;
    const status: PaymentStatus =
      event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired"
        ? "failed"
        : event.type === "checkout.session.async_payment_succeeded"
          ? "paid"
          : event.type === "checkout.session.completed"
            ? sessionStatus(session)
            : "pending";
    return {
      eventId: event.id,
      ...(session.client_reference_id ? { reference: session.client_reference_id } : {}),
      providerSessionId: session.id,
      status,
      authenticated,
      ...(event.livemode === undefined ? {} : { mode: event.livemode ? "live" : "test" }),
      ...(typeof session.amount_total === "number" ? { amountMinor: session.amount_total } : {}),
      ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
      providerResponse: { event: event.type, ...excerpt(session) },
    };
  }

  /** Refunds the Checkout Session's PaymentIntent (Stripe `refunds.create`). */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.translated(async () => {
      const session = await this.stripe.checkout.sessions.retrieve(request.payment.providerSessionId);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (paymentIntent === undefined) {
        throw new ProviderRejected({ provider: this.provider, status: 400, message: `The Checkout Session ${session.id} has no PaymentIntent to refund (payment_status ${session.payment_status}).` });
      }
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountMinor,
          reason: "requested_by_customer",
          metadata: { reference: request.payment.reference, refund_id: request.refundId, ...(request.reason === undefined ? {} : { note: request.reason.slice(0, 500) }) },
        },
        { idempotencyKey: `storefront-refund-${request.refundId}` },
      );
      return refundOutcome(refund);
    });
  }

  /** Reads the refund back; without Stripe's id (its first answer was lost) undefined: sent again, the idempotency key makes it one refund. */
  async checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined> {
    const id = lookup.providerRefundId;
    if (id === null) return undefined;
    return this.translated(async () => refundOutcome(await this.stripe.refunds.retrieve(id)));
  }

  /** Stripe's errors as the port's: a 4xx is a refusal, anything else (network, 5xx, 429) unavailability. */
  private async translated<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderRejected || error instanceof ProviderUnavailable) throw error;
      if (error instanceof Stripe.errors.StripeError) {
        const status = error.statusCode ?? 0;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
          throw new ProviderRejected({ provider: this.provider, status, message: error.message });
        }
        throw new ProviderUnavailable({ provider: this.provider, message: `${error.message}${status > 0 ? ` (HTTP ${status})` : ""}` });
      }
      throw new ProviderUnavailable({ provider: this.provider, message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (several v1 while secrets roll). */
  private verify(callback: IncomingCallback, secret: string): void {
    const header = callback.headers["stripe-signature"];
    if (header === undefined || header === "") throw this.rejected("Stripe-Signature header missing");
    let timestamp: number | undefined;
    const signatures: string[] = [];
    for (const part of header.split(",")) {
      const [key, value] = part.trim().split("=", 2) as [string, string | undefined];
      if (key === "t" && value !== undefined && /^\d+$/.test(value)) timestamp = Number(value);
      if (key === "v1" && value !== undefined) signatures.push(value);
    }
    if (timestamp === undefined || signatures.length === 0) throw this.rejected("Stripe-Signature header malformed");
    const expected = createHmac("sha256", secret)
      .update(`${timestamp}.`)
      .update(callback.rawBody)
      .digest("hex");
    if (!signatures.some((given) => sameText(expected, given))) throw this.rejected("Stripe-Signature does not match");
    const now = Math.floor((this.settings.now?.() ?? Date.now()) / 1000);
    const tolerance = this.settings.toleranceSeconds ?? 300;
    if (Math.abs(now - timestamp) > tolerance) throw this.rejected("Stripe-Signature timestamp outside the tolerance");
  }

  private rejected(message: string): CallbackRejected {
    return new CallbackRejected({ provider: this.provider, message });
  }
}

/** Signs a body the way Stripe does; for tests and the fake server. */
export const stripeSignatureHeader = (secret: string, rawBody: string | Buffer, timestampSeconds: number): string =>
  `t=${timestampSeconds},v1=${createHmac("sha256", secret).update(`${timestampSeconds}.`).update(rawBody).digest("hex")}`;
