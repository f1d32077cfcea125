import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import type { Job } from "@/lib/jobs/queue";
import { bringJobForward, releaseJob } from "@/lib/jobs/repository/queue";
import { logger } from "@/lib/ops/logger";
import { recordJobRun, recordWebhookAttempt } from "@/lib/ops/job-metrics";
import { noteDeferred, takeDestinationSlot, type DestinationSlot } from "./destination-slots";
import { signingSecrets } from "./deliveries";
import {
  type AttemptRecord,
  type DeliveryRecord,
  findDelivery,
  recordAttempt,
  recordLeasedAttempt,
} from "./repository";
import { attemptTimeoutMs, nextAttemptAt } from "./attempt-schedule";
import { sendWebhookRequest } from "./send";
import { signWebhook } from "./sign-headers";

export type AttemptResult = { attempt: AttemptRecord; retryAt: number | null } | null;

/** A worker's attempt not made: its destination had all its slots in use; its job is queued again for later. */
export type Deferred = { deferred: true };

/**
 * Makes the next attempt of a delivery and records it with the delivery's new state in one write.
 * Returns null when the delivery is already final (or another worker recorded this attempt).
 */
export async function attemptDelivery(deliveryId: string): Promise<AttemptResult> {
  const delivery = await findDelivery(deliveryId);
  if (delivery?.state !== "PENDING") return null;
  return attempt(delivery, {});
}

/**
 * The first attempt of a delivery just created with its job leased to the caller
 * (leasedDelivery): the attempt's record and the job's end (deleted when final, queued for the
 * retry otherwise) are written together (recordLeasedAttempt), only while the caller holds the job. Null
 * when it no longer does (nothing recorded; the job's new holder attempts again, same webhook-id).
 */
export async function attemptLeasedDelivery(
  delivery: DeliveryRecord,
  job: Job,
  secrets: string[],
): Promise<AttemptResult | Deferred> {
  const started = performance.now();
  const result = await attempt(delivery, { running: job, leased: job, secrets });
  recordJobRun(
    job.queue,
    result === null ? "lost" : "deferred" in result || result.retryAt !== null ? "retry" : "done",
    (performance.now() - started) / 1000,
  );
  return result;
}

/**
 * Takes a slot of the delivery's destination for a worker's attempt (`running`: the job making
 * it), or puts the job off when the destination has all its slots in use (lib/webhooks/destination-slots.ts):
 * queued again, unattempted, until a slot frees here (brought forward then) or at the latest when
 * one is sure to be free. Null: put off (or no longer ours). Attempts outside a worker (a
 * merchant's resend, made in the request) take no slot.
 */
async function destinationSlot(delivery: DeliveryRecord, running: Job | undefined) {
  if (!running) return { release: () => undefined };
  const taken = takeDestinationSlot(delivery.url);
  if ("slot" in taken) return taken.slot;
  if ((await releaseJob(running, taken.busyUntil)) && noteDeferred(delivery.url, running.id))
    await bringJobForward(running.id);
  return null;
}

function freeSlot(slot: DestinationSlot): void {
  const next = slot.release();
  if (next)
    bringJobForward(next).catch((error: unknown) =>
      logger.error({ err: error, jobId: next }, "could not bring a put-off webhook attempt forward"),
    );
}

/**
 * `running`: the worker's job making this attempt (it takes a slot of the destination);
 * `leased`: the job to end in the same transaction as the attempt's record (see attemptLeasedDelivery);
 * `secrets`: the store's signing secrets when the caller read them already (the fan-out).
 */
async function attempt(delivery: DeliveryRecord, jobs: Record<string, never>): Promise<AttemptResult>;
async function attempt(
  delivery: DeliveryRecord,
  jobs: { running: Job; leased?: Job; secrets?: string[] },
): Promise<AttemptResult | Deferred>;
async function attempt(
  delivery: DeliveryRecord,
  jobs: { running?: Job; leased?: Job; secrets?: string[] },
): Promise<AttemptResult | Deferred> {
  const job = jobs.leased;
  const slot = await destinationSlot(delivery, jobs.running);
  if (!slot) return { deferred: true };
  const execution = delivery.attempts + 1;
  let result: Awaited<ReturnType<typeof sendWebhookRequest>>;
  let requestedAt: number;
  let headers: Record<string, string>;
  try {
    requestedAt = Date.now();
    headers = signWebhook({
      id: delivery.id,
      body: delivery.body,
      secrets: jobs.secrets ?? (await signingSecrets(delivery, requestedAt)),
      now: requestedAt,
    });
    result = await sendWebhookRequest(delivery.url, headers, delivery.body, attemptTimeoutMs());
  } finally {
    freeSlot(slot);
  }
  const status: AttemptRecord["status"] =
    result.kind === "no_response"
      ? "CONNECT_FAILED"
      : result.code >= 200 && result.code < 300
        ? "SUCCEEDED"
        : "REQUEST_FAILED";
  const permanent = result.kind === "no_response" && result.permanent;
  const retryAt =
    status === "SUCCEEDED" || permanent || execution >= delivery.max_attempts ? null : nextAttemptAt(execution);
  const record: AttemptRecord = {
    id: newId("webhook-"),
    delivery_id: delivery.id,
    merchant_id: delivery.merchant_id,
    store_id: delivery.store_id,
    payment_id: delivery.payment_id,
    tx_id: delivery.tx_id,
    status,
    execution,
    request_header: headers,
    request_body: delivery.body,
    requested_at: requestedAt,
    response_code: result.kind === "response" ? result.code : null,
    response_header: result.kind === "response" ? result.headers : null,
    response_body: result.kind === "response" ? result.body : null,
    responded_at: result.kind === "response" ? result.respondedAt : null,
    error: result.kind === "no_response" ? result.error : null,
  };
  const state: DeliveryRecord["state"] = status === "SUCCEEDED" ? "SUCCEEDED" : retryAt === null ? "FAILED" : "PENDING";
  const next = { state, nextAttemptAt: retryAt, now: Date.now() };
  const recorded = job
    ? await recordLeasedAttempt(delivery, record, next, {
        job,
        retry: retryAt === null ? null : { error: `attempt ${execution} ${status}`, retryAt },
      })
    : await transaction((tx) => recordAttempt(tx, delivery, record, next));
  if (!recorded) return null;
  recordWebhookAttempt(status, retryAt === null);
  return { attempt: record, retryAt };
}

/**
 * The `webhook.attempt` job: one attempt per run; a failed attempt asks the queue to run it again
 * later. Put off (its destination busy): the job is already queued again, nothing more to record.
 */
export async function deliverWebhookJob(
  payload: { deliveryId: string },
  job: Job,
): Promise<{ retryAt: number; error: string } | { completed: true } | undefined> {
  const delivery = await findDelivery(payload.deliveryId);
  if (delivery?.state !== "PENDING") return;
  const result = await attempt(delivery, { running: job });
  if (result && "deferred" in result) return { completed: true };
  if (result?.retryAt != null)
    return { retryAt: result.retryAt, error: `attempt ${result.attempt.execution} ${result.attempt.status}` };
}
