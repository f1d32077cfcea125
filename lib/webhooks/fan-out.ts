import { type Transaction, transaction } from "@/lib/db/transaction";
import type { Job } from "@/lib/jobs/queue";
import { createDelivery, eventBody } from "./deliveries";
import type { WebhookEvent } from "./enqueue";
import { type DeliveryRecord, fannedOut, storeWebhookUrl, transactionMethod } from "./repository";

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
 * notice_urls, else the store's webhook URL. With neither there is nowhere to send and nothing is
 * recorded (docs/webhooks.md). A re-run of the same job (its worker died) fans out only once.
 */
export async function fanOutWebhookJob(event: WebhookEvent, job: Job): Promise<void> {
  await transaction(async (tx) => {
    if (await fannedOut(tx, job.id)) return;
    let urls = [...new Set(event.noticeUrls.map((u) => u.trim()).filter(Boolean))];
    const urlSource = urls.length > 0 ? "NOTICE_URLS" : "STORE";
    if (urls.length === 0) {
      const storeUrl = await storeWebhookUrl(tx, event.merchantId, event.storeId);
      urls = storeUrl ? [storeUrl] : [];
    }
    if (urls.length === 0) return;
    const trigger = await triggerOf(tx, event);
    const body = eventBody({ tx_id: event.txId, payment_id: event.paymentId, status: event.status });
    for (const url of urls) {
      await createDelivery(tx, {
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
      });
    }
  });
}
