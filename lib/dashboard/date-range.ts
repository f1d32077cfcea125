import { startOfDay, zoneOffsetMs } from "./periods";

const DAY = 86_400_000;

/** `YYYY-MM-DD` of an instant in a zone. */
export function dateInZone(at: number, timeZone: string): string {
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant a `YYYY-MM-DD` day starts (or, with endOfDay, ends) in a zone; null when not a date. */
export function dayBoundary(value: string, timeZone: string, endOfDay = false): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const utcMidnight = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(utcMidnight)) return null;
  const start = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  return endOfDay ? start + DAY - 1 : start;
}

export const DATE_PRESETS = ["today", "yesterday", "7d", "month"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Today, yesterday, the last 7 days (today included) and this calendar month, in the reader's zone, as day strings. */
export function presetRange(preset: DatePreset, now: number, timeZone: string): { from: string; to: string } {
  const today = dateInZone(now, timeZone);
  if (preset === "today") return { from: today, to: today };
  if (preset === "yesterday") {
    // An instant inside yesterday (half a day before today's start), so a 23- or 25-hour day still lands on it.
    const yesterday = dateInZone(startOfDay(now, timeZone) - DAY / 2, timeZone);
    return { from: yesterday, to: yesterday };
  }
  if (preset === "7d") return { from: dateInZone(startOfDay(now, timeZone) - 6 * DAY, timeZone), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}
