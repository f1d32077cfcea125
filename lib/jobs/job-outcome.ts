// What a job handler receives and answers; kept apart from the handler table so the areas whose
// handlers it lists can name these types without importing it back.

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
