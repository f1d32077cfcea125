import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import type { Json } from "@/lib/testing/json";

/** Every payment event, made through the real API routes, reaches the receiver signed. */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let store: WebhookReceiver;
let notice: WebhookReceiver;
let m: Merchant;

beforeAll(async () => {
  process.env.WEBHOOK_RETRY_DELAYS_MS = "150,150,150,150,150";
  store = await startWebhookReceiver();
  notice = await startWebhookReceiver();
  m = await newMerchant();
  await addStoreEndpoint(m, store.url);
});
afterAll(async () => {
  await store.close();
  await notice.close();
});

/** The verified bodies the receiver got for one payment, in arrival order. */
function eventsFor(r: WebhookReceiver, paymentId: string) {
  const wh = new Webhook(m.webhook_secret);
  return r.received
    .map((hit) => wh.verify(hit.body, hit.headers) as { tx_id: string; payment_id: string; status: string })
    .filter((e) => e.payment_id === paymentId);
}

async function waitFor(r: WebhookReceiver, paymentId: string, count: number) {
  await drainWebhooksUntil(() => eventsFor(r, paymentId).length >= count);
  return eventsFor(r, paymentId);
}

async function notifications(paymentId: string) {
  const res = await m.api.get(`/v2/payments/${paymentId}`);
  expect(res.status).toBe(200);
  return res.body.payment.transactions.flatMap((t: Json) => t.notifications.map((n: Json) => n.webhook));
}

describe("webhooks for payment events (through the API)", () => {
  it("key-in payment, partial cancel, full cancel: Paid, PartialCancelled, Cancelled", async () => {
    const id = newPaymentId();
    const pay = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m));
    expect(pay.status).toBe(200);
    expect(await waitFor(store, id, 1)).toEqual([{ tx_id: pay.body.tx_id, payment_id: id, status: "Paid" }]);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1000, reason: "part" })).status).toBe(200);
    expect((await waitFor(store, id, 2))[1]!.status).toBe("PartialCancelled");
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "rest" })).status).toBe(200);
    expect((await waitFor(store, id, 3))[2]!.status).toBe("Cancelled");
    await drainWebhooksUntil(async () => (await notifications(id)).length === 3);
    const list = await notifications(id);
    expect(list.map((n: Json) => [n.type, n.status, n.webhook_trigger])).toEqual([
      ["PAID", "SUCCEEDED", "NOTIFICATION_SETTING"],
      ["PARTIAL_CANCELLED", "SUCCEEDED", "NOTIFICATION_SETTING"],
      ["CANCELLED", "SUCCEEDED", "NOTIFICATION_SETTING"],
    ]);
  });

  it("a declined card: Failed", async () => {
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4000000000000002"))).status).toBe(500);
    expect((await waitFor(store, id, 1))[0]!.status).toBe("Failed");
  });

  it("virtual account with notice_urls: VirtualAccountIssued, then the deposit's Paid (VIRTUAL_ACCOUNT_DEPOSIT), only to notice_urls", async () => {
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m, { notice_urls: [notice.url] })))
        .status,
    ).toBe(200);
    expect((await waitFor(notice, id, 1))[0]!.status).toBe("VirtualAccountIssued");
    expect((await m.api.post(`/v2/test-payments/${id}/notice-virtual-account-deposit`)).status).toBe(200);
    expect((await waitFor(notice, id, 2))[1]!.status).toBe("Paid");
    expect(eventsFor(store, id)).toEqual([]);
    await drainWebhooksUntil(async () => (await notifications(id)).length === 2);
    expect((await notifications(id))[1]).toMatchObject({
      type: "PAID",
      webhook_trigger: "VIRTUAL_ACCOUNT_DEPOSIT",
      url: notice.url,
      status: "SUCCEEDED",
    });
  });

  it("a voided virtual account: Cancelled; resend-webhook re-sends it", async () => {
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m))).status).toBe(200);
    expect((await m.api.delete(`/v2/payments/${id}/virtual-account`)).status).toBe(200);
    const events = await waitFor(store, id, 2);
    // Deliveries of different events run in parallel: arrival order is not guaranteed.
    expect(events.map((e) => e.status).sort()).toEqual(["Cancelled", "VirtualAccountIssued"]);
    await drainWebhooksUntil(async () => (await notifications(id)).length === 2);
    const resent = await m.api.post(`/v2/payments/${id}/resend-webhook`, {});
    expect(resent.status).toBe(200);
    expect(eventsFor(store, id).at(-1)!.status).toBe("Cancelled");
    expect(
      resent.body.payment.transactions[0].notifications.find((n: Json) => n.webhook.id === resent.body.webhook_id)
        .webhook,
    ).toMatchObject({ webhook_trigger: "MANUAL", type: "CANCELLED" });
  });
});
