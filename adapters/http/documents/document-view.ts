// An invoice or credit note laid out for people (docs/invoices.md, "Downloads"): the title, the
// parties, the table of lines, the totals and the totals by rate, as text. The HTML and the PDF
// are both drawn from this one view, so they always say the same thing.
import type { CreditNote } from "../../../domain/invoices/credit-note.js";
import type { Invoice, InvoiceRateTotal } from "../../../domain/invoices/invoice.js";
import { formatMinor } from "../../../domain/money/format-minor.js";
import type { Address } from "../../../domain/orders/order.js";
import { formatTaxRatePercent, taxRate } from "../../../domain/tax/tax-rate.js";

export interface DocumentView {
  /** "Invoice" or "Credit note", with "(test mode)" for a test-mode document. */
  readonly title: string;
  readonly number: string;
  readonly currency: string;
  /** Label and value pairs under the title: the date of issue, the order, the invoice a credit note corrects. */
  readonly facts: readonly (readonly [string, string])[];
  readonly seller: { readonly heading: string; readonly lines: readonly string[] };
  readonly parties: readonly { readonly heading: string; readonly lines: readonly string[] }[];
  readonly columns: readonly string[];
  /** Columns from this index on are amounts (right-aligned). */
  readonly firstNumericColumn: number;
  readonly rows: readonly (readonly string[])[];
  readonly totals: readonly (readonly [string, string])[];
  /** The row of `totals` that is the document's total, shown in bold. */
  readonly totalRow: number;
  readonly rateColumns: readonly string[];
  readonly rateRows: readonly (readonly string[])[];
  readonly notes: readonly string[];
}

export const addressLines = (address: Address): string[] =>
  [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.region, address.postal_code].filter((p) => p !== undefined && p !== "").join(", "),
    address.country,
  ].filter((line): line is string => line !== undefined && line !== "");

const rateText = (rate: number | null, exempt: boolean): string => (exempt ? "exempt" : rate === null ? "—" : `${formatTaxRatePercent(taxRate(rate))} %`);

const rateRows = (byRate: readonly InvoiceRateTotal[], money: (amount: number) => string): string[][] =>
  byRate.map((group) => [rateText(group.rate, group.exempt), money(group.net), money(group.tax), money(group.gross)]);

const day = (instant: string): string => instant.slice(0, 10);

const sellerLines = (seller: Invoice["seller"]): string[] => [
  seller.name,
  ...(seller.address === null ? [] : addressLines({ ...seller.address, name: "" })),
  ...(seller.taxNumber === null ? [] : [`Tax number: ${seller.taxNumber}`]),
];

const buyerLines = (buyer: Invoice["buyer"]): string[] => [buyer.name, buyer.email, ...(buyer.phone === null ? [] : [buyer.phone])];

const PAYMENT_METHODS: Readonly<Record<string, string>> = {
  card_redirect: "card",
  card_popup: "card",
  mobile_stk: "mobile money",
  mobile_collect: "mobile money",
  cash: "cash",
  bank_transfer: "bank transfer",
};

