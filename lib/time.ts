/** Timestamps are stored as epoch milliseconds (indexable integers) and shown as RFC 3339 UTC with ms. */
export function toRfc3339(ms: number): string;
export function toRfc3339(ms: number | null | undefined): string | undefined;
export function toRfc3339(ms: number | null | undefined): string | undefined {
  return ms == null ? undefined : new Date(ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
