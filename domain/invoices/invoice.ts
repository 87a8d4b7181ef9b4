// An invoice of a paid order, as issued (docs/invoices.md, "What an invoice holds"): a snapshot of
// the seller, the buyer, the lines with their tax, the totals by rate and the currency, taken from
// the order's stored figures when it is paid and never recomputed, so it does not change when the
// catalog, the store or the tax settings do. Pure: integer minor units of the order's currency.
import type { Address, LineTaxFigures, Order, PaymentMethod } from "../orders/order.js";

export interface Seller {
  readonly name: string;
  readonly address: Address | null;
  readonly taxNumber: string | null;
}

export interface Buyer {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly billingAddress: Address;
  readonly shippingAddress: Address;
}

export interface InvoiceLine {
  readonly name: string;
  readonly sku: string;
  readonly quantity: number;
  /** As the store states prices (with tax when they include it). */
  readonly unitPrice: number;
  /** quantity × unit price, before the line's share of the discount. */
  readonly amount: number;
  /** The line's share of the order's discount. */
  readonly discount: number;
  /** Parts per million; null on orders placed before per-line tax. */
  readonly taxRate: number | null;
  readonly taxExempt: boolean;
  readonly net: number | null;
  readonly tax: number | null;
  /** What the buyer pays for the line: amount less discount, with its tax (per-line orders), else the amount. */
  readonly total: number;
}

/** What the lines and shipping of one rate add up to; `rate` null only for orders placed before per-line tax. */
export interface InvoiceRateTotal {
  readonly rate: number | null;
  readonly exempt: boolean;
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
}

export interface InvoiceShipping {
  /** The fee as stated. */
  readonly amount: number;
  readonly taxRate: number | null;
  readonly taxExempt: boolean;
  readonly tax: number | null;
  readonly total: number;
}

export interface Invoice {
  readonly number: string;
  readonly sequence: number;
  readonly livemode: boolean;
  readonly issuedAt: string;
  readonly orderId: string;
  readonly orderNumber: string;
  readonly orderedAt: string;
  readonly currency: string;
  /** null on orders placed before per-line tax (their basis was always prices without tax). */
  readonly pricesIncludeTax: boolean | null;
  readonly seller: Seller;
  readonly buyer: Buyer;
  readonly lines: readonly InvoiceLine[];
  readonly shipping: InvoiceShipping;
  readonly discount: { readonly amount: number; readonly promotions: readonly string[] };
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  /** Zero-rated first, ascending rates, exempt last; they add up to `tax` and `total` exactly. */
  readonly byRate: readonly InvoiceRateTotal[];
  /** What a gift card paid of the total; the rest was paid by `paymentMethod`. */
  readonly giftCardAmount: number;
  readonly paymentMethod: PaymentMethod;
  readonly paymentReference: string | null;
}

export interface DocumentIssue {
  readonly number: string;
  readonly sequence: number;
  readonly issuedAt: string;
}

const groupKey = (rate: number | null, exempt: boolean): string => `${exempt}:${rate ?? "none"}`;

/** Groups taxed parts by (exempt, rate): zero first, ascending, exempt last. */
export const totalsByRate = (parts: readonly Pick<LineTaxFigures, "rate" | "exempt" | "net" | "tax">[]): InvoiceRateTotal[] => {
  const groups = new Map<string, { rate: number; exempt: boolean; net: number; tax: number }>();
  for (const part of parts) {
    const key = groupKey(part.rate, part.exempt);
    const group = groups.get(key) ?? { rate: part.rate, exempt: part.exempt, net: 0, tax: 0 };
    group.net += part.net;
    group.tax += part.tax;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => Number(a.exempt) - Number(b.exempt) || a.rate - b.rate)
    .map((group) => ({ rate: group.rate, exempt: group.exempt, net: group.net, tax: group.tax, gross: group.net + group.tax }));
};

const lineName = (productName: string, variantName: string): string =>
  variantName === "" || variantName === productName ? productName : `${productName} — ${variantName}`;

/** The order's taxed parts (lines and shipping) when every line carries its figures. */
const taxedParts = (order: Order): LineTaxFigures[] | undefined => {
  const parts: LineTaxFigures[] = [];
  for (const item of order.items) {
    if (item.tax === undefined || item.tax === null) return undefined;
    parts.push(item.tax);
  }
  const shipping = order.taxDetails?.shipping;
  if (shipping !== undefined && shipping !== null) parts.push(shipping);
  else if (order.shippingAmount !== 0) return undefined;
  return parts;
};

/**
 * The totals by rate of the order. Per-line orders group their stored figures; they add up to the
 * order's tax and total by construction of checkout (docs/taxes.md, "Checkout"). An order whose
 * figures do not (placed before per-line tax) is one group without a rate: its total, its tax.
 */
export const orderTotalsByRate = (order: Order): InvoiceRateTotal[] => {
  const parts = taxedParts(order);
  if (parts !== undefined) {
    const groups = totalsByRate(parts);
    const tax = groups.reduce((sum, group) => sum + group.tax, 0);
    const gross = groups.reduce((sum, group) => sum + group.gross, 0);
    if (tax === order.taxAmount && gross === order.totalAmount) return groups;
  }
  return [{ rate: null, exempt: false, net: order.totalAmount - order.taxAmount, tax: order.taxAmount, gross: order.totalAmount }];
};

/** The invoice of a paid order, with its number and time of issue. */
export const buildInvoice = (order: Order, seller: Seller, issue: DocumentIssue): Invoice => {
  const shippingTax = order.taxDetails?.shipping ?? null;
  return {
    number: issue.number,
    sequence: issue.sequence,
    livemode: order.livemode,
    issuedAt: issue.issuedAt,
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    currency: order.currency,
    pricesIncludeTax: order.taxDetails?.pricesIncludeTax ?? null,
    seller,
    buyer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      billingAddress: order.billingAddress,
      shippingAddress: order.shippingAddress,
    },
    lines: order.items.map((item): InvoiceLine => {
      const tax = item.tax ?? null;
      return {
        name: lineName(item.productName, item.variantName),
        sku: item.sku,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        amount: item.lineTotal,
        discount: tax?.discount ?? 0,
        taxRate: tax?.rate ?? null,
        taxExempt: tax?.exempt ?? false,
        net: tax?.net ?? null,
        tax: tax?.tax ?? null,
        total: tax?.gross ?? item.lineTotal,
      };
    }),
    shipping: {
      amount: order.shippingAmount,
      taxRate: shippingTax?.rate ?? null,
      taxExempt: shippingTax?.exempt ?? false,
      tax: shippingTax?.tax ?? null,
      total: shippingTax?.gross ?? order.shippingAmount,
    },
    discount: { amount: order.discountAmount, promotions: order.promotions.map((promotion) => promotion.name) },
    subtotal: order.subtotal,
    tax: order.taxAmount,
    total: order.totalAmount,
    byRate: orderTotalsByRate(order),
    giftCardAmount: order.giftCardAmount,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
  };
};
