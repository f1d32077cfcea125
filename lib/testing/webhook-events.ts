import { getDb } from "@/lib/db/client";
import { WEBHOOK_QUEUE } from "@/lib/webhooks/deliveries";

/**
 * Where the test merchants' stores send their webhooks, so every event leaves a trace (an event
 * with no address writes no job). A closed local port: a delivery fails at once (a name to resolve
 * would hang every worker that drains it for the DNS timeout, on a machine without internet).
 * Tests allow private addresses.
 */
export const TEST_WEBHOOK_URL = "http://127.0.0.1:9/hook";

export type EmittedEvent = { status: string; txId: string | null; urls: string[] };

/**
 * The webhook events a payment emitted, one per event job: jobs not yet fanned out, and jobs a
 * worker already turned into deliveries (finished jobs are deleted, and another test file's worker
 * on the shared database may fan out this file's events at any moment). Sorted by status: events
 * written in the same millisecond have no reliable order.
 */
export async function webhookEvents(paymentId: string): Promise<EmittedEvent[]> {
  const db = getDb();
  const events = new Map<string, EmittedEvent>();
  const jobs = await db.selectFrom("jobs").select(["id", "payload"]).where("queue", "=", WEBHOOK_QUEUE).execute();
  for (const job of jobs) {
    const event = JSON.parse(job.payload) as { paymentId: string; txId: string; status: string; noticeUrls?: string[] };
    if (event.paymentId === paymentId)
      events.set(job.id, { status: event.status, txId: event.txId, urls: event.noticeUrls ?? [] });
  }
  const deliveries = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "source_job_id", "event_type", "tx_id", "url", "url_source"])
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .execute();
  for (const d of deliveries) {
    const key = d.source_job_id ?? d.id;
    if (events.has(key) && jobs.some((j) => j.id === key)) continue; // fanned out meanwhile: counted once
    const event = events.get(key) ?? { status: d.event_type, txId: d.tx_id, urls: [] };
    if (d.url_source === "NOTICE_URLS") event.urls = [...event.urls, d.url];
    events.set(key, event);
  }
  return [...events.values()].sort((a, b) => a.status.localeCompare(b.status));
}

export async function webhookStatuses(paymentId: string): Promise<string[]> {
  return (await webhookEvents(paymentId)).map((e) => e.status);
}
