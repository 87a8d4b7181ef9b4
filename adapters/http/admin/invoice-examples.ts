// The examples of the admin invoice and credit note operations (docs/staff.md, "Invoices and credit
// notes"), true against the seeded demo store after the admin refund example: Amina's paid order's
// invoice, and the credit note of the goodwill refund. Money in integer minor units of KES.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const ADDRESS = { name: "Demo Customer", line1: "Kenyatta Avenue 12", city: "Nairobi", country: "KE", latitude: -1.2841, longitude: 36.8155 };
const SELLER = {
  name: "Parisian, Boehm and Kuphal Home & Living",
  address: { name: "Parisian, Boehm and Kuphal Home & Living Ltd", line1: "Kimathi Street 14", city: "Nairobi", postal_code: "00100", country: "KE" },
  tax_number: "P051234567Q",
};
const BUYER = { name: "Demo Customer", email: "amina.wanjiru@example.com", phone: "+254712345678", billing_address: ADDRESS, shipping_address: ADDRESS };

const invoice = {
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
      unit_price: 88_370,
      line_total: 88_370,
      discount_amount: 41_186,
      tax_rate: "16",
      tax_exempt: false,
      net_amount: 40_676,
      tax_amount: 6_508,
      total_amount: 47_184,
    },
    {
      name: "Crème Stoneware Mug — Terracotta",
      sku: "CRMEST-122",
      quantity: 1,
      unit_price: 101_240,
      line_total: 101_240,
      discount_amount: 47_184,
      tax_rate: "16",
      tax_exempt: false,
      net_amount: 46_600,
      tax_amount: 7_456,
      total_amount: 54_056,
    },
  ],
  shipping: { amount: 15_000, tax_rate: "16", tax_exempt: false, tax_amount: 2_069, total_amount: 15_000 },
  discount: { amount: 88_370, promotions: ["Mugs: buy one, get one free"] },
  subtotal: 189_610,
  tax_amount: 16_033,
  total_amount: 116_240,
  totals_by_rate: [{ tax_rate: "16", tax_exempt: false, net_amount: 100_207, tax_amount: 16_033, gross_amount: 116_240 }],
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
  tax_amount: 6_897,
  total_amount: 50_000,
};

const creditNote = {
  ...creditNoteSummary,
  order_id: DEMO.paidOrder,
  order_number: "ORD-2026-000003",
  reason: "Goodwill: the delivery came a day late.",
  seller: SELLER,
  buyer: BUYER,
  lines: [{ name: "Refund", sku: null, quantity: null, tax_rate: null, tax_exempt: false, tax_amount: 6_897, total_amount: 50_000 }],
  totals_by_rate: [{ tax_rate: null, tax_exempt: false, net_amount: 43_103, tax_amount: 6_897, gross_amount: 50_000 }],
};

export const adminInvoiceExamples = {
  adminGetOrderInvoice: { params: { id: DEMO.paidOrder }, response: { status: 200, body: invoice } },
  adminListOrderCreditNotes: { params: { id: DEMO.paidOrder }, response: { status: 200, body: { credit_notes: [creditNoteSummary] } } },
  adminGetOrderCreditNote: { params: { id: DEMO.paidOrder, number: LEARNED.creditNote }, response: { status: 200, body: creditNote } },
} satisfies Record<string, RouteExample>;
