// Stores in the `stores` table.
import { inject, injectable } from "inversify";
import type { StoreRepository } from "../../../application/ports/store-repository.js";
import { taxSettingsOf, type Store } from "../../../domain/stores/store.js";
import { STANDARD } from "../../../domain/tax/tax-class.js";
import type { TaxSettings } from "../../../domain/tax/tax-settings.js";
import { CATALOG_VERSION_COLUMN, catalogVersionsOf, recordCatalogChange } from "../catalog-versions.js";
import { Database } from "../database.js";
import { readTaxSettings, writeTaxSettings } from "../tax-settings-column.js";
import { readJson, writeJson } from "../column-types.js";
import type { Address } from "../../../domain/orders/order.js";

interface StoreRow {
  id: string;
  name: string;
  base_currency: string;
  hmac_secret: string;
  previous_hmac_secret: string | null;
  previous_hmac_secret_expires_at: string | null;
  latitude: number | null;
  longitude: number | null;
  tax_settings: string | null;
  time_zone: string | null;
  address: string | null;
  tax_number: string | null;
  created_at: string;
}

const toStore = (row: StoreRow): Store => ({
  id: row.id,
  name: row.name,
  baseCurrency: row.base_currency,
  hmacSecret: row.hmac_secret,
  previousHmacSecret:
    row.previous_hmac_secret === null || row.previous_hmac_secret_expires_at === null
      ? null
      : { secret: row.previous_hmac_secret, expiresAt: row.previous_hmac_secret_expires_at },
  location: row.latitude === null || row.longitude === null ? null : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
  ...(row.tax_settings === null ? {} : { taxSettings: readTaxSettings(row.tax_settings) }),
  timeZone: row.time_zone ?? "UTC",
  ...(row.address === null ? {} : { address: readJson<Address | null>(row.address, null) }),
  ...(row.tax_number === null ? {} : { taxNumber: row.tax_number }),
  createdAt: row.created_at,
});

const settings = (store: Store) => ({
  name: store.name,
  base_currency: store.baseCurrency,
  hmac_secret: store.hmacSecret,
  previous_hmac_secret: store.previousHmacSecret?.secret ?? null,
  previous_hmac_secret_expires_at: store.previousHmacSecret?.expiresAt ?? null,
  latitude: store.location?.latitude ?? null,
  longitude: store.location?.longitude ?? null,
  tax_settings: writeTaxSettings(taxSettingsOf(store)),
  // Kept equal to the default zone's standard rate, so a rollback of migration 0038 finds the rate there.
  tax_rate_percent: defaultStandardPercent(taxSettingsOf(store)),
  time_zone: store.timeZone ?? "UTC",
  address: store.address === undefined || store.address === null ? null : writeJson(store.address),
  tax_number: store.taxNumber ?? null,
});

const defaultStandardPercent = (settings: TaxSettings): number => {
  const zone = settings.zones.find((z) => z.id === settings.defaultZoneId);
  return (zone?.rates[STANDARD] ?? 0) / 10_000;
};

@injectable()
export class KnexStoreRepository implements StoreRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async create(store: Store): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.run((q) => q("stores").insert({ id: store.id, ...settings(store), created_at: store.createdAt, updated_at: store.createdAt }));
      // The order number counter exists from the start, so a store's first orders only update it:
      // first orders racing to create it deadlocked on MariaDB (and conflict across Galera nodes).
      await this.db.run((q) => q("order_sequences").insert({ store_id: store.id, last_number: 0 }));
      // So are the invoice and credit note counters (docs/invoices.md, "Numbers").
      await this.db.run((q) =>
        q("document_sequences").insert(["invoice", "invoice_test", "credit_note", "credit_note_test"].map((series) => ({ store_id: store.id, series, last_number: 0 }))),
      );
    });
  }

  async update(store: Store, now: string): Promise<void> {
    await this.db.run((q) => q("stores").where({ id: store.id }).update({ ...settings(store), updated_at: now }));
    await recordCatalogChange(this.db, store.id);
  }

  async findById(storeId: string, options?: { readonly fresh?: boolean; readonly forUpdate?: boolean }): Promise<Store | undefined> {
    // Prepared (Database.select): checkout reads the store in every unit of work (docs/decisions/checkout.md,
    // checkout-25). SQLite's units of work begin IMMEDIATE: the writer already holds the file.
    const lock = options?.forUpdate === true && this.db.dialect === "mysql" ? " for update" : "";
    // A fresh read inside a unit of work (checkout's) also reads the store's catalog version, so
    // the price rules can come from this process's copy made at that version (checkout-31); never
    // in a locking read, which would lock the version rows too.
    if (options?.fresh === true && options.forUpdate !== true && this.db.inTransaction) {
      const [row] = await this.db.select<StoreRow & { catalog_version: number | string | null }>(
        `select s.*, ${CATALOG_VERSION_COLUMN} as catalog_version from stores s where s.id = ? limit 1`,
        [storeId, storeId],
      );
      if (row === undefined) return undefined;
      catalogVersionsOf(this.db).sawVersion(storeId, row.catalog_version);
      return toStore(row);
    }
    const [row] = await this.db.select<StoreRow>(`select * from stores where id = ? limit 1${lock}`, [storeId]);
    return row === undefined ? undefined : toStore(row);
  }
}
