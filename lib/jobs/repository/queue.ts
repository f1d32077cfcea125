import { type RawBuilder, sql } from "kysely";
import { getDb, whenSettled, type Db, type Tx } from "@/lib/db/client";
import { executeNamed, executeShaped } from "@/lib/db/precompiled";
import type { ColumnTypes } from "@/lib/db/typed-rows";
import type { JobsTable } from "@/lib/db/tables/jobs";
import { newId } from "@/lib/ids";
import { servedHere, wakeWorkers } from "../wake";
import { notifyQueueOfRow } from "./wake-channel";

export type Job = JobsTable;

/**
 * Adds a job. Pass the caller's transaction so the job commits with the state change that
 * caused it (outbox): no lost and no phantom work. A dedupe key makes enqueueing idempotent while
 * the job exists (finished jobs are deleted, so enqueue with a key only where the state change
 * that causes it happens once). `merchantId` says whose money or data it concerns (operators'
 * "needs attention" lists are filtered by it).
 */
export async function enqueue(db: Db | Tx, input: NewJob): Promise<string> {
  const now = Date.now();
  const row = jobRow(input, now);
  const due = row.run_at <= now;
  // Due now: an idle worker of this process is woken once the transaction is over. When no worker
  // here serves the queue (an app run with WORKER_IN_APP=false, a CLI), other processes' workers are
  // notified by the commit (PostgreSQL; the NOTIFY rides on the insert, no extra round trip). Not
  // otherwise: a notifying transaction commits under a database-wide lock held through its WAL
  // flush, so every payment would commit one at a time for a wake-up this process already gives.
  const notify = due && !servedHere(row.queue) ? notifyQueueOfRow() : null;
  await executeShaped(db, notify ? "enqueue job, notify" : "enqueue job", row, (v) => {
    const insert = db
      .insertInto("jobs")
      .values(v)
      .onConflict((oc) => oc.column("dedupe_key").doNothing());
    return notify ? insert.returning(notify.as("notified")) : insert;
  });
  if (due) whenSettled(db, () => wakeWorkers(row.queue));
  return row.id;
}

/**
 * Adds a job already leased to `owner` for `leaseMs`, as a claim would (RUNNING, one attempt
 * counted, its own lease token): the caller runs it at once after its transaction commits, with
 * no claim and no worker's turn in between. If the caller dies first, the lease runs out and any
 * worker takes the job over like any other whose worker died. No dedupe key (it would be ignored
 * on conflict while the caller believes it holds a lease).
 */
export async function enqueueLeased(
  tx: Tx,
  input: Omit<NewJob, "runAt" | "dedupeKey">,
  owner: string,
  leaseMs: number,
): Promise<Job> {
  const job = leasedJob(input, owner, leaseMs);
  await insertLeasedJob(tx, job);
  return job;
}

/** enqueueLeased's row, to be written by the caller's statement (insertLeasedJob, or with JOB_COLUMNS). */
export function leasedJob(input: Omit<NewJob, "runAt" | "dedupeKey">, owner: string, leaseMs: number): Job {
  const now = Date.now();
  const row = jobRow(input, now);
  return {
    ...row,
    state: "RUNNING",
    attempts: 1,
    locked_by: `${owner}:${newId().slice(-8)}:${row.id}`,
    locked_until: now + leaseMs,
    started_at: now,
  };
}

export async function insertLeasedJob(tx: Tx, job: Job): Promise<void> {
  await executeNamed(tx, tx.insertInto("jobs").values(job));
}

/** The jobs table's columns and PostgreSQL types (lib/db/typed-rows.ts). */
export const JOB_COLUMNS: ColumnTypes<Job> = {
  id: "text",
  queue: "text",
  payload: "text",
  state: "text",
  run_at: "bigint",
  attempts: "integer",
  max_attempts: "integer",
  locked_by: "text",
  locked_until: "bigint",
  last_error: "text",
  dedupe_key: "text",
  created_at: "bigint",
  updated_at: "bigint",
  started_at: "bigint",
  attention_at: "bigint",
  merchant_id: "text",
};

type NewJob = {
  queue: string;
  payload: unknown;
  runAt?: number;
  maxAttempts?: number;
  dedupeKey?: string;
  merchantId?: string;
};

function jobRow(input: NewJob, now: number): Job {
  return {
    id: newId("job_"),
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
    started_at: null,
    attention_at: null,
    merchant_id: input.merchantId ?? null,
  };
}

/**
 * Leases one given job if it is queued (to run it inline in the request that queued it). The lease
 * token is unique to this claim, so only this run can finish the job.
 */
