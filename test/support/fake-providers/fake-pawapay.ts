// A local stand-in for pawaPay's Merchant API v2 deposits: initiate (Bearer token, JSON, UUID
// depositId de-duplicated with DUPLICATE_IGNORED, provider codes), check status (FOUND /
// NOT_FOUND), pawaPay's failure bodies, and the deposit callback; and v2 refunds (a UUID
// refundId de-duplicated with DUPLICATE_IGNORED, of a COMPLETED deposit, at most what it has
// left, ACCEPTED then COMPLETED or FAILED, read back by refundId).
import { FakeProviderServer, isJson, parseJsonBody, postNotification, type FakeAnswer, type Route } from "./fake-provider-server.js";

export interface FakeDeposit {
  depositId: string;
  status: "ACCEPTED" | "PROCESSING" | "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  country: string;
  payer: { type: "MMO"; accountDetails: { phoneNumber: string; provider: string } };
  clientReferenceId?: string;
  customerMessage?: string;
  created: string;
  providerTransactionId?: string;
  failureReason?: { failureCode: string; failureMessage: string };
  metadata?: unknown;
}

const PROVIDERS: Readonly<Record<string, { country: string; currency: string }>> = {
  MPESA_KEN: { country: "KEN", currency: "KES" },
  MTN_MOMO_UGA: { country: "UGA", currency: "UGX" },
  AIRTEL_OAPI_UGA: { country: "UGA", currency: "UGX" },
  VODACOM_TZA: { country: "TZA", currency: "TZS" },
  AIRTEL_TZA: { country: "TZA", currency: "TZS" },
  TIGO_TZA: { country: "TZA", currency: "TZS" },
  HALOTEL_TZA: { country: "TZA", currency: "TZS" },
  MTN_MOMO_RWA: { country: "RWA", currency: "RWF" },
  AIRTEL_RWA: { country: "RWA", currency: "RWF" },
};

