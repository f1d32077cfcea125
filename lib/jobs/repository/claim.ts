import { sql, type RawBuilder } from "kysely";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
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

/** One claim step: a kind of runnable job (`pick`) in one queue. */
export type ClaimStep = { pick: ClaimQuery; queue: string };

/**
 * Leases up to `limit` of the candidates the steps find, in the steps' order. A named statement on
 * PostgreSQL (an idle worker runs it every poll and at every wake), so its generic plan must be right at any size of the jobs table: `id = any(array(…))`
 * runs the candidates once (an InitPlan) and fetches them by primary key. `id in (…)` planned the
 * LIMIT, a parameter, as a tenth of the rows due, and on a large jobs table joined them to a
 * sequential scan of it. PostgreSQL takes every step in this one statement (atomic on its own: no
 * transaction, one round trip): each step's candidates are a subquery locked with SKIP
 * LOCKED (a locking clause is not allowed on a UNION's branches themselves), the branches are read
 * in order and the LIMIT over them stops the reading, so a later step locks only the rows it
 * still has room for. SQLite: one step per statement (claimJobs runs them in one transaction).
 */
export function claimStatement(
  steps: ClaimStep[],
  owner: { token: string; leaseMs: number },
  now: number,
  limit: number,
): RawBuilder<Job> {
  let ids: RawBuilder<unknown>;
  if (dialect() === "postgres") {
    const branches = steps.map(
      ({ pick, queue }, i) =>
        sql`select id from (${claimCandidates(pick, queue, now, limit)}) as ${sql.raw(`step${i}`)}`,
    );
    ids = sql`id = any(array(${sql.join(branches, sql` union all `)} limit ${limit}))`;
  } else {
    if (steps.length !== 1) throw new Error("claimStatement: SQLite claims one step per statement");
    ids = sql`id in (${claimCandidates(steps[0]!.pick, steps[0]!.queue, now, limit)})`;
  }
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
  const claimSteps = steps.flatMap((pick) => order.map((queue) => ({ pick, queue })));
  const owned = { token, leaseMs };
  if (dialect() === "postgres")
    return (await executeNamed(getDb(), claimStatement(claimSteps, owned, now, limit))).rows;
  return withTransaction(async (tx) => {
    const claimed: Job[] = [];
    for (const step of claimSteps) {
      const room = limit - claimed.length;
      if (room <= 0) break;
      claimed.push(...(await executeNamed(tx, claimStatement([step], owned, now, room))).rows);
    }
    return claimed;
  });
}
