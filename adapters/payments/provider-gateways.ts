// Builds the real provider adapters (Stripe, Paystack, M-Pesa Daraja, pawaPay) from configuration:
// a provider gets an adapter in a mode only when that mode's credentials are configured.
import type { Logger } from "pino";
import type { PaymentGateway } from "../../application/ports/payment-gateway.js";
import type { PaymentMode, PaymentProvider } from "../../domain/payments/payment-provider.js";
import { MPESA_PRODUCTION_URL, MPESA_SANDBOX_URL, MpesaDarajaGateway } from "./mpesa-daraja-gateway.js";
import { PAWAPAY_PRODUCTION_URL, PAWAPAY_SANDBOX_URL, PawapayGateway } from "./pawapay-gateway.js";
import { PAYSTACK_BASE_URL, PaystackGateway } from "./paystack-gateway.js";
import { DEFAULT_PROVIDER_TIMEOUT_MS } from "./provider-http.js";
import { STRIPE_BASE_URL, StripeCheckoutGateway } from "./stripe-checkout-gateway.js";

export interface StripeCredentials {
  readonly secretKey: string;
  readonly webhookSecret?: string | undefined;
}
export interface PaystackCredentials {
  readonly secretKey: string;
  readonly publicKey: string;
}
export interface MpesaCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly shortcode: string;
  readonly passkey: string;
  readonly baseUrl?: string | undefined;
  /** For reversals (refunds). */
  readonly initiator?: string | undefined;
  readonly securityCredential?: string | undefined;
}
export interface PawapayCredentials {
  readonly token: string;
  readonly baseUrl?: string | undefined;
}

type ByMode<T> = Readonly<Partial<Record<PaymentMode, T>>>;

export interface PaymentProviderSettings {
  /** The server's public base URL (no trailing slash), for the notification URLs given to providers. */
  readonly publicUrl: string | undefined;
  /** How long one HTTP call to a provider may take. */
  readonly timeoutMs: number;
  /** Stripe decides test or live by the key, on one base URL (overridable for tests). */
  readonly stripe?: ByMode<StripeCredentials> & { readonly baseUrl?: string | undefined };
  /** Paystack likewise: one base URL, test and live key pairs. */
  readonly paystack?: ByMode<PaystackCredentials> & { readonly baseUrl?: string | undefined };
  /** Daraja: sandbox and production differ by base URL and credentials. */
  readonly mpesa?: ByMode<MpesaCredentials>;
  /** pawaPay: sandbox and production differ by base URL and token. */
  readonly pawapay?: ByMode<PawapayCredentials>;
}

export type ProviderGatewaysByMode = Readonly<Record<PaymentMode, Partial<Record<PaymentProvider, PaymentGateway>>>>;

/** Where a provider posts its notifications for a provider kind, when the public URL is known. */
export const notificationUrl = (publicUrl: string | undefined, provider: PaymentProvider): string | undefined =>
  publicUrl === undefined ? undefined : `${publicUrl.replace(/\/+$/, "")}/v1/payments/callbacks/${provider}`;

export const buildProviderGateways = (settings: PaymentProviderSettings, logger: Logger): ProviderGatewaysByMode => {
  const timeoutMs = settings.timeoutMs > 0 ? settings.timeoutMs : DEFAULT_PROVIDER_TIMEOUT_MS;
  const log = logger.child({ component: "payments" });
  const build = (mode: PaymentMode): Partial<Record<PaymentProvider, PaymentGateway>> => {
    const gateways: Partial<Record<PaymentProvider, PaymentGateway>> = {};
    const stripe = settings.stripe?.[mode];
    if (stripe !== undefined) {
      gateways.card_redirect = new StripeCheckoutGateway(
        {
          mode,
          secretKey: stripe.secretKey,
          ...(stripe.webhookSecret === undefined ? {} : { webhookSecret: stripe.webhookSecret }),
          baseUrl: settings.stripe?.baseUrl ?? STRIPE_BASE_URL,
          timeoutMs,
        },
        log,
      );
    }
    const paystack = settings.paystack?.[mode];
    if (paystack !== undefined) {
      gateways.card_popup = new PaystackGateway(
        { mode, secretKey: paystack.secretKey, publicKey: paystack.publicKey, baseUrl: settings.paystack?.baseUrl ?? PAYSTACK_BASE_URL, timeoutMs },
        log,
      );
    }
    const mpesa = settings.mpesa?.[mode];
    if (mpesa !== undefined) {
      const callbackUrl = notificationUrl(settings.publicUrl, "mobile_stk");
      gateways.mobile_stk = new MpesaDarajaGateway(
        {
          mode,
          consumerKey: mpesa.consumerKey,
          consumerSecret: mpesa.consumerSecret,
          shortcode: mpesa.shortcode,
          passkey: mpesa.passkey,
          baseUrl: mpesa.baseUrl ?? (mode === "live" ? MPESA_PRODUCTION_URL : MPESA_SANDBOX_URL),
          ...(callbackUrl === undefined ? {} : { callbackUrl }),
          ...(mpesa.initiator === undefined ? {} : { initiator: mpesa.initiator }),
          ...(mpesa.securityCredential === undefined ? {} : { securityCredential: mpesa.securityCredential }),
          timeoutMs,
        },
        log,
      );
    }
    const pawapay = settings.pawapay?.[mode];
    if (pawapay !== undefined) {
      gateways.mobile_collect = new PawapayGateway(
        { mode, token: pawapay.token, baseUrl: pawapay.baseUrl ?? (mode === "live" ? PAWAPAY_PRODUCTION_URL : PAWAPAY_SANDBOX_URL), timeoutMs },
        log,
      );
    }
    return gateways;
  };
  return { live: build("live"), test: build("test") };
};
