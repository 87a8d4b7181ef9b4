// A local stand-in for Paystack's Transaction API: initialize (JSON, unique reference), verify by
// reference, Paystack's `{status: false, message}` errors, and `charge.success` events signed
// with HMAC-SHA512 of the body under the secret key; and the Refund API (`POST /refund` of a
// transaction by reference or id, at most what it has left, `GET /refund/:id`, `GET
// /refund?transaction=<id>`), whose refunds go pending → processed (or failed).
import { randomBytes } from "node:crypto";
import { paystackSignature } from "../../../adapters/payments/paystack-gateway.js";
import { FakeProviderServer, isJson, parseJsonBody, postNotification, type FakeAnswer, type Route } from "./fake-provider-server.js";

export interface FakePaystackTransaction {
  id: number;
  domain: "test";
  status: "abandoned" | "success" | "failed";
  reference: string;
  amount: number;
  currency: string;
  email: string;
  access_code: string;
  callback_url: string | null;
  metadata: unknown;
  paid_at: string | null;
  gateway_response: string;
}

export interface FakePaystackRefund {
  id: number;
  integration: number;
  domain: "test";
  transaction: number;
  amount: number;
  currency: string;
  status: "pending" | "processing" | "processed" | "failed";
  merchant_note: string | null;
  customer_note: string | null;
  createdAt: string;
}

const failure = (status: number, message: string): FakeAnswer => ({ status, body: { status: false, message } });

export class FakePaystack extends FakeProviderServer {
  readonly transactions = new Map<string, FakePaystackTransaction>();
  readonly refunds = new Map<number, FakePaystackRefund>();
  /** The status the next refunds are created with: Paystack queues them (`pending`); `processed` settles at once. */
  refundStatus: FakePaystackRefund["status"] = "pending";
  private nextId = 4_099_260_000;
  private nextRefundId = 3_018_000;

  constructor(
    readonly secretKey = "sk_test_fakepaystack000000000000",
    readonly publicKey = "pk_test_fakepaystack000000000000",
  ) {
    super();
  }

