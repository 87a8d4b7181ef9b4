// Invoices and credit notes built from an order (docs/invoices.md): an older order without line
// figures, a credit note by lines and by amount, the numbers of each series, and amounts in the
// currency's minor digits.
import assert from "node:assert/strict";
import { buildCreditNote } from "../../../domain/invoices/credit-note.js";
import { formatDocumentNumber, DOCUMENT_NUMBER_PATTERN, seriesKey } from "../../../domain/invoices/document-number.js";
import { buildInvoice } from "../../../domain/invoices/invoice.js";
import { formatMinor } from "../../../domain/money/format-minor.js";
import type { Order } from "../../../domain/orders/order.js";
import type { Refund } from "../../../domain/orders/refund.js";

const ADDRESS = { name: "Amina", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE" };
const SELLER = { name: "Kilimani Home", address: null, taxNumber: null };
const ISSUE = { number: "INV-000007", sequence: 7, issuedAt: "2026-11-27T10:00:00.000Z" };

const order = (overrides: Partial<Order> = {}): Order => ({
  id: "order-1",
  orderNumber: "ORD-2026-000001",
  customerId: null,
  customerEmail: "amina@example.com",
  customerPhone: null,
  customerName: "Amina",
  orderStatus: "pending",
  paymentStatus: "paid",
  fulfilmentStatus: "unfulfilled",
  paymentMethod: "cash",
  paymentReference: null,
  currency: "KES",
  subtotal: 200_000,
  discountAmount: 0,
  shippingAmount: 30_000,
  taxAmount: 36_800,
  giftCardAmount: 0,
  totalAmount: 266_800,
  billingAddress: ADDRESS,
  shippingAddress: ADDRESS,
  items: [
    { id: "l1", productId: "p1", variantId: "v1", productName: "Sofa", variantName: "Grey", sku: "SOFA-G", quantity: 1, unitPrice: 150_000, lineTotal: 150_000 },
    { id: "l2", productId: "p2", variantId: "v2", productName: "Lamp", variantName: "Lamp", sku: "LAMP", quantity: 2, unitPrice: 25_000, lineTotal: 50_000 },
  ],
  notes: null,
  trackingNumber: null,
  estimatedDelivery: null,
  shippedAt: null,
  deliveredAt: null,
  shippingMetadata: {},
  promotions: [],
  giftCardId: null,
  stockRestored: false,
  giftCardRestored: false,
  livemode: true,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  ...overrides,
});

const figures = (rate: number, net: number, tax: number, exempt = false) => ({ taxClass: "standard", rate, exempt, discount: 0, net, tax, gross: net + tax });

const taxedOrder = (): Order =>
  order({
    taxAmount: 16_000 + 0 + 4_800,
    totalAmount: 116_000 + 50_000 + 34_800,
    subtotal: 150_000,
    shippingAmount: 30_000,
    items: [
      { ...order().items[0]!, quantity: 1, unitPrice: 100_000, lineTotal: 100_000, tax: figures(160_000, 100_000, 16_000) },
      { ...order().items[1]!, quantity: 2, unitPrice: 25_000, lineTotal: 50_000, tax: figures(0, 50_000, 0) },
    ],
    taxDetails: { pricesIncludeTax: false, zoneId: "ke", zoneName: "Kenya", matchedBy: "country", shipping: figures(160_000, 30_000, 4_800) },
  });

const refund = (overrides: Partial<Refund>): Refund => ({
  id: "refund-1",
  orderId: "order-1",
  returnId: null,
  paymentId: null,
  status: "succeeded",
  amount: 0,
  taxAmount: null,
  providerShare: 0,
  providerAmount: 0,
  giftCardAmount: 0,
  currency: "KES",
  destination: "manual",
  lines: [],
  restock: false,
  reason: null,
  idempotencyKey: "k",
  providerRefundId: null,
  failureReason: null,
  checks: 0,
  nextCheckAt: null,
  livemode: true,
  createdAt: "2026-11-27T11:00:00.000Z",
  updatedAt: "2026-11-27T11:00:00.000Z",
  settledAt: "2026-11-27T11:00:00.000Z",
  ...overrides,
});

describe("invoices and credit notes (domain/invoices)", () => {
  it("an invoice groups lines and shipping by rate: zero-rated first, then 16 %, adding up to the order", () => {
    const invoice = buildInvoice(taxedOrder(), SELLER, ISSUE);
    assert.deepEqual(invoice.byRate, [
      { rate: 0, exempt: false, net: 50_000, tax: 0, gross: 50_000 },
      { rate: 160_000, exempt: false, net: 130_000, tax: 20_800, gross: 150_800 },
    ]);
    assert.equal(invoice.lines[0]!.name, "Sofa — Grey");
    assert.equal(invoice.lines[1]!.name, "Lamp", "a variant named as its product is not repeated");
    assert.deepEqual(invoice.shipping, { amount: 30_000, taxRate: 160_000, taxExempt: false, tax: 4_800, total: 34_800 });
    assert.equal(invoice.pricesIncludeTax, false);
  });

  it("an order placed before per-line tax has one group without a rate: its tax and its total", () => {
    const invoice = buildInvoice(order(), SELLER, ISSUE);
    assert.deepEqual(invoice.byRate, [{ rate: null, exempt: false, net: 230_000, tax: 36_800, gross: 266_800 }]);
    assert.equal(invoice.lines[0]!.tax, null);
    assert.equal(invoice.lines[0]!.total, 150_000);
    assert.equal(invoice.pricesIncludeTax, null);
  });

  it("the invoice is a snapshot: a later change to the order object does not reach it", () => {
    const source = taxedOrder();
    const invoice = buildInvoice(source, SELLER, ISSUE);
    const json = JSON.stringify(invoice);
    (source.items[0] as { productName: string }).productName = "Renamed";
    assert.equal(JSON.stringify(invoice), json);
  });

  it("a credit note by lines credits each line at its rate, its totals by rate adding up to the refund", () => {
    const note = buildCreditNote(
      taxedOrder(),
      refund({ amount: 116_000 + 25_000, taxAmount: 16_000, lines: [{ lineId: "l1", quantity: 1, amount: 116_000, tax: 16_000 }, { lineId: "l2", quantity: 1, amount: 25_000, tax: 0 }] }),
      "INV-000007",
      SELLER,
      { number: "CN-000003", sequence: 3, issuedAt: "2026-11-27T11:00:00.000Z" },
    );
    assert.equal(note.invoiceNumber, "INV-000007");
    assert.deepEqual(
      note.lines.map((line) => [line.name, line.sku, line.quantity, line.taxRate, line.tax, line.total]),
      [
        ["Sofa — Grey", "SOFA-G", 1, 160_000, 16_000, 116_000],
        ["Lamp", "LAMP", 1, 0, 0, 25_000],
      ],
    );
    assert.deepEqual(note.byRate, [
      { rate: 0, exempt: false, net: 25_000, tax: 0, gross: 25_000 },
      { rate: 160_000, exempt: false, net: 100_000, tax: 16_000, gross: 116_000 },
    ]);
  });

  it("a credit note by amount is one line, its tax the refund's, one group without a rate", () => {
    const note = buildCreditNote(taxedOrder(), refund({ amount: 10_000, taxAmount: 1_035 }), null, SELLER, { number: "CN-000001", sequence: 1, issuedAt: "2026-11-27T11:00:00.000Z" });
    assert.deepEqual(note.lines, [{ name: "Refund", sku: null, quantity: null, taxRate: null, taxExempt: false, tax: 1_035, total: 10_000 }]);
    assert.deepEqual(note.byRate, [{ rate: null, exempt: false, net: 8_965, tax: 1_035, gross: 10_000 }]);
    assert.equal(note.invoiceNumber, null);
  });

  it("numbers: INV- and CN-, six digits at least, TEST- in test mode, one counter key per series", () => {
    assert.equal(formatDocumentNumber({ kind: "invoice", livemode: true }, 1), "INV-000001");
    assert.equal(formatDocumentNumber({ kind: "invoice", livemode: false }, 42), "INV-TEST-000042");
    assert.equal(formatDocumentNumber({ kind: "credit_note", livemode: true }, 1_234_567), "CN-1234567");
    assert.deepEqual(
      [true, false].flatMap((livemode) => (["invoice", "credit_note"] as const).map((kind) => seriesKey({ kind, livemode }))),
      ["invoice", "credit_note", "invoice_test", "credit_note_test"],
    );
    for (const good of ["INV-000001", "CN-TEST-000002", "INV-1234567"]) assert.ok(DOCUMENT_NUMBER_PATTERN.test(good), good);
    for (const bad of ["INV-1", "ORD-2026-000001", "cn-000001", "INV-000001x"]) assert.ok(!DOCUMENT_NUMBER_PATTERN.test(bad), bad);
  });

  it("amounts are written with the currency's minor digits (ISO 4217), thousands grouped", () => {
    assert.equal(formatMinor(123_456, "KES"), "1,234.56");
    assert.equal(formatMinor(5, "KES"), "0.05");
    assert.equal(formatMinor(0, "KES"), "0.00");
    assert.equal(formatMinor(1_234_567, "UGX"), "1,234,567");
    assert.equal(formatMinor(1_234_567, "BHD"), "1,234.567");
    assert.equal(formatMinor(-150, "KES"), "-1.50");
  });
});
