// Offline geocoder: points through country-coder's borders, place names through the city list of
// city-timezones and the country names of country-coder and i18n-iso-countries (English).
import { borders, feature } from "@rapideditor/country-coder";
import cityTimezones from "city-timezones";
import englishCountryNames from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { injectable } from "inversify";
import type { Geocoder } from "../../application/ports/geocoder.js";

/** The part of a country-coder feature read here (the package's own types lean on absent GeoJSON types). */
interface RegionProperties {
  readonly iso1A2?: string;
  readonly iso1A3?: string;
  readonly nameEn: string;
  readonly aliases?: readonly string[];
  readonly country?: string;
  readonly level: string;
  readonly isoStatus?: string;
}

/** A country a name may stand for, weighted by population so the most populous reading wins. */
interface Candidate {
  readonly country: string;
  readonly weight: number;
}

interface PlaceIndex {
  /** Country and territory names, aliases and ISO alpha-2/alpha-3 codes. */
  readonly countries: ReadonlyMap<string, string>;
  /** City names, each with every country holding a city of that name, most populous first. */
  readonly cities: ReadonlyMap<string, readonly Candidate[]>;
  /** Region, state and province names, countries by the population of their listed cities. */
  readonly regions: ReadonlyMap<string, readonly Candidate[]>;
  /** Short state codes ("NY", "ON"), only read after a city name: alone they would shadow ISO codes. */
  readonly stateCodes: ReadonlyMap<string, readonly Candidate[]>;
}

// Letters that Unicode decomposition leaves whole but people type without their mark.
const FOLDED: Readonly<Record<string, string>> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ı: "i", þ: "th", ð: "d" };

/**
 * Lower case, no accents, punctuation and runs of spaces to one space, initials run together
 * ("D.C." and "DC" alike), no leading "the".
 */
export const normalisePlaceName = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđıþð]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/(?<=^|\s)(\p{L}) (?=\p{L}(?:\s|$))/gu, "$1")
    .replace(/^the /, "");

const hasLetter = (text: string): boolean => /\p{L}/u.test(text);

/** Codes assigned in ISO 3166-1, plus Kosovo's XK, which every currency table also knows. */
const isAssignedCode = (props: RegionProperties): props is RegionProperties & { iso1A2: string } =>
  props.iso1A2 !== undefined && (props.isoStatus === "official" || props.isoStatus === "usrAssn");

/** The ISO code that stands for a feature: its own when assigned, else the country it belongs to. */
const codeOfFeature = (props: RegionProperties): string | undefined => (isAssignedCode(props) ? props.iso1A2 : props.country);

const addCandidate = (index: Map<string, Map<string, number>>, key: string, country: string, weight: number): void => {
  if (key === "") return;
  const byCountry = index.get(key) ?? new Map<string, number>();
  byCountry.set(country, (byCountry.get(country) ?? 0) + weight);
  index.set(key, byCountry);
};

const rankCandidates = (index: Map<string, Map<string, number>>): Map<string, readonly Candidate[]> =>
  new Map(
    [...index].map(([name, byCountry]) => [
      name,
      [...byCountry].map(([country, weight]) => ({ country, weight })).sort((a, b) => b.weight - a.weight),
    ]),
  );

const buildPlaceIndex = (): PlaceIndex => {
  // The city list repeats its country and province names thousands of times: normalise each once.
  const normalised = new Map<string, string>();
  const normalise = (name: string): string => {
    let key = normalised.get(name);
    if (key === undefined) normalised.set(name, (key = normalisePlaceName(name)));
    return key;
  };

  const countries = new Map<string, string>();
  // First writer wins, so the sources go from the most to the least authoritative.
  const addCountry = (name: string | undefined, code: string | undefined): void => {
    if (name === undefined || code === undefined || !hasLetter(name)) return;
    const key = normalise(name);
    if (key !== "" && !countries.has(key)) countries.set(key, code);
  };

  const regionFeatures = (borders.features as ReadonlyArray<{ readonly properties: RegionProperties }>).map((f) => f.properties);
  const countryLevel = regionFeatures.filter((p) => p.level === "country" && isAssignedCode(p));
  const belowCountry = regionFeatures.filter((p) => p.level === "territory" || p.level === "subterritory");

  for (const props of countryLevel) {
    addCountry(props.iso1A2, props.iso1A2);
    addCountry(props.iso1A3, props.iso1A2);
  }
  for (const props of belowCountry.filter(isAssignedCode)) {
    addCountry(props.iso1A2, props.iso1A2);
    addCountry(props.iso1A3, props.iso1A2);
  }
  for (const props of countryLevel) addCountry(props.nameEn, props.iso1A2);
  for (const [code, names] of Object.entries(englishCountryNames.countries)) {
    for (const name of typeof names === "string" ? [names] : names) addCountry(name, code);
  }
  for (const props of countryLevel) for (const alias of props.aliases ?? []) addCountry(alias, props.iso1A2);
  // England, Hawaii, Hong Kong, Canary Islands...: their own code when they have one, else their country's.
  for (const props of belowCountry) {
    const code = codeOfFeature(props);
    addCountry(props.nameEn, code);
    for (const alias of props.aliases ?? []) addCountry(alias, code);
  }

  const cities = new Map<string, Map<string, number>>();
  const regions = new Map<string, Map<string, number>>();
  const stateCodes = new Map<string, Map<string, number>>();
  for (const row of cityTimezones.cityMapping) {
    // Rows of places without an ISO code (Kosovo) are placed by their country's name.
    const country = /^[A-Z]{2}$/.test(row.iso2) ? row.iso2 : countries.get(normalise(row.country));
    if (country === undefined) continue;
    addCountry(row.country, country);
    const weight = row.pop > 0 ? row.pop : 1;
    for (const key of new Set([normalise(row.city), normalise(row.city_ascii)])) addCandidate(cities, key, country, weight);
    if (row.province) addCandidate(regions, normalise(row.province), country, weight);
    for (const code of new Set([row.state_ansi, row.exactProvince])) {
      if (code) addCandidate(stateCodes, normalise(code), country, weight);
    }
  }

  return { countries, cities: rankCandidates(cities), regions: rankCandidates(regions), stateCodes: rankCandidates(stateCodes) };
};

