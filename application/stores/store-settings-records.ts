// The store's own settings: read them, change its name, location, time zone and the seller's details
// its invoices print (address, tax number: docs/invoices.md), and rotate its HMAC
// secret with a grace period during which the old secret still verifies. Taxes have their own
// settings (get-tax-settings.ts, replace-tax-settings.ts); `tax_rate_percent` here is deprecated: it reads and sets the
// default zone's `standard` rate (docs/taxes.md, "The store's settings over HTTP").
// This module holds what the use cases GetStoreSettings, UpdateStoreSettings and RotateHmacSecret
// share (one class a file, docs/architecture.md, the application/ ring).
import { Schema } from "effect";
import { isTimeZone } from "../../domain/sales/sales-calendar.js";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import { STANDARD } from "../../domain/tax/tax-class.js";
import { taxRate, type TaxRate } from "../../domain/tax/tax-rate.js";
import type { TaxSettings } from "../../domain/tax/tax-settings.js";
import { AddressInput } from "../orders/order-inputs.js";

export const HMAC_GRACE_MS = 24 * 60 * 60 * 1000;

export const StoreSettingsPatch = Schema.Struct({
  name: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The store's name." }),
  latitude: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.between(-90, 90)))).annotations({ description: "Latitude of the store's location; null clears it." }),
  longitude: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.between(-180, 180)))).annotations({ description: "Longitude of the store's location; null clears it." }),
  tax_rate_percent: Schema.optional(Schema.Number.pipe(Schema.between(0, 100)).annotations({ jsonSchema: { deprecated: true, minimum: 0, maximum: 100 } })).annotations({
    description: "Deprecated: use PUT /v1/store/tax-settings. Sets the `standard` rate of the default tax zone, in percent (0-100, at most four decimals count); the other tax settings are kept.",
  }),
  time_zone: Schema.optional(
    Schema.String.pipe(
      Schema.maxLength(64),
      Schema.filter((zone) => isTimeZone(zone) || "an IANA time zone name, such as Africa/Nairobi or UTC"),
    ),
  ).annotations({ description: "The store's IANA time zone (e.g. Africa/Nairobi): the dashboard counts its days and the back office shows dates in it." }),
  address: Schema.optional(Schema.NullOr(AddressInput)).annotations({
    description: "The store's postal address as its invoices and credit notes print it (`name`: the business's registered name); null clears it. Documents issued before keep the address they were issued with.",
  }),
  tax_number: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(64)))).annotations({
    description: "The store's tax registration number (a VAT number, a KRA PIN) as its invoices and credit notes print it; null clears it.",
  }),
}).annotations({ identifier: "StoreSettingsPatch" });

export type StoreSettingsPatch = typeof StoreSettingsPatch.Type;

export const toStoreRecord = (store: Store) => ({
  id: store.id,
  name: store.name,
  base_currency: store.baseCurrency,
  latitude: store.location?.latitude ?? null,
  longitude: store.location?.longitude ?? null,
  prices_include_tax: taxSettingsOf(store).pricesIncludeTax,
  tax_rate_percent: defaultStandardRate(taxSettingsOf(store)) / 10_000,
  time_zone: store.timeZone ?? "UTC",
  address: store.address ?? null,
  tax_number: store.taxNumber ?? null,
  created_at: store.createdAt,
});

export type StoreRecord = ReturnType<typeof toStoreRecord>;

/** The default zone's `standard` rate, what the deprecated `tax_rate_percent` shows. */
export function defaultStandardRate(settings: TaxSettings): TaxRate {
  const zone = settings.zones.find((z) => z.id === settings.defaultZoneId);
  return (zone?.rates[STANDARD] ?? 0) as TaxRate;
}

/** The settings with the default zone's `standard` rate replaced (the deprecated `tax_rate_percent`). */
export function withDefaultStandardRate(settings: TaxSettings, percent: number): TaxSettings {
  const rate = taxRate(Math.round(percent * 10_000));
  return {
    ...settings,
    zones: settings.zones.map((zone) => (zone.id === settings.defaultZoneId ? { ...zone, rates: { ...zone.rates, [STANDARD]: rate } } : zone)),
  };
}
