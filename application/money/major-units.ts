// Money outside the catalog as the API shows it (docs/api/conventions.md, "Money"): decimal major
// units of a currency, stored as integer minor units. A value with more decimals than its currency
// has is refused, never rounded silently.
import { minorDigits, type CurrencyCode } from "../../domain/money/currency.js";
import { fromMajor, fromMinor, toMajor } from "../../domain/money/money.js";
import { ParameterInvalid } from "../errors/request-errors.js";

/** 1234 KES minor units -> 12.34. */
export const toMajorUnits = (minor: number, currency: CurrencyCode): number => toMajor(fromMinor(minor, currency));

/** 12.34 KES -> 1234; a 400 naming `param` when the value has more decimals than the currency. */
export const minorUnitsOf = (major: number, currency: CurrencyCode, param: string): number => {
  const minor = fromMajor(major, currency).amount;
  if (toMajorUnits(minor, currency) !== major) {
    const digits = minorDigits(currency);
    throw new ParameterInvalid({
      param,
      message: `${param} must be an amount of ${currency} with at most ${digits} decimal${digits === 1 ? "" : "s"}`,
    });
  }
  return minor;
};

/** Like minorUnitsOf, for an optional nullable amount. */
export const minorUnitsOrNull = (major: number | null, currency: CurrencyCode, param: string): number | null =>
  major === null ? null : minorUnitsOf(major, currency, param);
