// The answers of payment initialisation, verification and provider notifications (CONTRACT
// section 4) as Schemas: amounts as decimal major units of `currency`.
import { Schema } from "effect";
import { PAYMENT_PROVIDERS, PaymentStatus } from "../../../domain/payments/payment-provider.js";

const Provider = Schema.Literal(...PAYMENT_PROVIDERS);
const Mode = Schema.Literal("test", "live");
const CHARGED = Schema.Number.annotations({
  description:
    "What the provider is asked to take, in major units, as recorded on the payment: `amount`, rounded up to whole units for mobile money (M-Pesa and pawaPay take no cents).",
});

export const PaymentInitialisation = Schema.Struct({
  success: Schema.Literal(true),
  provider: Provider,
  flow: Schema.Literal("redirect", "popup", "stk_push", "collection"),
  session_id: Schema.String.annotations({ description: "The provider's id: Checkout Session, access code, CheckoutRequestID or depositId." }),
  mode: Mode,
  reference: Schema.String.annotations({ description: "`PAY-<digits>-<suffix>`: verify with it." }),
  amount: Schema.Number,
  charged_amount: CHARGED,
  currency: Schema.String,
  status: PaymentStatus,
  checkout_url: Schema.optional(Schema.String.annotations({ description: "Redirect flow: send the customer here." })),
  public_key: Schema.optional(Schema.String.annotations({ description: "Popup flow: open the popup with this key and the reference." })),
}).annotations({ identifier: "PaymentInitialisation" });

export const PaymentVerification = Schema.Struct({
  success: Schema.Boolean.annotations({ description: "True only when the payment is paid." }),
  reference: Schema.String,
  provider: Provider,
  status: PaymentStatus,
  amount: Schema.Number,
  charged_amount: CHARGED,
  currency: Schema.String,
  order_id: Schema.NullOr(Schema.String),
  mode: Mode,
  paid_at: Schema.NullOr(Schema.String),
  review_reason: Schema.NullOr(Schema.String).annotations({
    description:
      "Null, or why the payment needs a person: `order_already_paid: ...` when it paid an order another payment had already paid (refund one of them; its payment.succeeded event carries the same reason), `amount_mismatch: ...` when the provider reported another amount or currency.",
  }),
}).annotations({ identifier: "PaymentVerification" });

export const PaymentCallbackReceipt = Schema.Struct({
  received: Schema.Literal(true),
  duplicate: Schema.Boolean.annotations({ description: "This provider event was processed before; nothing was done again." }),
  reference: Schema.String,
}).annotations({ identifier: "PaymentCallbackReceipt" });
