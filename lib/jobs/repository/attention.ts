import { getDb } from "@/lib/db/client";
import type { Job } from "./queue";

/** A never-give-up job unsettled for over an hour (CLI and dashboard "needs attention"). */
export type NeedsAttentionItem = {
  jobId: string;
  queue: string;
  payload: unknown;
  merchantId: string | null;
  state: "QUEUED" | "RUNNING";
  attempts: number;
  lastError: string | null;
  /** When the job first ran. */
  firstRunAt: number;
  /** When it was flagged. */
  flaggedAt: number;
  /** When it runs next (QUEUED), or until when its current run holds it (RUNNING). */
  nextRunAt: number;
};

function toItem(job: Job): NeedsAttentionItem {
  return {
    jobId: job.id,
    queue: job.queue,
    payload: JSON.parse(job.payload) as unknown,
    merchantId: job.merchant_id,
    state: job.state === "RUNNING" ? "RUNNING" : "QUEUED",
    attempts: job.attempts,
    lastError: job.last_error,
    firstRunAt: job.started_at ?? job.created_at,
    flaggedAt: job.attention_at!,
    nextRunAt: job.state === "RUNNING" ? (job.locked_until ?? job.run_at) : job.run_at,
  };
}

/** Flagged jobs still waiting to settle, longest-flagged first; optionally one merchant's. */
export async function listNeedsAttention(
  options: { merchantId?: string; limit?: number } = {},
): Promise<NeedsAttentionItem[]> {
  let query = getDb()
    .selectFrom("jobs")
    .selectAll()
    .where("attention_at", "is not", null)
    .where("state", "in", ["QUEUED", "RUNNING"]);
  if (options.merchantId !== undefined) query = query.where("merchant_id", "=", options.merchantId);
  const rows = await query
    .orderBy("attention_at")
    .orderBy("id")
    .limit(options.limit ?? 100)
    .execute();
  return rows.map(toItem);
}

/**
 * Runs a queued job now instead of at its next backoff (the "re-run the look-up" button). True when
 * the job is queued to run now or is running already; false when there is no such job (settled, or
 * another merchant's).
 */
export async function retryJobNow(jobId: string, options: { merchantId?: string } = {}): Promise<boolean> {
  const now = Date.now();
  let update = getDb()
    .updateTable("jobs")
    .set({ run_at: now, updated_at: now })
    .where("id", "=", jobId)
    .where("state", "=", "QUEUED");
  if (options.merchantId !== undefined) update = update.where("merchant_id", "=", options.merchantId);
  if (Number((await update.executeTakeFirst()).numUpdatedRows) === 1) return true;
  let running = getDb().selectFrom("jobs").select("id").where("id", "=", jobId).where("state", "=", "RUNNING");
  if (options.merchantId !== undefined) running = running.where("merchant_id", "=", options.merchantId);
  return (await running.executeTakeFirst()) !== undefined;
}

/** Flags a job that is being run past its hour (a retry would flag it too, but a run may be long). */
export async function flagNeedsAttention(job: Job, at: number): Promise<void> {
  await getDb()
    .updateTable("jobs")
    .set({ attention_at: at })
    .where("id", "=", job.id)
    .where("locked_by", "=", job.locked_by)
    .where("attention_at", "is", null)
    .execute();
}
