// Offline geocoding for price detection: a point or a place name to the country it lies in.
import type { ServiceIdentifier } from "inversify";

export interface Geocoder {
  /** ISO 3166-1 alpha-2 code of the country or territory at the point; undefined at sea or off the map. */
  countryAt(latitude: number, longitude: number): string | undefined;
  /** ISO 3166-1 alpha-2 code for a city, region or country name (or code); undefined when nothing matches. */
  countryOfPlace(placeName: string): string | undefined;
  /** The centre of the most populous city of that name in the country (to price delivery to an address without coordinates). */
  locateCity(city: string, countryCode: string): { readonly latitude: number; readonly longitude: number } | undefined;
}
export const Geocoder: ServiceIdentifier<Geocoder> = Symbol.for("storefront.Geocoder");
