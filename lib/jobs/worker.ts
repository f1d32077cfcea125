import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { restOrWake, serveQueues, wakesOf, wakeWorkers } from "./wake";
import { newId } from "@/lib/ids";
import { noteWorkerHeartbeat } from "@/lib/ops/heartbeat";
import { recordJobRun } from "@/lib/ops/job-metrics";
import { logger } from "@/lib/ops/logger";
import { scheduleRetention } from "@/lib/retention/queue";
import { claimJobs } from "./repository/claim";
import type { PeriodicTask } from "./handler-types";
import { jobHandlers, outboundQueues, periodicTasks } from "./handlers";
import { JobRuns, runOutcomeObservers } from "./job-runs";
import { jobLeaseMs } from "./repository/lease";
import { listenForDueJobs } from "./repository/wake-channel";

runOutcomeObservers.push(recordJobRun);

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return value > 0 ? value : fallback;
}

/** How long a busy worker waits for more slots to free before claiming the few it has. */
const CLAIM_GATHER_MS = 20;

/**
 * How often a lane also looks for jobs whose lease ran out (a dead worker's). Leases last a minute
 * or more, so once a second is soon enough, and the claims between skip a statement per queue.
 */
const EXPIRED_SCAN_MS = 1_000;

/** Read per worker, so tests and operators tune them through the environment. */
function workerSettings() {
  return {
    pollMs: setting("WORKER_POLL_MS", 500),
    batch: setting("WORKER_BATCH", 10),
    concurrency: setting("WORKER_CONCURRENCY", 10),
    outboundConcurrency: setting("WORKER_OUTBOUND_CONCURRENCY", 50),
    leaseMs: jobLeaseMs(),
    stopGraceMs: setting("WORKER_STOP_GRACE_MS", 10_000),
  };
}

/**
 * Claims and runs due jobs until none are left; returns how many ran. Each batch is claimed only
 * after the previous one finished, and the event loop gets a turn in between.
 */
export async function drainOnce(workerId: string, queues = Object.keys(jobHandlers)): Promise<number> {
  const settings = workerSettings();
  const runs = new JobRuns(workerId, settings.leaseMs);
  let total = 0;
  for (;;) {
    noteWorkerHeartbeat();
    const jobs = await claimJobs(workerId, queues, settings.batch, settings.leaseMs);
    if (jobs.length === 0) return total;
    for (const job of jobs) runs.start(job);
    await runs.idle();
    total += jobs.length;
    await nextTurn();
  }
}

/** Runs a periodic task until the worker stops: never overlapping itself, errors logged. */
async function runPeriodically(
  task: PeriodicTask,
  workerId: string,
  stopping: AbortSignal,
  rest: (ms: number) => Promise<unknown>,
): Promise<void> {
  while (!stopping.aborted) {
    try {
      await task.run(workerId, stopping);
    } catch (error) {
      logger.error({ err: error, workerId, task: task.name }, "periodic task failed");
    }
    await rest(task.everyMs);
  }
}

export type WorkerHandle = {
  id: string;
  /** When the loop last polled the queue (epoch ms): a stalled worker stops advancing it (/readyz). */
  readonly lastPollAt: number;
  /**
   * Stops claiming, lets running jobs finish for up to `graceMs` (WORKER_STOP_GRACE_MS, 10 s), then
   * gives the unfinished ones back to the queue for another worker. Safe to call twice.
   */
  stop: (options?: { graceMs?: number }) => Promise<void>;
};

const running = globalThis as unknown as { __platformWorker?: WorkerHandle };

/**
 * Polls the job table in this process. One per process; a second call returns the first.
 * Background work never starves requests: each turn claims at most one batch (index range scans,
 * constant cost at any backlog), runs at most WORKER_CONCURRENCY jobs at once, and yields to the
 * event loop before the next claim, so pending requests are served between batches.
 *
 * Two lanes, each with its own slots and claims: outbound deliveries (`outboundQueues`: webhooks,
 * which mostly wait on a receiver, WORKER_OUTBOUND_CONCURRENCY at once) and everything else
 * (WORKER_CONCURRENCY). A slow receiver, or a burst of deliveries, never holds the slots of
 * scheduled charges, and slow charges never hold up deliveries.
 *
 * A lane claims at once when a job it serves becomes due: woken in-process after the enqueuing
 * transaction (lib/jobs/wake.ts) or, on PostgreSQL, by the NOTIFY of another process's commit
 * (lib/jobs/repository/wake-channel.ts); WORKER_POLL_MS is the fallback when neither comes.
 */
