// A store: the tenant that owns every other record, with the settings its rules read.
import { countryOfCurrency, flatRateSettings } from "../tax/store-tax-defaults.js";
import type { TaxRate } from "../tax/tax-rate.js";
import type { TaxSettings } from "../tax/tax-settings.js";
import type { Address } from "../orders/order.js";

export interface Store {
  readonly id: string;
  readonly name: string;
  /** ISO 4217 code of the currency the catalog is priced in. */
  readonly baseCurrency: string;
  /**
   * Secret for signed requests (docs/api/keys-and-auth.md, "Signed requests"); shown in the store's
   * integration settings.
   */
  readonly hmacSecret: string;
  /** The secret before the last rotation, still accepted until `expiresAt` (a grace period). */
  readonly previousHmacSecret?: { readonly secret: string; readonly expiresAt: string } | null;
  /** Where orders ship from: the origin of distance-priced delivery. */
  readonly location?: { readonly latitude: number; readonly longitude: number } | null;
  /**
   * Prices with or without tax, tax zones, the shipping class (docs/taxes.md); untaxed when absent.
   */
  readonly taxSettings?: TaxSettings;
  /** The IANA time zone whose days the store counts (the dashboard) and shows dates in; UTC when absent. */
  readonly timeZone?: string;
  /** The seller's postal address, printed on its invoices and credit notes; none when absent. */
  readonly address?: Address | null;
  /** The seller's tax registration number (a VAT number, a KRA PIN), printed on its invoices; none when absent. */
  readonly taxNumber?: string | null;
  readonly createdAt: string;
}

/**
 * The store's tax settings; a store that never stated any taxes nothing (one 0 % zone for its
 * currency's country).
 */
export const taxSettingsOf = (store: Pick<Store, "taxSettings" | "baseCurrency">): TaxSettings =>
  store.taxSettings ?? flatRateSettings(countryOfCurrency(store.baseCurrency), 0 as TaxRate);
