// Payment settings from configuration: the initialisation budget per store (docs/api/limits.md,
// "Rate limits": 100 an hour) and the public address providers post their notifications to.
import type { ServiceIdentifier } from "inversify";

export interface PaymentSettings {
  readonly initialisationsPerHour: number;
  /** The server's public base URL (no trailing slash); without it providers are given no notification URL. */
  readonly publicUrl: string | undefined;
}
export const PaymentSettings: ServiceIdentifier<PaymentSettings> = Symbol.for("storefront.PaymentSettings");
