// Country to currency from the country-to-currency package (ISO 3166-1 alpha-2 to ISO 4217).
import countryToCurrency from "country-to-currency";
import { injectable } from "inversify";
import type { CountryCurrencies } from "../../application/ports/currency-of-country.js";

// A Map, not the package's object: a code like "constructor" must not reach Object.prototype.
const CURRENCY_BY_COUNTRY: ReadonlyMap<string, string> = new Map(Object.entries(countryToCurrency));

@injectable()
export class CountryToCurrencyTable implements CountryCurrencies {
  currencyOf(countryCode: string): string | undefined {
    return CURRENCY_BY_COUNTRY.get(countryCode.trim().toUpperCase());
  }

  isCountry(code: string): boolean {
    return CURRENCY_BY_COUNTRY.has(code.trim().toUpperCase());
  }
}
