// Orders, parcels and payments as the admin API shows them (docs/staff.md, "Orders and
// fulfilment"): money in integer minor units of the order's currency, as every admin amount is.
import type { Fulfilment, Shipped } from "../../domain/orders/fulfilment.js";
import type { Order } from "../../domain/orders/order.js";
import { lineTaxRecord, orderTaxRecord } from "./order-tax-record.js";
import type { OrderPayment } from "../ports/admin-order-reads.js";

/** An order in the admin list: what a row of the list shows. */
export const toAdminOrderSummary = (order: Order) => ({
  id: order.id,
  order_number: order.orderNumber,
  customer_id: order.customerId,
  customer_email: order.customerEmail,
  customer_phone: order.customerPhone,
  customer_name: order.customerName,
  order_status: order.orderStatus,
  payment_status: order.paymentStatus,
  fulfilment_status: order.fulfilmentStatus,
  payment_method: order.paymentMethod,
  currency: order.currency,
  total_amount: order.totalAmount,
  item_count: order.items.reduce((sum, item) => sum + item.quantity, 0),
  livemode: order.livemode,
  created_at: order.createdAt,
  updated_at: order.updatedAt,
});
export type AdminOrderSummary = ReturnType<typeof toAdminOrderSummary>;

/** A parcel, its lines named as the order names them. */
export const toFulfilmentRecord = (fulfilment: Fulfilment, order: Order) => {
  const position = new Map(order.items.map((item, index) => [item.id, index]));
  const lines = [...fulfilment.lines].sort((a, b) => (position.get(a.orderItemId) ?? 0) - (position.get(b.orderItemId) ?? 0));
  return {
    id: fulfilment.id,
    order_id: fulfilment.orderId,
    carrier: fulfilment.carrier,
    tracking_number: fulfilment.trackingNumber,
    tracking_url: fulfilment.trackingUrl,
    note: fulfilment.note,
    lines: lines.map((line) => {
      const item = order.items[position.get(line.orderItemId) ?? -1];
      return {
        order_item_id: line.orderItemId,
        sku: item?.sku ?? "",
        product_name: item?.productName ?? "",
        variant_name: item?.variantName ?? "",
        quantity: line.quantity,
      };
    }),
    created_at: fulfilment.createdAt,
  };
};
export type FulfilmentRecord = ReturnType<typeof toFulfilmentRecord>;

export const toOrderPaymentRecord = (payment: OrderPayment) => ({
  id: payment.id,
  reference: payment.reference,
  provider: payment.provider,
  mode: payment.mode,
  status: payment.status,
  amount: payment.amount,
  currency: payment.currency,
  failure_reason: payment.failureReason,
  paid_at: payment.paidAt,
  created_at: payment.createdAt,
  updated_at: payment.updatedAt,
});

const minor = (amount: number): number => amount;

/** One order with its lines (and what of each has shipped), payments and parcels. */
export const toAdminOrderRecord = (order: Order, shipped: Shipped, payments: readonly OrderPayment[], fulfilments: readonly Fulfilment[]) => ({
  ...toAdminOrderSummary(order),
  payment_reference: order.paymentReference,
  subtotal: order.subtotal,
  discount_amount: order.discountAmount,
  shipping_amount: order.shippingAmount,
  tax_amount: order.taxAmount,
  ...orderTaxRecord(order, minor),
  gift_card_amount: order.giftCardAmount,
  amount_due: order.totalAmount - order.giftCardAmount,
  billing_address: order.billingAddress,
  shipping_address: order.shippingAddress,
  items: order.items.map((item) => ({
    id: item.id,
    product_id: item.productId,
    variant_id: item.variantId,
    product_name: item.productName,
    variant_name: item.variantName,
    sku: item.sku,
    quantity: item.quantity,
    quantity_fulfilled: shipped.get(item.id) ?? 0,
    unit_price: item.unitPrice,
    line_total: item.lineTotal,
    ...lineTaxRecord(item.tax, minor),
  })),
  promotions: order.promotions.map((p) => ({ promotion_id: p.promotionId, name: p.name, discount: p.discount })),
  notes: order.notes,
  tracking_number: order.trackingNumber,
  estimated_delivery: order.estimatedDelivery,
  shipped_at: order.shippedAt,
  delivered_at: order.deliveredAt,
  payments: payments.map(toOrderPaymentRecord),
  fulfilments: fulfilments.map((f) => toFulfilmentRecord(f, order)),
});
export type AdminOrderRecord = ReturnType<typeof toAdminOrderRecord>;