// Longer than any place name people type: splitting longer text would cost time for nothing.
const MAX_WORDS_TO_SPLIT = 10;
const MAX_PARTS = 4;

type CityCentres = Map<string, { latitude: number; longitude: number; population: number }>;
let sharedCentres: CityCentres | undefined;
/** `<country>|<normalised city>` → the most populous such city's centre, built on first use. */
const cityCentres = (): CityCentres => {
  if (sharedCentres !== undefined) return sharedCentres;
  const centres: CityCentres = new Map();
  for (const row of cityTimezones.cityMapping) {
    const point = { latitude: Number(row.lat), longitude: Number(row.lng), population: row.pop > 0 ? row.pop : 0 };
    if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) continue;
    for (const name of new Set([normalisePlaceName(row.city), normalisePlaceName(row.city_ascii)])) {
      const key = `${row.iso2}|${name}`;
      const known = centres.get(key);
      if (known === undefined || point.population > known.population) centres.set(key, point);
    }
  }
  sharedCentres = centres;
  return centres;
};

// Built once per process, on the first geocoder made, and shared by every instance after it.
let sharedIndex: PlaceIndex | undefined;
const placeIndex = (): PlaceIndex => (sharedIndex ??= buildPlaceIndex());

@injectable()
export class CountryCoderGeocoder implements Geocoder {
  private readonly index = placeIndex();

  countryAt(latitude: number, longitude: number): string | undefined {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
    // country-coder takes [longitude, latitude]. Asking at territory level keeps Hong Kong HK and
    // Puerto Rico PR (their own currencies and prices) instead of folding them into CN and US.
    const found = feature([longitude, latitude], { level: "territory", withProp: "iso1A2" });
    if (found === null) return undefined;
    return codeOfFeature(found.properties as RegionProperties);
  }

  locateCity(city: string, countryCode: string): { readonly latitude: number; readonly longitude: number } | undefined {
    const found = cityCentres().get(`${countryCode.toUpperCase()}|${normalisePlaceName(city)}`);
    return found === undefined ? undefined : { latitude: found.latitude, longitude: found.longitude };
  }

  countryOfPlace(placeName: string): string | undefined {
    const whole = normalisePlaceName(placeName);
    if (whole === "") return undefined;
    const direct = this.readingsOf(whole)[0];
    if (direct !== undefined) return direct;

    // "Nairobi, Kenya", "Springfield, MO": the first part named within what the rest narrows to.
    const parts = placeName.split(",", MAX_PARTS).map(normalisePlaceName).filter((part) => part !== "");
    if (parts.length > 1) {
      const [head = "", ...rest] = parts;
      const within = rest.flatMap((part) => this.contextOf(part));
      return this.narrow(this.readingsOf(head), within) ?? within[0] ?? this.readingsOf(head)[0];
    }

    // "Nairobi Kenya", "London Ontario": split at each space; both sides must name something.
    const words = whole.split(" ");
    if (words.length > MAX_WORDS_TO_SPLIT) return undefined;
    for (let cut = words.length - 1; cut > 0; cut--) {
      const headReadings = this.readingsOf(words.slice(0, cut).join(" "));
      const within = this.contextOf(words.slice(cut).join(" "));
      if (headReadings.length > 0 && within.length > 0) return this.narrow(headReadings, within) ?? within[0];
    }
    return undefined;
  }

  /**
   * What a whole name can be, best first: a country (name or code), then cities and regions by
   * population, so "Ontario" is the Canadian province, not the Californian city.
   */
  private readingsOf(name: string): string[] {
    const country = this.index.countries.get(name);
    const places = [...(this.index.cities.get(name) ?? []), ...(this.index.regions.get(name) ?? [])];
    const byWeight = places.sort((a, b) => b.weight - a.weight).map((c) => c.country);
    return [...new Set([...(country === undefined ? [] : [country]), ...byWeight])];
  }

  /** The countries a qualifier ("Kenya", "KE", "Ontario", "NY") points to, best first. */
  private contextOf(qualifier: string): string[] {
    const stateCodes = this.index.stateCodes.get(qualifier) ?? [];
    return [...this.readingsOf(qualifier), ...stateCodes.map((c) => c.country)];
  }

  private narrow(readings: readonly string[], within: readonly string[]): string | undefined {
    return readings.find((country) => within.includes(country));
  }
}