  protected routes(): readonly Route[] {
    return [
      {
        name: "POST /transaction/initialize",
        method: "POST",
        pattern: /^\/transaction\/initialize$/,
        handle: (call) => {
          if (call.headers["authorization"] !== `Bearer ${this.secretKey}`) return failure(401, "Invalid key");
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return failure(400, "Invalid JSON body");
          if (typeof body["email"] !== "string" || !body["email"].includes("@")) return failure(400, "Invalid Email Address Passed");
          const amount = typeof body["amount"] === "string" ? body["amount"] : typeof body["amount"] === "number" ? String(body["amount"]) : "";
          if (!/^\d+$/.test(amount) || Number(amount) < 1) return failure(400, "Invalid Amount Sent");
          const currency = typeof body["currency"] === "string" ? body["currency"] : "NGN";
          if (!["NGN", "GHS", "ZAR", "KES", "USD", "XOF", "EGP"].includes(currency)) return failure(403, "Currency not supported by merchant");
          const reference = typeof body["reference"] === "string" ? body["reference"] : `T${randomBytes(6).toString("hex")}`;
          if (this.transactions.has(reference)) return failure(400, "Duplicate Transaction Reference");
          const accessCode = randomBytes(8).toString("hex");
          this.transactions.set(reference, {
            id: (this.nextId += 1),
            domain: "test",
            status: "abandoned",
            reference,
            amount: Number(amount),
            currency,
            email: body["email"],
            access_code: accessCode,
            callback_url: typeof body["callback_url"] === "string" ? body["callback_url"] : null,
            metadata: body["metadata"] ?? null,
            paid_at: null,
            gateway_response: "The transaction was not completed",
          });
          return {
            status: 200,
            body: {
              status: true,
              message: "Authorization URL created",
              data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference },
            },
          };
        },
      },
      {
        name: "GET /transaction/verify/:reference",
        method: "GET",
        pattern: /^\/transaction\/verify\/([^/]+)$/,
        handle: (call, [reference]) => {
          if (call.headers["authorization"] !== `Bearer ${this.secretKey}`) return failure(401, "Invalid key");
          const transaction = this.transactions.get(reference!);
          if (transaction === undefined) return failure(400, "Transaction reference not found");
          return { status: 200, body: { status: true, message: "Verification successful", data: this.view(transaction) } };
        },
      },
      {
        name: "POST /refund",
        method: "POST",
        pattern: /^\/refund$/,
        handle: (call) => {
          if (call.headers["authorization"] !== `Bearer ${this.secretKey}`) return failure(401, "Invalid key");
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return failure(400, "Invalid JSON body");
          const key = String(body["transaction"] ?? "");
          const transaction = this.transactions.get(key) ?? [...this.transactions.values()].find((t) => String(t.id) === key);
          if (transaction === undefined) return failure(404, "Transaction not found");
          if (transaction.status !== "success") return failure(400, "Cannot refund a transaction that was not successful");
          const refunded = [...this.refunds.values()].filter((r) => r.transaction === transaction.id && r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
          if (refunded >= transaction.amount) return failure(400, "Transaction has been fully reversed");
          const amount = body["amount"] === undefined ? transaction.amount - refunded : Number(body["amount"]);
          if (!Number.isInteger(amount) || amount < 1) return failure(400, "Invalid amount");
          if (amount > transaction.amount - refunded) return failure(400, "Refund amount cannot be more than the unrefunded transaction amount");
          const refund: FakePaystackRefund = {
            id: (this.nextRefundId += 1),
            integration: 100032,
            domain: "test",
            transaction: transaction.id,
            amount,
            currency: transaction.currency,
            status: this.refundStatus,
            merchant_note: typeof body["merchant_note"] === "string" ? body["merchant_note"] : null,
            customer_note: typeof body["customer_note"] === "string" ? body["customer_note"] : null,
            createdAt: new Date().toISOString(),
          };
          this.refunds.set(refund.id, refund);
          return { status: 200, body: { status: true, message: "Refund has been queued for processing", data: { ...refund, transaction: this.view(transaction) } } };
        },
      },
      {
        name: "GET /refund/:id",
        method: "GET",
        pattern: /^\/refund\/(\d+)$/,
        handle: (call, [id]) => {
          if (call.headers["authorization"] !== `Bearer ${this.secretKey}`) return failure(401, "Invalid key");
          const refund = this.refunds.get(Number(id));
          if (refund === undefined) return failure(404, "Refund not found");
          return { status: 200, body: { status: true, message: "Refund retrieved", data: refund } };
        },
      },
      {
        name: "GET /refund",
        method: "GET",
        pattern: /^\/refund$/,
        handle: (call) => {
          if (call.headers["authorization"] !== `Bearer ${this.secretKey}`) return failure(401, "Invalid key");
          const transaction = new URL(call.path, "http://fake").searchParams.get("transaction");
          const data = [...this.refunds.values()].filter((r) => transaction === null || String(r.transaction) === transaction);
          return { status: 200, body: { status: true, message: "Refunds retrieved", data, meta: { total: data.length } } };
        },
      },
    ];
  }

  /** Paystack finishes a queued refund. */
  settleRefund(refundId: number, status: "processed" | "failed" = "processed"): void {
    const refund = this.refunds.get(refundId);
    if (refund === undefined) throw new Error(`no fake Paystack refund ${refundId}`);
    refund.status = status;
  }

  private view(transaction: FakePaystackTransaction): Record<string, unknown> {
    const { access_code: _code, email, ...rest } = transaction;
    return { ...rest, paidAt: transaction.paid_at, customer: { email }, channel: "card" };
  }

  transaction(reference: string): FakePaystackTransaction {
    const found = this.transactions.get(reference);
    if (found === undefined) throw new Error(`no fake Paystack transaction ${reference}`);
    return found;
  }

  /** The customer pays in the popup. */
  approve(reference: string): void {
    const transaction = this.transaction(reference);
    transaction.status = "success";
    transaction.paid_at = new Date().toISOString();
    transaction.gateway_response = "Successful";
  }

  decline(reference: string): void {
    const transaction = this.transaction(reference);
    transaction.status = "failed";
    transaction.gateway_response = "Declined";
  }

  event(type: string, reference: string, secret = this.secretKey): { rawBody: string; signature: string } {
    const rawBody = JSON.stringify({ event: type, data: this.view(this.transaction(reference)) });
    return { rawBody, signature: paystackSignature(secret, rawBody) };
  }

  async sendEvent(url: string, type: string, reference: string): Promise<{ status: number; body: string }> {
    const { rawBody, signature } = this.event(type, reference);
    return postNotification(url, rawBody, { "x-paystack-signature": signature });
  }
}
