import { providerTimeoutMs } from "@/lib/providers/call";

// When the sweep next asks the provider about a record whose outcome is unknown (repository/look-ups.ts books it).
/** Slack after a call's deadline before its first look-up (clocks, commit of a just-finished call). */
export const LOOKUP_MARGIN_MS = 2_000;
/** Look-ups repeat every 5 s, doubling, at most every 5 min, for as long as it takes. */
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_CAP_MS = 5 * 60_000;

/** A call that began at `startedAt` has ended (answered or timed out) by then: its outcome is due for a look-up. */
export function firstLookupAt(startedAt: number): number {
  return startedAt + providerTimeoutMs() + LOOKUP_MARGIN_MS;
}

/**
 * When an attempt's provider call can no longer be in flight: its deadline plus the margin. Before
 * then a provider with no record of it proves nothing (the request may still land); older rows
 * without the column count from `requested_at`.
 */
export function callDeadlineOf(row: { call_deadline_at?: number | null; requested_at: number }): number {
  return row.call_deadline_at ?? firstLookupAt(row.requested_at);
}

export function nextLookupAt(attempts: number, now = Date.now()): number {
  const delay = Math.min(BACKOFF_BASE_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), BACKOFF_CAP_MS);
  return now + Math.round(delay * (0.9 + Math.random() * 0.2));
}
