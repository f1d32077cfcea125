import type { Db, Tx } from "@/lib/db/client";
import type { WebhookTrigger } from "@/lib/db/tables/webhooks";
import { createDelivery, eventBody } from "./deliveries";

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

async function triggerOf(tx: Db | Tx, event: WebhookEvent): Promise<WebhookTrigger> {
  if (event.trigger) return event.trigger;
  if (event.status !== "Paid") return "NOTIFICATION_SETTING";
  const row = await tx.selectFrom("transactions").select("method").where("id", "=", event.txId).executeTakeFirst();
  return row?.method === "VIRTUAL_ACCOUNT" ? "VIRTUAL_ACCOUNT_DEPOSIT" : "NOTIFICATION_SETTING";
}

/**
 * Records a webhook event in the caller's transaction (outbox): it commits with the state change
 * or not at all. One delivery per address: the event's notice_urls, else the store's webhook URL.
 * With neither there is nowhere to send, and nothing is recorded (docs/webhooks.md).
 */
export async function enqueueWebhook(tx: Db | Tx, event: WebhookEvent): Promise<void> {
  let urls = [...new Set(event.noticeUrls.map((u) => u.trim()).filter(Boolean))];
  const urlSource = urls.length > 0 ? "NOTICE_URLS" : "STORE";
  if (urls.length === 0) {
    const store = await tx.selectFrom("stores").select("webhook_url").where("id", "=", event.storeId).where("merchant_id", "=", event.merchantId).executeTakeFirst();
    urls = store?.webhook_url ? [store.webhook_url] : [];
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
    });
  }
}
