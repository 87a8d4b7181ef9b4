// Examples of the store settings operations (store-routes.ts), keyed by operationId; ids from
// adapters/http/examples/example-ids.ts.
import type { RouteExample } from "../route-definition.js";

/** The demo store's tax settings (composition/demo/demo-taxes.ts): a Kenyan shop, prices with VAT, shipping to Uganda and Tanzania too. */
const DEMO_TAX_SETTINGS = {
  prices_include_tax: true,
  zones: [
    { id: "ke", name: "Kenya", country: "KE", region: null, rates: { standard: "16" } },
    { id: "ug", name: "Uganda", country: "UG", region: null, rates: { standard: "18" } },
    { id: "tz", name: "Tanzania", country: "TZ", region: null, rates: { standard: "18" } },
  ],
  default_zone_id: "ke",
  shipping_tax_class: "standard",
};

/** The seller's details the demo's invoices print (composition/demo/demo-shipping.ts, DEMO_SELLER). */
const DEMO_ADDRESS = { name: "Parisian, Boehm and Kuphal Home & Living Ltd", line1: "Kimathi Street 14", city: "Nairobi", postal_code: "00100", country: "KE" };

export const storeExamples = {
  getStore: {
    response: {
      status: 200,
      body: {
        id: "01a213e7-5612-719a-b6f1-761bfcd4aa6c",
        name: "Parisian, Boehm and Kuphal Home & Living",
        base_currency: "KES",
        latitude: -1.2864,
        longitude: 36.8172,
        prices_include_tax: true,
        tax_rate_percent: 16,
        time_zone: "Africa/Nairobi",
        address: DEMO_ADDRESS,
        tax_number: "P051234567Q",
        created_at: "2026-11-25T18:10:57.675Z",
      },
    },
  },
  updateStore: {
    body: { latitude: -1.2635, longitude: 36.8024, time_zone: "Africa/Nairobi" },
    response: {
      status: 200,
      body: {
        id: "01a213e7-5612-719a-b6f1-761bfcd4aa6c",
        name: "Parisian, Boehm and Kuphal Home & Living",
        base_currency: "KES",
        latitude: -1.2635,
        longitude: 36.8024,
        prices_include_tax: true,
        tax_rate_percent: 16,
        time_zone: "Africa/Nairobi",
        address: DEMO_ADDRESS,
        tax_number: "P051234567Q",
        created_at: "2026-11-25T18:10:57.675Z",
      },
    },
  },
  getTaxSettings: {
    response: { status: 200, body: DEMO_TAX_SETTINGS },
  },
  replaceTaxSettings: {
    body: DEMO_TAX_SETTINGS,
    response: { status: 200, body: DEMO_TAX_SETTINGS },
  },
  rotateHmacSecret: {
    response: { status: 200, body: { hmac_secret: "KNiW6p9KDigPZLygrRj9t3sevOzj2HIvQegSAQKbJYaUiU43", previous_secret_expires_at: "2026-11-26T18:11:07.759Z" } },
  },
} satisfies Record<string, RouteExample>;
