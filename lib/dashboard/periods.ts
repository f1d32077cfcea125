/** The overview's periods in the reader's time zone: today, the last 7 and the last 30 days. */
export const OVERVIEW_RANGES = ["today", "7d", "30d"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Minutes the zone is ahead of UTC at an instant. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

export function startOfDay(at: number, timeZone: string): number {
  const offset = zoneOffsetMs(at, timeZone);
  const local = at + offset;
  return local - (((local % DAY) + DAY) % DAY) - offset;
}

export type Period = { start: number; end: number };
export type OverviewPeriods = { current: Period; previous: Period; bucketMs: number; offsetMs: number };

/**
 * Current and previous period of the same length (today so far against yesterday up to the same
 * hour), and the chart's bucket: hours for today, days otherwise, aligned to the reader's midnight.
 */
export function overviewPeriods(range: OverviewRange, now: number, timeZone: string): OverviewPeriods {
  const midnight = startOfDay(now, timeZone);
  const days = range === "today" ? 1 : range === "7d" ? 7 : 30;
  const start = midnight - (days - 1) * DAY;
  const length = days * DAY;
  return {
    current: { start, end: now },
    previous: { start: start - length, end: now - length },
    bucketMs: range === "today" ? HOUR : DAY,
    offsetMs: zoneOffsetMs(now, timeZone),
  };
}
