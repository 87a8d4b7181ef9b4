// The examples of the /v1 invoice and credit note operations (docs/api/orders.md, "Invoices and
// credit notes"), true against the seeded demo store: Amina's paid order, read with her token,
// after a goodwill refund of it made through the admin API (a setup step of the examples test).
// Money in decimal major units of KES.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const ADDRESS = { name: "Demo Customer", line1: "Kenyatta Avenue 12", city: "Nairobi", country: "KE", latitude: -1.2841, longitude: 36.8155 };
const SELLER = {
  name: "Parisian, Boehm and Kuphal Home & Living",
  address: { name: "Parisian, Boehm and Kuphal Home & Living Ltd", line1: "Kimathi Street 14", city: "Nairobi", postal_code: "00100", country: "KE" },
  tax_number: "P051234567Q",
};
const BUYER = { name: "Demo Customer", email: "amina.wanjiru@example.com", phone: "+254712345678", billing_address: ADDRESS, shipping_address: ADDRESS };

export const invoiceBody = {
  number: "INV-TEST-000003",
  order_id: DEMO.paidOrder,
  order_number: "ORD-2026-000003",
  livemode: false,
  issued_at: "2026-11-25T09:12:00.546Z",
  ordered_at: "2026-11-25T09:12:00.537Z",
  currency: "KES",
  prices_include_tax: true,
  seller: SELLER,
  buyer: BUYER,
  lines: [
    {
      name: "Crème Stoneware Mug — Indigo",
      sku: "CRMEST-121",
      quantity: 1,
      unit_price: 883.7,
      line_total: 883.7,
      discount_amount: 411.86,
      tax_rate: "16",
      tax_exempt: false,
      net_amount: 406.76,
      tax_amount: 65.08,
      total_amount: 471.84,
    },
    {
      name: "Crème Stoneware Mug — Terracotta",
      sku: "CRMEST-122",
      quantity: 1,
      unit_price: 1012.4,
      line_total: 1012.4,
      discount_amount: 471.84,
      tax_rate: "16",
      tax_exempt: false,
      net_amount: 466,
      tax_amount: 74.56,
      total_amount: 540.56,
    },
  ],
  shipping: { amount: 150, tax_rate: "16", tax_exempt: false, tax_amount: 20.69, total_amount: 150 },
  discount: { amount: 883.7, promotions: ["Mugs: buy one, get one free"] },
  subtotal: 1896.1,
  tax_amount: 160.33,
  total_amount: 1162.4,
  totals_by_rate: [{ tax_rate: "16", tax_exempt: false, net_amount: 1002.07, tax_amount: 160.33, gross_amount: 1162.4 }],
  gift_card_amount: 0,
  payment_method: "mobile_stk",
  payment_reference: null,
};

const creditNoteSummary = {
  number: LEARNED.creditNote,
  refund_id: LEARNED.newRefund,
  invoice_number: "INV-TEST-000003",
  livemode: false,
  issued_at: "2026-11-27T09:45:00.000Z",
  currency: "KES",
  tax_amount: 68.97,
  total_amount: 500,
};

export const creditNoteBody = {
  ...creditNoteSummary,
  order_id: DEMO.paidOrder,
  order_number: "ORD-2026-000003",
  reason: "Goodwill: the delivery came a day late.",
  seller: SELLER,
  buyer: BUYER,
  lines: [{ name: "Refund", sku: null, quantity: null, tax_rate: null, tax_exempt: false, tax_amount: 68.97, total_amount: 500 }],
  totals_by_rate: [{ tax_rate: null, tax_exempt: false, net_amount: 431.03, tax_amount: 68.97, gross_amount: 500 }],
};

export const invoiceExamples = {
  getOrderInvoice: {
    params: { id: DEMO.paidOrder },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: { status: 200, body: invoiceBody },
  },
  listOrderCreditNotes: {
    params: { id: DEMO.paidOrder },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: { status: 200, body: { credit_notes: [creditNoteSummary] } },
  },
  getOrderCreditNote: {
    params: { id: DEMO.paidOrder, number: LEARNED.creditNote },
    headers: { "x-auth-token": LEARNED.accessToken },
    response: { status: 200, body: creditNoteBody },
  },
} satisfies Record<string, RouteExample>;
