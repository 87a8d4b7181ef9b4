// A refund as the admin API and the webhook events show it: money in integer minor units.
import type { Refund } from "../../domain/orders/refund.js";

export const toRefundRecord = (refund: Refund) => ({
  id: refund.id,
  order_id: refund.orderId,
  return_id: refund.returnId,
  status: refund.status,
  amount: refund.amount,
  tax_amount: refund.taxAmount ?? null,
  provider_amount: refund.providerAmount,
  gift_card_amount: refund.giftCardAmount,
  currency: refund.currency,
  destination: refund.destination,
  lines: refund.lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity, amount: line.amount, tax_amount: line.tax ?? null })),
  restock: refund.restock,
  reason: refund.reason,
  provider_refund_id: refund.providerRefundId,
  failure_reason: refund.failureReason,
  livemode: refund.livemode,
  created_at: refund.createdAt,
  updated_at: refund.updatedAt,
  settled_at: refund.settledAt,
});
export type RefundRecord = ReturnType<typeof toRefundRecord>;
