/** Queue of the job that closes an attempt whose process died before recording the provider's answer. */
export const ATTEMPT_EXPIRY_QUEUE = "payments.attempt.expire";

/** Far beyond any provider call's timeout, so a live request always records its own outcome first. */
export const ATTEMPT_EXPIRY_DELAY_MS = 10 * 60_000;
