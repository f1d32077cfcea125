import type { Db, Tx } from "@/lib/db/client";
import type { WebhookDeliveriesTable, WebhookTrigger } from "@/lib/db/tables/webhooks";
import { newId } from "@/lib/ids";
import { enqueue } from "@/lib/jobs/queue";
import { maxAutomaticAttempts } from "./retry";
import { openWebhookSecret } from "./secret";

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
  urlSource: WebhookDeliveriesTable["url_source"];
  trigger: WebhookTrigger;
  /** False for a resend the request waits for: one attempt, no retries. */
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
 * Records a delivery and its `webhook.deliver` job in the caller's transaction. The job row is
 * what makes a delivery survive a restart: any worker picks it up (again) from the table.
 */
export async function createDelivery(tx: Db | Tx, input: NewDelivery): Promise<{ delivery: WebhookDeliveriesTable; jobId: string }> {
  const now = Date.now();
  const maxAttempts = input.trigger === "MANUAL" ? 1 : maxAutomaticAttempts();
  const delivery: WebhookDeliveriesTable = {
    id: newId("msg_"),
    merchant_id: input.merchantId,
    store_id: input.storeId,
    payment_id: input.paymentId,
    tx_id: input.txId,
    source_job_id: input.sourceJobId ?? null,
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
  await tx.insertInto("webhook_deliveries").values(delivery).execute();
  // Slack over max_attempts: a lease that expired mid-attempt costs a job attempt but records none.
  const jobId = await enqueue(tx, { queue: WEBHOOK_ATTEMPT_QUEUE, payload: { deliveryId: delivery.id }, maxAttempts: maxAttempts + 3 });
  return { delivery, jobId };
}

/** The store's current signing secret, plus the previous one while a rotation's overlap lasts. */
export async function signingSecrets(db: Db | Tx, storeId: string, now = Date.now()): Promise<string[]> {
  const store = await db.selectFrom("stores").select("webhook_secret").where("id", "=", storeId).executeTakeFirst();
  if (!store) return [];
  const rotation = await db.selectFrom("webhook_secret_rotations").selectAll().where("store_id", "=", storeId).where("expires_at", ">", now).executeTakeFirst();
  const current = openWebhookSecret(store.webhook_secret);
  return rotation ? [current, openWebhookSecret(rotation.previous_secret)] : [current];
}
