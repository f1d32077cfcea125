import { metrics } from "./metrics";

export type JobRunOutcome = "done" | "retry" | "failed" | "lost";

/** One job run by this process: done, asked to run again later, gave up, or lost its lease. */
export function recordJobRun(queue: string, outcome: JobRunOutcome, seconds: number): void {
  const m = metrics();
  if (!m) return;
  m.jobRuns.inc({ queue, outcome });
  m.jobRunDuration.observe({ queue }, seconds);
}

/** One webhook attempt; `final` when the delivery will not be tried again. */
export function recordWebhookAttempt(status: "SUCCEEDED" | "REQUEST_FAILED" | "CONNECT_FAILED", final: boolean): void {
  const m = metrics();
  if (!m) return;
  m.webhookAttempts.inc({ outcome: status });
  if (final) m.webhookDeliveries.inc({ outcome: status === "SUCCEEDED" ? "succeeded" : "failed" });
}