export function startWorker(options: { name: string; queues?: string[] }): WorkerHandle {
  if (running.__platformWorker) return running.__platformWorker;
  const id = `${options.name}-${process.pid}-${newId().slice(-6)}`;
  const settings = workerSettings();
  const queues = options.queues ?? Object.keys(jobHandlers);
  const outbound = queues.filter((q) => outboundQueues.has(q));
  const lanes = [
    // Always there, even with no queue (it notes the worker's heartbeat for /readyz).
    { queues: queues.filter((q) => !outboundQueues.has(q)), concurrency: settings.concurrency },
    ...(outbound.length > 0 ? [{ queues: outbound, concurrency: settings.outboundConcurrency }] : []),
  ].map((lane) => ({ ...lane, runs: new JobRuns(id, settings.leaseMs) }));
  const stopping = new AbortController();
  const unserve = serveQueues(queues);
  // Other processes' jobs (PostgreSQL). After each (re)connection every lane looks once: what was
  // notified while the connection was down is lost.
  const listener = listenForDueJobs(
    (queue) => {
      if (queues.includes(queue)) wakeWorkers(queue);
    },
    () => {
      for (const queue of queues) wakeWorkers(queue);
    },
  );
  const rest = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);
  // The retention sweep recurs on the queue; every worker books the current slot (deduplicated).
  scheduleRetention().catch((error: unknown) =>
    logger.error({ err: error, worker: id }, "could not schedule the retention sweep"),
  );

  let lastPollAt = Date.now();
  const loops = lanes.map(async ({ queues, concurrency, runs }) => {
    const batch = Math.min(settings.batch, concurrency);
    let gatherUntil = 0;
    let expiredScannedAt = 0;
    while (!stopping.signal.aborted) {
      lastPollAt = Date.now();
      noteWorkerHeartbeat();
      try {
        const room = Math.min(batch, concurrency - runs.size);
        if (room <= 0) {
          await Promise.race([runs.nextFinish(), rest(settings.pollMs)]);
          continue;
        }
        // Each claim is a DB transaction of its own: claiming one job per finished job doubled the
        // commits of short jobs (scheduled charges, docs/benchmarks.md). So while jobs run, a claim
        // gathers until half the slots are free, for at most CLAIM_GATHER_MS (slow jobs never hold
        // free slots back longer than that).
        if (runs.size > 0 && room < Math.ceil(batch / 2)) {
          const now = Date.now();
          gatherUntil ||= now + CLAIM_GATHER_MS;
          if (now < gatherUntil) {
            await Promise.race([runs.nextFinish(), rest(gatherUntil - now)]);
            continue;
          }
        }
        gatherUntil = 0;
        const seen = wakesOf(queues);
        const expired = Date.now() - expiredScannedAt >= EXPIRED_SCAN_MS;
        if (expired) expiredScannedAt = Date.now();
        const jobs = await claimJobs(id, queues, room, settings.leaseMs, { expired });
        for (const job of jobs) runs.start(job);
        // A full batch means more may be due: claim again after pending I/O had its turn.
        if (jobs.length === room) await nextTurn();
        else await restOrWake(settings.pollMs, stopping.signal, queues, seen);
      } catch (error) {
        logger.error({ err: error, workerId: id }, "worker poll failed");
        await rest(settings.pollMs);
      }
    }
  });

  const periodic = periodicTasks.map((task) => runPeriodically(task, id, stopping.signal, rest));

  let stopped: Promise<void> | undefined;
  const handle: WorkerHandle = {
    id,
    get lastPollAt() {
      return lastPollAt;
    },
    stop: (stopOptions = {}) =>
      (stopped ??= (async () => {
        stopping.abort();
        unserve();
        await listener?.close();
        const graceMs = stopOptions.graceMs ?? settings.stopGraceMs;
        await Promise.all(loops);
        await Promise.all([
          ...lanes.map((lane) => lane.runs.settle(graceMs)),
          Promise.race([Promise.all(periodic), sleep(graceMs)]),
        ]);
        if (running.__platformWorker === handle) running.__platformWorker = undefined;
      })()),
  };
  running.__platformWorker = handle;
  return handle;
}
