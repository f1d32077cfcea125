import type { Executor } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { enqueue, type Job } from "@/lib/jobs/queue";
import { insertLeasedJob, leasedJob } from "@/lib/jobs/repository/queue";
import type { Transaction } from "@/lib/db/transaction";
import { type DeliveryRecord, insertDelivery, sealedSigningSecrets } from "./repository";
import { maxAutomaticAttempts } from "./attempt-schedule";
import { openWebhookSecret } from "./secret";
import { findEndpoint, sealedEndpointSecrets } from "./endpoints/repository";

/** Outbox events (payload: the WebhookEvent); each fans out into deliveries. */
export const WEBHOOK_QUEUE = "webhook.deliver";
/** One delivery's attempts (payload: `{deliveryId}`). */
export const WEBHOOK_ATTEMPT_QUEUE = "webhook.attempt";

export type WebhookBody = { tx_id: string | null; payment_id: string | null; status: string };

export type NewDelivery = {
  merchantId: string;
  storeId: string;
  paymentId: string | null;
  txId: string | null;
  eventType: string;
  url: string;
  /** The store endpoint it goes to (signed with its secret); absent for a notice_urls address (the store's secret). */
  endpointId?: string | null;
  urlSource: DeliveryRecord["url_source"];
  trigger: DeliveryRecord["trigger"];
  /** False for a resend (or test) the request waits for. */
  isAsync: boolean;
  body: string;
  sourceJobId?: string;
  /** When the event happened (the outbox row's time); default now. */
  triggeredAt?: number;
};

/** The body of an event: CONTRACT §9's `{tx_id, payment_id, status}`. */
export function eventBody(body: WebhookBody): string {
  return JSON.stringify({ tx_id: body.tx_id, payment_id: body.payment_id, status: body.status });
}

/**
 * Records a delivery and its `webhook.attempt` job in the caller's transaction. The job row is
 * what makes a delivery survive a restart: any worker picks it up (again) from the table.
 */
export async function createDelivery(
  tx: Executor,
  input: NewDelivery,
): Promise<{ delivery: DeliveryRecord; jobId: string }> {
  const delivery = newDeliveryRecord(input);
  await insertDelivery(tx, delivery);
  // Slack over max_attempts: a lease that expired mid-attempt costs a job attempt but records none.
  const jobId = await enqueue(tx, {
    queue: WEBHOOK_ATTEMPT_QUEUE,
    payload: { deliveryId: delivery.id },
    maxAttempts: delivery.max_attempts + 3,
  });
  return { delivery, jobId };
}

/**
 * Like createDelivery, but its attempt job is leased to `owner` from the start: the caller makes
 * the first attempt itself once they are written (lib/webhooks/fan-out.ts), with no claim
 * and no queue in between. Should the caller die first, the lease runs out and a worker makes it.
 */
export async function createLeasedDelivery(
  tx: Transaction,
  input: NewDelivery,
  owner: string,
  leaseMs: number,
): Promise<{ delivery: DeliveryRecord; job: Job }> {
  const leased = leasedDelivery(input, owner, leaseMs);
  await insertDelivery(tx, leased.delivery);
  await insertLeasedJob(tx, leased.job);
  return leased;
}

/** createLeasedDelivery's rows, unwritten (the fan-out writes them with its job's end: writeFanOut). */
export function leasedDelivery(
  input: NewDelivery,
  owner: string,
  leaseMs: number,
): { delivery: DeliveryRecord; job: Job } {
  const delivery = newDeliveryRecord(input);
  // Slack over max_attempts: a lease that expired mid-attempt costs a job attempt but records none.
  const job = leasedJob(
    { queue: WEBHOOK_ATTEMPT_QUEUE, payload: { deliveryId: delivery.id }, maxAttempts: delivery.max_attempts + 3 },
    owner,
    leaseMs,
  );
  return { delivery, job };
}

function newDeliveryRecord(input: NewDelivery): DeliveryRecord {
  const now = Date.now();
  // A resend or a test is one attempt the sender watches; events are retried.
  const maxAttempts = input.trigger === "MANUAL" || input.trigger === "TEST" ? 1 : maxAutomaticAttempts();
  return {
    id: newId("msg_"),
    merchant_id: input.merchantId,
    store_id: input.storeId,
    payment_id: input.paymentId,
    tx_id: input.txId,
    source_job_id: input.sourceJobId ?? null,
    endpoint_id: input.endpointId ?? null,
    event_type: input.eventType,
    url: input.url,
    url_source: input.urlSource,
    trigger: input.trigger,
    is_async: input.isAsync ? 1 : 0,
    body: input.body,
    state: "PENDING",
    attempts: 0,
    max_attempts: maxAttempts,
    next_attempt_at: now,
    created_at: input.triggeredAt ?? now,
    updated_at: now,
  };
}

/**
 * The secrets a delivery is signed with: its endpoint's (current, plus the previous one while a
 * rotation's overlap lasts), or the store's for a notice_urls address. A deleted endpoint: none.
 */
export async function signingSecrets(
  delivery: Pick<DeliveryRecord, "store_id" | "endpoint_id">,
  now = Date.now(),
): Promise<string[]> {
  if (delivery.endpoint_id) {
    const endpoint = await findEndpoint(delivery.endpoint_id);
    return endpoint ? openSigningSecrets(sealedEndpointSecrets(endpoint, now)) : [];
  }
  return openSigningSecrets(await sealedSigningSecrets(delivery.store_id, now));
}

/** The store's signing secrets as read sealed (sealedSigningSecrets, fanOutContext), opened. */
export function openSigningSecrets(sealed: { current: string; previous: string | null } | undefined): string[] {
  if (!sealed) return [];
  const current = openWebhookSecret(sealed.current);
  return sealed.previous ? [current, openWebhookSecret(sealed.previous)] : [current];
}
