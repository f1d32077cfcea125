import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueKey, makeDue, payBody, runUntilSettled } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";

/** Scheduled and billing-key payments notify like key-in ones (they share completeAttempt). */
let r: WebhookReceiver;
beforeAll(async () => {
  r = await startWebhookReceiver();
});
afterAll(async () => {
  await r.close();
});

describe("webhooks for scheduled and billing-key payments", () => {
  it("a due schedule's payment, and a direct billing-key payment, reach their notice_urls signed", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const booked = await m.api.post("/v2/schedules", {
      ...payBody(key, { notice_urls: [r.url] }),
      payment_id: "sched-webhook-1",
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(booked.status).toBe(200);
    await makeDue([booked.body.id]);
    await runUntilSettled([booked.body.id]);
    const direct = await m.api.post(
      "/v2/payments/billing-direct-1/billing-key/pay",
      payBody(key, { notice_urls: [r.url] }),
    );
    expect(direct.status).toBe(200);
    await drainWebhooksUntil(() => r.received.length >= 2);
    const wh = new Webhook(m.webhook_secret);
    const events = r.received.map((hit) => wh.verify(hit.body, hit.headers) as { payment_id: string; status: string });
    expect(events.map((e) => `${e.payment_id}:${e.status}`).sort()).toEqual([
      "billing-direct-1:Paid",
      "sched-webhook-1:Paid",
    ]);
    const payment = await m.api.get("/v2/payments/sched-webhook-1");
    expect(payment.body.payment.transactions[0].schedule_id).toBe(booked.body.id);
    await drainWebhooksUntil(
      async () =>
        (await m.api.get("/v2/payments/sched-webhook-1")).body.payment.transactions[0].notifications.length === 1,
    );
  });

  it("a scheduled charge that is declined sends Failed to the store's webhook endpoint", async () => {
    const m = await newMerchant();
    const store = await startWebhookReceiver();
    try {
      await addStoreEndpoint(m, store.url);
      const key = await issueKey(m, "4000000000000341");
      const booked = await m.api.post("/v2/schedules", {
        ...payBody(key),
        payment_id: "sched-webhook-declined",
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(booked.status).toBe(200);
      await makeDue([booked.body.id]);
      await runUntilSettled([booked.body.id]);
      await drainWebhooksUntil(() => store.received.length >= 1);
      const event = new Webhook(m.webhook_secret).verify(store.received[0]!.body, store.received[0]!.headers) as {
        payment_id: string;
        status: string;
      };
      expect(event).toMatchObject({ payment_id: "sched-webhook-declined", status: "Failed" });
    } finally {
      await store.close();
    }
  });
});
