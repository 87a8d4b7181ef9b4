// The payloads of payment initialisation and verification (docs/api/payments.md) as Schemas: the
// shape of each field here, the rules between fields in domain/payments/payment-request.ts.
import { Schema } from "effect";
import { PAYMENT_REFERENCE_PATTERN } from "../../domain/payments/payment-reference.js";
import { PaymentProvider } from "../../domain/payments/payment-provider.js";
import { Email } from "../customers/customer-inputs.js";

const MAXIMUM_METADATA_BYTES = 8192;
const MAXIMUM_METADATA_KEYS = 50;

const message = (text: string) => ({ message: () => ({ message: text, override: true }) });
const Url = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048)).annotations(message("must be a URL of at most 2048 characters"));

export const PaymentMetadata = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((metadata) => Object.keys(metadata).length <= MAXIMUM_METADATA_KEYS && JSON.stringify(metadata).length <= MAXIMUM_METADATA_BYTES, {
    message: () => `must have at most ${MAXIMUM_METADATA_KEYS} keys and ${MAXIMUM_METADATA_BYTES} bytes of JSON`,
  }),
);

export const PaymentInitialisationInput = Schema.Struct({
  provider: Schema.propertySignature(PaymentProvider.annotations(message("must be one of card_redirect, card_popup, mobile_stk, mobile_collect"))).annotations({ description: "The provider kind: card_redirect, card_popup, mobile_stk or mobile_collect." }),
  amount: Schema.Number.annotations({
    ...message("must be a number of at least 0.01"),
    description:
      "Decimal major units of the currency charged. With order_id: the order's amount due, or for mobile money (which takes whole units) also that amount rounded up.",
  }),
  currency: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{3}$/)).annotations(message("must be an ISO 4217 currency code such as KES"))).annotations({ description: "Currency of amount (ISO 4217): the store's currency when absent for card_redirect; card_popup takes NGN, GHS, ZAR, KES or USD; mobile_stk always KES; mobile_collect from the country." }),
  email: Schema.optional(Email).annotations({ description: "The payer's email address (card providers)." }),
  phone: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)).annotations(message("must be a phone number"))).annotations({ description: "The payer's phone number (mobile money)." }),
  country: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{2}$/)).annotations(message("must be an ISO 3166-1 alpha-2 code such as KE"))).annotations({ description: "The payer's country (ISO 3166-1 alpha-2); mobile_collect takes its currency from it." }),
  order_id: Schema.optional(Schema.UUID).annotations({ description: "The order being paid; amount must then match its amount due." }),
  idempotency_key: Schema.optional(Schema.String.pipe(Schema.pattern(/^[\x20-\x7e]{1,255}$/)).annotations(message("must be 1 to 255 printable characters"))).annotations({ description: "The Idempotency-Key header again, if sent at all: it must equal the header." }),
  metadata: Schema.optional(PaymentMetadata).annotations({ description: "Free key-value data kept with the payment (at most 50 keys, 8 KiB of JSON)." }),
  success_url: Schema.optional(Url).annotations({ description: "Where the provider sends the customer after paying (redirect flow)." }),
  cancel_url: Schema.optional(Url).annotations({ description: "Where the provider sends the customer who cancels (redirect flow)." }),
  callback_url: Schema.optional(Url).annotations({ description: "Where the provider reports the outcome, when it takes one." }),
}).annotations({ identifier: "PaymentInitialisationInput" });
export type PaymentInitialisationInput = typeof PaymentInitialisationInput.Type;

export const PaymentReference = Schema.String.pipe(Schema.pattern(PAYMENT_REFERENCE_PATTERN)).annotations({
  ...message("must be a payment reference such as PAY-1767225600000-7KQ2M9XA"),
  identifier: "PaymentReference",
});

export const PaymentVerificationInput = Schema.Struct({
  reference: Schema.propertySignature(PaymentReference).annotations({ description: "The reference initialisation answered (`PAY-<digits>-<suffix>`)." }),
}).annotations({ identifier: "PaymentVerificationInput" });
export type PaymentVerificationInput = typeof PaymentVerificationInput.Type;
