// Refunds of lines with stored tax figures (docs/taxes.md, "Refunds"): units refunded in any number of
// refunds return exactly the line's gross and tax; an order placed before per-line tax keeps the old
// rule (lineCharge) and no tax figure; a refund by amount returns the order's tax in proportion.
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Order, OrderLine } from "../../../domain/orders/order.js";
import { lineCharge, priceRefundLines, taxOfAmountRefund, unitsValue, type RefundLine } from "../../../domain/orders/refund.js";
import { taxOf } from "../../../domain/tax/line-tax.js";
import { rateArb } from "../tax/tax-arbitraries.js";

const orderOf = (items: OrderLine[], taxAmount: number, taxed: boolean): Pick<Order, "subtotal" | "discountAmount" | "shippingAmount" | "taxAmount" | "items" | "totalAmount" | "taxDetails"> => ({
  subtotal: items.reduce((sum, line) => sum + line.lineTotal, 0),
  discountAmount: 0,
  shippingAmount: 0,
  taxAmount,
  items,
  totalAmount: items.reduce((sum, line) => sum + (line.tax?.gross ?? line.lineTotal), 0) + (taxed ? 0 : taxAmount),
  taxDetails: taxed ? { pricesIncludeTax: true, zoneId: "ke", zoneName: "Kenya", matchedBy: "country", shipping: null } : null,
});

const line = (quantity: number, unitPrice: number, rate: number, discount: number): OrderLine => {
  const figures = taxOf(quantity * unitPrice - discount, rate as never, true);
  return {
    id: "line-1",
    productId: "p",
    variantId: "v",
    productName: "Lamp",
    variantName: "",
    sku: "L-1",
    quantity,
    unitPrice,
    lineTotal: quantity * unitPrice,
    tax: { taxClass: "standard", rate, exempt: false, discount, ...figures },
  };
};

