// Properties of an invoice built from a paid order (docs/invoices.md, "What an invoice holds"), for
// currencies with 0, 2 and 3 minor digits: the totals by rate add up exactly to the order's tax and
// total, agree with the tax module's own totals, and the lines and shipping add up to the total.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { buildInvoice, orderTotalsByRate } from "../../../domain/invoices/invoice.js";
import type { LineTaxFigures, Order } from "../../../domain/orders/order.js";
import { taxOrder, type LineTax, type OrderTax } from "../../../domain/tax/order-tax.js";
import { amountIn, classArb, currencyArb, lineIn, zoneArb } from "../tax/tax-arbitraries.js";

const figuresOf = (line: LineTax): LineTaxFigures => ({
  taxClass: line.taxClass,
  rate: line.rate,
  exempt: line.exempt,
  discount: line.discount,
  net: line.net,
  tax: line.tax,
  gross: line.gross,
});

const ADDRESS = { name: "Amina", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE" };

/** An order as checkout stores it (docs/taxes.md, "Checkout"), from a random cart taxed by taxOrder. */
const paidOrderArb: fc.Arbitrary<{ readonly order: Order; readonly taxed: OrderTax }> = currencyArb.chain((currency) =>
  fc
    .record({
      pricesIncludeTax: fc.boolean(),
      zone: zoneArb,
      lines: fc.array(fc.tuple(lineIn(currency), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 8 }),
      shipping: fc.option(fc.record({ amount: amountIn(currency, 5_000), taxClass: classArb }), { nil: null }),
      discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      giftCardFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ discountFraction, giftCardFraction, lines, ...rest }) => {
      const subtotal = lines.reduce((sum, [line]) => sum + line.amount, 0);
      const discount = Math.floor(subtotal * discountFraction);
      const result = taxOrder({ ...rest, lines: lines.map(([line]) => line), discount });
      assert.ok(Either.isRight(result), "every class used is rated in the zone");
      const taxed = result.right;
      const order: Order = {
        id: "order-1",
        orderNumber: "ORD-2026-000001",
        customerId: null,
        customerEmail: "amina@example.com",
        customerPhone: null,
        customerName: "Amina",
        orderStatus: "pending",
        paymentStatus: "paid",
        fulfilmentStatus: "unfulfilled",
        paymentMethod: "mobile_stk",
        paymentReference: null,
        currency,
        subtotal,
        discountAmount: discount,
        shippingAmount: rest.shipping?.amount ?? 0,
        taxAmount: taxed.tax,
        taxDetails: {
          pricesIncludeTax: rest.pricesIncludeTax,
          zoneId: rest.zone.id,
          zoneName: rest.zone.name,
          matchedBy: "default",
          shipping: taxed.shipping === null ? null : figuresOf(taxed.shipping),
        },
        giftCardAmount: Math.floor(taxed.gross * giftCardFraction),
        totalAmount: taxed.gross,
        billingAddress: ADDRESS,
        shippingAddress: ADDRESS,
        // A line of `quantity` units at a unit price that makes up its amount (the amount is what taxOrder saw).
        items: lines.map(([line, quantity], i) => ({
          id: `line-${i}`,
          productId: `product-${i}`,
          variantId: null,
          productName: `Product ${i}`,
          variantName: "",
          sku: `SKU-${i}`,
          quantity,
          unitPrice: Math.floor(line.amount / quantity),
          lineTotal: line.amount,
          tax: figuresOf(taxed.lines[i]!),
        })),
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
      };
      return { order, taxed };
    }),
);

const SELLER = { name: "Kilimani Home", address: null, taxNumber: null };
const ISSUE = { number: "INV-000001", sequence: 1, issuedAt: "2026-11-27T10:00:00.000Z" };

describe("invoice properties (UGX, JPY: 0 digits; KES, TZS: 2; BHD, KWD: 3)", () => {
  it("the totals by rate add up exactly to the order's tax and total, each group with its rate", () => {
    fc.assert(
      fc.property(paidOrderArb, ({ order }) => {
        const invoice = buildInvoice(order, SELLER, ISSUE);
        assert.equal(invoice.byRate.reduce((sum, group) => sum + group.tax, 0), order.taxAmount);
        assert.equal(invoice.byRate.reduce((sum, group) => sum + group.gross, 0), order.totalAmount);
        for (const group of invoice.byRate) {
          assert.notEqual(group.rate, null, "a per-line order groups by its rates");
          assert.equal(group.gross, group.net + group.tax);
        }
        assert.equal(new Set(invoice.byRate.map((g) => `${g.exempt}:${g.rate}`)).size, invoice.byRate.length, "one group per rate");
      }),
      { numRuns: 1000 },
    );
  });

  it("the totals by rate are the tax module's own (taxOrder's byRate), in the same order", () => {
    fc.assert(
      fc.property(paidOrderArb, ({ order, taxed }) => {
        assert.deepEqual(
          orderTotalsByRate(order),
          taxed.byRate.map((group) => ({ rate: group.rate, exempt: group.exempt, net: group.net, tax: group.tax, gross: group.gross })),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("the lines' totals and the shipping's add up to the invoice's total, and its tax to the lines' and shipping's taxes", () => {
    fc.assert(
      fc.property(paidOrderArb, ({ order }) => {
        const invoice = buildInvoice(order, SELLER, ISSUE);
        assert.equal(invoice.lines.reduce((sum, line) => sum + line.total, 0) + invoice.shipping.total, invoice.total);
        assert.equal(invoice.lines.reduce((sum, line) => sum + line.tax!, 0) + (invoice.shipping.tax ?? 0), invoice.tax);
        assert.equal(invoice.total, order.totalAmount);
        assert.equal(invoice.currency, order.currency);
      }),
      { numRuns: 500 },
    );
  });
});
