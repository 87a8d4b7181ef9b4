// A store's tax settings as the `stores.tax_settings` column holds them: JSON with snake_case keys
// and rates in parts per million (docs/taxes.md, "Rates"), decoded by a Schema when read.
import { Schema } from "effect";
import { TaxClass } from "../../domain/tax/tax-class.js";
import { TaxRate } from "../../domain/tax/tax-rate.js";
import type { TaxSettings } from "../../domain/tax/tax-settings.js";

const StoredTaxSettings = Schema.Struct({
  prices_include_tax: Schema.Boolean,
  default_zone_id: Schema.String,
  shipping_tax_class: TaxClass,
  zones: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      name: Schema.String,
      country: Schema.String,
      region: Schema.NullOr(Schema.String),
      rates: Schema.Record({ key: Schema.String, value: TaxRate }),
    }),
  ),
});
const decode = Schema.decodeUnknownSync(Schema.parseJson(StoredTaxSettings));

export const writeTaxSettings = (settings: TaxSettings): string =>
  JSON.stringify({
    prices_include_tax: settings.pricesIncludeTax,
    default_zone_id: settings.defaultZoneId,
    shipping_tax_class: settings.shippingTaxClass,
    zones: settings.zones.map((zone) => ({ id: zone.id, name: zone.name, country: zone.country, region: zone.region, rates: zone.rates })),
  });

export const readTaxSettings = (text: string): TaxSettings => {
  const stored = decode(text);
  return {
    pricesIncludeTax: stored.prices_include_tax,
    defaultZoneId: stored.default_zone_id,
    shippingTaxClass: stored.shipping_tax_class,
    zones: stored.zones.map((zone) => ({ id: zone.id, name: zone.name, country: zone.country, region: zone.region, rates: zone.rates })),
  };
};
