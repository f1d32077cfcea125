import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { CLOCK_SKEW_MS } from "@/lib/time";

/** A counter after one more attempt: its hits in the current window and when that window began. */
export type CounterState = { hits: number; windowStart: number };

/**
 * Counts one attempt in a bucket (one atomic upsert, in the database so every app process shares
 * it): a window that began `windowMs` ago or earlier starts over at 1.
 */
export async function bumpCounter(bucket: string, windowMs: number, now: number): Promise<CounterState> {
  const expired = now - windowMs;
  // A window that begins in the future was opened by a clock that ran ahead: it starts over too.
  const ahead = now + CLOCK_SKEW_MS;
  const row = await getDb()
    .insertInto("rate_limits")
    .values({ bucket, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column("bucket").doUpdateSet({
        hits: sql`case when rate_limits.window_start <= ${expired} or rate_limits.window_start > ${ahead} then 1 else rate_limits.hits + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${expired} or rate_limits.window_start > ${ahead} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["hits", "window_start"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: Number(row.window_start) };
}

/** Takes one attempt back from each bucket (never below zero). */
export async function unbumpCounters(buckets: string[]): Promise<void> {
  if (buckets.length === 0) return;
  await getDb()
    .updateTable("rate_limits")
    .set({ hits: sql`hits - 1` })
    .where("bucket", "in", buckets)
    .where("hits", ">", 0)
    .execute();
}
