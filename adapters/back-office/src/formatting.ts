// Money in its currency with the ISO 4217 number of minor digits (amounts are integer minor
// units), and instants as dates and times of the store's time zone.
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

const dateTimeIn = (zone: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: zone });

/**
 * The time zone dates are shown in: the store's (its `time_zone` setting, which GET /admin/v1/me
 * gives every member, set here by src/session.ts once signed in), this browser's until then.
 * The dashboard counts its days in the same zone. A live binding: read it when rendering.
 */
export let TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
let dateTime = dateTimeIn(TIME_ZONE);

/** Shows dates in `zone` from now on (an IANA name the server checked). */
export const showDatesIn = (zone: string): void => {
  if (zone === TIME_ZONE) return;
  dateTime = dateTimeIn(zone);
  TIME_ZONE = zone;
};

const dayOnly = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** An instant as a date and time of the store's time zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** A calendar day (YYYY-MM-DD, already a day of the zone) as "27 Nov". */
export const formatDay = (day: string): string => dayOnly.format(new Date(`${day}T00:00:00Z`));

export const humanize = (code: string): string => code.replace(/_/g, " ");

/** Minor units as the plain number a person types ("1500.00" for KES, "1500" for JPY). */
export const typedAmount = (minor: number, currency: string): string => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

/** The wall-clock time of `ms` in `zone`, as "YYYY-MM-DDTHH:mm". */
export const wallTimeIn = (ms: number, zone: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
};

/**
 * Dates are typed as a `datetime-local` value: a wall-clock time with no zone, read in the store's
 * zone (TIME_ZONE), the one every date of the app is shown in, whatever the browser's own is.
 */
export const typedDateTime = (iso: string): string => wallTimeIn(new Date(iso).getTime(), TIME_ZONE);

/** A typed `datetime-local` value of the store's zone as epoch milliseconds, or NaN when it is not one. */
export const instantOfTyped = (text: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (m === null) return Number.NaN;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at that moment (asked twice: the first guess may sit across a clock change).
  const offsetAt = (ms: number) => Date.parse(`${wallTimeIn(ms, TIME_ZONE)}:00Z`) - ms;
  return asUtc - offsetAt(asUtc - offsetAt(asUtc));
};
