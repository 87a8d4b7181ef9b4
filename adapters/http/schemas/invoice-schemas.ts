// Invoices and credit notes in JSON (docs/api/orders.md, "Invoices and credit notes") as Schemas,
// built for a money unit: decimal major units on /v1, integer minor units on the admin API.
import { Schema } from "effect";
import { PAYMENT_METHODS } from "../../../domain/orders/order.js";
import { OrderAddress } from "./order-schemas.js";

const NullableString = Schema.NullOr(Schema.String);

/** `prefix` names the admin API's shapes apart (`AdminInvoice`): one schema name is one shape across both documents. */
export const invoiceSchemas = (unit: string, prefix: "" | "Admin" = "") => {
  const money = (what: string) => Schema.Number.annotations({ description: `${what}, in ${unit}.` });
  const nullableMoney = (what: string) => Schema.NullOr(Schema.Number).annotations({ description: `${what}, in ${unit}; null on orders placed before per-line tax.` });
  const rate = Schema.NullOr(Schema.String).annotations({ description: 'The tax rate in percent as text ("16", "7.5"); null on orders placed before per-line tax.' });
  const exempt = Schema.Boolean.annotations({ description: "True for an exempt line (outside the tax, unlike a zero-rated one)." });

  const RateTotal = Schema.Struct({
    tax_rate: rate,
    tax_exempt: exempt,
    net_amount: money("What the lines and shipping at this rate come to without tax"),
    tax_amount: money("Their tax"),
    gross_amount: money("Their net_amount + tax_amount"),
  });
  const totalsByRate = Schema.Array(RateTotal).annotations({
    description: "The totals by tax rate: zero-rated first, ascending rates, exempt last. Their tax_amount and gross_amount add up exactly to the document's.",
  });

  const Seller = Schema.Struct({
    name: Schema.String.annotations({ description: "The store's name when the document was issued." }),
    address: Schema.NullOr(OrderAddress).annotations({ description: "The store's address when the document was issued, or null when it had none." }),
    tax_number: NullableString.annotations({ description: "The store's tax registration number, or null." }),
  });
  const Buyer = Schema.Struct({
    name: Schema.String.annotations({ description: "The buyer's name as given at checkout." }),
    email: Schema.String.annotations({ description: "The buyer's email as given at checkout." }),
    phone: NullableString.annotations({ description: "The buyer's phone number, or null." }),
    billing_address: Schema.propertySignature(OrderAddress).annotations({ description: "The billing address." }),
    shipping_address: Schema.propertySignature(OrderAddress).annotations({ description: "The shipping address." }),
  });
  const common = {
    livemode: Schema.Boolean.annotations({ description: "False for a test-mode order's document (numbered in its own series, `-TEST-`)." }),
    issued_at: Schema.String.annotations({ description: "When it was issued (ISO 8601 UTC): when the order was paid, or the refund succeeded." }),
    currency: Schema.String.annotations({ description: "The order's currency (ISO 4217)." }),
  };

  const Invoice = Schema.Struct({
    number: Schema.String.annotations({ description: "The invoice number: `INV-` and a 6-digit sequence, gapless per store (`INV-TEST-` in test mode)." }),
    order_id: Schema.String.annotations({ description: "The order's id." }),
    order_number: Schema.String.annotations({ description: "The order's number." }),
    ...common,
    ordered_at: Schema.String.annotations({ description: "When the order was placed (ISO 8601 UTC)." }),
    prices_include_tax: Schema.NullOr(Schema.Boolean).annotations({ description: "Whether the prices include tax; null on orders placed before per-line tax (tax was added)." }),
    seller: Seller.annotations({ description: "The seller as the store was when the invoice was issued." }),
    buyer: Buyer.annotations({ description: "The buyer as the order names them." }),
    lines: Schema.Array(
      Schema.Struct({
        name: Schema.String.annotations({ description: "The product's name (with the variant's) when ordered." }),
        sku: Schema.String.annotations({ description: "The SKU when ordered." }),
        quantity: Schema.Number.annotations({ description: "Units." }),
        unit_price: money("The unit price as the store stated it"),
        line_total: money("quantity × unit_price"),
        discount_amount: money("The line's share of the order's discount"),
        tax_rate: rate,
        tax_exempt: exempt,
        net_amount: nullableMoney("The line without tax, after its discount share"),
        tax_amount: nullableMoney("The line's tax"),
        total_amount: money("What the buyer pays for the line: after its discount share, with its tax"),
      }),
    ).annotations({ description: "The order's lines, in order." }),
    shipping: Schema.Struct({
      amount: money("The delivery fee as stated"),
      tax_rate: rate,
      tax_exempt: exempt,
      tax_amount: nullableMoney("The fee's tax"),
      total_amount: money("The fee with its tax"),
    }).annotations({ description: "The delivery fee." }),
    discount: Schema.Struct({
      amount: money("The order's discount"),
      promotions: Schema.Array(Schema.String).annotations({ description: "The names of the promotions applied." }),
    }).annotations({ description: "The discount of the promotions." }),
    subtotal: money("The lines' sum as stated (quantity × unit price)"),
    tax_amount: money("The order's tax"),
    total_amount: money("The order's total"),
    totals_by_rate: totalsByRate,
    gift_card_amount: money("What a gift card paid of the total"),
    payment_method: Schema.Literal(...PAYMENT_METHODS).annotations({ description: "How the rest was paid." }),
    payment_reference: NullableString.annotations({ description: "The payment's reference, or null." }),
  }).annotations({ identifier: `${prefix}Invoice` });

  const summaryFields = {
    number: Schema.String.annotations({ description: "The credit note number: `CN-` and a 6-digit sequence, gapless per store (`CN-TEST-` in test mode)." }),
    refund_id: Schema.String.annotations({ description: "The refund it documents." }),
    invoice_number: NullableString.annotations({ description: "The invoice it corrects, or null for an order paid before invoices were issued." }),
    ...common,
    tax_amount: nullableMoney("The tax credited"),
    total_amount: money("The amount credited (the refund's amount)"),
  };
  const CreditNoteSummary = Schema.Struct(summaryFields).annotations({ identifier: `${prefix}CreditNoteSummary` });
  const CreditNote = Schema.Struct({
    ...summaryFields,
    order_id: Schema.String.annotations({ description: "The order's id." }),
    order_number: Schema.String.annotations({ description: "The order's number." }),
    reason: NullableString.annotations({ description: "The refund's reason, or null." }),
    seller: Seller.annotations({ description: "The seller, as on the order's invoice." }),
    buyer: Buyer.annotations({ description: "The buyer as the order names them." }),
    lines: Schema.Array(
      Schema.Struct({
        name: Schema.String.annotations({ description: "The order line's name, or `Refund` for a refund by amount." }),
        sku: NullableString.annotations({ description: "The order line's SKU, or null for a refund by amount." }),
        quantity: Schema.NullOr(Schema.Number).annotations({ description: "Units refunded, or null for a refund by amount." }),
        tax_rate: rate,
        tax_exempt: exempt,
        tax_amount: nullableMoney("The tax inside the amount credited"),
        total_amount: money("The amount credited"),
      }),
    ).annotations({ description: "What was credited: the refunded lines, or one line for a refund by amount." }),
    totals_by_rate: totalsByRate,
  }).annotations({ identifier: `${prefix}CreditNote` });

  return { Invoice, CreditNote, CreditNoteSummary };
};
