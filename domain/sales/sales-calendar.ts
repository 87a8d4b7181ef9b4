// The sales calendar of the dashboard (docs/staff.md, "Dashboard"): sales are counted in
// quarter-hours of UTC time, and a day of the store's time zone is a run of whole quarter-hours,
// because every zone's offset from UTC (and every daylight-saving jump) is a multiple of 15
// minutes. So the figures of any zone's days are sums of the same counters. Pure: the zone's
// rules come from the runtime's time zone data (Intl), no clock: callers pass `now`.

/** Milliseconds in one bucket: a quarter of an hour. */
export const BUCKET_MS = 15 * 60_000;

/** The quarter-hour an instant falls in, numbered from the Unix epoch. */
export const bucketOf = (ms: number): number => Math.floor(ms / BUCKET_MS);

const DAY_MS = 86_400_000;

/** Whether `zone` is a time zone name the runtime knows (`Africa/Nairobi`, `UTC`). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (zone: string): Intl.DateTimeFormat => {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formats.size > 500) formats.clear();
    formats.set(zone, format);
  }
  return format;
};

/** The wall-clock fields of an instant in `zone`. */
const wallClock = (ms: number, zone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } => {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(ms)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { y: parts.year!, m: parts.month!, d: parts.day!, h: parts.hour! % 24, mi: parts.minute!, s: parts.second! };
};

/** How far `zone`'s wall clock is ahead of UTC at an instant, in milliseconds. */
export const offsetAt = (ms: number, zone: string): number => {
  const w = wallClock(ms, zone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - (ms - (((ms % 1000) + 1000) % 1000));
};

/** The calendar date (`YYYY-MM-DD`) of an instant in `zone`. */
export const localDateOf = (ms: number, zone: string): string => {
  const w = wallClock(ms, zone);
  return `${String(w.y).padStart(4, "0")}-${String(w.m).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
};

/** The date `days` after (or before) a `YYYY-MM-DD` date. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The first instant of a date in `zone`: its local midnight, or, where a daylight-saving jump
 * skips midnight, the first wall-clock time that day has.
 */
export const startOfLocalDay = (date: string, zone: string): number => {
  const wallMidnight = Date.parse(`${date}T00:00:00Z`);
  // The instant whose wall clock reads midnight under the offset in force then (two tries settle it).
  let instant = wallMidnight - offsetAt(wallMidnight, zone);
  const second = wallMidnight - offsetAt(instant, zone);
  if (second !== instant) instant = Math.min(instant, second);
  // A skipped midnight: the day starts at the jump, the first instant whose date is `date`.
  while (localDateOf(instant, zone) < date) instant += BUCKET_MS;
  while (localDateOf(instant - BUCKET_MS, zone) === date) instant -= BUCKET_MS;
  return instant;
};

export interface SalesDay {
  /** `YYYY-MM-DD` in the zone. */
  readonly date: string;
  /** Its first quarter-hour, and the first of the next day. */
  readonly fromBucket: number;
  readonly toBucket: number;
}

/**
 * The `count` days of `zone` ending with the one `now` falls in, oldest first, each as its run of
 * quarter-hours; the last day ends at the next midnight (its future quarter-hours are empty).
 */
export const salesDays = (nowMs: number, zone: string, count: number): readonly SalesDay[] => {
  const today = localDateOf(nowMs, zone);
  const days: SalesDay[] = [];
  let start = startOfLocalDay(addDays(today, -(count - 1)), zone);
  for (let i = count - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    const next = startOfLocalDay(addDays(date, 1), zone);
    days.push({ date, fromBucket: bucketOf(start), toBucket: bucketOf(next) });
    start = next;
  }
  return days;
};
