import type { Db, Tx } from "@/lib/db/client";
import type { StoresTable } from "@/lib/db/tables/foundation";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import type { WebhookDeliveriesTable } from "@/lib/db/tables/webhooks";
import { createDelivery, eventBody } from "./deliveries";

const EVENT_OF_STATUS: Partial<Record<TransactionsTable["status"], string>> = {
  PAID: "Paid",
  VIRTUAL_ACCOUNT_ISSUED: "VirtualAccountIssued",
  PARTIAL_CANCELLED: "PartialCancelled",
  CANCELLED: "Cancelled",
  FAILED: "Failed",
};

export type ResendSource =
  | { kind: "delivery"; delivery: WebhookDeliveriesTable }
  /** A transaction that never had a webhook (no address then): its current status as the event. */
  | { kind: "transaction"; transaction: TransactionsTable };

/**
 * The deliveries a manual resend makes. An address from the request's notice_urls is kept; one
 * from the store setting is read again, so fixing the URL and resending works. Empty: no address.
 */
export async function queueResend(
  db: Db | Tx,
  store: Pick<StoresTable, "id" | "merchant_id" | "webhook_url">,
  source: ResendSource,
  options: { isAsync: boolean },
): Promise<{ deliveryId: string; jobId: string }[]> {
  let urls: string[];
  let urlSource: WebhookDeliveriesTable["url_source"];
  let event: { paymentId: string | null; txId: string | null; type: string; body: string };
  if (source.kind === "delivery") {
    const d = source.delivery;
    urlSource = d.url_source;
    urls = d.url_source === "NOTICE_URLS" ? [d.url] : store.webhook_url ? [store.webhook_url] : [];
    event = { paymentId: d.payment_id, txId: d.tx_id, type: d.event_type, body: d.body };
  } else {
    const t = source.transaction;
    const type = EVENT_OF_STATUS[t.status];
    if (!type) return [];
    const notice = t.notice_urls ? (JSON.parse(t.notice_urls) as string[]) : [];
    urlSource = notice.length > 0 ? "NOTICE_URLS" : "STORE";
    urls = notice.length > 0 ? notice : store.webhook_url ? [store.webhook_url] : [];
    event = { paymentId: t.payment_id, txId: t.id, type, body: eventBody({ tx_id: t.id, payment_id: t.payment_id, status: type }) };
  }
  const out: { deliveryId: string; jobId: string }[] = [];
  for (const url of urls) {
    const { delivery, jobId } = await createDelivery(db, {
      merchantId: store.merchant_id,
      storeId: store.id,
      paymentId: event.paymentId,
      txId: event.txId,
      eventType: event.type,
      url,
      urlSource,
      trigger: "MANUAL",
      isAsync: options.isAsync,
      body: event.body,
    });
    out.push({ deliveryId: delivery.id, jobId });
  }
  return out;
}
