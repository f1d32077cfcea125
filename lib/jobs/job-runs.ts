import { logger } from "@/lib/ops/logger";
import { flagNeedsAttention } from "./repository/attention";
import { jobHandlers, retryForeverQueues } from "./handlers";
import { renewLeases } from "./repository/lease";
import { completeJob, failJob, releaseJob, type Job } from "./repository/queue";
import { attentionDue, boundedBackoff, foreverBackoff } from "./failed-job-backoff";

/** `recording`: the handler returned and its outcome is being written (the row may be gone). */
type Run = { job: Job; controller: AbortController; lost: boolean; recording: boolean; done: Promise<void> };

/** How a run ended: recorded as done, queued for a retry, FAILED for good, or not ours any more. */
export type RunOutcome = "done" | "retry" | "failed" | "lost";

/** Told of every run's outcome and duration (metrics); an observer must not throw. */
export const runOutcomeObservers: Array<(queue: string, outcome: RunOutcome, seconds: number) => void> = [];

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one leased job and records its outcome, unless its lease was lost meanwhile. */
async function runJob(workerId: string, run: Run): Promise<RunOutcome> {
  let job = run.job;
  const handler = jobHandlers[job.queue];
  if (!handler) return recorded(await failJob(job, { error: `no handler for queue ${job.queue}`, retryAt: null }));
  const forever = retryForeverQueues.has(job.queue);
  const overdue = forever ? attentionDue(job) : null;
  if (overdue !== null && job.attention_at === null) {
    await flagNeedsAttention(job, overdue);
    job = { ...job, attention_at: overdue };
  }
  let retry: { error: string; retryAt: number } | undefined;
  try {
    // The handler reads its own payload shape (JobHandler).
    const outcome = await handler(JSON.parse(job.payload) as never, job, { signal: run.controller.signal });
    if (outcome && "completed" in outcome) return "done";
    if (outcome && "retryAt" in outcome) retry = outcome;
  } catch (error) {
    if (!run.lost) logger.error({ err: error, workerId, jobId: job.id, queue: job.queue }, "job failed");
    retry = { error: message(error), retryAt: forever ? foreverBackoff(job.attempts) : boundedBackoff(job.attempts) };
  }
  // Another worker holds the job now: the outcome is its to record (the writes are conditional on
  // the lease token anyway; this also keeps a lost run from logging a misleading completion).
  if (run.lost) return "lost";
  run.recording = true;
  if (!retry) return (await completeJob(job)) ? "done" : "lost";
  return recorded(
    await failJob(job, { ...retry, retryForever: forever, attentionAt: forever ? attentionDue(job) : null }),
  );
}

function recorded(state: "QUEUED" | "FAILED" | null): RunOutcome {
  return state === null ? "lost" : state === "QUEUED" ? "retry" : "failed";
}

/**
 * The jobs one worker is running. One heartbeat renews all their leases every third of the lease;
 * a run whose lease another worker took over is marked lost and its signal aborted.
 */
export class JobRuns {
  private readonly runs = new Map<string, Run>();
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing = false;
  private finished: Array<() => void> = [];

  constructor(
    private readonly workerId: string,
    private readonly leaseMs: number,
  ) {}

  get size(): number {
    return this.runs.size;
  }

  start(job: Job): void {
    const token = job.locked_by!;
    const run: Run = { job, controller: new AbortController(), lost: false, recording: false, done: Promise.resolve() };
    const started = performance.now();
    run.done = runJob(this.workerId, run)
      .then((outcome) => {
        const seconds = (performance.now() - started) / 1000;
        for (const observe of runOutcomeObservers) observe(job.queue, outcome, seconds);
      })
      .catch((error: unknown) =>
        logger.error({ err: error, workerId: this.workerId, jobId: job.id }, "could not record the job's outcome"),
      )
      .finally(() => {
        this.runs.delete(token);
        for (const notify of this.finished.splice(0)) notify();
        if (this.runs.size === 0) this.stopHeartbeat();
      });
    this.runs.set(token, run);
    this.heartbeat ??= setInterval(() => void this.renew(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
  }

  /** Resolves when any running job finishes. */
  nextFinish(): Promise<void> {
    return this.runs.size === 0 ? Promise.resolve() : new Promise((resolve) => this.finished.push(resolve));
  }

  /** Resolves when every running job has finished. */
  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  /**
   * For a stopping worker: waits up to `graceMs` for running jobs, then gives the rest back to the
   * queue (another worker takes them at once) and aborts them; this worker no longer owns them.
   */
  async settle(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
    this.stopHeartbeat();
    for (const run of this.runs.values()) {
      if (run.lost || run.recording) continue;
      run.lost = true;
      run.controller.abort(new Error("worker stopping: job released"));
      await releaseJob(run.job).catch((error: unknown) =>
        logger.error({ err: error, workerId: this.workerId, jobId: run.job.id }, "could not release the job"),
      );
    }
  }

  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const live = [...this.runs.values()].filter((r) => !r.lost && !r.recording);
      const held = await renewLeases(
        live.map((r) => r.job),
        this.leaseMs,
      );
      for (const run of live) {
        if (held.has(run.job.locked_by!) || run.recording || !this.runs.has(run.job.locked_by!)) continue;
        run.lost = true;
        run.controller.abort(new Error("lease lost: another worker holds this job"));
        logger.warn({ workerId: this.workerId, jobId: run.job.id, queue: run.job.queue }, "lost the job's lease");
      }
    } catch (error) {
      logger.error({ err: error, workerId: this.workerId }, "lease renewal failed");
    } finally {
      this.renewing = false;
    }
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
