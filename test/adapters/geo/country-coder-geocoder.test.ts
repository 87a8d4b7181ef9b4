// Specifies the offline geocoder behind price detection: points to countries, and city, region and
// country names (in any case, with or without accents and punctuation) to countries.
import assert from "node:assert/strict";
import cityTimezones from "city-timezones";
import fc from "fast-check";
import { CountryCoderGeocoder, normalisePlaceName } from "../../../adapters/geo/country-coder-geocoder.js";
import { CountryToCurrencyTable } from "../../../adapters/geo/country-to-currency-table.js";

const geocoder = new CountryCoderGeocoder();

describe("CountryCoderGeocoder", () => {
  describe("countryAt", () => {
    const points: ReadonlyArray<readonly [string, number, number, string]> = [
      ["Nairobi", -1.286, 36.817, "KE"],
      ["Kampala", 0.3476, 32.5825, "UG"],
      ["Dar es Salaam", -6.7924, 39.2083, "TZ"],
      ["Kigali", -1.9441, 30.0619, "RW"],
      ["Lagos", 6.5244, 3.3792, "NG"],
      ["Accra", 5.6037, -0.187, "GH"],
      ["Johannesburg", -26.2041, 28.0473, "ZA"],
      ["London", 51.5074, -0.1278, "GB"],
      ["Paris", 48.8566, 2.3522, "FR"],
      ["New York", 40.7128, -74.006, "US"],
      ["Zürich", 47.3769, 8.5417, "CH"],
    ];
    for (const [place, latitude, longitude, country] of points) {
      it(`places ${place} (${latitude}, ${longitude}) in ${country}`, () => {
        assert.equal(geocoder.countryAt(latitude, longitude), country);
      });
    }

    it("takes latitude first: swapping the two gives another answer", () => {
      // (36.817, -1.286) is in Algeria, nowhere near Nairobi.
      assert.notEqual(geocoder.countryAt(36.817, -1.286), "KE");
    });

    it("answers undefined in the middle of the Atlantic", () => {
      assert.equal(geocoder.countryAt(30, -40), undefined);
      assert.equal(geocoder.countryAt(-20, -25), undefined);
    });

    it("keeps territories with their own ISO code and currency apart from their sovereign", () => {
      assert.equal(geocoder.countryAt(22.3193, 114.1694), "HK");
      assert.equal(geocoder.countryAt(18.4655, -66.1057), "PR");
    });

    it("answers the country for a part without an assigned ISO code (Ceuta, Scotland)", () => {
      assert.equal(geocoder.countryAt(35.889, -5.32), "ES");
      assert.equal(geocoder.countryAt(55.9533, -3.1883), "GB");
    });

    it("answers undefined for coordinates off the globe or not numbers", () => {
      assert.equal(geocoder.countryAt(91, 0), undefined);
      assert.equal(geocoder.countryAt(0, 181), undefined);
      assert.equal(geocoder.countryAt(Number.NaN, 36.817), undefined);
      assert.equal(geocoder.countryAt(-1.286, Number.POSITIVE_INFINITY), undefined);
    });

    it("answers undefined or an ISO alpha-2 code the currency table knows, anywhere on the globe", () => {
      const currencies = new CountryToCurrencyTable();
      fc.assert(
        fc.property(
          fc.double({ min: -90, max: 90, noNaN: true }),
          fc.double({ min: -180, max: 180, noNaN: true }),
          (latitude, longitude) => {
            const country = geocoder.countryAt(latitude, longitude);
            return country === undefined || (/^[A-Z]{2}$/.test(country) && currencies.isCountry(country));
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe("countryOfPlace", () => {
    const cities: ReadonlyArray<readonly [string, string]> = [
      ["Nairobi", "KE"],
      ["Kampala", "UG"],
      ["Dar es Salaam", "TZ"],
      ["Kigali", "RW"],
      ["Lagos", "NG"],
      ["Accra", "GH"],
      ["Johannesburg", "ZA"],
      ["Cape Town", "ZA"],
      ["London", "GB"],
      ["Paris", "FR"],
      ["New York", "US"],
    ];
    for (const [place, country] of cities) {
      it(`finds ${place} in ${country}`, () => {
        assert.equal(geocoder.countryOfPlace(place), country);
      });
    }

    it("ignores case, surrounding and repeated spaces, hyphens and other punctuation", () => {
      for (const variant of ["nairobi", "  NAIROBI ", "NaIrObI", "nairobi."]) assert.equal(geocoder.countryOfPlace(variant), "KE", variant);
      for (const variant of ["dar es salaam", "DAR  ES   SALAAM", "dar-es-salaam", "Dar-Es-Salaam"]) {
        assert.equal(geocoder.countryOfPlace(variant), "TZ", variant);
      }
      assert.equal(geocoder.countryOfPlace("cape-town"), "ZA");
    });

    it("ignores accents, whichever side has them", () => {
      assert.equal(geocoder.countryOfPlace("Zürich"), "CH");
      assert.equal(geocoder.countryOfPlace("Zurich"), "CH");
      assert.equal(geocoder.countryOfPlace("ZURICH"), "CH");
      assert.equal(geocoder.countryOfPlace("Sao Paulo"), "BR");
      assert.equal(geocoder.countryOfPlace("São Paulo"), "BR");
      assert.equal(geocoder.countryOfPlace("Dusseldorf"), "DE");
    });

    it("prefers the most populous place when a name is shared (London, Ontario has fewer people)", () => {
      assert.equal(geocoder.countryOfPlace("London"), "GB");
      assert.equal(geocoder.countryOfPlace("Ontario"), "CA"); // the province, not the Californian city
    });

    it("accepts country names in any case and with their common alternatives", () => {
      const names: ReadonlyArray<readonly [string, string]> = [
        ["Kenya", "KE"],
        ["uganda", "UG"],
        ["TANZANIA", "TZ"],
        ["Rwanda", "RW"],
        ["Nigeria", "NG"],
        ["Ghana", "GH"],
        ["South Africa", "ZA"],
        ["United States", "US"],
        ["United States of America", "US"],
        ["United Kingdom", "GB"],
        ["Germany", "DE"],
        ["the Netherlands", "NL"],
        ["Côte d'Ivoire", "CI"],
        ["Ivory Coast", "CI"],
        ["Democratic Republic of the Congo", "CD"],
        ["England", "GB"],
      ];
      for (const [name, country] of names) assert.equal(geocoder.countryOfPlace(name), country, name);
    });

    it("accepts ISO alpha-2 and alpha-3 codes and usual abbreviations", () => {
      const codes: ReadonlyArray<readonly [string, string]> = [
        ["KE", "KE"],
        ["ke", "KE"],
        ["UG", "UG"],
        ["DE", "DE"],
        ["KEN", "KE"],
        ["USA", "US"],
        ["U.S.A.", "US"],
        ["UK", "GB"],
      ];
      for (const [code, country] of codes) assert.equal(geocoder.countryOfPlace(code), country, code);
    });

    it("accepts regions and provinces the city list knows", () => {
      assert.equal(geocoder.countryOfPlace("Mombasa"), "KE");
      assert.equal(geocoder.countryOfPlace("Kisumu"), "KE");
      assert.equal(geocoder.countryOfPlace("Nakuru"), "KE");
      assert.equal(geocoder.countryOfPlace("Rift Valley"), "KE");
      assert.equal(geocoder.countryOfPlace("Bayern"), "DE");
      assert.equal(geocoder.countryOfPlace("Texas"), "US");
    });

    it("reads a qualified name: the place within the country, region or state that follows", () => {
      assert.equal(geocoder.countryOfPlace("Nairobi, Kenya"), "KE");
      assert.equal(geocoder.countryOfPlace("Nairobi Kenya"), "KE");
      assert.equal(geocoder.countryOfPlace("London, Ontario"), "CA");
      assert.equal(geocoder.countryOfPlace("London Ontario"), "CA");
      assert.equal(geocoder.countryOfPlace("Springfield, MO"), "US");
      assert.equal(geocoder.countryOfPlace("Washington DC"), "US");
      assert.equal(geocoder.countryOfPlace("Victoria, Canada"), "CA");
    });

    it("answers undefined for places it does not know, blanks and object keys", () => {
      for (const unknown of ["Atlantis", "Gotham City", "xyzzy", "", "   ", "123", "XX", "constructor", "__proto__", "toString"]) {
        assert.equal(geocoder.countryOfPlace(unknown), undefined, JSON.stringify(unknown));
      }
    });

    it("does not take a continent or the EU for a country", () => {
      assert.equal(geocoder.countryOfPlace("Europe"), undefined);
      assert.equal(geocoder.countryOfPlace("Africa"), undefined);
      assert.equal(geocoder.countryOfPlace("EU"), undefined);
    });

    it("finds every city of its list in a country with a currency, in any case", () => {
      const currencies = new CountryToCurrencyTable();
      const named = cityTimezones.cityMapping.filter((row) => /^[A-Z]{2}$/.test(row.iso2));
      fc.assert(
        fc.property(fc.constantFrom(...named), fc.boolean(), (row, upper) => {
          const country = geocoder.countryOfPlace(upper ? row.city.toUpperCase() : ` ${row.city.toLowerCase()} `);
          return country !== undefined && currencies.isCountry(country);
        }),
        { numRuns: 300 },
      );
    });

    it("answers undefined or an ISO alpha-2 code for any text, without throwing", () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 40 }), (text) => {
          const country = geocoder.countryOfPlace(text);
          return country === undefined || /^[A-Z]{2}$/.test(country);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("normalisePlaceName", () => {
    it("folds case, accents, punctuation, spacing, initials and a leading article", () => {
      assert.equal(normalisePlaceName("  Dar-es-Salaam "), "dar es salaam");
      assert.equal(normalisePlaceName("ZÜRICH"), "zurich");
      assert.equal(normalisePlaceName("Côte d’Ivoire"), "cote d ivoire");
      assert.equal(normalisePlaceName("Washington, D.C."), "washington dc");
      assert.equal(normalisePlaceName("The Hague"), "hague");
      assert.equal(normalisePlaceName("Straße"), "strasse");
    });
  });
});
