// The answers of payment initialisation, verification and provider notifications
// (docs/api/payments.md) as Schemas: amounts as decimal major units of `currency`.
import { Schema } from "effect";
import { PAYMENT_PROVIDERS, PaymentStatus } from "../../../domain/payments/payment-provider.js";

const Provider = Schema.Literal(...PAYMENT_PROVIDERS);
const Mode = Schema.Literal("test", "live");
const CHARGED = Schema.Number.annotations({
  description:
    "What the provider is asked to take, in major units, as recorded on the payment: `amount`, rounded up to whole units for mobile money (M-Pesa and pawaPay take no cents).",
});

export const PaymentInitialisation = Schema.Struct({
  success: Schema.Literal(true).annotations({ description: "Always true: the payment was started." }),
  provider: Provider.annotations({ description: "The provider kind that takes the payment." }),
  flow: Schema.Literal("redirect", "popup", "stk_push", "collection").annotations({ description: "How the customer pays: redirect (to checkout_url), popup (with public_key), stk_push (a prompt on the phone) or collection (mobile money request)." }),
  session_id: Schema.String.annotations({ description: "The provider's id: Checkout Session, access code, CheckoutRequestID or depositId." }),
  mode: Mode.annotations({ description: "test (the provider's sandbox) or live, from the key used." }),
  reference: Schema.String.annotations({ description: "`PAY-<digits>-<suffix>`: verify with it." }),
  amount: Schema.Number.annotations({ description: "The amount asked for, in decimal major units of currency (e.g. 1500.5 = 1,500.50 KES)." }),
  charged_amount: CHARGED,
  currency: Schema.String.annotations({ description: "Currency of amount and charged_amount (ISO 4217)." }),
  status: PaymentStatus.annotations({ description: "The payment's state: pending until verified." }),
  checkout_url: Schema.optional(Schema.String.annotations({ description: "Redirect flow: send the customer here." })),
  public_key: Schema.optional(Schema.String.annotations({ description: "Popup flow: open the popup with this key and the reference." })),
}).annotations({ identifier: "PaymentInitialisation" });

export const PaymentVerification = Schema.Struct({
  success: Schema.Boolean.annotations({ description: "True only when the payment is paid." }),
  reference: Schema.String.annotations({ description: "The payment's reference." }),
  provider: Provider.annotations({ description: "The provider kind that took the payment." }),
  status: PaymentStatus.annotations({ description: "pending, paid or failed." }),
  amount: Schema.Number.annotations({ description: "The amount asked for, in decimal major units of currency." }),
  charged_amount: CHARGED,
  currency: Schema.String.annotations({ description: "Currency of amount and charged_amount (ISO 4217)." }),
  order_id: Schema.NullOr(Schema.String).annotations({ description: "The order the payment is for, or null." }),
  mode: Mode.annotations({ description: "test (the provider's sandbox) or live." }),
  paid_at: Schema.NullOr(Schema.String).annotations({ description: "When the provider confirmed the payment (ISO 8601, UTC), or null." }),
  review_reason: Schema.NullOr(Schema.String).annotations({
    description:
      "Null, or why the payment needs a person: `order_already_paid: ...` when it paid an order another payment had already paid (refund one of them; its payment.succeeded event carries the same reason), `amount_mismatch: ...` when the provider reported another amount or currency.",
  }),
}).annotations({ identifier: "PaymentVerification" });

export const PaymentCallbackReceipt = Schema.Struct({
  received: Schema.Literal(true).annotations({ description: "Always true: the notification was accepted." }),
  duplicate: Schema.Boolean.annotations({ description: "This provider event was processed before; nothing was done again." }),
  reference: Schema.String.annotations({ description: "The payment's reference." }),
}).annotations({ identifier: "PaymentCallbackReceipt" });
