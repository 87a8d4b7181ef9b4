// The store's own settings over HTTP (secret key): read and change its location and time zone, read
// and replace its tax settings (docs/taxes.md), and rotate the HMAC secret of signed requests.
import { GetStoreSettings } from "../../../application/stores/get-store-settings.js";
import { UpdateStoreSettings } from "../../../application/stores/update-store-settings.js";
import { RotateHmacSecret } from "../../../application/stores/rotate-hmac-secret.js";
import { StoreSettingsPatch } from "../../../application/stores/store-settings-records.js";
import { GetTaxSettings } from "../../../application/stores/get-tax-settings.js";
import { ReplaceTaxSettings } from "../../../application/stores/replace-tax-settings.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { TaxSettingsInput } from "../../../application/stores/tax-settings-inputs.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import { OrderAddress } from "../schemas/order-schemas.js";
import type { RouteModule } from "../route-module.js";
import { storeExamples } from "./store-examples.js";

const TAG = "Store";

const StoreRecord = Schema.Struct({
  id: Schema.String.annotations({ description: "The store's id." }),
  name: Schema.String.annotations({ description: "The store's name." }),
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217): catalog, cart, order and shipping money is in it unless a currency field says otherwise." }),
  latitude: Schema.NullOr(Schema.Number).annotations({ description: "Latitude of the store's location (shipping distances are measured from it), or null." }),
  longitude: Schema.NullOr(Schema.Number).annotations({ description: "Longitude of the store's location, or null." }),
  prices_include_tax: Schema.Boolean.annotations({ description: "True when catalog prices (and the delivery fee) include tax: checkout takes the tax out of them; false when tax is added on top. Set with PUT /v1/store/tax-settings." }),
  tax_rate_percent: Schema.Number.annotations({
    description: "Deprecated: read GET /v1/store/tax-settings. The `standard` rate of the default tax zone, in percent.",
    jsonSchema: { deprecated: true },
  }),
  time_zone: Schema.String.annotations({ description: "The store's IANA time zone (UTC unless set): the admin dashboard counts its days and the back office shows dates in it." }),
  address: Schema.NullOr(OrderAddress).annotations({ description: "The store's postal address as its invoices print it, or null." }),
  tax_number: Schema.NullOr(Schema.String).annotations({ description: "The store's tax registration number as its invoices print it, or null." }),
  created_at: Schema.String.annotations({ description: "When the store was created (ISO 8601, UTC)." }),
}).annotations({ identifier: "Store" });

const TaxZoneRecord = Schema.Struct({
  id: Schema.String.annotations({ description: "The zone's id (orders keep it)." }),
  name: Schema.String.annotations({ description: "The zone's name." }),
  country: Schema.String.annotations({ description: "ISO 3166 alpha-2 country code." }),
  region: Schema.NullOr(Schema.String).annotations({ description: "The region of the country the zone covers, or null for the whole country." }),
  rates: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "Rates by tax class, in percent as text (\"16\", \"7.5\"); `zero` and `exempt` are 0 everywhere." }),
}).annotations({ identifier: "TaxZone" });

const TaxSettingsRecord = Schema.Struct({
  prices_include_tax: Schema.Boolean.annotations({ description: "True: prices and the delivery fee include tax; false: tax is added on top." }),
  zones: Schema.Array(TaxZoneRecord).annotations({ description: "The tax zones: an order is taxed in its shipping address's region's zone, else its country's, else the default zone." }),
  default_zone_id: Schema.String.annotations({ description: "The zone for places no zone covers." }),
  shipping_tax_class: Schema.String.annotations({ description: "The tax class the delivery fee is taxed under." }),
}).annotations({ identifier: "TaxSettings" });

const RotatedSecret = Schema.Struct({
  hmac_secret: Schema.String.annotations({ description: "The new HMAC secret for signing requests; shown only here." }),
  previous_secret_expires_at: Schema.String.annotations({ description: "When the old secret stops verifying (ISO 8601, UTC): 24 hours from now." }),
});

