// An order's tax as its answers show it (docs/taxes.md, "For the wiring"): each line's class, rate
// (percent text), discount share, net, tax and gross, the shipping fee's, the zone and the price
// basis. Null on orders placed before per-line tax, which kept only the order's tax_amount.
import type { LineTaxFigures, Order } from "../../domain/orders/order.js";
import { formatTaxRatePercent, type TaxRate } from "../../domain/tax/tax-rate.js";

/** `money` turns minor units into the answer's unit (major units on /v1, minor on the admin API). */
export const lineTaxRecord = (tax: LineTaxFigures | null | undefined, money: (minor: number) => number) => ({
  tax_class: tax?.taxClass ?? null,
  tax_rate: tax === null || tax === undefined ? null : formatTaxRatePercent(tax.rate as TaxRate),
  tax_exempt: tax?.exempt ?? null,
  discount_amount: tax === null || tax === undefined ? null : money(tax.discount),
  net_amount: tax === null || tax === undefined ? null : money(tax.net),
  tax_amount: tax === null || tax === undefined ? null : money(tax.tax),
  gross_amount: tax === null || tax === undefined ? null : money(tax.gross),
});

export const orderTaxRecord = (order: Pick<Order, "taxDetails">, money: (minor: number) => number) => {
  const details = order.taxDetails ?? null;
  return {
    prices_include_tax: details?.pricesIncludeTax ?? null,
    tax_zone: details === null ? null : { id: details.zoneId, name: details.zoneName, matched_by: details.matchedBy },
    shipping_tax: details === null || details.shipping === null ? null : lineTaxRecord(details.shipping, money),
  };
};
