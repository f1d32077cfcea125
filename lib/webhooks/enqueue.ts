import type { Db, Tx } from "@/lib/db/client";
import type { WebhookTrigger } from "@/lib/db/tables/webhooks";
import { enqueue } from "@/lib/jobs/queue";
import { WEBHOOK_QUEUE } from "./deliveries";

export { WEBHOOK_QUEUE } from "./deliveries";

export type WebhookStatus = "Paid" | "VirtualAccountIssued" | "PartialCancelled" | "Cancelled" | "Failed";

export type WebhookEvent = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  txId: string;
  status: WebhookStatus;
  /** The request's notice_urls; empty → the store's webhook URL. */
  noticeUrls: string[];
  /** Default: VIRTUAL_ACCOUNT_DEPOSIT for Paid on a virtual-account transaction, else NOTIFICATION_SETTING. */
  trigger?: WebhookTrigger;
};

/**
 * Records a webhook event in the caller's transaction (outbox): it commits with the state change
 * or not at all. The `webhook.deliver` job turns it into one delivery per address
 * (lib/webhooks/fan-out.ts), each retried on its own.
 */
export async function enqueueWebhook(tx: Db | Tx, event: WebhookEvent): Promise<void> {
  await enqueue(tx, { queue: WEBHOOK_QUEUE, payload: event, maxAttempts: 5 });
}
