// The payloads of payment initialisation and verification (CONTRACT section 4) as Schemas: the
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
  provider: PaymentProvider.annotations(message("must be one of card_redirect, card_popup, mobile_stk, mobile_collect")),
  amount: Schema.Number.annotations({
    ...message("must be a number of at least 0.01"),
    description:
      "Decimal major units of the currency charged. With order_id: the order's amount due, or for mobile money (which takes whole units) also that amount rounded up.",
  }),
  currency: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{3}$/)).annotations(message("must be an ISO 4217 currency code such as KES"))),
  email: Schema.optional(Email),
  phone: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)).annotations(message("must be a phone number"))),
  country: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{2}$/)).annotations(message("must be an ISO 3166-1 alpha-2 code such as KE"))),
  order_id: Schema.optional(Schema.UUID),
  idempotency_key: Schema.optional(Schema.String.pipe(Schema.pattern(/^[\x20-\x7e]{1,255}$/)).annotations(message("must be 1 to 255 printable characters"))),
  metadata: Schema.optional(PaymentMetadata),
  success_url: Schema.optional(Url),
  cancel_url: Schema.optional(Url),
  callback_url: Schema.optional(Url),
}).annotations({ identifier: "PaymentInitialisationInput" });
export type PaymentInitialisationInput = typeof PaymentInitialisationInput.Type;

export const PaymentReference = Schema.String.pipe(Schema.pattern(PAYMENT_REFERENCE_PATTERN)).annotations({
  ...message("must be a payment reference such as PAY-1767225600000-7KQ2M9XA"),
  identifier: "PaymentReference",
});

export const PaymentVerificationInput = Schema.Struct({ reference: PaymentReference }).annotations({ identifier: "PaymentVerificationInput" });
export type PaymentVerificationInput = typeof PaymentVerificationInput.Type;
