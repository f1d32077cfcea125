import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { WEBHOOK_QUEUE } from "./enqueue";

async function webhookJobsFor(paymentId: string) {
  const jobs = await getDb().selectFrom("jobs").select("payload").where("queue", "=", WEBHOOK_QUEUE).execute();
  return jobs.filter((j) => (JSON.parse(j.payload) as { paymentId: string }).paymentId === paymentId).length;
}

describe("webhook outbox (issue #18)", () => {
  it("writes no webhook job for a payment in a store without a webhook address", async () => {
    const m = inProcess(await newMerchant());
    await getDb().updateTable("stores").set({ webhook_url: null }).where("id", "=", m.store_id).execute();
    const id = await paidPayment(m);
    expect(await webhookJobsFor(id)).toBe(0);
  });

  it("still writes it when the store has an address, or the request names notice_urls", async () => {
    const m = inProcess(await newMerchant());
    await getDb().updateTable("stores").set({ webhook_url: null }).where("id", "=", m.store_id).execute();
    const withNotice = await paidPayment(m, "4242424242424242", { notice_urls: ["http://127.0.0.1:9/hook"] });
    await getDb().updateTable("stores").set({ webhook_url: "http://127.0.0.1:9/store-hook" }).where("id", "=", m.store_id).execute();
    const withStoreUrl = await paidPayment(m);
    // The worker may already have fanned a job out (and deleted it): count deliveries too.
    const delivered = async (paymentId: string) =>
      (await webhookJobsFor(paymentId)) + (await getDb().selectFrom("webhook_deliveries").select("id").where("payment_id", "=", paymentId).execute()).length;
    expect(await delivered(withNotice)).toBeGreaterThan(0);
    expect(await delivered(withStoreUrl)).toBeGreaterThan(0);
  });
});
