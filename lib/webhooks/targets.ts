import type { Executor } from "@/lib/db/transaction";
import { noticeUrlsOf } from "@/lib/payments/transactions/repository";
import { createDelivery, eventBody } from "./deliveries";
import type { DeliveryRecord } from "./repository";
import { findStoreEndpoint, listStoreEndpoints, subscribes } from "./endpoints/repository";

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

type Target = { url: string; endpointId: string | null };

/** The store's enabled endpoints subscribed to `eventType`. */
async function subscribedEndpoints(db: Executor, store: { id: string; merchant_id: string }, eventType: string) {
  const endpoints = await listStoreEndpoints(store.merchant_id, store.id, db);
  return endpoints
    .filter((e) => e.enabled === 1 && subscribes(e, eventType))
    .map((e): Target => ({ url: e.url, endpointId: e.id }));
}

/**
 * Where a delivery goes again: a notice_urls address as it was; an endpoint's delivery to that
 * endpoint's address as it is now (so fixing the URL and resending works; a deleted or disabled
 * endpoint: nowhere); one made before endpoints existed to the endpoints subscribed to its event.
 */
async function targetsOfDelivery(db: Executor, store: { id: string; merchant_id: string }, d: DeliveryRecord) {
  if (d.url_source === "NOTICE_URLS") return [{ url: d.url, endpointId: null }];
  if (!d.endpoint_id) return subscribedEndpoints(db, store, d.event_type);
  const endpoint = await findStoreEndpoint(store.merchant_id, store.id, d.endpoint_id, db);
  return endpoint && endpoint.enabled === 1 ? [{ url: endpoint.url, endpointId: endpoint.id }] : [];
}

/**
 * The deliveries a manual resend makes (a test event's resend is again labelled a test). Empty:
 * no address.
 */
export async function queueResend(
  db: Executor,
  store: { id: string; merchant_id: string },
  source: ResendSource,
  options: { isAsync: boolean },
): Promise<{ deliveryId: string; jobId: string }[]> {
  let targets: Target[];
  let urlSource: DeliveryRecord["url_source"];
  let event: { paymentId: string | null; txId: string | null; type: string; body: string };
  if (source.kind === "delivery") {
    const d = source.delivery;
    urlSource = d.url_source;
    targets = await targetsOfDelivery(db, store, d);
    event = { paymentId: d.payment_id, txId: d.tx_id, type: d.event_type, body: d.body };
  } else {
    const t = source.transaction;
    const type = EVENT_OF_STATUS[t.status];
    if (!type) return [];
    const notice = noticeUrlsOf(t);
    urlSource = notice.length > 0 ? "NOTICE_URLS" : "STORE";
    targets =
      notice.length > 0 ? notice.map((url) => ({ url, endpointId: null })) : await subscribedEndpoints(db, store, type);
    event = {
      paymentId: t.payment_id,
      txId: t.id,
      type,
      body: eventBody({ tx_id: t.id, payment_id: t.payment_id, status: type }),
    };
  }
  const out: { deliveryId: string; jobId: string }[] = [];
  for (const target of targets) {
    const { delivery, jobId } = await createDelivery(db, {
      merchantId: store.merchant_id,
      storeId: store.id,
      paymentId: event.paymentId,
      txId: event.txId,
      eventType: event.type,
      url: target.url,
      endpointId: target.endpointId,
      urlSource,
      trigger: event.type === "Test" ? "TEST" : "MANUAL",
      isAsync: options.isAsync,
      body: event.body,
    });
    out.push({ deliveryId: delivery.id, jobId });
  }
  return out;
}
