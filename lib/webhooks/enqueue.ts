import type { Db, Tx } from "@/lib/db/client";
import { enqueue } from "@/lib/jobs/queue";

export type WebhookStatus = "Paid" | "VirtualAccountIssued" | "PartialCancelled" | "Cancelled" | "Failed";

export type WebhookEvent = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  txId: string;
  status: WebhookStatus;
  /** The request's notice_urls; empty → the store's webhook URL. */
  noticeUrls: string[];
};

export const WEBHOOK_QUEUE = "webhook.deliver";

/**
 * Records a webhook event in the caller's transaction (outbox): it commits with the state change
 * or not at all. The webhook worker (lib/webhooks) delivers it.
 */
export async function enqueueWebhook(tx: Db | Tx, event: WebhookEvent): Promise<void> {
  await enqueue(tx, { queue: WEBHOOK_QUEUE, payload: event, maxAttempts: 1 });
}
