import { sealAuditTask } from "@/lib/audit/seal";
import { AUTO_ISSUE_QUEUE, runAutoCashReceipt } from "@/lib/cash-receipts/auto-issue";
import { foldPaymentCountsTask } from "@/lib/payments/read/fold-payment-counts";
import { sweepUnsettled } from "@/lib/payments/unsettled/sweep";
import { followUpRefund, VA_REFUND_FOLLOW_UP_QUEUE } from "@/lib/payments/virtual-account/refund-follow-up";
import { RETENTION_QUEUE, runRetentionJob } from "@/lib/retention/queue";
import { deriveSettlementsTask } from "@/lib/settlements/derive-expected";
import { bookDailyReadsTask, DAILY_READ_QUEUE, runDailyRead } from "@/lib/settlements/daily-read";
import { runScheduleJob } from "@/lib/schedules/run";
import { SCHEDULE_RUN_QUEUE } from "@/lib/schedules/queue";
import { deliverWebhookJob } from "@/lib/webhooks/deliver";
import { WEBHOOK_ATTEMPT_QUEUE, WEBHOOK_QUEUE } from "@/lib/webhooks/deliveries";
import { fanOutWebhookJob } from "@/lib/webhooks/fan-out";
import { futureTimesTask } from "./future-times";
import type { JobLease, JobOutcome, PeriodicTask } from "./handler-types";
import type { Job } from "./queue";

/**
 * Payloads differ per queue and each handler reads its own, so the table types the payload as
 * `never` (any handler fits); the worker hands over the stored payload as it is.
 */
export type JobHandler = (payload: never, job: Job, lease: JobLease) => Promise<JobOutcome>;

/**
 * Queue name → handler. Each area registers its jobs here (schedule runs, webhook deliveries).
 * Kept as a static table so one process can run every queue, or a worker only some.
 */
export const jobHandlers: Record<string, JobHandler> = {
  [AUTO_ISSUE_QUEUE]: runAutoCashReceipt,
  [SCHEDULE_RUN_QUEUE]: runScheduleJob,
  [WEBHOOK_QUEUE]: fanOutWebhookJob,
  [WEBHOOK_ATTEMPT_QUEUE]: deliverWebhookJob,
  [RETENTION_QUEUE]: runRetentionJob,
  [VA_REFUND_FOLLOW_UP_QUEUE]: followUpRefund,
  [DAILY_READ_QUEUE]: runDailyRead,
};

/**
 * Queues whose jobs mostly wait on someone else's server (webhook deliveries): the worker runs them
 * in their own lane, with their own slots (WORKER_OUTBOUND_CONCURRENCY), so they neither wait
 * behind other jobs nor hold other jobs' slots while a receiver is slow (lib/jobs/worker.ts).
 */
export const outboundQueues = new Set<string>([WEBHOOK_QUEUE, WEBHOOK_ATTEMPT_QUEUE]);

/**
 * Queues whose jobs move money: they never give up (max_attempts is ignored), retrying with capped
 * backoff until settled, and are flagged "needs attention" after an hour (lib/jobs/repository/attention.ts).
 */
export const retryForeverQueues = new Set<string>([SCHEDULE_RUN_QUEUE, VA_REFUND_FOLLOW_UP_QUEUE]);

export const periodicTasks: PeriodicTask[] = [
  // Settles outcomes we do not know (lib/payments/unsettled/sweep.ts): due look-ups are found within a second.
  {
    name: "payments.sweep",
    everyMs: Number(process.env.SWEEP_INTERVAL_MS ?? 1_000),
    run: async () => void (await sweepUnsettled()),
  },
  // Folds the triggers' deltas into payment_counts and the hourly roll-ups (PostgreSQL; lib/payments/read/fold-payment-counts.ts).
  foldPaymentCountsTask,
  // Seals audit entries whose post-commit sealing did not run (a crash right after commit; lib/audit/seal.ts).
  sealAuditTask,
  // Writes the EXPECTED settlement of new payments and refunds from their channel's contract (lib/settlements/derive-expected.ts).
  deriveSettlementsTask,
  // Books each channel's daily PG settlement-report read (LIVE Toss, sandbox), one job per channel and day (lib/settlements/daily-read.ts).
  bookDailyReadsTask,
  // Makes due what a clock that ran ahead booked too far ahead (lib/jobs/future-times.ts).
  futureTimesTask,
];
