// The store's tax settings at the API boundary (docs/taxes.md, "A store's settings"): rates as
// percent text ("16", "7.5"), zones by country and region, the default zone and the shipping class.
import { Schema } from "effect";
import { TaxClass } from "../../domain/tax/tax-class.js";
import { formatTaxRatePercent, TaxRatePercent, type TaxRate } from "../../domain/tax/tax-rate.js";
import type { TaxSettings } from "../../domain/tax/tax-settings.js";

const ZoneId = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/)).annotations({
  message: () => ({ message: "must be 1 to 40 letters, digits, '_' or '-', starting with a letter or digit", override: true }),
});

export const TaxZoneInput = Schema.Struct({
  id: Schema.propertySignature(ZoneId).annotations({ description: "The zone's id, chosen by the store (for example `ke` or `tz-zanzibar`); orders keep it." }),
  name: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The zone's name." }),
  country: Schema.propertySignature(
    Schema.String.pipe(Schema.pattern(/^[A-Za-z]{2}$/)).annotations({ message: () => ({ message: "must be an ISO 3166 alpha-2 country code", override: true }) }),
  ).annotations({ description: "ISO 3166 alpha-2 country code (stored in upper case)." }),
  region: Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.maxLength(100)))).annotations({
    description: "A region of the country as shipping addresses spell it (county, state or ISO 3166-2 code), compared without case or extra spaces; null or absent for the whole country.",
  }),
  rates: Schema.propertySignature(Schema.Record({ key: Schema.String, value: TaxRatePercent })).annotations({
    description: "Rates by tax class, in percent as text with at most four decimals (\"16\", \"7.5\", \"9.975\"). Every zone rates `standard`, the shipping class and every class products and variants name; `zero` and `exempt` need no rate (0 if listed).",
  }),
}).annotations({ identifier: "TaxZoneInput" });

export const TaxSettingsInput = Schema.Struct({
  prices_include_tax: Schema.propertySignature(Schema.Boolean).annotations({ description: "True: catalog prices and the delivery fee include tax, which checkout takes out; false: tax is added on top." }),
  zones: Schema.propertySignature(Schema.Array(TaxZoneInput).pipe(Schema.minItems(1), Schema.maxItems(500))).annotations({
    description: "The tax zones. An order is taxed in the zone of its shipping address's region, else of its country, else the default zone.",
  }),
  default_zone_id: Schema.propertySignature(ZoneId).annotations({ description: "The zone for places no zone covers: the id of one of `zones`." }),
  shipping_tax_class: Schema.propertySignature(TaxClass).annotations({ description: "The tax class the delivery fee is taxed under (for example standard)." }),
}).annotations({ identifier: "TaxSettingsInput" });
export type TaxSettingsInput = typeof TaxSettingsInput.Type;

export const toTaxSettings = (input: TaxSettingsInput): TaxSettings => ({
  pricesIncludeTax: input.prices_include_tax,
  defaultZoneId: input.default_zone_id,
  shippingTaxClass: input.shipping_tax_class,
  zones: input.zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    country: zone.country.toUpperCase(),
    region: zone.region === undefined || zone.region === null || zone.region.trim() === "" ? null : zone.region.trim(),
    rates: zone.rates,
  })),
});

export const toTaxSettingsRecord = (settings: TaxSettings) => ({
  prices_include_tax: settings.pricesIncludeTax,
  zones: settings.zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    country: zone.country,
    region: zone.region,
    rates: Object.fromEntries(Object.entries(zone.rates).map(([taxClass, rate]) => [taxClass, formatTaxRatePercent(rate as TaxRate)])),
  })),
  default_zone_id: settings.defaultZoneId,
  shipping_tax_class: settings.shippingTaxClass as string,
});
export type TaxSettingsRecord = ReturnType<typeof toTaxSettingsRecord>;
