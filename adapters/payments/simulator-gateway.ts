// The built-in sandbox: one simulated provider per kind, answering in that kind's flow, used in
// test mode when the provider has no test credentials, so the demo runs offline. Customer approval
// is simulated deterministically from magic values (like a provider's test cards), and the
// outcome travels in the session id, so the simulator keeps no state. It refuses live mode.
import { createHash } from "node:crypto";
import {
  CallbackRejected,
  ProviderRejected,
  ProviderUnavailable,
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
import { PAYMENT_FLOWS, type PaymentFlow, type PaymentMode, type PaymentProvider, type PaymentStatus } from "../../domain/payments/payment-provider.js";

/** What the simulated customer does, or what the simulated provider answers. */
export type SimulatedOutcome = PaymentStatus | "rejected" | "unavailable";

/** Email local parts (`amina+fail@example.com`) and phone endings that choose an outcome; anything else is paid. */
export const SIMULATOR_MAGIC = {
  emailSuffixes: { "+fail": "failed", "+pending": "pending", "+rejected": "rejected", "+unavailable": "unavailable" },
  phoneEndings: { "0000": "failed", "9999": "pending", "0400": "rejected", "0503": "unavailable" },
} as const satisfies {
  emailSuffixes: Record<string, SimulatedOutcome>;
  phoneEndings: Record<string, SimulatedOutcome>;
};

const FAILURE_REASONS: Readonly<Record<PaymentFlow, string>> = {
  redirect: "card_declined: the simulated card was declined",
  popup: "card_declined: the simulated card was declined",
  stk_push: "1032: the simulated customer cancelled the M-Pesa prompt",
  collection: "PAYER_NOT_FOUND: the simulated wallet refused the deposit",
};

/** Words in a refund's reason that choose the simulated refund's outcome; any other reason succeeds at once. */
export const SIMULATOR_REFUND_MAGIC = {
  "+fail": "failed",
  "+pending": "pending",
  "+rejected": "rejected",
  "+unavailable": "unavailable",
} as const satisfies Record<string, "failed" | "pending" | "rejected" | "unavailable">;

const REFUND_FAILURE = "refund_declined: the simulated provider declined the refund";
const REFUND_PATTERN = /^sim_re_(succeeded|failed|pending)_([0-9a-f]{16})$/;

const SESSION_PATTERN = /^sim_(redirect|popup|stk_push|collection)_(paid|failed|pending)_([0-9a-f]{16})$/;

export const simulatedOutcome = (request: { readonly email?: string | undefined; readonly phone?: string | undefined }): SimulatedOutcome => {
  const local = request.email?.split("@")[0]?.toLowerCase() ?? "";
  for (const [suffix, outcome] of Object.entries(SIMULATOR_MAGIC.emailSuffixes)) if (local.endsWith(suffix)) return outcome;
  const digits = request.phone?.replace(/\D/g, "") ?? "";
  for (const [ending, outcome] of Object.entries(SIMULATOR_MAGIC.phoneEndings)) if (digits.endsWith(ending)) return outcome;
  return "paid";
};

export const simulatorPublicKey = (provider: PaymentProvider): string => `pk_test_simulator_${provider}`;

const withQuery = (url: string, query: Readonly<Record<string, string>>): string => {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value);
  return parsed.toString();
};

export class SimulatorGateway implements PaymentGateway {
  readonly flow: PaymentFlow;

  constructor(readonly provider: PaymentProvider) {
    this.flow = PAYMENT_FLOWS[provider];
  }

  private refuseLive(mode: PaymentMode): void {
    if (mode !== "test") throw new ProviderRejected({ provider: this.provider, status: 403, message: "The sandbox simulator never serves live payments." });
  }

