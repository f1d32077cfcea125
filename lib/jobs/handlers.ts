import { AUTO_ISSUE_QUEUE, runAutoCashReceipt } from "@/lib/cash-receipts/auto-issue";
import { sweepUnsettled } from "@/lib/payments/sweep";
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
  [SCHEDULE_RUN_QUEUE]: runScheduleJob,
  [WEBHOOK_QUEUE]: fanOutWebhookJob,
  [WEBHOOK_ATTEMPT_QUEUE]: deliverWebhookJob,
};

/**
 * Work every worker process runs on a timer beside the queue (each task on its own loop, never
 * overlapping itself): the sweep that settles outcomes we do not know (lib/payments/sweep.ts).
 */
export type PeriodicTask = { name: string; everyMs: number; run: () => Promise<unknown> };

export const periodicTasks: PeriodicTask[] = [{ name: "payments.sweep", everyMs: Number(process.env.SWEEP_INTERVAL_MS ?? 1_000), run: () => sweepUnsettled() }];
