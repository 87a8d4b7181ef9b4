// A credit note: the document of a refund that succeeded (docs/invoices.md, "Credit notes"), with
// the invoice it corrects, what was credited line by line (or the amount, for a refund by amount),
// the tax inside, and the totals by rate. Pure: integer minor units of the order's currency, all
// positive (the amounts credited).
import type { Order } from "../orders/order.js";
import type { Refund } from "../orders/refund.js";
import type { Buyer, DocumentIssue, InvoiceRateTotal, Seller } from "./invoice.js";

export interface CreditNoteLine {
  /** The order line's name, or "Refund" for a refund by amount. */
  readonly name: string;
  readonly sku: string | null;
  /** Units refunded; null for a refund by amount. */
  readonly quantity: number | null;
  readonly taxRate: number | null;
  readonly taxExempt: boolean;
  /** The tax inside `total`; null when the order's lines carry no tax figures. */
  readonly tax: number | null;
  readonly total: number;
}

export interface CreditNote {
  readonly number: string;
  readonly sequence: number;
  readonly livemode: boolean;
  readonly issuedAt: string;
  readonly refundId: string;
  readonly orderId: string;
  readonly orderNumber: string;
  /** The invoice it corrects; null for an order paid before invoices were issued. */
  readonly invoiceNumber: string | null;
  readonly currency: string;
  readonly reason: string | null;
  readonly seller: Seller;
  readonly buyer: Buyer;
  readonly lines: readonly CreditNoteLine[];
  readonly tax: number | null;
  readonly total: number;
  /** They add up to `tax` (when known) and `total` exactly. */
  readonly byRate: readonly InvoiceRateTotal[];
}

const lineName = (productName: string, variantName: string): string =>
  variantName === "" || variantName === productName ? productName : `${productName} — ${variantName}`;

export const buildCreditNote = (order: Order, refund: Refund, invoiceNumber: string | null, seller: Seller, issue: DocumentIssue): CreditNote => {
  const byId = new Map(order.items.map((item) => [item.id, item]));
  const lines: CreditNoteLine[] =
    refund.lines.length > 0
      ? refund.lines.map((line) => {
          const item = byId.get(line.lineId);
          const figures = item?.tax ?? null;
          return {
            name: item === undefined ? line.lineId : lineName(item.productName, item.variantName),
            sku: item?.sku ?? null,
            quantity: line.quantity,
            taxRate: figures?.rate ?? null,
            taxExempt: figures?.exempt ?? false,
            tax: line.tax ?? null,
            total: line.amount,
          };
        })
      : [{ name: "Refund", sku: null, quantity: null, taxRate: null, taxExempt: false, tax: refund.taxAmount ?? null, total: refund.amount }];
  const tax = refund.taxAmount ?? null;
  return {
    number: issue.number,
    sequence: issue.sequence,
    livemode: refund.livemode,
    issuedAt: issue.issuedAt,
    refundId: refund.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    invoiceNumber,
    currency: refund.currency,
    reason: refund.reason,
    seller,
    buyer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      billingAddress: order.billingAddress,
      shippingAddress: order.shippingAddress,
    },
    lines,
    tax,
    total: refund.amount,
    byRate: creditTotalsByRate(lines, tax, refund.amount),
  };
};

/** Lines grouped by rate when every line knows its rate and tax and they add up; else one group without a rate. */
const creditTotalsByRate = (lines: readonly CreditNoteLine[], tax: number | null, total: number): InvoiceRateTotal[] => {
  const known = lines.every((line) => line.taxRate !== null && line.tax !== null);
  if (known) {
    const groups = new Map<string, { rate: number; exempt: boolean; tax: number; gross: number }>();
    for (const line of lines) {
      const key = `${line.taxExempt}:${line.taxRate}`;
      const group = groups.get(key) ?? { rate: line.taxRate!, exempt: line.taxExempt, tax: 0, gross: 0 };
      group.tax += line.tax!;
      group.gross += line.total;
      groups.set(key, group);
    }
    const sorted = [...groups.values()].sort((a, b) => Number(a.exempt) - Number(b.exempt) || a.rate - b.rate);
    const sumTax = sorted.reduce((sum, group) => sum + group.tax, 0);
    const sumGross = sorted.reduce((sum, group) => sum + group.gross, 0);
    if (sumTax === tax && sumGross === total) {
      return sorted.map((group) => ({ rate: group.rate, exempt: group.exempt, net: group.gross - group.tax, tax: group.tax, gross: group.gross }));
    }
  }
  return [{ rate: null, exempt: false, net: total - (tax ?? 0), tax: tax ?? 0, gross: total }];
};
