// What job handlers and periodic tasks receive and answer; kept apart from the handler table so the
// areas whose handlers it lists can name these types without importing it back.

/**
 * What a handler may ask for instead of the default retry schedule; most return nothing.
 * `{ completed: true }`: the handler already recorded its job's end itself: deleted the row in its
 * own transaction (completeJob(job, tx)) with the work it committed, or queued it again for later
 * (releaseJob(job, runAt): a webhook whose destination was busy), so the worker records nothing more.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: "returns nothing" is the outcome of most handlers (and of `resolve()` in a handler's own promise); undefined would refuse them.
export type JobOutcome = void | { retryAt: number; error: string } | { completed: true };

/**
 * What a running job knows of its lease: `signal` aborts when this worker lost the job (another
 * worker took it over) or is stopping past its grace period. A handler that sees it aborted must
 * not record an outcome it has not already recorded; passing it to provider calls ends them early.
 */
export type JobLease = { signal: AbortSignal };

/**
 * Work every worker process does on a timer rather than per job (e.g. the money sweep over
 * unsettled attempts). Each task runs at worker start, then `everyMs` after its previous run
 * ended, so it never overlaps itself in one process; several processes may run it at once, so it
 * must be safe to (its writes conditional, like a job's). `signal` aborts when the worker stops.
 */
export type PeriodicTask = {
  name: string;
  everyMs: number;
  run: (workerId: string, signal: AbortSignal) => Promise<void>;
};
