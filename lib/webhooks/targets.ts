import type { Executor } from "@/lib/db/transaction";
import { noticeUrlsOf } from "@/lib/payments/transactions/repository";
import { createDelivery, eventBody } from "./deliveries";
import type { DeliveryRecord } from "./repository";

/** What a resend needs of a payment transaction (its record belongs to lib/payments). */
type ResendTransaction = { id: string; payment_id: string; status: string; notice_urls: string | null };

const EVENT_OF_STATUS: Partial<Record<string, string>> = {
  PAID: "Paid",
  VIRTUAL_ACCOUNT_ISSUED: "VirtualAccountIssued",
  PARTIAL_CANCELLED: "PartialCancelled",
  CANCELLED: "Cancelled",
  FAILED: "Failed",
};

export type ResendSource =
  | { kind: "delivery"; delivery: DeliveryRecord }
  /** A transaction that never had a webhook (no address then): its current status as the event. */
  | { kind: "transaction"; transaction: ResendTransaction };

/**
 * The deliveries a manual resend makes. An address from the request's notice_urls is kept; one
 * from the store setting is read again, so fixing the URL and resending works. Empty: no address.
 */
export async function queueResend(
  db: Executor,
  store: { id: string; merchant_id: string; webhook_url: string | null },
  source: ResendSource,
  options: { isAsync: boolean },
): Promise<{ deliveryId: string; jobId: string }[]> {
  let urls: string[];
  let urlSource: DeliveryRecord["url_source"];
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
    const notice = noticeUrlsOf(t);
    urlSource = notice.length > 0 ? "NOTICE_URLS" : "STORE";
    urls = notice.length > 0 ? notice : store.webhook_url ? [store.webhook_url] : [];
    event = {
      paymentId: t.payment_id,
      txId: t.id,
      type,
      body: eventBody({ tx_id: t.id, payment_id: t.payment_id, status: type }),
    };
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
