// The delivery schedule of webhook attempts (CONTRACT §9); failed jobs back off by lib/jobs/failed-job-backoff.ts.
import { MINUTE } from "@/lib/time";

const DEFAULT_DELAYS = [1, 4, 16, 64, 256].map((m) => m * MINUTE);

/**
 * Delays before attempts 2..n (CONTRACT §9: 1, 4, 16, 64, 256 minutes, 6 attempts in all).
 * WEBHOOK_RETRY_DELAYS_MS (comma list of milliseconds) replaces it, so tests run in seconds.
 */
function retryDelays(): number[] {
  const raw = process.env.WEBHOOK_RETRY_DELAYS_MS;
  if (!raw) return DEFAULT_DELAYS;
  const parsed = raw.split(",").map((v) => Number(v.trim()));
  return parsed.every((n) => Number.isFinite(n) && n >= 0) ? parsed : DEFAULT_DELAYS;
}

export function maxAutomaticAttempts(): number {
  return retryDelays().length + 1;
}

/** When attempt `execution + 1` is due after attempt `execution` failed: the delay ±10% jitter. */
export function nextAttemptAt(execution: number, now = Date.now(), random = Math.random): number | null {
  const delay = retryDelays()[execution - 1];
  if (delay === undefined) return null;
  return now + Math.round(delay * (0.9 + 0.2 * random()));
}

/** Per-attempt timeout (30 s); WEBHOOK_TIMEOUT_MS overrides it. */
export function attemptTimeoutMs(): number {
  return Number(process.env.WEBHOOK_TIMEOUT_MS ?? 30_000);
}

/** How long an attempt may take to get a connection (look-up, TCP, TLS): 5 s; WEBHOOK_CONNECT_TIMEOUT_MS overrides it. */
export function connectTimeoutMs(): number {
  return Number(process.env.WEBHOOK_CONNECT_TIMEOUT_MS ?? 5_000);
}
