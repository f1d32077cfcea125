import { newId } from "@/lib/ids";
import { noteWorkerHeartbeat } from "@/lib/ops/heartbeat";
import { recordJobRun } from "@/lib/ops/job-metrics";
import { logger } from "@/lib/ops/logger";
import { scheduleRetention } from "@/lib/retention/queue";
import { jobHandlers, periodicTasks, type PeriodicTask } from "./handlers";
import { claimJobs, completeJob, failJob, type Job } from "./queue";

const POLL_MS = Number(process.env.WORKER_POLL_MS ?? 500);
const LEASE_MS = Number(process.env.WORKER_LEASE_MS ?? 60_000);
const BATCH = Number(process.env.WORKER_BATCH ?? 10);

/** Exponential backoff for handlers that throw: 5 s, 20 s, 80 s, … capped at an hour. */
function backoff(attempts: number): number {
  return Date.now() + Math.min(5_000 * 4 ** (attempts - 1), 3_600_000);
}

async function runOne(job: Job, workerId: string): Promise<void> {
  const handler = jobHandlers[job.queue];
  if (!handler) return failJob(job, workerId, `no handler for queue ${job.queue}`, null);
  const started = performance.now();
  const retryOrFailed = () => (job.attempts >= job.max_attempts ? "failed" : "retry");
  try {
    const outcome = await handler(JSON.parse(job.payload), job);
    if (outcome && "retryAt" in outcome) {
      recordJobRun(job.queue, retryOrFailed(), (performance.now() - started) / 1000);
      return failJob(job, workerId, outcome.error, outcome.retryAt);
    }
    await completeJob(job, workerId);
    recordJobRun(job.queue, "done", (performance.now() - started) / 1000);
  } catch (error) {
    logger.error({ err: error, workerId, jobId: job.id, queue: job.queue }, "job failed");
    recordJobRun(job.queue, retryOrFailed(), (performance.now() - started) / 1000);
    await failJob(job, workerId, error instanceof Error ? error.message : String(error), backoff(job.attempts));
  }
}

/** Claims and runs due jobs until none are left; returns how many ran. */
export async function drainOnce(workerId: string, queues = Object.keys(jobHandlers)): Promise<number> {
  let total = 0;
  for (;;) {
    noteWorkerHeartbeat();
    const jobs = await claimJobs(workerId, queues, BATCH, LEASE_MS);
    if (jobs.length === 0) return total;
    await Promise.all(jobs.map((job) => runOne(job, workerId)));
    total += jobs.length;
  }
}

export type WorkerHandle = { id: string; stop: () => Promise<void> };

/** Runs one periodic task every `everyMs` until stopped; a slow run delays the next instead of overlapping it. */
function loopTask(task: PeriodicTask, workerId: string, stopped: () => boolean): Promise<void> {
  return (async () => {
    while (!stopped()) {
      try {
        await task.run(workerId, new AbortController().signal);
      } catch (error) {
        logger.error({ err: error }, `[worker ${workerId}] ${task.name} failed`);
      }
      await new Promise((r) => setTimeout(r, task.everyMs));
    }
  })();
}

const running = globalThis as unknown as { __platformWorker?: WorkerHandle };

/** Polls the job table in this process. One per process; a second call returns the first. */
export function startWorker(options: { name: string; queues?: string[] }): WorkerHandle {
  if (running.__platformWorker) return running.__platformWorker;
  const id = `${options.name}-${process.pid}-${newId().slice(-6)}`;
  let stopped = false;
  // The retention sweep recurs on the queue; every worker books the current slot (deduplicated).
  scheduleRetention().catch((error: unknown) => logger.error({ err: error, worker: id }, "could not schedule the retention sweep"));
  const loop = (async () => {
    while (!stopped) {
      try {
        await drainOnce(id, options.queues);
      } catch (error) {
        logger.error({ err: error, workerId: id }, "worker poll failed");
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  const tasks = periodicTasks.map((task) => loopTask(task, id, () => stopped));
  const handle: WorkerHandle = {
    id,
    stop: async () => {
      stopped = true;
      await Promise.all([loop, ...tasks]);
      running.__platformWorker = undefined;
    },
  };
  running.__platformWorker = handle;
  return handle;
}
