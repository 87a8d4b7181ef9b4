// Money in its currency with the ISO 4217 number of minor digits (amounts are integer minor
// units), and instants as dates and times of one time zone.
import { data as iso4217 } from "currency-codes";

const digitsByCode = new Map(iso4217.map((c) => [c.code, c.digits]));

/** The currency's minor digits from ISO 4217 (2 for KES and USD, 0 for JPY and UGX, 3 for KWD). */
export const minorDigits = (currency: string): number => digitsByCode.get(currency.toUpperCase()) ?? 2;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Integer minor units as money of `currency`, in the browser's language unless `locale` is given. */
export const formatMoney = (minorUnits: number, currency: string, locale?: string): string => {
  const digits = minorDigits(currency);
  const cacheKey = `${locale ?? ""}|${currency}`;
  let format = moneyFormats.get(cacheKey);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(cacheKey, format);
  }
  return format.format(minorUnits / 10 ** digits);
};

/** A typed amount ("12.50") as integer minor units, or undefined when it is not one. */
export const parseMoney = (text: string, currency: string): number | undefined => {
  const digits = minorDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  const trimmed = text.trim().replace(/,/g, "");
  if (!pattern.test(trimmed)) return undefined;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
};

/**
 * The time zone dates are shown in. Stores have no time zone setting yet (GET /admin/v1/store
 * holds none), so it is this browser's; the dashboard counts its days in the same zone.
 */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
const dayOnly = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** A calendar day (YYYY-MM-DD, already a day of the zone) as "27 Nov". */
export const formatDay = (day: string): string => dayOnly.format(new Date(`${day}T00:00:00Z`));

export const humanize = (code: string): string => code.replace(/_/g, " ");
