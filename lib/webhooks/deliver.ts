import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import type { Job } from "@/lib/jobs/queue";
import { completeJob, failJob } from "@/lib/jobs/repository/queue";
import { recordJobRun, recordWebhookAttempt } from "@/lib/ops/job-metrics";
import { signingSecrets } from "./deliveries";
import { type AttemptRecord, type DeliveryRecord, findDelivery, recordAttempt } from "./repository";
import { attemptTimeoutMs, nextAttemptAt } from "./retry";
import { sendWebhookRequest } from "./send";
import { signWebhook } from "./sign-headers";

export type AttemptResult = { attempt: AttemptRecord; retryAt: number | null } | null;

/** Another run recorded this attempt, or took the attempt's job over: nothing of this run is recorded. */
class LeaseLost extends Error {}

/**
 * Makes the next attempt of a delivery and records it with the delivery's new state in one write.
 * Returns null when the delivery is already final (or another worker recorded this attempt).
 */
export async function attemptDelivery(deliveryId: string): Promise<AttemptResult> {
  const delivery = await findDelivery(deliveryId);
  if (delivery?.state !== "PENDING") return null;
  return attempt(delivery);
}

/**
 * The first attempt of a delivery just created with its job leased to the caller
 * (createLeasedDelivery): the attempt's record and the job's end (deleted when final, queued for
 * the retry otherwise) are one transaction, conditional on the caller still holding the job. Null
 * when it no longer does (nothing recorded; the job's new holder attempts again, same webhook-id).
 */
export async function attemptLeasedDelivery(delivery: DeliveryRecord, job: Job): Promise<AttemptResult> {
  const started = performance.now();
  const result = await attempt(delivery, job);
  recordJobRun(
    job.queue,
    result === null ? "lost" : result.retryAt === null ? "done" : "retry",
    (performance.now() - started) / 1000,
  );
  return result;
}

async function attempt(delivery: DeliveryRecord, job?: Job): Promise<AttemptResult> {
  const execution = delivery.attempts + 1;
  const requestedAt = Date.now();
  const headers = signWebhook({
    id: delivery.id,
    body: delivery.body,
    secrets: await signingSecrets(delivery.store_id, requestedAt),
    now: requestedAt,
  });
  const result = await sendWebhookRequest(delivery.url, headers, delivery.body, attemptTimeoutMs());
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
  const state = status === "SUCCEEDED" ? "SUCCEEDED" : retryAt === null ? "FAILED" : "PENDING";
  const recorded = await transaction(async (tx) => {
    if (!(await recordAttempt(tx, delivery, record, { state, nextAttemptAt: retryAt, now: Date.now() })))
      throw new LeaseLost();
    if (job) {
      const held =
        retryAt === null
          ? await completeJob(job, tx)
          : (await failJob(job, { error: `attempt ${execution} ${status}`, retryAt }, tx)) !== null;
      if (!held) throw new LeaseLost();
    }
    return true;
  }).catch((error: unknown) => {
    if (error instanceof LeaseLost) return false;
    throw error;
  });
  if (!recorded) return null;
  recordWebhookAttempt(status, retryAt === null);
  return { attempt: record, retryAt };
}

/** The `webhook.attempt` job: one attempt per run; a failed attempt asks the queue to run it again later. */
export async function deliverWebhookJob(payload: {
  deliveryId: string;
}): Promise<{ retryAt: number; error: string } | undefined> {
  const result = await attemptDelivery(payload.deliveryId);
  if (result?.retryAt != null)
    return { retryAt: result.retryAt, error: `attempt ${result.attempt.execution} ${result.attempt.status}` };
}
