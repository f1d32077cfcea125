import { sql, type RawBuilder } from "kysely";
import { dialect, withTransaction } from "@/lib/db/client";
import { executeNamed } from "@/lib/db/precompiled";
import { newId } from "@/lib/ids";
import type { Job } from "./queue";

/**
 * The two claim queries, each one index-ordered range scan with a LIMIT, so a claim costs the same
 * with 10 or 200,000 jobs due. `state` is a literal so the planner can use the partial indexes.
 */
export function dueQueuedIds(queue: string, now: number, limit: number): RawBuilder<{ id: string }> {
  // jobs_queued_due_idx (queue, run_at) where state = 'QUEUED'
  return sql`select id from jobs where state = 'QUEUED' and queue = ${queue} and run_at <= ${now} order by run_at limit ${limit}`;
}

export function expiredLeaseIds(queue: string, now: number, limit: number): RawBuilder<{ id: string }> {
  // jobs_lease_expiry_idx (queue, locked_until) where state = 'RUNNING'
  return sql`select id from jobs where state = 'RUNNING' and queue = ${queue} and locked_until < ${now} order by locked_until limit ${limit}`;
}

export type ClaimQuery = typeof dueQueuedIds;

/** The ids one claim step locks: on PostgreSQL skipping rows another claimer holds. */
export function claimCandidates(
  pick: ClaimQuery,
  queue: string,
  now: number,
  limit: number,
): RawBuilder<{ id: string }> {
  return dialect() === "postgres" ? sql`${pick(queue, now, limit)} for update skip locked` : pick(queue, now, limit);
}

/**
 * One claim step: leases the candidates `pick` finds. A named statement on PostgreSQL (an idle
 * worker runs it every poll and at every wake; planned afresh it cost ~60 µs each), so its generic
 * plan must be right at any size of the jobs table: `id = any(array(…))` runs the candidates once
 * (an InitPlan) and fetches them by primary key. `id in (…)` planned the LIMIT, a parameter, as a
 * tenth of the rows due, and at 400,000 jobs joined them to a sequential scan of the table.
 */
export function claimStatement(
  pick: ClaimQuery,
  owner: { token: string; leaseMs: number },
  queue: string,
  now: number,
  limit: number,
): RawBuilder<Job> {
  const candidates = claimCandidates(pick, queue, now, limit);
  const ids = dialect() === "postgres" ? sql`id = any(array(${candidates}))` : sql`id in (${candidates})`;
  return sql<Job>`
    update jobs set state = 'RUNNING', locked_by = ${owner.token} || id, locked_until = ${now + owner.leaseMs},
      attempts = attempts + 1, started_at = coalesce(started_at, ${now}), updated_at = ${now}
    where ${ids}
    returning *`;
}

// Each claim starts at the next queue, so a backlog in one queue never starves the others.
let rotation = 0;

function rotated(queues: string[]): string[] {
  rotation = (rotation + 1) % queues.length;
  return [...queues.slice(rotation), ...queues.slice(0, rotation)];
}

/**
 * Leases up to `limit` runnable jobs of these queues: first those whose lease ran out (their worker
 * died; unless `expired: false`), then due queued ones. Each job gets its own lease token (`<owner>:<claim>:<job id>`), so
 * only this run can renew, finish or fail it. PostgreSQL: FOR UPDATE SKIP LOCKED lets many workers
 * claim disjoint sets; SQLite: the immediate transaction serialises claimers.
 */
export async function claimJobs(
  owner: string,
  queues: string[],
  limit: number,
  leaseMs: number,
  options: { expired?: boolean } = {},
): Promise<Job[]> {
  if (queues.length === 0 || limit <= 0) return [];
  const now = Date.now();
  const token = `${owner}:${newId().slice(-8)}:`;
  const order = rotated(queues);
  // `expired: false` skips the expired-lease step (a busy worker looks for dead workers' jobs only
  // now and then: a lease runs out after a minute, not between two claims).
  const steps = options.expired === false ? [dueQueuedIds] : [expiredLeaseIds, dueQueuedIds];
  return withTransaction(async (tx) => {
    const claimed: Job[] = [];
    for (const pick of steps) {
      for (const queue of order) {
        const room = limit - claimed.length;
        if (room <= 0) return claimed;
        const result = await executeNamed(tx, claimStatement(pick, { token, leaseMs }, queue, now, room));
        claimed.push(...result.rows);
      }
    }
    return claimed;
  });
}
