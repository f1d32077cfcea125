// When a failed job runs again, and when a stuck money job needs attention; webhook deliveries keep
// their own contract schedule (lib/webhooks/attempt-schedule.ts).
import { HOUR, MINUTE } from "@/lib/time";

/** A never-give-up job still unsettled this long after it first ran needs an operator's attention. */
const ATTENTION_AFTER_MS = HOUR;

const FOREVER_BACKOFF_CAP_MS = 5 * MINUTE;

/** Retry time for a handler that threw: 5 s, 20 s, 80 s, … capped at an hour. */
export function boundedBackoff(attempts: number, now = Date.now()): number {
  return now + Math.min(5_000 * 4 ** (attempts - 1), HOUR);
}

/**
 * Retry time for never-give-up (money) jobs: 5 s doubling, capped at 5 minutes so an outage's
 * backlog settles soon after the provider is back, ±10% jitter so it does not retry in lockstep.
 */
export function foreverBackoff(attempts: number, now = Date.now(), random = Math.random): number {
  const delay = Math.min(5_000 * 2 ** Math.min(attempts - 1, 20), FOREVER_BACKOFF_CAP_MS);
  return now + Math.round(delay * (0.9 + 0.2 * random()));
}

/** When a never-give-up job should be flagged, if it is not already: null while it is young. */
export function attentionDue(
  job: { started_at: number | null; attention_at: number | null },
  now = Date.now(),
): number | null {
  if (job.attention_at !== null) return job.attention_at;
  return job.started_at !== null && now - job.started_at >= ATTENTION_AFTER_MS ? now : null;
}
