import { sha256 } from "@/lib/crypto";
import { ThrottledError } from "@/lib/errors/domain-error";
import type { Limit } from "./limits";
import { bumpCounter, unbumpCounters } from "./repository";

/** One counter: a limit applied to one client address, account, key prefix, phone… */
export type Check = { limit: Limit; key: string };

function bucketOf(check: Check): string {
  return sha256(`${check.limit.name}:${check.key}`);
}

/**
 * Counts one attempt against each check (one atomic upsert per counter, in the database so every
 * app process shares it) and refuses with 429 when any is over its limit. Call it before
 * checking the credential; call `forgiveAttempt` when the credential was right, so only
 * failures remain counted.
 */
export async function takeAttempt(checks: Check[], now = Date.now()): Promise<void> {
  let retryAfterMs = 0;
  for (const check of checks) {
    const { windowMs, max } = check.limit;
    const counter = await bumpCounter(bucketOf(check), windowMs, now);
    if (counter.hits > max) retryAfterMs = Math.max(retryAfterMs, counter.windowStart + windowMs - now);
  }
  if (retryAfterMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** The attempt succeeded: it no longer counts. */
export async function forgiveAttempt(checks: Check[]): Promise<void> {
  await unbumpCounters(checks.map(bucketOf));
}

/** Runs `attempt` under the checks: counted first, forgiven if it succeeds. */
export async function throttled<T>(checks: Check[], attempt: () => Promise<T>): Promise<T> {
  await takeAttempt(checks);
  const result = await attempt();
  await forgiveAttempt(checks);
  return result;
}
