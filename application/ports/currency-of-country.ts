// Which currency a country prices in, for turning a detected country into a display currency.
import type { ServiceIdentifier } from "inversify";

export interface CountryCurrencies {
  /** ISO 4217 code of the country's usual currency; undefined for an unknown code. */
  currencyOf(countryCode: string): string | undefined;
  /** Whether `code` is an ISO 3166-1 alpha-2 code the table knows. */
  isCountry(code: string): boolean;
}
export const CountryCurrencies: ServiceIdentifier<CountryCurrencies> = Symbol.for("storefront.CountryCurrencies");
