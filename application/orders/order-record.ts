// An order as the API shows it (docs/api/orders.md, "Order amounts"): money as decimal numbers in
// major units of the order's currency, computed from the exact minor units it is kept in.
import type { Order } from "../../domain/orders/order.js";
import { isCurrencyCode, minorDigits } from "../../domain/money/currency.js";
import { lineTaxRecord, orderTaxRecord } from "./order-tax-record.js";

export const majorUnitsOf = (currency: string) => {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  const scale = 10 ** digits;
  return (minor: number): number => minor / scale;
};

export const toOrderRecord = (order: Order) => {
  const major = majorUnitsOf(order.currency);
  return {
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
    payment_reference: order.paymentReference,
    currency: order.currency,
    subtotal: major(order.subtotal),
    discount_amount: major(order.discountAmount),
    shipping_amount: major(order.shippingAmount),
    tax_amount: major(order.taxAmount),
    ...orderTaxRecord(order, major),
    total_amount: major(order.totalAmount),
    gift_card_amount: major(order.giftCardAmount),
    amount_due: major(order.totalAmount - order.giftCardAmount),
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
      unit_price: major(item.unitPrice),
      line_total: major(item.lineTotal),
      ...lineTaxRecord(item.tax, major),
    })),
    promotions: order.promotions.map((p) => ({ promotion_id: p.promotionId, name: p.name, discount: major(p.discount) })),
    notes: order.notes,
    tracking_number: order.trackingNumber,
    estimated_delivery: order.estimatedDelivery,
    shipped_at: order.shippedAt,
    delivered_at: order.deliveredAt,
    shipping_metadata: order.shippingMetadata,
    livemode: order.livemode,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
};
export type OrderRecord = ReturnType<typeof toOrderRecord>;
