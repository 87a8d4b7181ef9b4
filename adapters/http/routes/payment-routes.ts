// Payments over HTTP: the signed, idempotent initialisation (docs/api/payments.md, "Initialising a
// payment"), verification, and the providers' own notifications, which carry no API key (`access:
// "public"`).
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { InitializePayment } from "../../../application/payments/initialize-payment.js";
import { PaymentInitialisationInput, PaymentVerificationInput } from "../../../application/payments/payment-inputs.js";
import { ReceivePaymentCallback } from "../../../application/payments/receive-payment-callback.js";
import { VerifyPayment } from "../../../application/payments/verify-payment.js";
import { PaymentProvider } from "../../../domain/payments/payment-provider.js";
import { IDEMPOTENCY_HEADER } from "../idempotent-execution.js";
import { defineRoute, type AnyRoute, type HeaderDoc } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { PaymentCallbackReceipt, PaymentInitialisation, PaymentVerification } from "../schemas/payment-schemas.js";
import { paymentExamples } from "./payment-examples.js";

const TAG = "Payments";

const signedHeaders: readonly HeaderDoc[] = [
  { name: "Idempotency-Key", required: true, description: "1-255 printable characters; a repeat replays the first answer and starts no second payment." },
  { name: "X-Timestamp", required: true, description: "Unix seconds, within 5 minutes of the server clock." },
  { name: "X-Signature", required: true, description: "Base64 HMAC-SHA256 of `<X-Timestamp>.<raw body>` keyed with the store's HMAC secret." },
];

const headerRecord = (headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(", ") : value]));

@injectable()
export class PaymentRoutes implements RouteModule {
  constructor(
    @inject(InitializePayment) private readonly initialize: InitializePayment,
    @inject(VerifyPayment) private readonly verify: VerifyPayment,
    @inject(ReceivePaymentCallback) private readonly callbacks: ReceivePaymentCallback,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "initializePayment",
        method: "POST",
        path: "/v1/payments/initialize",
        summary: "Start a payment with one of the four provider kinds (signed, idempotent)",
        description:
          "Secret key (a publishable key gets 403); signed and idempotent: a repeat of the `Idempotency-Key` answers the first initialisation and starts no second payment. `amount` is a decimal in major units. card_redirect (Stripe Checkout): email, success_url, cancel_url; currency defaults to the store's. card_popup (Paystack): email, callback_url, currency NGN, GHS, ZAR, KES or USD. mobile_stk (M-Pesa): phone 254XXXXXXXXX, always KES; M-Pesa takes whole shillings, so cents are charged rounded up (`charged_amount`). mobile_collect (pawaPay): country KE, UG, TZ or RW, phone of that country, currency from the country. With order_id, currency must be the order's and amount its amount due (cents included, whatever the provider); mobile_stk and mobile_collect also take the amount due rounded up to whole units (what they charge), and either way the payment is for the amount due and `charged_amount` is the whole units. Any other amount is a 400 naming `amount`; a paid or cancelled order is a 409 (`order_already_paid`, `order_cancelled`). 100 initialisations per hour per store. A test key reaches the built-in simulator when the provider has no test credentials.",
        tag: TAG,
        example: paymentExamples.initializePayment,
        access: "secret",
        body: PaymentInitialisationInput,
        signed: true,
        idempotency: "required",
        ownUnitsOfWork: true,
        headers: signedHeaders,
        errors: [403, 409, 422, 502],
        success: { status: 201, description: "The payment, pending at the provider.", schema: PaymentInitialisation },
        handle: ({ principal, body, ctx }) => this.initialize.execute(principal, body, ctx.get(IDEMPOTENCY_HEADER)),
      }),
      defineRoute({
        operationId: "verifyPayment",
        method: "POST",
        path: "/v1/payments/verify",
        summary: "Ask the provider where a payment stands; a paid payment marks its order paid",
        description:
          "Secret key. Asks the provider where the payment of `reference` stands (pending, paid, failed); `amount` in decimal major units. A paid payment marks its order paid. Emits payment.succeeded or payment.failed when the status changes, and order.paid when the order becomes paid; verifying a settled payment again changes nothing. An unknown reference is a 404; a provider's refusal a 502.",
        tag: TAG,
        example: paymentExamples.verifyPayment,
        access: "secret",
        body: PaymentVerificationInput,
        errors: [403, 404, 422, 502],
        success: { status: 200, description: "The payment's status.", schema: PaymentVerification },
        handle: ({ principal, body }) => this.verify.execute(principal, body),
      }),
      defineRoute({
        operationId: "receivePaymentCallback",
        method: "POST",
        path: "/v1/payments/callbacks/{provider}",
        summary: "A payment provider's own notification (no API key: the payment it names gives the store)",
        description:
          "No API key: the payment the notification names gives the store. Each provider posts its own format: checked with the provider's signature where it signs its notifications, otherwise confirmed by asking the provider, so a claim alone never settles a payment. Each provider event is processed once (a repeat answers `duplicate` true). An unknown provider or reference is a 404; a body no gateway reads a 400 `callback_rejected`.",
        tag: TAG,
        example: paymentExamples.receivePaymentCallback,
        access: "public",
        params: Schema.Struct({ provider: Schema.propertySignature(PaymentProvider).annotations({ description: "The provider kind whose notification this is." }) }),
        errors: [404, 422, 502],
        success: { status: 200, description: "The notification was received.", schema: PaymentCallbackReceipt },
        handle: ({ params, ctx }) =>
          this.callbacks.execute(params.provider, { headers: headerRecord(ctx.headers), rawBody: ctx.state.rawBody ?? Buffer.alloc(0) }),
      }),
    ];
  }
}