export interface FakePawapayRefund {
  refundId: string;
  depositId: string;
  status: "ACCEPTED" | "PROCESSING" | "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  created: string;
  failureReason?: { failureCode: string; failureMessage: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const rejected = (status: number, failureCode: string, failureMessage: string, depositId?: unknown): FakeAnswer => ({
  status,
  body: { ...(typeof depositId === "string" ? { depositId } : {}), status: "REJECTED", failureReason: { failureCode, failureMessage } },
});

export class FakePawapay extends FakeProviderServer {
  readonly deposits = new Map<string, FakeDeposit>();
  readonly refunds = new Map<string, FakePawapayRefund>();

  constructor(readonly token = "fake-pawapay-sandbox-token") {
    super();
  }

  protected routes(): readonly Route[] {
    return [
      {
        name: "POST /v2/deposits",
        method: "POST",
        pattern: /^\/v2\/deposits$/,
        handle: (call) => {
          if (call.headers["authorization"] !== `Bearer ${this.token}`) return rejected(401, "AUTHENTICATION_ERROR", "The API token is not valid");
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return rejected(400, "INVALID_INPUT", "Unable to parse the request body");
          const depositId = body["depositId"];
          if (typeof depositId !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(depositId)) {
            return rejected(400, "INVALID_PARAMETER", "depositId must be a UUID", depositId);
          }
          if (this.deposits.has(depositId)) return { status: 200, body: { depositId, status: "DUPLICATE_IGNORED", created: this.deposits.get(depositId)!.created } };
          const amount = body["amount"];
          if (typeof amount !== "string" || !/^\d+(\.\d{1,2})?$/.test(amount)) return rejected(400, "INVALID_PARAMETER", "amount must be a decimal string", depositId);
          const payer = body["payer"] as { type?: unknown; accountDetails?: { phoneNumber?: unknown; provider?: unknown } } | undefined;
          const provider = String(payer?.accountDetails?.provider ?? "");
          const phone = String(payer?.accountDetails?.phoneNumber ?? "");
          if (payer?.type !== "MMO" || phone === "" || provider === "") return rejected(400, "MISSING_PARAMETER", "payer.accountDetails is required", depositId);
          const known = PROVIDERS[provider];
          if (known === undefined) return rejected(400, "INVALID_PARAMETER", `unknown provider ${provider}`, depositId);
          if (body["currency"] !== known.currency) return rejected(200, "INVALID_CURRENCY", `${provider} takes ${known.currency}`, depositId);
          if (!/^\d{12}$/.test(phone)) return rejected(200, "INVALID_PHONE_NUMBER", "phoneNumber must be 12 digits", depositId);
          const message = body["customerMessage"];
          if (message !== undefined && (typeof message !== "string" || !/^[A-Za-z0-9 ]{4,22}$/.test(message))) {
            return rejected(400, "INVALID_PARAMETER", "customerMessage must be 4 to 22 letters, digits or spaces", depositId);
          }
          if (Number(amount) > 1_000_000) return rejected(200, "AMOUNT_OUT_OF_BOUNDS", "The amount is above the provider's limit", depositId);
          const created = new Date().toISOString();
          this.deposits.set(depositId, {
            depositId,
            status: "ACCEPTED",
            amount,
            currency: known.currency,
            country: known.country,
            payer: { type: "MMO", accountDetails: { phoneNumber: phone, provider } },
            ...(typeof body["clientReferenceId"] === "string" ? { clientReferenceId: body["clientReferenceId"] } : {}),
            ...(typeof message === "string" ? { customerMessage: message } : {}),
            created,
            metadata: body["metadata"],
          });
          return { status: 200, body: { depositId, status: "ACCEPTED", created } };
        },
      },
      {
        name: "GET /v2/deposits/:id",
        method: "GET",
        pattern: /^\/v2\/deposits\/([^/]+)$/,
        handle: (call, [depositId]) => {
          if (call.headers["authorization"] !== `Bearer ${this.token}`) return rejected(401, "AUTHENTICATION_ERROR", "The API token is not valid");
          const deposit = this.deposits.get(depositId!);
          return { status: 200, body: deposit === undefined ? { status: "NOT_FOUND" } : { status: "FOUND", data: deposit } };
        },
      },
      {
        name: "POST /v2/refunds",
        method: "POST",
        pattern: /^\/v2\/refunds$/,
        handle: (call) => {
          if (call.headers["authorization"] !== `Bearer ${this.token}`) return rejected(401, "AUTHENTICATION_ERROR", "The API token is not valid");
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return rejected(400, "INVALID_INPUT", "Unable to parse the request body");
          const refundId = body["refundId"];
          if (typeof refundId !== "string" || !UUID.test(refundId)) return rejected(400, "INVALID_PARAMETER", "refundId must be a UUID");
          const existing = this.refunds.get(refundId);
          if (existing !== undefined) return { status: 200, body: { refundId, status: "DUPLICATE_IGNORED", created: existing.created } };
          const deposit = this.deposits.get(String(body["depositId"] ?? ""));
          if (deposit === undefined) return { status: 200, body: { refundId, status: "REJECTED", failureReason: { failureCode: "DEPOSIT_NOT_FOUND", failureMessage: "The deposit does not exist" } } };
          if (deposit.status !== "COMPLETED") {
            return { status: 200, body: { refundId, status: "REJECTED", failureReason: { failureCode: "DEPOSIT_NOT_COMPLETED", failureMessage: "Only a completed deposit can be refunded" } } };
          }
          const refunded = [...this.refunds.values()].filter((r) => r.depositId === deposit.depositId && r.status !== "FAILED").reduce((sum, r) => sum + Number(r.amount), 0);
          const amount = body["amount"] === undefined ? String(Number(deposit.amount) - refunded) : body["amount"];
          if (typeof amount !== "string" || !/^\d+(\.\d{1,2})?$/.test(amount)) return rejected(400, "INVALID_PARAMETER", "amount must be a decimal string");
          if (Number(amount) > Number(deposit.amount) - refunded) {
            return { status: 200, body: { refundId, status: "REJECTED", failureReason: { failureCode: "AMOUNT_TOO_LARGE", failureMessage: "The amount is above what the deposit has left" } } };
          }
          if (body["currency"] !== undefined && body["currency"] !== deposit.currency) return rejected(400, "INVALID_CURRENCY", `the deposit is in ${deposit.currency}`);
          const created = new Date().toISOString();
          this.refunds.set(refundId, { refundId, depositId: deposit.depositId, status: "ACCEPTED", amount, currency: deposit.currency, created });
          return { status: 200, body: { refundId, status: "ACCEPTED", created } };
        },
      },
      {
        name: "GET /v2/refunds/:id",
        method: "GET",
        pattern: /^\/v2\/refunds\/([^/]+)$/,
        handle: (call, [refundId]) => {
          if (call.headers["authorization"] !== `Bearer ${this.token}`) return rejected(401, "AUTHENTICATION_ERROR", "The API token is not valid");
          const refund = this.refunds.get(refundId!);
          return { status: 200, body: refund === undefined ? { status: "NOT_FOUND" } : { status: "FOUND", data: refund } };
        },
      },
    ];
  }

  refund(refundId: string): FakePawapayRefund {
    const found = this.refunds.get(refundId);
    if (found === undefined) throw new Error(`no fake pawaPay refund ${refundId}`);
    return found;
  }

  /** The wallet operator finishes the refund. */
  settleRefund(refundId: string, status: "COMPLETED" | "FAILED" = "COMPLETED"): void {
    const refund = this.refund(refundId);
    refund.status = status;
    if (status === "FAILED") refund.failureReason = { failureCode: "RECIPIENT_NOT_ALLOWED_TO_RECEIVE", failureMessage: "The wallet cannot receive the refund" };
  }

  deposit(depositId: string): FakeDeposit {
    const found = this.deposits.get(depositId);
    if (found === undefined) throw new Error(`no fake pawaPay deposit ${depositId}`);
    return found;
  }

  /** The customer enters the PIN. */
  approve(depositId: string): void {
    const deposit = this.deposit(depositId);
    deposit.status = "COMPLETED";
    deposit.providerTransactionId = `FAKE${Date.now()}`;
  }

  decline(depositId: string, failureCode = "PAYMENT_NOT_APPROVED", failureMessage = "The customer did not authorise the payment"): void {
    const deposit = this.deposit(depositId);
    deposit.status = "FAILED";
    deposit.failureReason = { failureCode, failureMessage };
  }

  callbackBody(depositId: string): string {
    return JSON.stringify(this.deposit(depositId));
  }

  /** Posts the deposit callback to the URL configured in the pawaPay Dashboard. */
  async sendCallback(url: string, depositId: string): Promise<{ status: number; body: string }> {
    return postNotification(url, this.callbackBody(depositId));
  }
}
