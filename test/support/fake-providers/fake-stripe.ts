// A local stand-in for Stripe's Checkout Sessions API: form-encoded create with Idempotency-Key
// replay, retrieve, Stripe's error objects, and signed `checkout.session.*` events; and its
// Refunds API (`POST /v1/refunds` of a PaymentIntent, Idempotency-Key replay, never above what
// the PaymentIntent has left, `GET /v1/refunds/:id`), as the official `stripe` client calls it.
import { randomBytes } from "node:crypto";
import { stripeSignatureHeader } from "../../../adapters/payments/stripe-checkout-gateway.js";
import { FakeProviderServer, postNotification, type FakeAnswer, type Route } from "./fake-provider-server.js";

export interface FakeStripeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string | null;
  metadata: Record<string, string>;
  livemode: boolean;
  expires_at: number;
  payment_intent: string | null;
}

export interface FakeStripeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "pending" | "succeeded" | "failed" | "canceled";
  failure_reason: string | null;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

const stripeError = (status: number, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { error: { type: "invalid_request_error", message, ...extra } },
});

export class FakeStripe extends FakeProviderServer {
  readonly sessions = new Map<string, FakeStripeSession>();
  readonly refunds = new Map<string, FakeStripeRefund>();
  /** The status the next refunds are created with (a card refund is usually `succeeded` at once). */
  refundStatus: FakeStripeRefund["status"] = "succeeded";
  private readonly idempotent = new Map<string, string>();

  constructor(
    readonly secretKey = "sk_test_fake0000000000000000",
    readonly webhookSecret = "whsec_fake0000000000000000",
  ) {
    super();
  }

  private authorized(headers: Record<string, unknown>): FakeAnswer | undefined {
    if (headers["authorization"] !== `Bearer ${this.secretKey}`) {
      return stripeError(401, "Invalid API Key provided: sk_test_****0000");
    }
    return undefined;
  }

