/** Queue of the job that finishes a cancellation whose request died before recording the outcome. */
export const CANCELLATION_RECOVERY_QUEUE = "payments.cancellation.recover";

/** Far beyond any provider call's timeout, so a live request always records its own outcome first. */
export const CANCELLATION_RECOVERY_DELAY_MS = 10 * 60_000;
