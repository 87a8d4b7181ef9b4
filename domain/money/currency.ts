// ISO 4217 currency codes as a branded type, with their minor digits and display symbols.
import { Schema } from "effect";
import { CURRENCY_SYMBOLS } from "./currency-symbols.js";
import { ISO_4217_MINOR_DIGITS } from "./iso-4217.js";

export const CurrencyCode = Schema.String.pipe(
  Schema.filter(
    (s) =>
      // hasOwn, not `in`: "constructor" must not pass as a currency
      (/^[A-Z]{3}$/.test(s) && Object.hasOwn(ISO_4217_MINOR_DIGITS, s)) ||
      `expected an active ISO 4217 currency code, got ${JSON.stringify(s)}`,
  ),
  Schema.brand("CurrencyCode"),
  Schema.annotations({ identifier: "CurrencyCode" }),
);
export type CurrencyCode = typeof CurrencyCode.Type;

const isCode = Schema.is(CurrencyCode);

export function isCurrencyCode(s: string): s is CurrencyCode {
  return isCode(s);
}

export function minorDigits(code: CurrencyCode): number {
  // reachable only through a cast that bypassed the brand; failing beats computing with NaN
  if (!Object.hasOwn(ISO_4217_MINOR_DIGITS, code)) {
    throw new RangeError(`not an ISO 4217 currency code: ${code}`);
  }
  return ISO_4217_MINOR_DIGITS[code] as number;
}

export function currencySymbol(code: CurrencyCode): string {
  return CURRENCY_SYMBOLS[code] ?? code;
}