  protected routes(): readonly Route[] {
    return [
      {
        name: "POST /v1/checkout/sessions",
        method: "POST",
        pattern: /^\/v1\/checkout\/sessions$/,
        handle: (call) => {
          const denied = this.authorized(call.headers);
          if (denied !== undefined) return denied;
          if (!(call.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
            return stripeError(400, "Invalid request (check that your POST content type is application/x-www-form-urlencoded).");
          }
          const key = call.headers["idempotency-key"];
          if (typeof key === "string" && this.idempotent.has(key)) {
            return { status: 200, body: this.sessions.get(this.idempotent.get(key)!), headers: { "idempotent-replayed": "true" } };
          }
          const form = new URLSearchParams(call.body);
          for (const required of [
            "mode",
            "line_items[0][price_data][currency]",
            "line_items[0][price_data][unit_amount]",
            "line_items[0][price_data][product_data][name]",
            "line_items[0][quantity]",
            "success_url",
          ]) {
            if (!form.get(required)) return stripeError(400, `Missing required param: ${required}.`, { param: required });
          }
          if (form.get("mode") !== "payment") return stripeError(400, "Invalid mode", { param: "mode" });
          const unitAmount = form.get("line_items[0][price_data][unit_amount]")!;
          if (!/^\d+$/.test(unitAmount)) return stripeError(400, "Invalid integer: " + unitAmount, { param: "line_items[0][price_data][unit_amount]" });
          const id = `cs_test_${randomBytes(12).toString("hex")}`;
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const found = /^metadata\[(.+)\]$/.exec(name);
            if (found) metadata[found[1]!] = value;
          }
          const session: FakeStripeSession = {
            id,
            object: "checkout.session",
            url: `${this.url}/c/pay/${id}`,
            status: "open",
            payment_status: "unpaid",
            amount_total: Number(unitAmount) * Number(form.get("line_items[0][quantity]")),
            currency: form.get("line_items[0][price_data][currency]")!,
            client_reference_id: form.get("client_reference_id"),
            customer_email: form.get("customer_email"),
            success_url: form.get("success_url"),
            metadata,
            livemode: false,
            expires_at: Math.floor(Date.now() / 1000) + 86_400,
            payment_intent: null,
          };
          this.sessions.set(id, session);
          if (typeof key === "string") this.idempotent.set(key, id);
          return { status: 200, body: session };
        },
      },
      {
        name: "GET /v1/checkout/sessions/:id",
        method: "GET",
        pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
        handle: (call, [id]) => {
          const denied = this.authorized(call.headers);
          if (denied !== undefined) return denied;
          const session = this.sessions.get(id!);
          if (session === undefined) return stripeError(404, `No such checkout.session: '${id}'`, { code: "resource_missing", param: "session" });
          return { status: 200, body: session };
        },
      },
      {
        name: "POST /v1/refunds",
        method: "POST",
        pattern: /^\/v1\/refunds$/,
        handle: (call) => {
          const denied = this.authorized(call.headers);
          if (denied !== undefined) return denied;
          const key = call.headers["idempotency-key"];
          const replayed = typeof key === "string" ? this.idempotent.get(`refund:${key}`) : undefined;
          if (replayed !== undefined) return { status: 200, body: this.refunds.get(replayed), headers: { "idempotent-replayed": "true" } };
          const form = new URLSearchParams(call.body);
          const paymentIntent = form.get("payment_intent");
          const session = [...this.sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === paymentIntent);
          if (paymentIntent === null || session === undefined) {
            return stripeError(404, `No such payment_intent: '${paymentIntent}'`, { code: "resource_missing", param: "payment_intent" });
          }
          const refunded = [...this.refunds.values()]
            .filter((r) => r.payment_intent === paymentIntent && r.status !== "failed" && r.status !== "canceled")
            .reduce((sum, r) => sum + r.amount, 0);
          const amount = form.get("amount") === null ? session.amount_total - refunded : Number(form.get("amount"));
          if (!Number.isInteger(amount) || amount < 1) return stripeError(400, "Invalid positive integer", { param: "amount" });
          if (refunded >= session.amount_total) return stripeError(400, `Charge for PaymentIntent ${paymentIntent} has already been refunded.`, { code: "charge_already_refunded" });
          if (amount > session.amount_total - refunded) {
            return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`, { param: "amount" });
          }
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const found = /^metadata\[(.+)\]$/.exec(name);
            if (found) metadata[found[1]!] = value;
          }
          const refund: FakeStripeRefund = {
            id: `re_${randomBytes(12).toString("hex")}`,
            object: "refund",
            amount,
            currency: session.currency,
            payment_intent: paymentIntent,
            status: this.refundStatus,
            failure_reason: this.refundStatus === "failed" ? "expired_or_canceled_card" : null,
            reason: form.get("reason"),
            metadata,
            created: Math.floor(Date.now() / 1000),
          };
          this.refunds.set(refund.id, refund);
          if (typeof key === "string") this.idempotent.set(`refund:${key}`, refund.id);
          return { status: 200, body: refund };
        },
      },
      {
        name: "GET /v1/refunds/:id",
        method: "GET",
        pattern: /^\/v1\/refunds\/([^/]+)$/,
        handle: (call, [id]) => {
          const denied = this.authorized(call.headers);
          if (denied !== undefined) return denied;
          const refund = this.refunds.get(id!);
          if (refund === undefined) return stripeError(404, `No such refund: '${id}'`, { code: "resource_missing", param: "id" });
          return { status: 200, body: refund };
        },
      },
    ];
  }

  /** A pending refund reaches the card (or fails). */
  settleRefund(refundId: string, status: "succeeded" | "failed" = "succeeded"): void {
    const refund = this.refunds.get(refundId);
    if (refund === undefined) throw new Error(`no fake Stripe refund ${refundId}`);
    refund.status = status;
    refund.failure_reason = status === "failed" ? "expired_or_canceled_card" : null;
  }

  /** The customer pays on the hosted page. */
  approve(sessionId: string): FakeStripeSession {
    const session = this.session(sessionId);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
    return session;
  }

  /** The session runs out without a payment. */
  expire(sessionId: string): FakeStripeSession {
    const session = this.session(sessionId);
    session.status = "expired";
    return session;
  }

  session(sessionId: string): FakeStripeSession {
    const session = this.sessions.get(sessionId);
    if (session === undefined) throw new Error(`no fake Stripe session ${sessionId}`);
    return session;
  }

  /** A Stripe event as Stripe posts it, with its raw body and Stripe-Signature header. */
  event(type: string, sessionId: string, options: { secret?: string; timestampSeconds?: number } = {}): { rawBody: string; signature: string } {
    const rawBody = JSON.stringify({
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: "2025-03-31.basil",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: this.session(sessionId) },
    });
    const signature = stripeSignatureHeader(options.secret ?? this.webhookSecret, rawBody, options.timestampSeconds ?? Math.floor(Date.now() / 1000));
    return { rawBody, signature };
  }

  /** Posts a signed event to a webhook endpoint, as Stripe would. */
  async sendEvent(url: string, type: string, sessionId: string): Promise<{ status: number; body: string }> {
    const { rawBody, signature } = this.event(type, sessionId);
    return postNotification(url, rawBody, { "stripe-signature": signature });
  }
}
