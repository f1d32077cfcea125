import { HOLIDAYS_BY_YEAR } from "./holidays/table";

/** Dates are `yyyy-MM-dd` strings of the Korean calendar (UTC+9, no daylight saving). */
const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

const holidaySets = new Map<number, Set<string>>(
  Object.entries(HOLIDAYS_BY_YEAR).map(([year, days]) => [Number(year), new Set(days.map((d) => d.date))]),
);

export class HolidayTableMissingError extends Error {
  constructor(readonly year: number) {
    super(`no Korean holiday table for ${year}: add lib/settlements/holidays/${year}.ts`);
  }
}

/** The Korean calendar date of an instant. */
export function koreaDate(epochMs: number): string {
  return new Date(epochMs + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Korean calendar date starts. */
export function koreaDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - KST_OFFSET_MS;
}

/** The calendar date `days` days after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Weekdays that are not Korean public (or substitute) holidays; banks pay out only on these. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(date.slice(0, 4));
  const holidays = holidaySets.get(year);
  if (!holidays) throw new HolidayTableMissingError(year);
  return !holidays.has(date);
}

/**
 * The payout date of a sale on `soldOn` under a cycle of `days` business days (D+days): count
 * that many business days after the sale. D+0 pays the same day when it is a business day, else
 * the next one.
 */
export function payoutDate(soldOn: string, days: number): string {
  let date = soldOn;
  if (days === 0) {
    while (!isBusinessDay(date)) date = addDays(date, 1);
    return date;
  }
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) left -= 1;
  }
  return date;
}
