// Payments as the API and the events show them (docs/api/payments.md): amounts in decimal major
// units of the payment's currency, computed from the minor units they are kept in.
import type { Payment } from "../../domain/payments/payment.js";
import { majorUnitsOf } from "../orders/order-record.js";

const amountOf = (payment: Payment): number => majorUnitsOf(payment.currency)(payment.amountMinor);
/** What the provider is asked to take: the amount, rounded up to whole units where the provider takes no minor units. */
const chargedOf = (payment: Payment): number => majorUnitsOf(payment.currency)(payment.chargedMinor);

/** The answer of `POST /v1/payments/initialize`. */
export const toInitialisationRecord = (payment: Payment) => ({
  success: true as const,
  provider: payment.provider,
  flow: payment.flow,
  session_id: payment.providerSessionId ?? "",
  mode: payment.mode,
  reference: payment.reference,
  amount: amountOf(payment),
  charged_amount: chargedOf(payment),
  currency: payment.currency,
  status: payment.status,
  ...(payment.flow === "redirect" && payment.checkoutUrl !== null ? { checkout_url: payment.checkoutUrl } : {}),
  ...(payment.flow === "popup" && payment.publicKey !== null ? { public_key: payment.publicKey } : {}),
});
export type InitialisationRecord = ReturnType<typeof toInitialisationRecord>;

/** The answer of `POST /v1/payments/verify`: `success` is true only for a paid payment, so a client that checks it never ships an unpaid order. */
export const toVerificationRecord = (payment: Payment) => ({
  success: payment.status === "paid",
  reference: payment.reference,
  provider: payment.provider,
  status: payment.status,
  amount: amountOf(payment),
  charged_amount: chargedOf(payment),
  currency: payment.currency,
  order_id: payment.orderId,
  mode: payment.mode,
  paid_at: payment.paidAt,
  /** Set when the payment needs a person: it paid an order already paid (refund one), or the provider reported another amount. */
  review_reason: payment.reviewReason,
});
export type VerificationRecord = ReturnType<typeof toVerificationRecord>;

/** `data.payment` of payment.succeeded and payment.failed. */
export const toPaymentEventRecord = (payment: Payment) => ({
  id: payment.id,
  reference: payment.reference,
  provider: payment.provider,
  flow: payment.flow,
  status: payment.status,
  amount: amountOf(payment),
  charged_amount: chargedOf(payment),
  currency: payment.currency,
  order_id: payment.orderId,
  mode: payment.mode,
  session_id: payment.providerSessionId,
  paid_at: payment.paidAt,
  failure_reason: payment.failureReason,
  review_reason: payment.reviewReason,
  metadata: payment.metadata,
  created_at: payment.createdAt,
});