export const invoiceView = (invoice: Invoice): DocumentView => {
  const money = (amount: number) => formatMinor(amount, invoice.currency);
  const rows = invoice.lines.map((line) => [
    line.name,
    line.sku,
    String(line.quantity),
    money(line.unitPrice),
    line.discount === 0 ? "" : `-${money(line.discount)}`,
    rateText(line.taxRate, line.taxExempt),
    line.tax === null ? "—" : money(line.tax),
    money(line.total),
  ]);
  if (invoice.shipping.amount !== 0 || invoice.shipping.tax !== null) {
    rows.push([
      "Shipping",
      "",
      "",
      money(invoice.shipping.amount),
      "",
      rateText(invoice.shipping.taxRate, invoice.shipping.taxExempt),
      invoice.shipping.tax === null ? "—" : money(invoice.shipping.tax),
      money(invoice.shipping.total),
    ]);
  }
  const included = invoice.pricesIncludeTax === true;
  const paidByCard = invoice.total - invoice.giftCardAmount;
  const totals: [string, string][] = [
    ["Subtotal", money(invoice.subtotal)],
    ...(invoice.discount.amount === 0 ? [] : [[`Discount${invoice.discount.promotions.length === 0 ? "" : ` (${invoice.discount.promotions.join(", ")})`}`, `-${money(invoice.discount.amount)}`] as [string, string]]),
    ["Shipping", money(invoice.shipping.amount)],
    [included ? "Tax included" : "Tax", money(invoice.tax)],
    [`Total (${invoice.currency})`, money(invoice.total)],
    ...(invoice.giftCardAmount === 0 ? [] : [["Paid by gift card", money(invoice.giftCardAmount)] as [string, string]]),
    ...(paidByCard === 0 ? [] : [[`Paid by ${PAYMENT_METHODS[invoice.paymentMethod] ?? invoice.paymentMethod}`, money(paidByCard)] as [string, string]]),
  ];
  return {
    title: invoice.livemode ? "Invoice" : "Invoice (test mode)",
    number: invoice.number,
    currency: invoice.currency,
    facts: [
      ["Invoice number", invoice.number],
      ["Date of issue", day(invoice.issuedAt)],
      ["Order", invoice.orderNumber],
      ["Order date", day(invoice.orderedAt)],
      ...(invoice.paymentReference === null ? [] : [["Payment reference", invoice.paymentReference] as [string, string]]),
    ],
    seller: { heading: "Seller", lines: sellerLines(invoice.seller) },
    parties: [
      { heading: "Bill to", lines: [...buyerLines(invoice.buyer), ...addressLines({ ...invoice.buyer.billingAddress, name: "" })] },
      { heading: "Ship to", lines: addressLines(invoice.buyer.shippingAddress) },
    ],
    columns: ["Item", "SKU", "Qty", "Unit price", "Discount", "Tax rate", "Tax", "Total"],
    firstNumericColumn: 2,
    rows,
    totals,
    totalRow: totals.findIndex(([label]) => label.startsWith("Total")),
    rateColumns: ["Tax rate", "Net", "Tax", "Gross"],
    rateRows: rateRows(invoice.byRate, money),
    notes: [
      `Amounts in ${invoice.currency}. ${included ? "Prices include tax." : invoice.pricesIncludeTax === false ? "Tax is added to the prices." : ""}`.trim(),
      ...(invoice.livemode ? [] : ["A test-mode order: this is not a tax document."]),
    ],
  };
};

export const creditNoteView = (note: CreditNote): DocumentView => {
  const money = (amount: number) => formatMinor(amount, note.currency);
  return {
    title: note.livemode ? "Credit note" : "Credit note (test mode)",
    number: note.number,
    currency: note.currency,
    facts: [
      ["Credit note number", note.number],
      ["Date of issue", day(note.issuedAt)],
      ["Order", note.orderNumber],
      ["Invoice", note.invoiceNumber ?? "—"],
      ...(note.reason === null ? [] : [["Reason", note.reason] as [string, string]]),
    ],
    seller: { heading: "Seller", lines: sellerLines(note.seller) },
    parties: [{ heading: "Credited to", lines: [...buyerLines(note.buyer), ...addressLines({ ...note.buyer.billingAddress, name: "" })] }],
    columns: ["Item", "SKU", "Qty", "Tax rate", "Tax", "Credited"],
    firstNumericColumn: 2,
    rows: note.lines.map((line) => [
      line.name,
      line.sku ?? "",
      line.quantity === null ? "" : String(line.quantity),
      rateText(line.taxRate, line.taxExempt),
      line.tax === null ? "—" : money(line.tax),
      money(line.total),
    ]),
    totals: [
      ["Tax credited", note.tax === null ? "—" : money(note.tax)],
      [`Total credited (${note.currency})`, money(note.total)],
    ],
    totalRow: 1,
    rateColumns: ["Tax rate", "Net", "Tax", "Gross"],
    rateRows: rateRows(note.byRate, money),
    notes: [`Amounts in ${note.currency}.`, ...(note.livemode ? [] : ["A test-mode refund: this is not a tax document."])],
  };
};
