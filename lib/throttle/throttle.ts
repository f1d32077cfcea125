import { sql } from "kysely";
import { ThrottledError } from "@/lib/errors/domain-error";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import type { Limit } from "./limits";

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
    const expired = now - windowMs;
    const row = await getDb()
      .insertInto("rate_limits")
      .values({ bucket: bucketOf(check), window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column("bucket").doUpdateSet({
          hits: sql`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(["hits", "window_start"])
      .executeTakeFirstOrThrow();
    if (Number(row.hits) > max) retryAfterMs = Math.max(retryAfterMs, Number(row.window_start) + windowMs - now);
  }
  if (retryAfterMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** The attempt succeeded: it no longer counts. */
export async function forgiveAttempt(checks: Check[]): Promise<void> {
  if (checks.length === 0) return;
  await getDb()
    .updateTable("rate_limits")
    .set({ hits: sql`hits - 1` })
    .where("bucket", "in", checks.map(bucketOf))
    .where("hits", ">", 0)
    .execute();
}

/** Runs `attempt` under the checks: counted first, forgiven if it succeeds. */
export async function throttled<T>(checks: Check[], attempt: () => Promise<T>): Promise<T> {
  await takeAttempt(checks);
  const result = await attempt();
  await forgiveAttempt(checks);
  return result;
}
