// The environment variables of the real payment providers (docs/configuration.md, "Payment
// providers"): their Schema fields, spread into config.ts's Environment, and their mapping to the
// settings the provider adapters are built from. A provider is configured per mode only when all of
// that mode's credentials are set; a half-configured provider stops start-up naming what is
// missing.
import { Schema } from "effect";
import type { PaymentProviderSettings } from "../adapters/payments/provider-gateways.js";

const optionalMatching = (pattern: RegExp, message: string) =>
  Schema.optional(Schema.String.pipe(Schema.pattern(pattern)).annotations({ message: () => ({ message, override: true }) }));

const urlVar = optionalMatching(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL without query or fragment");
const textVar = optionalMatching(/^\S+$/, "must be a non-empty value without spaces");

export const PAYMENT_ENVIRONMENT = {
  STOREFRONT_PUBLIC_URL: urlVar,
  STOREFRONT_PAYMENT_TIMEOUT_MS: Schema.optionalWith(
    Schema.String.pipe(Schema.pattern(/^\d+$/), Schema.compose(Schema.NumberFromString), Schema.int(), Schema.between(100, 120_000)).annotations({
      message: () => ({ message: "must be an integer from 100 to 120000", override: true }),
    }),
    { default: () => 10_000 },
  ),
  STOREFRONT_STRIPE_BASE_URL: urlVar,
  STOREFRONT_STRIPE_TEST_SECRET_KEY: optionalMatching(/^(sk|rk)_test_\S+$/, "must be a Stripe test secret key (sk_test_... or rk_test_...)"),
  STOREFRONT_STRIPE_TEST_WEBHOOK_SECRET: optionalMatching(/^whsec_\S+$/, "must be a Stripe webhook signing secret (whsec_...)"),
  STOREFRONT_STRIPE_LIVE_SECRET_KEY: optionalMatching(/^(sk|rk)_live_\S+$/, "must be a Stripe live secret key (sk_live_... or rk_live_...)"),
  STOREFRONT_STRIPE_LIVE_WEBHOOK_SECRET: optionalMatching(/^whsec_\S+$/, "must be a Stripe webhook signing secret (whsec_...)"),
  STOREFRONT_PAYSTACK_BASE_URL: urlVar,
  STOREFRONT_PAYSTACK_TEST_SECRET_KEY: optionalMatching(/^sk_test_\S+$/, "must be a Paystack test secret key (sk_test_...)"),
  STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY: optionalMatching(/^pk_test_\S+$/, "must be a Paystack test public key (pk_test_...)"),
  STOREFRONT_PAYSTACK_LIVE_SECRET_KEY: optionalMatching(/^sk_live_\S+$/, "must be a Paystack live secret key (sk_live_...)"),
  STOREFRONT_PAYSTACK_LIVE_PUBLIC_KEY: optionalMatching(/^pk_live_\S+$/, "must be a Paystack live public key (pk_live_...)"),
  STOREFRONT_MPESA_TEST_BASE_URL: urlVar,
  STOREFRONT_MPESA_TEST_CONSUMER_KEY: textVar,
  STOREFRONT_MPESA_TEST_CONSUMER_SECRET: textVar,
  STOREFRONT_MPESA_TEST_SHORTCODE: optionalMatching(/^\d{5,7}$/, "must be a paybill number of 5 to 7 digits"),
  STOREFRONT_MPESA_TEST_PASSKEY: textVar,
  // Reversals (refunds, docs/staff.md "Refunds and returns"): the API operator and its encrypted password.
  STOREFRONT_MPESA_TEST_INITIATOR: textVar,
  STOREFRONT_MPESA_TEST_SECURITY_CREDENTIAL: textVar,
  STOREFRONT_MPESA_LIVE_BASE_URL: urlVar,
  STOREFRONT_MPESA_LIVE_CONSUMER_KEY: textVar,
  STOREFRONT_MPESA_LIVE_CONSUMER_SECRET: textVar,
  STOREFRONT_MPESA_LIVE_SHORTCODE: optionalMatching(/^\d{5,7}$/, "must be a paybill number of 5 to 7 digits"),
  STOREFRONT_MPESA_LIVE_PASSKEY: textVar,
  STOREFRONT_MPESA_LIVE_INITIATOR: textVar,
  STOREFRONT_MPESA_LIVE_SECURITY_CREDENTIAL: textVar,
  STOREFRONT_PAWAPAY_TEST_BASE_URL: urlVar,
  STOREFRONT_PAWAPAY_TEST_TOKEN: textVar,
  STOREFRONT_PAWAPAY_LIVE_BASE_URL: urlVar,
  STOREFRONT_PAWAPAY_LIVE_TOKEN: textVar,
};

export type PaymentEnvironment = Schema.Struct.Type<typeof PAYMENT_ENVIRONMENT>;

/**
 * Groups of variables that configure one provider in one mode: all set, or none (the optional
 * ones aside). Returns undefined when none is set; calls `fail` naming a missing one otherwise.
 */
const group = <K extends keyof PaymentEnvironment>(
  e: PaymentEnvironment,
  required: readonly K[],
  fail: (message: string) => never,
): { readonly [P in K]-?: string } | undefined => {
  const set = required.filter((name) => e[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = required.find((name) => e[name] === undefined);
  if (missing !== undefined) fail(`Configuration error: ${String(missing)} is required when ${String(set[0])} is set`);
  return Object.fromEntries(required.map((name) => [name, String(e[name])])) as { readonly [P in K]-?: string };
};

export const paymentProviderSettings = (e: PaymentEnvironment, fail: (message: string) => never): PaymentProviderSettings => {
  const stripeTest = group(e, ["STOREFRONT_STRIPE_TEST_SECRET_KEY"], fail);
  const stripeLive = group(e, ["STOREFRONT_STRIPE_LIVE_SECRET_KEY"], fail);
  const paystackTest = group(e, ["STOREFRONT_PAYSTACK_TEST_SECRET_KEY", "STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY"], fail);
  const paystackLive = group(e, ["STOREFRONT_PAYSTACK_LIVE_SECRET_KEY", "STOREFRONT_PAYSTACK_LIVE_PUBLIC_KEY"], fail);
  const mpesaTest = group(
    e,
    ["STOREFRONT_MPESA_TEST_CONSUMER_KEY", "STOREFRONT_MPESA_TEST_CONSUMER_SECRET", "STOREFRONT_MPESA_TEST_SHORTCODE", "STOREFRONT_MPESA_TEST_PASSKEY"],
    fail,
  );
  const mpesaLive = group(
    e,
    ["STOREFRONT_MPESA_LIVE_CONSUMER_KEY", "STOREFRONT_MPESA_LIVE_CONSUMER_SECRET", "STOREFRONT_MPESA_LIVE_SHORTCODE", "STOREFRONT_MPESA_LIVE_PASSKEY"],
    fail,
  );
  const pawapayTest = group(e, ["STOREFRONT_PAWAPAY_TEST_TOKEN"], fail);
  const pawapayLive = group(e, ["STOREFRONT_PAWAPAY_LIVE_TOKEN"], fail);
  return {
    publicUrl: e.STOREFRONT_PUBLIC_URL?.replace(/\/+$/, ""),
    timeoutMs: e.STOREFRONT_PAYMENT_TIMEOUT_MS,
    stripe: {
      baseUrl: e.STOREFRONT_STRIPE_BASE_URL,
      ...(stripeTest && { test: { secretKey: stripeTest.STOREFRONT_STRIPE_TEST_SECRET_KEY, webhookSecret: e.STOREFRONT_STRIPE_TEST_WEBHOOK_SECRET } }),
      ...(stripeLive && { live: { secretKey: stripeLive.STOREFRONT_STRIPE_LIVE_SECRET_KEY, webhookSecret: e.STOREFRONT_STRIPE_LIVE_WEBHOOK_SECRET } }),
    },
    paystack: {
      baseUrl: e.STOREFRONT_PAYSTACK_BASE_URL,
      ...(paystackTest && {
        test: { secretKey: paystackTest.STOREFRONT_PAYSTACK_TEST_SECRET_KEY, publicKey: paystackTest.STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY },
      }),
      ...(paystackLive && {
        live: { secretKey: paystackLive.STOREFRONT_PAYSTACK_LIVE_SECRET_KEY, publicKey: paystackLive.STOREFRONT_PAYSTACK_LIVE_PUBLIC_KEY },
      }),
    },
    mpesa: {
      ...(mpesaTest && {
        test: {
          consumerKey: mpesaTest.STOREFRONT_MPESA_TEST_CONSUMER_KEY,
          consumerSecret: mpesaTest.STOREFRONT_MPESA_TEST_CONSUMER_SECRET,
          shortcode: mpesaTest.STOREFRONT_MPESA_TEST_SHORTCODE,
          passkey: mpesaTest.STOREFRONT_MPESA_TEST_PASSKEY,
          baseUrl: e.STOREFRONT_MPESA_TEST_BASE_URL,
          initiator: e.STOREFRONT_MPESA_TEST_INITIATOR,
          securityCredential: e.STOREFRONT_MPESA_TEST_SECURITY_CREDENTIAL,
        },
      }),
      ...(mpesaLive && {
        live: {
          consumerKey: mpesaLive.STOREFRONT_MPESA_LIVE_CONSUMER_KEY,
          consumerSecret: mpesaLive.STOREFRONT_MPESA_LIVE_CONSUMER_SECRET,
          shortcode: mpesaLive.STOREFRONT_MPESA_LIVE_SHORTCODE,
          passkey: mpesaLive.STOREFRONT_MPESA_LIVE_PASSKEY,
          baseUrl: e.STOREFRONT_MPESA_LIVE_BASE_URL,
          initiator: e.STOREFRONT_MPESA_LIVE_INITIATOR,
          securityCredential: e.STOREFRONT_MPESA_LIVE_SECURITY_CREDENTIAL,
        },
      }),
    },
    pawapay: {
      ...(pawapayTest && { test: { token: pawapayTest.STOREFRONT_PAWAPAY_TEST_TOKEN, baseUrl: e.STOREFRONT_PAWAPAY_TEST_BASE_URL } }),
      ...(pawapayLive && { live: { token: pawapayLive.STOREFRONT_PAWAPAY_LIVE_TOKEN, baseUrl: e.STOREFRONT_PAWAPAY_LIVE_BASE_URL } }),
    },
  };
};
