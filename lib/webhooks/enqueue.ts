import type { Executor } from "@/lib/db/transaction";
import { enqueue } from "@/lib/jobs/queue";
import { WEBHOOK_QUEUE } from "./deliveries";
import type { WebhookTrigger } from "./repository";
import { storeHasEndpoint } from "./endpoints/repository";

export type WebhookStatus = "Paid" | "VirtualAccountIssued" | "PartialCancelled" | "Cancelled" | "Failed";

export type WebhookEvent = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  txId: string;
  status: WebhookStatus;
  /** The request's notice_urls; empty → the store's endpoints subscribed to the event. */
  noticeUrls: string[];
  /** Default: VIRTUAL_ACCOUNT_DEPOSIT for Paid on a virtual-account transaction, else NOTIFICATION_SETTING. */
  trigger?: WebhookTrigger;
};

/**
 * Records a webhook event in the caller's transaction (outbox): it commits with the state change
 * or not at all. The `webhook.deliver` job turns it into one delivery per address
 * (lib/webhooks/fan-out.ts), each retried on its own. An event with no address at this moment (no
 * notice_urls and no enabled store endpoint) has nowhere to go: no job is written for it, which
 * saves the job's insert, claim and delete on every payment of a store without webhooks. (An
 * endpoint not subscribed to the event is left out by the fan-out.)
 */
export async function enqueueWebhook(
  tx: Executor,
  event: WebhookEvent,
  /** An enabled endpoint's address of the store (null: none), when the caller already read it in this transaction (with its row lock). */
  known?: { storeWebhookUrl: string | null },
): Promise<void> {
  if (!event.noticeUrls.some((u) => u.trim() !== "")) {
    const somewhere = known
      ? known.storeWebhookUrl !== null
      : await storeHasEndpoint(tx, event.merchantId, event.storeId);
    if (!somewhere) return;
  }
  await enqueue(tx, { queue: WEBHOOK_QUEUE, payload: event, maxAttempts: 5 });
}
