// A store: the tenant that owns every other record, with the settings its rules read.
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
  /** Sales tax added at checkout, as a percentage of the taxable amount (0 when none). */
  readonly taxRatePercent?: number;
  /** The IANA time zone whose days the store counts (the dashboard) and shows dates in; UTC when absent. */
  readonly timeZone?: string;
  readonly createdAt: string;
}
