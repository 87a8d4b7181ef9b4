// Works out which currency to show: a region override wins, then coordinates, then a place
// name, then the deprecated country code, then the store's default. A location that cannot be
// placed falls back to the default and says so.
import { inject, injectable } from "inversify";
import { ParameterInvalid } from "../errors/request-errors.js";
import { CountryCurrencies } from "../ports/currency-of-country.js";
import { Geocoder } from "../ports/geocoder.js";

export type DetectionMethod = "region_override" | "coordinates" | "place_name" | "country" | "default";

export interface LocationQuery {
  readonly latitude?: number | undefined;
  readonly longitude?: number | undefined;
  readonly placeName?: string | undefined;
  readonly region?: string | undefined;
  readonly country?: string | undefined;
}

export interface DetectedLocation {
  readonly method: DetectionMethod;
  readonly countryCode: string | null;
  /** An ISO country code, or `EU` for the euro area. */
  readonly region: string | null;
  /** The currency of the location; undefined for the store default. */
  readonly currency: string | undefined;
  /** True when a location was given but could not be placed. */
  readonly unresolved: boolean;
}

export const EURO_REGION = "EU";

@injectable()
export class DetectLocation {
  constructor(
    @inject(Geocoder) private readonly geocoder: Geocoder,
    @inject(CountryCurrencies) private readonly currencies: CountryCurrencies,
  ) {}

  detect(query: LocationQuery): DetectedLocation {
    if (query.region !== undefined) {
      const region = query.region.toUpperCase();
      if (region === EURO_REGION) return { method: "region_override", countryCode: null, region, currency: "EUR", unresolved: false };
      if (!this.currencies.isCountry(region)) {
        throw new ParameterInvalid({ param: "region", message: "region must be an ISO 3166 country code or EU" });
      }
      return this.fromCountry("region_override", region);
    }
    if (query.latitude !== undefined && query.longitude !== undefined) {
      const country = this.geocoder.countryAt(query.latitude, query.longitude);
      return country === undefined ? this.unplaced() : this.fromCountry("coordinates", country);
    }
    if (query.placeName !== undefined) {
      const country = this.geocoder.countryOfPlace(query.placeName);
      return country === undefined ? this.unplaced() : this.fromCountry("place_name", country);
    }
    if (query.country !== undefined) {
      const country = query.country.toUpperCase();
      if (!this.currencies.isCountry(country)) {
        throw new ParameterInvalid({ param: "country", message: "country must be an ISO 3166 alpha-2 code" });
      }
      return this.fromCountry("country", country);
    }
    return { method: "default", countryCode: null, region: null, currency: undefined, unresolved: false };
  }

  private fromCountry(method: DetectionMethod, countryCode: string): DetectedLocation {
    const currency = this.currencies.currencyOf(countryCode);
    return { method, countryCode, region: currency === "EUR" ? EURO_REGION : countryCode, currency, unresolved: false };
  }

  private unplaced(): DetectedLocation {
    return { method: "default", countryCode: null, region: null, currency: undefined, unresolved: true };
  }
}
