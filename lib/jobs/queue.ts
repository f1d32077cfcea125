import { sql } from "kysely";
import { dialect, getDb, withTransaction, type Db, type Tx } from "@/lib/db/client";
import type { JobsTable } from "@/lib/db/tables/jobs";
import { newId } from "@/lib/ids";

export type Job = JobsTable;

/**
 * Adds a job. Pass the caller's transaction so the job commits with the state change that
 * caused it (outbox): no lost and no phantom work. A dedupe key makes enqueueing idempotent.
 */
export async function enqueue(
  db: Db | Tx,
  input: { queue: string; payload: unknown; runAt?: number; maxAttempts?: number; dedupeKey?: string },
): Promise<string> {
  const now = Date.now();
  const id = newId("job_");
  await db
    .insertInto("jobs")
    .values({
      id,
      queue: input.queue,
      payload: JSON.stringify(input.payload),
      state: "QUEUED",
      run_at: input.runAt ?? now,
      attempts: 0,
      max_attempts: input.maxAttempts ?? 5,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: input.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
  return id;
}

/**
 * Leases up to `limit` due jobs to one worker. A job whose lease expired (its worker died) is
 * due again. PostgreSQL: FOR UPDATE SKIP LOCKED lets many workers claim disjoint sets;
 * SQLite: the immediate transaction serialises claimers.
 */
export async function claimJobs(workerId: string, queues: string[], limit: number, leaseMs: number): Promise<Job[]> {
  if (queues.length === 0) return [];
  const now = Date.now();
  const lock = dialect() === "postgres" ? sql`for update skip locked` : sql``;
  return withTransaction(async (tx) => {
    const result = await sql<Job>`
      update jobs set state = 'RUNNING', locked_by = ${workerId}, locked_until = ${now + leaseMs},
        attempts = attempts + 1, updated_at = ${now}
      where id in (
        select id from jobs
        where queue in (${sql.join(queues)})
          and ((state = 'QUEUED' and run_at <= ${now}) or (state = 'RUNNING' and locked_until < ${now}))
        order by run_at
        limit ${limit}
        ${lock}
      )
      returning *`.execute(tx);
    return result.rows;
  });
}

/** Leases one given job if it is due and free (to run it inline in the request that queued it). */
export async function claimJob(jobId: string, workerId: string, leaseMs: number): Promise<Job | null> {
  const now = Date.now();
  const row = await getDb()
    .updateTable("jobs")
    .set((eb) => ({ state: "RUNNING", locked_by: workerId, locked_until: now + leaseMs, attempts: eb("attempts", "+", 1), updated_at: now }))
    .where("id", "=", jobId)
    .where("state", "=", "QUEUED")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Marks a leased job done, only if this worker still holds the lease. */
export async function completeJob(job: Job, workerId: string): Promise<void> {
  await getDb()
    .updateTable("jobs")
    .set({ state: "DONE", locked_by: null, locked_until: null, updated_at: Date.now() })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
}

/** Records a failure: retried at `retryAt`, or FAILED for good when attempts are used up. */
export async function failJob(job: Job, workerId: string, error: string, retryAt: number | null): Promise<void> {
  const giveUp = retryAt === null || job.attempts >= job.max_attempts;
  await getDb()
    .updateTable("jobs")
    .set({
      state: giveUp ? "FAILED" : "QUEUED",
      run_at: giveUp ? job.run_at : retryAt!,
      last_error: error.slice(0, 2000),
      locked_by: null,
      locked_until: null,
      updated_at: Date.now(),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
}
