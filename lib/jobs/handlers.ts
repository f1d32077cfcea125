import { AUTO_ISSUE_QUEUE, runAutoCashReceipt } from "@/lib/cash-receipts/auto-issue";
import { ATTEMPT_EXPIRY_QUEUE } from "@/lib/payments/attempt-expiry-queue";
import { CANCELLATION_RECOVERY_QUEUE } from "@/lib/payments/cancellation-recovery-queue";
import { expireAttempt } from "@/lib/payments/expire-attempt";
import { recoverCancellation } from "@/lib/payments/recover-cancellation";
import { RETENTION_QUEUE, runRetentionJob } from "@/lib/retention/queue";
import { runScheduleJob } from "@/lib/schedules/run";
import { SCHEDULE_RUN_QUEUE } from "@/lib/schedules/queue";
import { deliverWebhookJob } from "@/lib/webhooks/deliver";
import { WEBHOOK_ATTEMPT_QUEUE, WEBHOOK_QUEUE } from "@/lib/webhooks/deliveries";
import { fanOutWebhookJob } from "@/lib/webhooks/fan-out";
import type { Job } from "./queue";

/** What a handler may ask for instead of the default retry schedule. */
export type JobOutcome = void | { retryAt: number; error: string };

export type JobHandler = (payload: any, job: Job) => Promise<JobOutcome>;

/**
 * Queue name → handler. Each area registers its jobs here (schedule runs, webhook deliveries).
 * Kept as a static table so one process can run every queue, or a worker only some.
 */
export const jobHandlers: Record<string, JobHandler> = {
  [AUTO_ISSUE_QUEUE]: runAutoCashReceipt,
  [CANCELLATION_RECOVERY_QUEUE]: recoverCancellation,
  [ATTEMPT_EXPIRY_QUEUE]: expireAttempt,
  [SCHEDULE_RUN_QUEUE]: runScheduleJob,
  [WEBHOOK_QUEUE]: fanOutWebhookJob,
  [WEBHOOK_ATTEMPT_QUEUE]: deliverWebhookJob,
  [RETENTION_QUEUE]: runRetentionJob,
};
