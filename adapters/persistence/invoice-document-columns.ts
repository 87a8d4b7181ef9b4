// An invoice's and a credit note's `document` column (docs/invoices.md, "What an invoice holds"):
// the snapshot as issued, JSON text with the domain's own keys, decoded by a Schema when read so a
// row that is not a document fails loudly instead of reaching a page half-empty.
import { Schema } from "effect";
import type { CreditNote } from "../../domain/invoices/credit-note.js";
import type { Invoice } from "../../domain/invoices/invoice.js";
import { PAYMENT_METHODS } from "../../domain/orders/order.js";

const Int = Schema.Int;
const NullableInt = Schema.NullOr(Schema.Int);
const NullableString = Schema.NullOr(Schema.String);

const Address = Schema.Struct({
  name: Schema.String,
  line1: Schema.String,
  line2: Schema.optional(Schema.String),
  city: Schema.String,
  region: Schema.optional(Schema.String),
  postal_code: Schema.optional(Schema.String),
  country: Schema.String,
  phone: Schema.optional(Schema.String),
  latitude: Schema.optional(Schema.Number),
  longitude: Schema.optional(Schema.Number),
});

const Seller = Schema.Struct({ name: Schema.String, address: Schema.NullOr(Address), taxNumber: NullableString });
const Buyer = Schema.Struct({ name: Schema.String, email: Schema.String, phone: NullableString, billingAddress: Address, shippingAddress: Address });
const RateTotal = Schema.Struct({ rate: NullableInt, exempt: Schema.Boolean, net: Int, tax: Int, gross: Int });

const StoredInvoice = Schema.Struct({
  number: Schema.String,
  sequence: Int,
  livemode: Schema.Boolean,
  issuedAt: Schema.String,
  orderId: Schema.String,
  orderNumber: Schema.String,
  orderedAt: Schema.String,
  currency: Schema.String,
  pricesIncludeTax: Schema.NullOr(Schema.Boolean),
  seller: Seller,
  buyer: Buyer,
  lines: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      sku: Schema.String,
      quantity: Int,
      unitPrice: Int,
      amount: Int,
      discount: Int,
      taxRate: NullableInt,
      taxExempt: Schema.Boolean,
      net: NullableInt,
      tax: NullableInt,
      total: Int,
    }),
  ),
  shipping: Schema.Struct({ amount: Int, taxRate: NullableInt, taxExempt: Schema.Boolean, tax: NullableInt, total: Int }),
  discount: Schema.Struct({ amount: Int, promotions: Schema.Array(Schema.String) }),
  subtotal: Int,
  tax: Int,
  total: Int,
  byRate: Schema.Array(RateTotal),
  giftCardAmount: Int,
  paymentMethod: Schema.Literal(...PAYMENT_METHODS),
  paymentReference: NullableString,
});

const StoredCreditNote = Schema.Struct({
  number: Schema.String,
  sequence: Int,
  livemode: Schema.Boolean,
  issuedAt: Schema.String,
  refundId: Schema.String,
  orderId: Schema.String,
  orderNumber: Schema.String,
  invoiceNumber: NullableString,
  currency: Schema.String,
  reason: NullableString,
  seller: Seller,
  buyer: Buyer,
  lines: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      sku: NullableString,
      quantity: NullableInt,
      taxRate: NullableInt,
      taxExempt: Schema.Boolean,
      tax: NullableInt,
      total: Int,
    }),
  ),
  tax: NullableInt,
  total: Int,
  byRate: Schema.Array(RateTotal),
});

export const readInvoiceDocument: (text: string) => Invoice = Schema.decodeUnknownSync(Schema.parseJson(StoredInvoice));
export const readCreditNoteDocument: (text: string) => CreditNote = Schema.decodeUnknownSync(Schema.parseJson(StoredCreditNote));
export const writeDocument = (document: Invoice | CreditNote): string => JSON.stringify(document);
