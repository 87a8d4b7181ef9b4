// Amounts and dates as an email shows them (docs/emails.md, "Templates and placeholders"): an
// amount in integer minor units with its currency's ISO 4217 minor digits (KES 2, UGX 0, BHD 3)
// and the currency's symbol, thousands grouped: `KSh 1,234.50`.
import { currencySymbol, isCurrencyCode, minorDigits } from "../money/currency.js";

export const formatAmount = (minor: number, currency: string): string => {
  const code = isCurrencyCode(currency) ? currency : undefined;
  const digits = code === undefined ? 2 : minorDigits(code);
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits === 0 ? "" : `.${text.slice(text.length - digits)}`;
  return `${minor < 0 ? "-" : ""}${code === undefined ? currency : currencySymbol(code)} ${whole}${fraction}`;
};

/** An amount in major units (as event records carry it) back to minor units. */
export const minorOfMajor = (major: number, currency: string): number => {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  return Math.round(major * 10 ** digits);
};

/** `2026-11-27T14:50:10Z` → `27 November 2026`, in the store's time zone (UTC when it has none). */
export const formatDate = (iso: string, timeZone = "UTC"): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
  } catch {
    return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }
};