  async initiate(request: PaymentInitiation): Promise<InitiatedPayment> {
    this.refuseLive(request.mode);
    const outcome = simulatedOutcome(request);
    if (outcome === "rejected") throw new ProviderRejected({ provider: this.provider, status: 400, message: "The simulated provider rejected the payment (magic value)." });
    if (outcome === "unavailable") throw new ProviderUnavailable({ provider: this.provider, message: "The simulated provider is unavailable (magic value)." });
    const digest = createHash("sha256").update(request.reference).digest("hex").slice(0, 16);
    const sessionId = `sim_${this.flow}_${outcome}_${digest}`;
    const providerResponse = { simulator: true, session_id: sessionId, outcome };
    switch (this.flow) {
      case "redirect": {
        // The simulated customer pays at once: the checkout sends them straight back where they would land.
        const landing = outcome === "failed" ? request.cancelUrl : request.successUrl;
        if (landing === undefined) throw new ProviderRejected({ provider: this.provider, status: 400, message: "success_url and cancel_url are required." });
        return {
          providerSessionId: sessionId,
          checkoutUrl: withQuery(landing, { simulator: "1", reference: request.reference, session_id: sessionId }),
          providerResponse,
        };
      }
      case "popup":
        return { providerSessionId: sessionId, publicKey: simulatorPublicKey(this.provider), accessCode: sessionId, providerResponse };
      case "stk_push":
      case "collection":
        return { providerSessionId: sessionId, providerResponse };
    }
  }

  async checkStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    this.refuseLive(payment.mode);
    const match = SESSION_PATTERN.exec(payment.providerSessionId);
    if (match === null || match[1] !== this.flow) {
      throw new ProviderRejected({ provider: this.provider, status: 404, message: `No simulated ${this.flow} session ${payment.providerSessionId}.` });
    }
    const status = match[2] as PaymentStatus;
    return {
      status,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      ...(status === "failed" ? { failureReason: FAILURE_REASONS[this.flow] } : {}),
      providerResponse: { simulator: true, session_id: payment.providerSessionId, status },
    };
  }

  /**
   * A refund succeeds at once, unless its reason holds a magic word (SIMULATOR_REFUND_MAGIC): a
   * pending one has succeeded by the time it is asked about again, a failed one stays failed.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    this.refuseLive(request.mode);
    const reason = request.reason?.toLowerCase() ?? "";
    const magic = Object.entries(SIMULATOR_REFUND_MAGIC).find(([word]) => reason.includes(word))?.[1];
    if (magic === "rejected") throw new ProviderRejected({ provider: this.provider, status: 400, message: "The simulated provider rejected the refund (magic value)." });
    if (magic === "unavailable") throw new ProviderUnavailable({ provider: this.provider, message: "The simulated provider is unavailable (magic value)." });
    const status = magic ?? "succeeded";
    const id = `sim_re_${status}_${createHash("sha256").update(request.refundId).digest("hex").slice(0, 16)}`;
    return {
      status,
      providerRefundId: id,
      ...(status === "failed" ? { failureReason: REFUND_FAILURE } : {}),
      providerResponse: { simulator: true, refund_id: id, status, amount: request.amountMinor },
    };
  }

  async checkRefund(lookup: RefundLookup): Promise<RefundOutcome | undefined> {
    this.refuseLive(lookup.mode);
    const match = lookup.providerRefundId === null ? null : REFUND_PATTERN.exec(lookup.providerRefundId);
    if (match === null) return undefined;
    const status = match[1] === "failed" ? "failed" : "succeeded";
    return {
      status,
      providerRefundId: lookup.providerRefundId!,
      ...(status === "failed" ? { failureReason: REFUND_FAILURE } : {}),
      providerResponse: { simulator: true, refund_id: lookup.providerRefundId, status },
    };
  }

  /**
   * Simulated notifications are JSON `{"simulator": true, "event_id", "reference" | "session_id", "status"}`.
   * They are not signed, so the caller confirms them with checkStatus before acting.
   */
  async readCallback(callback: IncomingCallback): Promise<ReadCallback> {
    let body: unknown;
    try {
      body = JSON.parse(callback.rawBody.toString("utf8"));
    } catch {
      throw new CallbackRejected({ provider: this.provider, message: "The notification is not JSON." });
    }
    const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const text = (name: string): string | undefined => (typeof fields[name] === "string" && fields[name] !== "" ? (fields[name] as string) : undefined);
    const eventId = text("event_id");
    const status = text("status");
    const reference = text("reference");
    const sessionId = text("session_id");
    if (
      fields.simulator !== true ||
      eventId === undefined ||
      (status !== "pending" && status !== "paid" && status !== "failed") ||
      (reference === undefined && sessionId === undefined)
    ) {
      throw new CallbackRejected({ provider: this.provider, message: "Not a simulator notification." });
    }
    return {
      eventId,
      status,
      authenticated: false,
      mode: "test",
      ...(reference !== undefined ? { reference } : {}),
      ...(sessionId !== undefined ? { providerSessionId: sessionId } : {}),
      providerResponse: { simulator: true, event_id: eventId, status },
    };
  }
}
