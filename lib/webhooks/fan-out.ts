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
import { sealedEndpointSecrets, subscribes } from "./endpoints/repository";
import { attemptTimeoutMs } from "./attempt-schedule";

type Leased = { delivery: DeliveryRecord; job: Job; secrets: string[] };

function triggerOf(event: WebhookEvent, context: FanOutContext): DeliveryRecord["trigger"] {
  if (event.trigger) return event.trigger;
  if (event.status !== "Paid") return "NOTIFICATION_SETTING";
  // Only a deposit makes a virtual-account transaction Paid.
  return context.method === "VIRTUAL_ACCOUNT" ? "VIRTUAL_ACCOUNT_DEPOSIT" : "NOTIFICATION_SETTING";
}

/** Where an event goes: its notice_urls (signed with the store's secret), else each enabled store endpoint subscribed to it. */
function targetsOf(event: WebhookEvent, context: FanOutContext, now: number) {
  const notice = [...new Set(event.noticeUrls.map((u) => u.trim()).filter(Boolean))];
  if (notice.length > 0) {
    const secrets = openSigningSecrets(context.sealedSecrets);
    return notice.map((url) => ({ url, endpointId: null, urlSource: "NOTICE_URLS" as const, secrets }));
  }
  return context.endpoints
    .filter((e) => subscribes(e, event.status))
    .map((e) => ({
      url: e.url,
      endpointId: e.id,
      urlSource: "STORE" as const,
      secrets: openSigningSecrets(sealedEndpointSecrets(e, now)),
    }));
}

/**
 * The `webhook.deliver` job: one delivery (with its own attempt job) per address — the event's
 * notice_urls, else every enabled store endpoint subscribed to the event — then each delivery's
 * first attempt, made here at once and in parallel rather than by another job that would wait
 * for its own claim (that hop was half of a delivery's wait). With no address there is nowhere
 * to send and nothing is recorded (docs/webhooks.md). A re-run of the same job (its worker died)
 * fans out only once; deliveries whose first attempt that worker never recorded are made by the
 * queue when their attempt job's lease runs out.
 */
export async function fanOutWebhookJob(event: WebhookEvent, job: Job, lease: JobLease): Promise<JobOutcome> {
  const owner = job.locked_by ?? job.id;
  const leaseMs = Math.max(jobLeaseMs(), attemptTimeoutMs() + 30_000);
  // The read first, then every write in one go (on PostgreSQL one statement, no transaction):
  // the event's job ends with its deliveries and their (leased) attempt jobs, so from
  // then on they carry everything; if the job is no longer ours, nothing is written (another run
  // fans out).
  const now = Date.now();
  const context = await fanOutContext({
    jobId: job.id,
    merchantId: event.merchantId,
    storeId: event.storeId,
    txId: event.txId,
    now,
  });
  const created: Leased[] = [];
  if (!context.fannedOut) {
    // The first attempts sign with the secrets read here (a rotation's previous secret is kept for
    // its overlap, so milliseconds later they still verify).
    const trigger = triggerOf(event, context);
    const body = eventBody({ tx_id: event.txId, payment_id: event.paymentId, status: event.status });
    for (const target of targetsOf(event, context, now)) {
      const input = {
        merchantId: event.merchantId,
        storeId: event.storeId,
        paymentId: event.paymentId,
        txId: event.txId,
        eventType: event.status,
        url: target.url,
        endpointId: target.endpointId,
        urlSource: target.urlSource,
        trigger,
        isAsync: true,
        body,
        sourceJobId: job.id,
        triggeredAt: job.created_at,
      } as const;
      created.push({ ...leasedDelivery(input, owner, leaseMs), secrets: target.secrets });
    }
  }
  if (!(await writeFanOut(job, created))) return;
  await firstAttempts(created, lease.signal);
  return { completed: true };
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
          await attemptLeasedDelivery(leased.delivery, leased.job, leased.secrets);
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
