// Payments, their provider attempts and the processed provider notifications on knex. Reads are
// scoped to a store (and a mode where a key reads), except the notification lookup, which finds
// the store from the payment. `lock` reads FOR UPDATE on MySQL (SQLite has one writer).
import { inject, injectable } from "inversify";
import type { PaymentAttempt, PaymentAttemptKind, PaymentRepository, ReceivedCallback } from "../../../application/ports/payment-repository.js";
import type { Payment } from "../../../domain/payments/payment.js";
import type { PaymentFlow, PaymentMode, PaymentProvider, PaymentStatus } from "../../../domain/payments/payment-provider.js";
import { readJson, writeJson } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

interface PaymentRow {
  id: string;
  store_id: string;
  reference: string;
  mode: string;
  provider: string;
  flow: string;
  status: string;
  amount: number | string;
  charged_amount: number | string;
  currency: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  order_id: string | null;
  idempotency_key: string | null;
  metadata: string;
  success_url: string | null;
  cancel_url: string | null;
  callback_url: string | null;
  provider_session_id: string | null;
  checkout_url: string | null;
  public_key: string | null;
  access_code: string | null;
  failure_reason: string | null;
  review_reason: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

interface AttemptRow {
  id: string;
  payment_id: string;
  kind: string;
  request: string;
  response: string | null;
  error_code: string | null;
  error_message: string | null;
  latency_ms: number | string | null;
  started_at: string;
  finished_at: string | null;
}

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  reference: row.reference,
  mode: row.mode as PaymentMode,
  provider: row.provider as PaymentProvider,
  flow: row.flow as PaymentFlow,
  status: row.status as PaymentStatus,
  amountMinor: Number(row.amount),
  chargedMinor: Number(row.charged_amount),
  currency: row.currency,
  email: row.email,
  phone: row.phone,
  country: row.country,
  orderId: row.order_id,
  idempotencyKey: row.idempotency_key,
  metadata: readJson(row.metadata, {}),
  successUrl: row.success_url,
  cancelUrl: row.cancel_url,
  callbackUrl: row.callback_url,
  providerSessionId: row.provider_session_id,
  checkoutUrl: row.checkout_url,
  publicKey: row.public_key,
  accessCode: row.access_code,
  failureReason: row.failure_reason,
  reviewReason: row.review_reason,
  paidAt: row.paid_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** What changes after a payment is written: its state and what the provider gave. */
const stateColumns = (p: Payment) => ({
  status: p.status,
  provider_session_id: p.providerSessionId,
  checkout_url: p.checkoutUrl,
  public_key: p.publicKey,
  access_code: p.accessCode,
  failure_reason: p.failureReason,
  review_reason: p.reviewReason,
  paid_at: p.paidAt,
  updated_at: p.updatedAt,
});

const columns = (storeId: string, p: Payment) => ({
  id: p.id,
  store_id: storeId,
  reference: p.reference,
  mode: p.mode,
  provider: p.provider,
  flow: p.flow,
  amount: p.amountMinor,
  charged_amount: p.chargedMinor,
  currency: p.currency,
  email: p.email,
  phone: p.phone,
  country: p.country,
  order_id: p.orderId,
  idempotency_key: p.idempotencyKey,
  metadata: writeJson(p.metadata),
  success_url: p.successUrl,
  cancel_url: p.cancelUrl,
  callback_url: p.callbackUrl,
  created_at: p.createdAt,
  ...stateColumns(p),
});

const toAttempt = (row: AttemptRow): PaymentAttempt => ({
  id: row.id,
  paymentId: row.payment_id,
  kind: row.kind as PaymentAttemptKind,
  request: readJson(row.request, {}),
  response: row.response === null ? null : readJson(row.response, {}),
  errorCode: row.error_code,
  errorMessage: row.error_message,
  latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

const outcomeColumns = (a: PaymentAttempt) => ({
  response: a.response === null ? null : writeJson(a.response),
  error_code: a.errorCode,
  error_message: a.errorMessage,
  latency_ms: a.latencyMs,
  finished_at: a.finishedAt,
});

@injectable()
export class KnexPaymentRepository implements PaymentRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(storeId: string, payment: Payment): Promise<void> {
    await this.db.run((q) => q("payments").insert(columns(storeId, payment)));
  }

  async update(storeId: string, payment: Payment): Promise<void> {
    await this.db.run((q) => q("payments").where({ store_id: storeId, id: payment.id }).update(stateColumns(payment)));
  }

  async findByReference(storeId: string, mode: PaymentMode, reference: string): Promise<Payment | undefined> {
    const row: PaymentRow | undefined = await this.db.run((q) => q("payments").where({ store_id: storeId, reference, mode }).first());
    return row === undefined ? undefined : toPayment(row);
  }

  async findByIdempotencyKey(storeId: string, idempotencyKey: string): Promise<Payment | undefined> {
    const row: PaymentRow | undefined = await this.db.run((q) => q("payments").where({ store_id: storeId, idempotency_key: idempotencyKey }).first());
    return row === undefined ? undefined : toPayment(row);
  }

  async lock(storeId: string, paymentId: string): Promise<Payment | undefined> {
    const row: PaymentRow | undefined = await this.db.run((q) => this.db.lockRows(q("payments").where({ store_id: storeId, id: paymentId }).first()));
    return row === undefined ? undefined : toPayment(row);
  }

  async findForCallback(
    provider: PaymentProvider,
    by: { readonly reference?: string | undefined; readonly providerSessionId?: string | undefined },
  ): Promise<{ readonly storeId: string; readonly payment: Payment } | undefined> {
    const lookups: Array<Record<string, string>> = [];
    if (by.reference !== undefined) lookups.push({ provider, reference: by.reference });
    if (by.providerSessionId !== undefined) lookups.push({ provider, provider_session_id: by.providerSessionId });
    for (const where of lookups) {
      // Two rows would mean two stores generated one reference; acting on either would be a guess.
      const rows: PaymentRow[] = await this.db.run((q) => q("payments").where(where).limit(2));
      if (rows.length === 1) return { storeId: rows[0]!.store_id, payment: toPayment(rows[0]!) };
    }
    return undefined;
  }

  async insertAttempt(storeId: string, attempt: PaymentAttempt): Promise<void> {
    await this.db.run((q) =>
      q("payment_attempts").insert({
        id: attempt.id,
        payment_id: attempt.paymentId,
        store_id: storeId,
        kind: attempt.kind,
        request: writeJson(attempt.request),
        started_at: attempt.startedAt,
        ...outcomeColumns(attempt),
      }),
    );
  }

  async finishAttempt(storeId: string, attempt: PaymentAttempt): Promise<void> {
    await this.db.run((q) => q("payment_attempts").where({ store_id: storeId, id: attempt.id }).update(outcomeColumns(attempt)));
  }

  async listAttempts(storeId: string, paymentId: string): Promise<PaymentAttempt[]> {
    const rows: AttemptRow[] = await this.db.run((q) =>
      q("payment_attempts").where({ store_id: storeId, payment_id: paymentId }).orderBy([{ column: "started_at" }, { column: "id" }]),
    );
    return rows.map(toAttempt);
  }

  async hasCallback(provider: PaymentProvider, eventId: string): Promise<boolean> {
    const row = await this.db.run((q) => q("payment_callbacks").where({ provider, event_id: eventId }).first("id"));
    return row !== undefined;
  }

  async recordCallback(storeId: string, callback: ReceivedCallback): Promise<boolean> {
    try {
      await this.db.run((q) =>
        q("payment_callbacks").insert({
          id: callback.id,
          provider: callback.provider,
          event_id: callback.eventId,
          store_id: storeId,
          payment_id: callback.paymentId,
          claimed_status: callback.claimedStatus,
          authenticated: callback.authenticated,
          received_at: callback.receivedAt,
        }),
      );
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
