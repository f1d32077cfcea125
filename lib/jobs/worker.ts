import { newId } from "@/lib/ids";
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
  try {
    const outcome = await handler(JSON.parse(job.payload), job);
    if (outcome && "retryAt" in outcome) return failJob(job, workerId, outcome.error, outcome.retryAt);
    await completeJob(job, workerId);
  } catch (error) {
    console.error(`[worker ${workerId}] job ${job.id} (${job.queue}) failed`, error);
    await failJob(job, workerId, error instanceof Error ? error.message : String(error), backoff(job.attempts));
  }
}

/** Claims and runs due jobs until none are left; returns how many ran. */
export async function drainOnce(workerId: string, queues = Object.keys(jobHandlers)): Promise<number> {
  let total = 0;
  for (;;) {
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
        await task.run();
      } catch (error) {
        console.error(`[worker ${workerId}] ${task.name} failed`, error);
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
  const loop = (async () => {
    while (!stopped) {
      try {
        await drainOnce(id, options.queues);
      } catch (error) {
        console.error(`[worker ${id}] poll failed`, error);
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
