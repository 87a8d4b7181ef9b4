// Invoices and credit notes as the APIs show them in JSON (docs/api/orders.md, "Invoices and credit
// notes"): snake_case, tax rates as percent text, money through `money` (decimal major units on /v1,
// integer minor units on the admin API, as the order reads).
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { Invoice, InvoiceRateTotal } from "../../domain/invoices/invoice.js";
import type { Address } from "../../domain/orders/order.js";
import { formatTaxRatePercent, taxRate } from "../../domain/tax/tax-rate.js";

type Money = (minor: number) => number;

const percent = (rate: number | null): string | null => (rate === null ? null : formatTaxRatePercent(taxRate(rate)));
const orNull = (money: Money, amount: number | null): number | null => (amount === null ? null : money(amount));

const rateTotals = (groups: readonly InvoiceRateTotal[], money: Money) =>
  groups.map((group) => ({
    tax_rate: percent(group.rate),
    tax_exempt: group.exempt,
    net_amount: money(group.net),
    tax_amount: money(group.tax),
    gross_amount: money(group.gross),
  }));

const seller = (s: Invoice["seller"]) => ({ name: s.name, address: s.address as Address | null, tax_number: s.taxNumber });

const buyer = (b: Invoice["buyer"]) => ({
  name: b.name,
  email: b.email,
  phone: b.phone,
  billing_address: b.billingAddress,
  shipping_address: b.shippingAddress,
});

export const toInvoiceRecord = (invoice: Invoice, money: Money) => ({
  number: invoice.number,
  order_id: invoice.orderId,
  order_number: invoice.orderNumber,
  livemode: invoice.livemode,
  issued_at: invoice.issuedAt,
  ordered_at: invoice.orderedAt,
  currency: invoice.currency,
  prices_include_tax: invoice.pricesIncludeTax,
  seller: seller(invoice.seller),
  buyer: buyer(invoice.buyer),
  lines: invoice.lines.map((line) => ({
    name: line.name,
    sku: line.sku,
    quantity: line.quantity,
    unit_price: money(line.unitPrice),
    line_total: money(line.amount),
    discount_amount: money(line.discount),
    tax_rate: percent(line.taxRate),
    tax_exempt: line.taxExempt,
    net_amount: orNull(money, line.net),
    tax_amount: orNull(money, line.tax),
    total_amount: money(line.total),
  })),
  shipping: {
    amount: money(invoice.shipping.amount),
    tax_rate: percent(invoice.shipping.taxRate),
    tax_exempt: invoice.shipping.taxExempt,
    tax_amount: orNull(money, invoice.shipping.tax),
    total_amount: money(invoice.shipping.total),
  },
  discount: { amount: money(invoice.discount.amount), promotions: [...invoice.discount.promotions] },
  subtotal: money(invoice.subtotal),
  tax_amount: money(invoice.tax),
  total_amount: money(invoice.total),
  totals_by_rate: rateTotals(invoice.byRate, money),
  gift_card_amount: money(invoice.giftCardAmount),
  payment_method: invoice.paymentMethod,
  payment_reference: invoice.paymentReference,
});

export const toCreditNoteSummary = (note: CreditNote, money: Money) => ({
  number: note.number,
  refund_id: note.refundId,
  invoice_number: note.invoiceNumber,
  livemode: note.livemode,
  issued_at: note.issuedAt,
  currency: note.currency,
  tax_amount: orNull(money, note.tax),
  total_amount: money(note.total),
});

export const toCreditNoteRecord = (note: CreditNote, money: Money) => ({
  ...toCreditNoteSummary(note, money),
  order_id: note.orderId,
  order_number: note.orderNumber,
  reason: note.reason,
  seller: seller(note.seller),
  buyer: buyer(note.buyer),
  lines: note.lines.map((line) => ({
    name: line.name,
    sku: line.sku,
    quantity: line.quantity,
    tax_rate: percent(line.taxRate),
    tax_exempt: line.taxExempt,
    tax_amount: orNull(money, line.tax),
    total_amount: money(line.total),
  })),
  totals_by_rate: rateTotals(note.byRate, money),
});
