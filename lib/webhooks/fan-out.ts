import type { JobLease, JobOutcome } from "@/lib/jobs/handler-types";
import type { Job } from "@/lib/jobs/queue";
import { failJob, releaseJob } from "@/lib/jobs/repository/queue";
import { jobLeaseMs } from "@/lib/jobs/repository/lease";
import { boundedBackoff } from "@/lib/jobs/failed-job-backoff";
import { logger } from "@/lib/ops/logger";
import { eventBody, leasedDelivery, openSigningSecrets } from "./deliveries";
import { attemptLeasedDelivery } from "./deliver";
import type { WebhookEvent } from "./enqueue";
import { type DeliveryRecord, type FanOutContext, fanOutContext, writeFanOut } from "./repository";
import { attemptTimeoutMs } from "./attempt-schedule";

type Leased = { delivery: DeliveryRecord; job: Job };

function triggerOf(event: WebhookEvent, context: FanOutContext): DeliveryRecord["trigger"] {
  if (event.trigger) return event.trigger;
  if (event.status !== "Paid") return "NOTIFICATION_SETTING";
  // Only a deposit makes a virtual-account transaction Paid.
  return context.method === "VIRTUAL_ACCOUNT" ? "VIRTUAL_ACCOUNT_DEPOSIT" : "NOTIFICATION_SETTING";
}

/**
 * The `webhook.deliver` job: one delivery (with its own attempt job) per address — the event's
 * notice_urls, else the store's webhook URL — then each delivery's first attempt, made here at
 * once and in parallel (at most 10 addresses, the notice_urls limit) rather than by another job
 * that would wait for its own claim (that hop was half of a delivery's wait). With
 * neither address there is nowhere to send and nothing is recorded (docs/webhooks.md). A re-run
 * of the same job (its worker died) fans out only once; deliveries whose first attempt that
 * worker never recorded are made by the queue when their attempt job's lease runs out.
 */
export async function fanOutWebhookJob(event: WebhookEvent, job: Job, lease: JobLease): Promise<JobOutcome> {
  const owner = job.locked_by ?? job.id;
  const leaseMs = Math.max(jobLeaseMs(), attemptTimeoutMs() + 30_000);
  // The read first, then every write in one go (on PostgreSQL one statement, no transaction):
  // the event's job ends with its deliveries and their (leased) attempt jobs, so from
  // then on they carry everything; if the job is no longer ours, nothing is written (another run
  // fans out).
  const context = await fanOutContext({
    jobId: job.id,
    merchantId: event.merchantId,
    storeId: event.storeId,
    txId: event.txId,
    now: Date.now(),
  });
  const created: Leased[] = [];
  let secrets: string[] = [];
  let urls = [...new Set(event.noticeUrls.map((u) => u.trim()).filter(Boolean))];
  const urlSource = urls.length > 0 ? "NOTICE_URLS" : "STORE";
  if (urls.length === 0) urls = context.storeUrl ? [context.storeUrl] : [];
  if (!context.fannedOut && urls.length > 0) {
    // The first attempts sign with the secrets read here (a rotation's previous secret is kept for
    // its overlap, so milliseconds later they still verify).
    secrets = openSigningSecrets(context.sealedSecrets);
    const trigger = triggerOf(event, context);
    const body = eventBody({ tx_id: event.txId, payment_id: event.paymentId, status: event.status });
    for (const url of urls) {
      const input = {
        merchantId: event.merchantId,
        storeId: event.storeId,
        paymentId: event.paymentId,
        txId: event.txId,
        eventType: event.status,
        url,
        urlSource,
        trigger,
        isAsync: true,
        body,
        sourceJobId: job.id,
        triggeredAt: job.created_at,
      } as const;
      created.push(leasedDelivery(input, owner, leaseMs));
    }
  }
  if (!(await writeFanOut(job, created))) return;
  await firstAttempts(created, secrets, lease.signal);
  return { completed: true };
}

/**
 * Makes the first attempts. A worker stopping past its grace (or losing this job) aborts
 * `signal`: every attempt job not yet finished is given back to the queue at once, so another
 * worker sends it (an attempt in flight may then be sent twice, with the same webhook-id).
 */
async function firstAttempts(created: Leased[], secrets: string[], signal: AbortSignal): Promise<void> {
  const unfinished = new Set(created);
  const giveBack = () => {
    for (const { job } of unfinished)
      releaseJob(job).catch((error: unknown) =>
        logger.error({ err: error, jobId: job.id }, "could not give a webhook attempt back to the queue"),
      );
  };
  if (signal.aborted) return giveBack();
  signal.addEventListener("abort", giveBack, { once: true });
  try {
    await Promise.all(
      created.map(async (leased) => {
        try {
          await attemptLeasedDelivery(leased.delivery, leased.job, secrets);
        } catch (error) {
          logger.error({ err: error, jobId: leased.job.id }, "webhook attempt failed");
          await failJob(leased.job, {
            error: error instanceof Error ? error.message : String(error),
            retryAt: boundedBackoff(leased.job.attempts),
          }).catch(() => undefined);
        } finally {
          unfinished.delete(leased);
        }
      }),
    );
  } finally {
    signal.removeEventListener("abort", giveBack);
  }
}
