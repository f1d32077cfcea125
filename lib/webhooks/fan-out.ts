import { type Transaction, transaction } from "@/lib/db/transaction";
import type { JobLease } from "@/lib/jobs/handlers";
import type { Job } from "@/lib/jobs/queue";
import { failJob, releaseJob } from "@/lib/jobs/repository/queue";
import { jobLeaseMs } from "@/lib/jobs/repository/lease";
import { boundedBackoff } from "@/lib/jobs/retry-policy";
import { logger } from "@/lib/ops/logger";
import { createLeasedDelivery, eventBody } from "./deliveries";
import { attemptLeasedDelivery } from "./deliver";
import type { WebhookEvent } from "./enqueue";
import { type DeliveryRecord, fannedOut, storeWebhookUrl, transactionMethod } from "./repository";
import { attemptTimeoutMs } from "./retry";

type Leased = { delivery: DeliveryRecord; job: Job };

async function triggerOf(tx: Transaction, event: WebhookEvent): Promise<DeliveryRecord["trigger"]> {
  if (event.trigger) return event.trigger;
  if (event.status !== "Paid") return "NOTIFICATION_SETTING";
  // Only a deposit makes a virtual-account transaction Paid.
  return (await transactionMethod(tx, event.txId)) === "VIRTUAL_ACCOUNT"
    ? "VIRTUAL_ACCOUNT_DEPOSIT"
    : "NOTIFICATION_SETTING";
}

/**
 * The `webhook.deliver` job: one delivery (with its own attempt job) per address — the event's
 * notice_urls, else the store's webhook URL — then each delivery's first attempt, made here at
 * once and in parallel (at most 10 addresses, the notice_urls limit) rather than by another job
 * that would wait for its own claim (issue #18: that hop was half of a delivery's wait). With
 * neither address there is nowhere to send and nothing is recorded (docs/webhooks.md). A re-run
 * of the same job (its worker died) fans out only once; deliveries whose first attempt that
 * worker never recorded are made by the queue when their attempt job's lease runs out.
 */
export async function fanOutWebhookJob(event: WebhookEvent, job: Job, lease: JobLease): Promise<void> {
  const owner = job.locked_by ?? job.id;
  const leaseMs = Math.max(jobLeaseMs(), attemptTimeoutMs() + 30_000);
  const created = await transaction(async (tx) => {
    const leased: Leased[] = [];
    if (await fannedOut(tx, job.id)) return leased;
    let urls = [...new Set(event.noticeUrls.map((u) => u.trim()).filter(Boolean))];
    const urlSource = urls.length > 0 ? "NOTICE_URLS" : "STORE";
    if (urls.length === 0) {
      const storeUrl = await storeWebhookUrl(tx, event.merchantId, event.storeId);
      urls = storeUrl ? [storeUrl] : [];
    }
    if (urls.length === 0) return leased;
    const trigger = await triggerOf(tx, event);
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
      leased.push(await createLeasedDelivery(tx, input, owner, leaseMs));
    }
    return leased;
  });
  await firstAttempts(created, lease.signal);
}

/**
 * Makes the first attempts. A worker stopping past its grace (or losing this job) aborts
 * `signal`: every attempt job not yet finished is given back to the queue at once, so another
 * worker sends it (an attempt in flight may then be sent twice, with the same webhook-id).
 */
async function firstAttempts(created: Leased[], signal: AbortSignal): Promise<void> {
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
          await attemptLeasedDelivery(leased.delivery, leased.job);
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