@injectable()
export class StoreRoutes implements RouteModule {
  constructor(
    @inject(GetStoreSettings) private readonly getStoreSettings: GetStoreSettings,
    @inject(UpdateStoreSettings) private readonly updateStoreSettings: UpdateStoreSettings,
    @inject(RotateHmacSecret) private readonly rotateHmacSecret: RotateHmacSecret,
    @inject(GetTaxSettings) private readonly getTaxSettings: GetTaxSettings,
    @inject(ReplaceTaxSettings) private readonly replaceTaxSettings: ReplaceTaxSettings,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getStore",
        method: "GET",
        path: "/v1/store",
        summary: "The key's store and its settings",
        description:
          "Secret key. The key's store: name, base currency, location (the origin of delivery distances), whether prices include tax, and time zone. `tax_rate_percent` is deprecated (the default tax zone's standard rate); the tax settings are at /v1/store/tax-settings.",
        tag: TAG,
        example: storeExamples.getStore,
        access: "secret",
        success: { status: 200, description: "The store.", schema: StoreRecord },
        handle: ({ principal }) => this.getStoreSettings.execute(principal),
      }),
      defineRoute({
        operationId: "updateStore",
        method: "PATCH",
        path: "/v1/store",
        summary: "Change the store's name, location (origin of delivery distances) or time zone",
        description:
          "Secret key. Changes the store's name, location or `time_zone` (an IANA name such as Africa/Nairobi, kept as sent; the admin dashboard counts the store's days in it). The location (`latitude`, `longitude`) is the origin of delivery distances; null clears it, and a store without one prices deliveries by zones only. The base currency does not change. `tax_rate_percent` is deprecated: it sets the default tax zone's `standard` rate and keeps the rest of the tax settings; use PUT /v1/store/tax-settings.",
        tag: TAG,
        example: storeExamples.updateStore,
        access: "secret",
        body: StoreSettingsPatch,
        success: { status: 200, description: "The store.", schema: StoreRecord },
        handle: ({ principal, body }) => this.updateStoreSettings.execute(principal, body),
      }),
      defineRoute({
        operationId: "getTaxSettings",
        method: "GET",
        path: "/v1/store/tax-settings",
        summary: "The store's tax settings: price basis, tax zones and rates, default zone, shipping's class",
        description:
          "Secret key. Whether prices include tax, the tax zones (a country, or a region of one) with their rates by tax class in percent, the default zone for places no zone covers, and the class the delivery fee is taxed under (docs/taxes.md).",
        tag: TAG,
        example: storeExamples.getTaxSettings,
        access: "secret",
        success: { status: 200, description: "The tax settings.", schema: TaxSettingsRecord },
        handle: ({ principal }) => this.getTaxSettings.execute(principal),
      }),
      defineRoute({
        operationId: "replaceTaxSettings",
        method: "PUT",
        path: "/v1/store/tax-settings",
        summary: "Replace the store's tax settings",
        description:
          "Secret key. Replaces the tax settings as a whole. Refused with 422 `tax_settings_invalid`, naming the zone and the class, when a zone has no rate for `standard`, for the shipping class or for a class a product or variant names (a checkout must never meet an unknown rate); also when two zones cover one place, the default zone is not among the zones, or `zero`/`exempt` get a rate other than 0. Past orders keep the tax they were charged.",
        tag: TAG,
        example: storeExamples.replaceTaxSettings,
        access: "secret",
        body: TaxSettingsInput,
        success: { status: 200, description: "The tax settings now in force.", schema: TaxSettingsRecord },
        handle: ({ principal, body }) => this.replaceTaxSettings.execute(principal, body),
      }),
      defineRoute({
        operationId: "rotateHmacSecret",
        method: "POST",
        path: "/v1/store/hmac-secret/rotate",
        summary: "Replace the HMAC secret of signed requests; the old one still verifies for 24 hours",
        description:
          "Secret key. A new HMAC secret for signed requests (order updates, payment initialisation), shown only in this answer; the previous one still verifies for 24 hours, so servers can switch without failed requests.",
        tag: TAG,
        example: storeExamples.rotateHmacSecret,
        access: "secret",
        success: {
          status: 200,
          description: "The new secret (shown only here) and when the old one stops verifying.",
          schema: RotatedSecret,
        },
        handle: ({ principal }) => this.rotateHmacSecret.execute(principal),
      }),
    ];
  }
}
