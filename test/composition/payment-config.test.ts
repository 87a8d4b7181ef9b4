// The payment provider variables: decoded per mode, all-or-none per provider, secrets never echoed,
// and only configured providers get an adapter.
import assert from "node:assert/strict";
import { describe, it } from "mocha";
import pino from "pino";
import { buildProviderGateways } from "../../adapters/payments/provider-gateways.js";
import { loadConfig } from "../../composition/config.js";

const logger = pino({ level: "silent" });

describe("payment provider configuration", () => {
  it("configures nothing by default", () => {
    const config = loadConfig({});
    assert.equal(config.payments.timeoutMs, 10_000);
    assert.equal(config.payments.publicUrl, undefined);
    const gateways = buildProviderGateways(config.payments, logger);
    assert.deepEqual(Object.keys(gateways.test), []);
    assert.deepEqual(Object.keys(gateways.live), []);
  });

  it("builds an adapter for each provider and mode whose credentials are all set", () => {
    const config = loadConfig({
      STOREFRONT_PUBLIC_URL: "https://shop.example/",
      STOREFRONT_PAYMENT_TIMEOUT_MS: "5000",
      STOREFRONT_STRIPE_TEST_SECRET_KEY: "sk_test_abc",
      STOREFRONT_STRIPE_LIVE_SECRET_KEY: "sk_live_abc",
      STOREFRONT_PAYSTACK_TEST_SECRET_KEY: "sk_test_ps",
      STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY: "pk_test_ps",
      STOREFRONT_MPESA_TEST_CONSUMER_KEY: "ck",
      STOREFRONT_MPESA_TEST_CONSUMER_SECRET: "cs",
      STOREFRONT_MPESA_TEST_SHORTCODE: "174379",
      STOREFRONT_MPESA_TEST_PASSKEY: "pk",
      STOREFRONT_PAWAPAY_LIVE_TOKEN: "tok",
    });
    assert.equal(config.payments.publicUrl, "https://shop.example");
    assert.equal(config.payments.timeoutMs, 5000);
    const gateways = buildProviderGateways(config.payments, logger);
    assert.deepEqual(Object.keys(gateways.test).sort(), ["card_popup", "card_redirect", "mobile_stk"]);
    assert.deepEqual(Object.keys(gateways.live).sort(), ["card_redirect", "mobile_collect"]);
    assert.equal(gateways.test.mobile_stk?.flow, "stk_push");
  });

  it("refuses a half-configured provider, naming the missing variable", () => {
    assert.throws(
      () => loadConfig({ STOREFRONT_MPESA_TEST_CONSUMER_KEY: "ck", STOREFRONT_MPESA_TEST_CONSUMER_SECRET: "cs" }),
      /STOREFRONT_MPESA_TEST_SHORTCODE is required/,
    );
    assert.throws(() => loadConfig({ STOREFRONT_PAYSTACK_LIVE_PUBLIC_KEY: "pk_live_x" }), /STOREFRONT_PAYSTACK_LIVE_SECRET_KEY is required/);
  });

  it("refuses a key of the other mode without echoing it", () => {
    assert.throws(
      () => loadConfig({ STOREFRONT_STRIPE_TEST_SECRET_KEY: "sk_live_doNotPrintMe" }),
      (error: unknown) => {
        assert.match((error as Error).message, /STOREFRONT_STRIPE_TEST_SECRET_KEY must be a Stripe test secret key/);
        assert.doesNotMatch((error as Error).message, /doNotPrintMe/);
        return true;
      },
    );
    assert.throws(() => loadConfig({ STOREFRONT_PAYSTACK_TEST_PUBLIC_KEY: "pk_live_x", STOREFRONT_PAYSTACK_TEST_SECRET_KEY: "sk_test_x" }), /pk_test_/);
    assert.throws(() => loadConfig({ STOREFRONT_PUBLIC_URL: "shop.example" }), /STOREFRONT_PUBLIC_URL/);
  });
});
