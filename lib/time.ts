/** Timestamps are stored as epoch milliseconds (indexable integers) and shown as RFC 3339 UTC with ms. */
export function toRfc3339(ms: number): string;
export function toRfc3339(ms: number | null | undefined): string | undefined;
export function toRfc3339(ms: number | null | undefined): string | undefined {
  if (ms == null) return undefined;
  return Number.isInteger(ms) && ms >= 0 && ms < YEAR_10000 ? isoUtc(ms) : new Date(ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** 10000-01-01T00:00:00Z: from there on (and before 1970) Date formats it (six-digit years). */
const YEAR_10000 = 253_402_300_800_000;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/**
 * `new Date(ms).toISOString()` by arithmetic, for 1970–9999: every payment shows ~7 timestamps, and
 * under Next's server `Date` is wrapped (it watches for time reads while prerendering), which made
 * formatting them a visible part of a read's CPU. Days to civil date after H. Hinnant's
 * `civil_from_days` (proleptic Gregorian, as Date).
 */
function isoUtc(ms: number): string {
  const days = Math.floor(ms / DAY);
  let rest = ms - days * DAY;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / MINUTE);
  rest -= minutes * MINUTE;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}Z`;
}

/** How far the clocks of several servers may disagree (NTP keeps them far closer). */
export const CLOCK_SKEW_MS = MINUTE;

/**
 * The latest a due time or lease of at most `longestSpanMs` ahead can honestly be. Anything later was
 * written by a clock that ran ahead (a server an hour fast, then corrected), and is treated as due
 * now: otherwise the record would wait for as long as that clock was wrong.
 */
export function latestHonest(longestSpanMs: number, now = Date.now()): number {
  return now + longestSpanMs + CLOCK_SKEW_MS;
}
