// The store's own settings: read them, change its name, location, time zone and the seller's details
// its invoices print (address, tax number: docs/invoices.md), and rotate its HMAC
// secret with a grace period during which the old secret still verifies. Taxes have their own
// settings (manage-tax-settings.ts); `tax_rate_percent` here is deprecated: it reads and sets the
// default zone's `standard` rate (docs/taxes.md, "The store's settings over HTTP").
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { isTimeZone } from "../../domain/sales/sales-calendar.js";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import { STANDARD } from "../../domain/tax/tax-class.js";
import { taxRate, type TaxRate } from "../../domain/tax/tax-rate.js";
import type { TaxSettings } from "../../domain/tax/tax-settings.js";
import type { Principal } from "../access/principal.js";
import { AddressInput } from "../orders/order-inputs.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "./load-store.js";

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
function defaultStandardRate(settings: TaxSettings): TaxRate {
  const zone = settings.zones.find((z) => z.id === settings.defaultZoneId);
  return (zone?.rates[STANDARD] ?? 0) as TaxRate;
}

/** The settings with the default zone's `standard` rate replaced (the deprecated `tax_rate_percent`). */
function withDefaultStandardRate(settings: TaxSettings, percent: number): TaxSettings {
  const rate = taxRate(Math.round(percent * 10_000));
  return {
    ...settings,
    zones: settings.zones.map((zone) => (zone.id === settings.defaultZoneId ? { ...zone, rates: { ...zone.rates, [STANDARD]: rate } } : zone)),
  };
}

@injectable()
export class ManageStoreSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async get(principal: Principal): Promise<StoreRecord> {
    return toStoreRecord(await loadStore(this.stores, principal.storeId));
  }

  async update(principal: Principal, patch: StoreSettingsPatch): Promise<StoreRecord> {
    return this.uow.run(async () => {
      // Read and locked in the write's transaction: a copy could undo another process's change.
      const store = await loadStore(this.stores, principal.storeId, { forUpdate: true });
      const latitude = patch.latitude !== undefined ? patch.latitude : (store.location?.latitude ?? null);
      const longitude = patch.longitude !== undefined ? patch.longitude : (store.location?.longitude ?? null);
      const next: Store = {
        ...store,
        name: patch.name ?? store.name,
        location: latitude === null || longitude === null ? null : { latitude, longitude },
        taxSettings: patch.tax_rate_percent === undefined ? taxSettingsOf(store) : withDefaultStandardRate(taxSettingsOf(store), patch.tax_rate_percent),
        timeZone: patch.time_zone ?? store.timeZone ?? "UTC",
        address: patch.address !== undefined ? patch.address : (store.address ?? null),
        taxNumber: patch.tax_number !== undefined ? patch.tax_number : (store.taxNumber ?? null),
      };
      await this.stores.update(next, this.clock.now().toISOString());
      return toStoreRecord(next);
    });
  }

  /** A new secret; the old one keeps verifying for 24 hours. Answers the new secret once. */
  async rotateHmacSecret(principal: Principal): Promise<{ readonly hmac_secret: string; readonly previous_secret_expires_at: string }> {
    return this.uow.run(async () => {
      const store = await loadStore(this.stores, principal.storeId, { forUpdate: true });
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + HMAC_GRACE_MS).toISOString();
      const next: Store = { ...store, hmacSecret: this.secrets.randomBase62(48), previousHmacSecret: { secret: store.hmacSecret, expiresAt } };
      await this.stores.update(next, now.toISOString());
      return { hmac_secret: next.hmacSecret, previous_secret_expires_at: expiresAt };
    });
  }
}
