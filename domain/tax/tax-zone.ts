// Tax zones (a country, or a region within it, with a rate per tax class), which zone a place falls in,
// and the rate a class has there. docs/taxes.md, "Zones" and "A class a zone does not rate".
import { Data, Either } from "effect";
import { EXEMPT, hasFixedZeroRate, type TaxClass } from "./tax-class.js";
import type { TaxRate } from "./tax-rate.js";

export interface TaxZone {
  readonly id: string;
  readonly name: string;
  /** ISO 3166 alpha-2, upper case. */
  readonly country: string;
  /** A region within the country (a county, state or ISO 3166-2 code, as addresses spell it), or null for the whole country. */
  readonly region: string | null;
  /** By tax class; `zero` and `exempt` need no entry (docs/taxes.md, "Tax classes"). */
  readonly rates: Readonly<Record<string, TaxRate>>;
}

/** Where the goods go: the shipping address's country and region. */
export interface TaxPlace {
  readonly country: string;
  readonly region?: string | null | undefined;
}

export type ZoneMatch = "region" | "country" | "default";

export interface ResolvedZone {
  readonly zone: TaxZone;
  readonly matchedBy: ZoneMatch;
}

/** A class has no rate in the zone: the checkout must stop, never guess (docs/taxes.md, "A class a zone does not rate"). */
export class MissingTaxRate extends Data.TaggedError("MissingTaxRate")<{
  readonly zoneId: string;
  readonly taxClass: TaxClass;
}> {
  override readonly message = `tax zone ${this.zoneId} has no rate for tax class ${this.taxClass}`;
}

/** Countries compare in upper case; regions after trimming, folding case and squeezing spaces ("Nairobi  City" = "nairobi city"). */
export const countryKey = (country: string): string => country.trim().toUpperCase();

export const regionKey = (region: string | null | undefined): string | null => {
  const key = (region ?? "").normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return key === "" ? null : key;
};

/**
 * The most specific zone holding the place: the zone of its region, else the zone of its whole
 * country, else the default zone. Checked settings (checkTaxSettings) hold one zone per place; given
 * more, the first listed wins.
 */
export function resolveTaxZone(zones: readonly TaxZone[], defaultZoneId: string, place: TaxPlace): ResolvedZone {
  const country = countryKey(place.country);
  const region = regionKey(place.region);
  const inCountry = zones.filter((zone) => countryKey(zone.country) === country);
  const byRegion = region === null ? undefined : inCountry.find((zone) => regionKey(zone.region) === region);
  if (byRegion !== undefined) return { zone: byRegion, matchedBy: "region" };
  const byCountry = inCountry.find((zone) => regionKey(zone.region) === null);
  if (byCountry !== undefined) return { zone: byCountry, matchedBy: "country" };
  const fallback = zones.find((zone) => zone.id === defaultZoneId);
  // checkTaxSettings refuses settings whose default zone is not among the zones
  if (fallback === undefined) throw new Error(`the default tax zone ${defaultZoneId} is not among the store's zones`);
  return { zone: fallback, matchedBy: "default" };
}

export interface AppliedRate {
  readonly taxClass: TaxClass;
  readonly rate: TaxRate;
  /** True for `exempt`: outside the tax, shown apart from 0 % lines on an invoice. */
  readonly exempt: boolean;
}

/** The class's rate in the zone; `zero` and `exempt` are 0 everywhere; any other class the zone does not rate is an error. */
export function rateFor(zone: TaxZone, taxClass: TaxClass): Either.Either<AppliedRate, MissingTaxRate> {
  if (hasFixedZeroRate(taxClass)) return Either.right({ taxClass, rate: 0 as TaxRate, exempt: taxClass === EXEMPT });
  // hasOwn, not `in` or indexing: a class named "constructor" must not find Object.prototype's
  if (!Object.hasOwn(zone.rates, taxClass)) return Either.left(new MissingTaxRate({ zoneId: zone.id, taxClass }));
  return Either.right({ taxClass, rate: zone.rates[taxClass] as TaxRate, exempt: false });
}