describe("refunds of lines with stored tax figures", () => {
  it("refunding every unit, in any cut into refunds, returns exactly the line's gross and its tax", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        rateArb,
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 40 }),
        (quantity, unitPrice, rate, discountPercent, cuts) => {
          const discount = Math.floor((quantity * unitPrice * discountPercent) / 100);
          const charged = line(quantity, unitPrice, rate, discount);
          const order = orderOf([charged], charged.tax!.tax, true);
          const refunds: { status: "succeeded"; lines: RefundLine[] }[] = [];
          let left = quantity;
          for (const cut of [...cuts, quantity]) {
            if (left === 0) break;
            const units = Math.min(cut, left);
            const priced = priceRefundLines(order, refunds, [{ lineId: charged.id, quantity: units }]);
            assert.ok("lines" in priced);
            refunds.push({ status: "succeeded", lines: priced.lines });
            left -= units;
          }
          const all = refunds.flatMap((r) => r.lines);
          assert.equal(all.reduce((sum, l) => sum + l.amount, 0), charged.tax!.gross);
          assert.equal(all.reduce((sum, l) => sum + (l.tax ?? 0), 0), charged.tax!.tax);
          for (const l of all) assert.ok((l.tax ?? 0) >= 0 && (l.tax ?? 0) <= l.amount);
        },
      ),
    );
  });

  it("a line of an order placed before per-line tax keeps the old rule and carries no tax figure", () => {
    const old: OrderLine = { id: "line-1", productId: "p", variantId: "v", productName: "Lamp", variantName: "", sku: "L-1", quantity: 3, unitPrice: 10_000, lineTotal: 30_000 };
    const order = orderOf([old], 4_800, false);
    const priced = priceRefundLines(order, [], [{ lineId: "line-1", quantity: 2 }]);
    assert.ok("lines" in priced);
    assert.deepEqual(priced.lines, [{ lineId: "line-1", quantity: 2, amount: unitsValue(lineCharge(order, old), 3, 0, 2), tax: null }]);
    assert.equal(taxOfAmountRefund(order, [], 1_000), null);
  });

  it("refunds by amount of a per-line-taxed order return its tax in proportion, all of it with the whole total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 1_000_000 }), rateArb, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }), (quantity, unitPrice, rate, cuts) => {
        const charged = line(quantity, unitPrice, rate, 0);
        const order = orderOf([charged], charged.tax!.tax, true);
        const refunds: { status: "succeeded"; amount: number; taxAmount: number }[] = [];
        let taxes = 0;
        let left = order.totalAmount;
        for (const cut of [...cuts, order.totalAmount]) {
          if (left === 0) break;
          const amount = Math.min(cut, left);
          const tax = taxOfAmountRefund(order, refunds, amount);
          assert.ok(tax !== null && tax >= 0 && tax <= amount);
          taxes += tax;
          refunds.push({ status: "succeeded", amount, taxAmount: tax });
          left -= amount;
        }
        assert.equal(taxes, order.taxAmount);
      }),
    );
  });

  it("refunds mixing units and amounts, in any order, never return more tax than was charged, and all of it with the whole total unless the last refund's amount is smaller than the tax left", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 900_000 }), rateArb), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(fc.record({ kind: fc.constant("units" as const), line: fc.nat(), units: fc.integer({ min: 1, max: 12 }) }), fc.record({ kind: fc.constant("amount" as const), amount: fc.integer({ min: 1, max: 2_000_000 }) })), { maxLength: 10 }),
        fc.boolean(),
        (specs, steps, lastByUnits) => {
          const items = specs.map(([quantity, unitPrice, rate], i) => ({ ...line(quantity, unitPrice, rate, 0), id: `line-${i}` }));
          const order = orderOf(items, items.reduce((sum, item) => sum + item.tax!.tax, 0), true);
          const refunds: { status: "succeeded"; amount: number; taxAmount: number; lines: RefundLine[] }[] = [];
          const taken = () => refunds.reduce((sum, r) => sum + r.amount, 0);
          const unitsLeft = (item: OrderLine) => item.quantity - refunds.flatMap((r) => r.lines).filter((l) => l.lineId === item.id).reduce((sum, l) => sum + l.quantity, 0);
          const byUnits = (asked: { lineId: string; quantity: number }[]): boolean => {
            const priced = priceRefundLines(order, refunds, asked);
            if (!("lines" in priced)) return false;
            const amount = priced.lines.reduce((sum, l) => sum + l.amount, 0);
            if (taken() + amount > order.totalAmount) return false;
            for (const l of priced.lines) assert.ok((l.tax ?? -1) >= 0 && (l.tax ?? 0) <= l.amount, JSON.stringify(l));
            refunds.push({ status: "succeeded", amount, taxAmount: priced.lines.reduce((sum, l) => sum + (l.tax ?? 0), 0), lines: priced.lines });
            return true;
          };
          const byAmount = (amount: number): void => {
            const tax = taxOfAmountRefund(order, refunds, amount);
            assert.ok(tax !== null && tax >= 0 && tax <= amount);
            refunds.push({ status: "succeeded", amount, taxAmount: tax, lines: [] });
          };
          for (const step of steps) {
            const left = order.totalAmount - taken();
            if (left === 0) break;
            if (step.kind === "amount") byAmount(Math.min(step.amount, left));
            else {
              const item = items[step.line % items.length]!;
              const units = Math.min(step.units, unitsLeft(item));
              if (units > 0) byUnits([{ lineId: item.id, quantity: units }]);
            }
          }
          // The rest: every unit left when nothing went by amount and the last is by units, else by amount.
          const rest = items.filter((item) => unitsLeft(item) > 0).map((item) => ({ lineId: item.id, quantity: unitsLeft(item) }));
          const left = order.totalAmount - taken();
          if (left > 0 && !(lastByUnits && rest.length > 0 && byUnits(rest))) byAmount(order.totalAmount - taken());
          assert.equal(taken(), order.totalAmount);
          const returned = refunds.reduce((sum, r) => sum + r.taxAmount, 0);
          assert.ok(returned <= order.taxAmount, `${returned} of ${order.taxAmount}`);
          // Exact, but where a refund by amount took a line's tax share and that line, zero-rated,
          // went later by units: what is left of the tax may then be more than what is left to refund.
          const last = refunds[refunds.length - 1]!;
          if (returned !== order.taxAmount) assert.equal(last.taxAmount, last.amount, `short by ${order.taxAmount - returned} only when the last refund is all tax`);
        },
      ),
    );
  });
});