export async function claimJob(jobId: string, owner: string, leaseMs: number): Promise<Job | null> {
  const now = Date.now();
  const row = await getDb()
    .updateTable("jobs")
    .set((eb) => ({
      state: "RUNNING",
      locked_by: `${owner}:${newId().slice(-8)}:${jobId}`,
      locked_until: now + leaseMs,
      attempts: eb("attempts", "+", 1),
      started_at: eb.fn.coalesce("started_at", eb.val(now)),
      updated_at: now,
    }))
    .where("id", "=", jobId)
    .where("state", "=", "QUEUED")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A finished job is deleted (only by the run that still holds its lease); failed ones stay visible.
 * `db`: a transaction, to finish the job with the work it did.
 */
export async function completeJob(job: Job, db: Db | Tx = getDb()): Promise<boolean> {
  // Every job ends here (a payment's webhook twice): a named statement on PostgreSQL.
  const result = await executeNamed(
    db,
    db.deleteFrom("jobs").where("id", "=", job.id).where("locked_by", "=", job.locked_by),
  );
  return Number(result.numAffectedRows ?? 0n) === 1;
}

export type Retry = {
  error: string;
  /** When to try again; null gives up (FAILED) unless the job never gives up. */
  retryAt: number | null;
  /** Never-give-up queues ignore max_attempts. */
  retryForever?: boolean;
  /** Set when the job has been unsettled too long (see attention.ts). */
  attentionAt?: number | null;
};

/**
 * Records a failure: queued again at `retryAt`, or FAILED for good when attempts are used up.
 * Returns the state written, or null when this run no longer held the lease.
 */
export async function failJob(job: Job, retry: Retry, db: Db | Tx = getDb()): Promise<"QUEUED" | "FAILED" | null> {
  const { giveUp, values } = retried(job, retry);
  const update = db.updateTable("jobs").set(values).where("id", "=", job.id).where("locked_by", "=", job.locked_by);
  // A named statement on PostgreSQL: every retried job and every failed webhook attempt runs it.
  const result = await executeNamed(db, update);
  if (Number(result.numAffectedRows ?? 0n) !== 1) return null;
  return giveUp ? "FAILED" : "QUEUED";
}

/** The row a failure writes (failJob): queued again at `retryAt`, or FAILED when attempts are used up. */
function retried(job: Job, retry: Retry) {
  const giveUp = !retry.retryForever && (retry.retryAt === null || job.attempts >= job.max_attempts);
  const values = {
    state: giveUp ? ("FAILED" as const) : ("QUEUED" as const),
    run_at: giveUp ? job.run_at : (retry.retryAt ?? Date.now()),
    last_error: retry.error.slice(0, 2000),
    locked_by: null,
    locked_until: null,
    updated_at: Date.now(),
    attention_at: retry.attentionAt ?? job.attention_at,
  };
  return { giveUp, values };
}

/**
 * PostgreSQL: a leased job's end as parts of one data-modifying statement with the effect it ends
 * with (one round trip, no BEGIN/COMMIT; lib/webhooks/repository.ts recordLeasedAttempt). `held`
 * locks the job row if this run still holds its lease (empty otherwise: the effect must then write
 * nothing); `end` deletes it (`retry` null: done, like completeJob) or writes failJob's row, only
 * when the CTE named `effect` returned a row. Both are one statement, so either all is written or
 * none.
 */
export function jobEndParts(
  job: Job,
  retry: Retry | null,
  effect: string,
): { held: RawBuilder<unknown>; end: RawBuilder<unknown> } {
  const mine = sql`id = ${job.id} and locked_by = ${job.locked_by}`;
  const held = sql`select id from jobs where ${mine} for update`;
  const done = sql`exists (select from ${sql.table(effect)})`;
  if (retry === null) return { held, end: sql`delete from jobs where ${mine} and ${done}` };
  const { values } = retried(job, retry);
  const end = sql`update jobs set state = ${values.state}, run_at = ${values.run_at}, last_error = ${values.last_error},
    locked_by = null, locked_until = null, updated_at = ${values.updated_at}, attention_at = ${values.attention_at}
    where ${mine} and ${done}`;
  return { held, end };
}

/**
 * Gives a leased job back unrun, the attempt it was charged for refunded: queued again at once for
 * another worker (a stopping worker), or at `runAt` (its handler could not start it yet: a webhook
 * whose destination has all its slots in use). False when this run no longer held the lease.
 */
export async function releaseJob(job: Job, runAt = Date.now()): Promise<boolean> {
  const now = Date.now();
  // Due at once: another process's worker takes it now (notified on PostgreSQL).
  const notify = runAt <= now ? notifyQueueOfRow() : null;
  const update = getDb()
    .updateTable("jobs")
    .set((eb) => ({
      state: "QUEUED",
      run_at: runAt,
      attempts: eb("attempts", "-", 1),
      locked_by: null,
      locked_until: null,
      updated_at: now,
    }))
    .where("id", "=", job.id)
    .where("locked_by", "=", job.locked_by);
  if (notify) return (await update.returning(notify.as("notified")).execute()).length === 1;
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

/** A queued job made due now (it was put off until a resource freed, and one just did); workers woken. */
export async function bringJobForward(jobId: string): Promise<void> {
  const now = Date.now();
  // This process's lane takes it (it just freed the slot the job waited for): woken here, not notified.
  const row = await getDb()
    .updateTable("jobs")
    .set({ run_at: now, updated_at: now })
    .where("id", "=", jobId)
    .where("state", "=", "QUEUED")
    .where("run_at", ">", now)
    .returning("queue")
    .executeTakeFirst();
  if (row) wakeWorkers(row.queue);
}
