import { providerTimeoutMs } from "@/lib/providers/call";
import { latestHonest } from "@/lib/time";

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
export function callDeadlineOf(
  row: { call_deadline_at?: number | null; requested_at: number },
  now = Date.now(),
): number {
  const deadline = row.call_deadline_at ?? firstLookupAt(row.requested_at);
  // Further ahead than a call can last: a clock ran ahead when it was written; the call is over.
  return deadline > latestHonest(callSpanMs(), now) ? now : deadline;
}

/** A call's longest life: its timeout plus the margin. */
function callSpanMs(): number {
  return providerTimeoutMs() + LOOKUP_MARGIN_MS;
}

/** How long a claimed look-up may run before another sweeper takes it over. */
export function claimLeaseMs(): number {
  return 2 * providerTimeoutMs() + LOOKUP_MARGIN_MS;
}

/**
 * The furthest ahead a look-up is ever booked: a backoff (at most 5 min, +10 % jitter), a claim's
 * lease or a call's end. A due time beyond it is treated as due now (repository/look-ups.ts).
 */
export function longestLookupDelayMs(): number {
  return Math.max(Math.round(BACKOFF_CAP_MS * 1.1), claimLeaseMs(), callSpanMs());
}

export function nextLookupAt(attempts: number, now = Date.now()): number {
  const delay = Math.min(BACKOFF_BASE_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), BACKOFF_CAP_MS);
  return now + Math.round(delay * (0.9 + Math.random() * 0.2));
}
